import { useState, type FormEvent } from 'react';
import { errorMessage } from '@cine/web-kit';

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A dialog's form of text fields: its values, the messages `validate` finds (a field's message
 * goes when the field is edited), the server's refusal, and `busy` while a save runs.
 * `submit(save)` validates and runs `save` only when no field is wrong and nothing else runs.
 */
export function useDialogForm<Field extends string>(
  initial: Record<Field, string>,
  validate: (values: Record<Field, string>) => FieldErrors<Field>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit =
    (save: () => Promise<void>, blocked = false) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setServerError(null);
      const found = validate(values);
      setErrors(found);
      if (Object.keys(found).length > 0 || busy || blocked) return;
      setBusy(true);
      try {
        await save();
      } catch (error) {
        setServerError(errorMessage(error));
      } finally {
        setBusy(false);
      }
    };

  return { values, setValues, errors, setErrors, serverError, setServerError, busy, set, submit };
}
