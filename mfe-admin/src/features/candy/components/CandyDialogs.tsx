import type { CandySalesRow } from '@cine/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { cinemaInfo, errorMessage, formatMoney, shortDate, useAsyncData } from '@cine/web-kit';
import { Button, Dialog, TextInput } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { RecordTable, type Column } from '../../../components/RecordTable';
import { ErrorMessage, FieldError, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { createCandy, fetchCandySales, updateCandy, uploadPicture, type CandyItem } from '../api/candy';
import { candyFormFromItem, emptyCandyForm, toCandyInput, validateCandyForm } from '../candyForm';

interface CandyFormDialogProps {
  token: string;
  /** The item being edited; without it the dialog adds a new one. */
  item?: CandyItem;
  onSaved: () => void;
  onClose: () => void;
}

/** 'Agregar nuevo' and the edit of an item: name, quantity, price (in the cinema's currency) and picture (uploaded). */
export function CandyFormDialog({ token, item, onSaved, onClose }: CandyFormDialogProps) {
  const id = useId();
  const title = item ? `Modificar ${item.name}` : 'Agregar producto';
  const { values, setValues, errors, setErrors, serverError, setServerError, busy, set, submit } = useDialogForm(
    item ? candyFormFromItem(item) : emptyCandyForm,
    validateCandyForm,
  );
  const [uploading, setUploading] = useState(false);
  const [success, flash] = useFlash();
  const fileInput = useRef<HTMLInputElement>(null);

  const onPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    setServerError(null);
    try {
      const url = await uploadPicture(token, file);
      setValues((current) => ({ ...current, picture: url }));
      setErrors((current) => ({ ...current, picture: undefined }));
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = submit(async () => {
    if (item) {
      await updateCandy(token, { ...item, ...toCandyInput(values) } as CandyItem);
      flash('Producto actualizado con éxito.');
    } else {
      await createCandy(token, toCandyInput(values));
      setValues(emptyCandyForm);
      if (fileInput.current) fileInput.current.value = '';
      flash('Producto creado con éxito.');
    }
    onSaved();
  }, uploading);

  const pictureId = `${id}-picture`;
  return (
    <Dialog title={title} onClose={onClose}>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id={`${id}-name`} label="Nombre" error={errors.name}>
          <TextInput name="name" value={values.name} onChange={set('name')} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-quantity`} label="Cantidad" error={errors.quantity}>
          <TextInput
            name="quantity"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.quantity}
            onChange={set('quantity')}
          />
        </FormField>
        <FormField id={`${id}-price`} label={`Precio (${cinemaInfo().currency})`} error={errors.price}>
          <TextInput name="price" type="number" inputMode="decimal" min={0} step={0.01} value={values.price} onChange={set('price')} />
        </FormField>
        <PictureRow>
          <label htmlFor={pictureId}>Imagen</label>
          <input
            ref={fileInput}
            id={pictureId}
            type="file"
            accept="image/*"
            aria-invalid={errors.picture ? true : undefined}
            aria-describedby={errors.picture ? `${pictureId}-error` : undefined}
            onChange={(event) => void onPicture(event)}
          />
          {uploading && <span role="status">Subiendo imagen…</span>}
          {values.picture && <img src={values.picture} alt="Imagen elegida" />}
          {errors.picture && <FieldError id={`${pictureId}-error`}>{errors.picture}</FieldError>}
        </PictureRow>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || uploading || undefined}>
          {busy ? 'Guardando…' : item ? 'Guardar cambios' : 'Agregar'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

/** 'Detalles de ventas de {name}': the item's sales per day, filtered by a day or all of them. */
const SALES_COLUMNS: Column<CandySalesRow>[] = [
  { label: 'Fecha', cell: (row) => shortDate(row.day) },
  { label: 'Cantidad', numeric: true, cell: (row) => row.quantity },
  { label: 'Total', numeric: true, cell: (row) => formatMoney(row.totalPrice) },
];

export function CandySalesDialog({ token, item, onClose }: { token: string; item: CandyItem; onClose: () => void }) {
  const id = useId();
  const [day, setDay] = useState('');
  const sales = useAsyncData(() => fetchCandySales(token, item.id, day || undefined), `${item.id}|${day}`);
  return (
    <Dialog title={`Detalles de ventas de ${item.name}`} onClose={onClose} wide>
      <Filters>
        <label htmlFor={`${id}-day`}>Día</label>
        <TextInput id={`${id}-day`} type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        <Button type="button" $variant="secondary" onClick={() => setDay('')}>
          Ver todos
        </Button>
      </Filters>
      <AsyncList
        state={sales}
        loading="Cargando ventas…"
        failed="No se pudieron cargar las ventas."
        empty={day ? 'No hubo ventas de este producto ese día.' : 'Este producto todavía no tiene ventas.'}
      >
        {(rows) => <RecordTable label={`Ventas de ${item.name}`} columns={SALES_COLUMNS} rows={rows} rowKey={(row) => row.day} />}
      </AsyncList>
    </Dialog>
  );
}

const PictureRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;

  label {
    font-weight: 600;
  }

  img {
    width: 5rem;
    height: 5rem;
    object-fit: cover;
    border-radius: 8px;
  }
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 1rem;

  input {
    width: auto;
  }
`;
