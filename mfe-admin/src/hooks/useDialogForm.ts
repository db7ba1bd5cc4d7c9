import { useState, type FormEvent } from 'react';
import { errorMessage } from '@cine/web-kit';

type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** The fields a text control edits (a movie's genre chips are set otherwise). */
type TextField<Values> = { [Field in keyof Values]: Values[Field] extends string ? Field : never }[keyof Values];

/**
 * A dialog's form: its values, the messages `validate` finds (a field's message goes when the
 * field is edited), the server's refusal, and `busy` while a save runs.
 * `submit(save)` validates and runs `save` only when no field is wrong and nothing else runs.
 */
export function useDialogForm<Values extends object>(initial: Values, validate: (values: Values) => FieldErrors<Values>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: TextField<Values>) => (event: { target: { value: string } }) => {
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
