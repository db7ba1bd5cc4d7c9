import { useId } from 'react';
import { Button, Dialog, TextInput } from '@cine/web-kit/ui';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { createTicketType, updateTicketType, type TicketType } from '../../../api/pricing';
import { emptyTicketTypeForm, toTicketType, validateTicketTypeForm } from '../pricingForm';
import { CheckRow } from './PricingLayout';

interface TicketTypeDialogProps {
  token: string;
  /** The type being edited (its code stays); without it the dialog adds one. */
  type?: TicketType;
  onSaved: () => void;
  onClose: () => void;
}

/** 'Agregar tipo' and the edit of a ticket type: code, name, description, whether the door asks for an ID, on sale or not. */
export function TicketTypeDialog({ token, type, onSaved, onClose }: TicketTypeDialogProps) {
  const id = useId();
  const title = type ? `Modificar ${type.name}` : 'Agregar tipo de entrada';
  const { values, setValues, errors, serverError, busy, set, submit } = useDialogForm(type ?? emptyTicketTypeForm, validateTicketTypeForm);
  const [success, flash] = useFlash();

  const onSubmit = submit(async () => {
    const { code, ...fields } = toTicketType(values);
    if (type) {
      await updateTicketType(token, type.code, fields);
      flash('Tipo de entrada actualizado con éxito.');
    } else {
      await createTicketType(token, { code, ...fields });
      setValues(emptyTicketTypeForm);
      flash('Tipo de entrada creado con éxito.');
    }
    onSaved();
  });

  return (
    <Dialog title={title} onClose={onClose}>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id={`${id}-code`} label="Código" error={errors.code}>
          <TextInput
            name="code"
            value={values.code}
            onChange={set('code')}
            readOnly={type !== undefined}
            autoComplete="off"
            placeholder="jubilado"
          />
        </FormField>
        <FormField id={`${id}-name`} label="Nombre" error={errors.name}>
          <TextInput name="name" value={values.name} onChange={set('name')} autoComplete="off" placeholder="Jubilado" />
        </FormField>
        <FormField id={`${id}-description`} label="Descripción" error={errors.description}>
          <TextInput
            name="description"
            value={values.description}
            onChange={set('description')}
            autoComplete="off"
            placeholder="Presentar DNI o credencial en la entrada"
          />
        </FormField>
        <CheckRow>
          <input
            type="checkbox"
            checked={values.requiresId}
            onChange={(event) => setValues((current) => ({ ...current, requiresId: event.target.checked }))}
          />{' '}
          Pide DNI en la entrada
        </CheckRow>
        <CheckRow>
          <input
            type="checkbox"
            checked={values.active}
            onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
          />{' '}
          A la venta (activo)
        </CheckRow>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : type ? 'Guardar cambios' : 'Agregar'}
        </Button>
      </FormStack>
    </Dialog>
  );
}
