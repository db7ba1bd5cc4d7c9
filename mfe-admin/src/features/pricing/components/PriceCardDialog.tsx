import { useId } from 'react';
import styled from 'styled-components';
import { SHOW_TYPES, weekdays, type ShowType, type Weekday } from '@cine/contracts';
import { Button, ChoiceGroup, Dialog, TextInput } from '@cine/web-kit/ui';
import { ErrorMessage, FieldError, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { createPriceCard, updatePriceCard, type PriceCard, type TicketType } from '../../../api/pricing';
import {
  emptyPriceCardForm,
  priceCardForm,
  toPriceCardInput,
  validatePriceCardForm,
  type PriceCardFormErrors,
  type PriceCardFormValues,
} from '../pricingForm';
import { CheckRow } from './PricingLayout';

interface PriceCardDialogProps {
  token: string;
  /** The ticket types (a price per type); an inactive one is listed only when the card prices it. */
  types: readonly TicketType[];
  card?: PriceCard;
  onSaved: () => void;
  onClose: () => void;
}

/** Lunes to Domingo, as the show forms list them. */
const DAYS: readonly Weekday[] = [...weekdays.slice(1), weekdays[0]];

const toggled = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** 'Agregar tarifa' and a card's edit: name, priority, rules (weekdays, times, formats, dates) and a price per type. */
export function PriceCardDialog({ token, types, card, onSaved, onClose }: PriceCardDialogProps) {
  const id = useId();
  const title = card ? `Modificar ${card.name}` : 'Agregar tarifa';
  const form = useDialogForm<PriceCardFormValues>(card ? priceCardForm(card) : emptyPriceCardForm, validatePriceCardForm);
  const { values, setValues, serverError, busy, set, submit } = form;
  const errors = form.errors as PriceCardFormErrors;
  const [success, flash] = useFlash();
  const edit = (change: Partial<PriceCardFormValues>) => setValues((current) => ({ ...current, ...change }));
  const shownTypes = types.filter((type) => type.active || values.prices[type.code] !== undefined);

  const onSubmit = submit(async () => {
    if (card) {
      await updatePriceCard(token, card.id, toPriceCardInput(values));
      flash('Tarifa actualizada con éxito.');
    } else {
      await createPriceCard(token, toPriceCardInput(values));
      setValues(emptyPriceCardForm);
      flash('Tarifa creada con éxito.');
    }
    onSaved();
  });

  return (
    <Dialog title={title} onClose={onClose}>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id={`${id}-name`} label="Nombre" error={errors.name}>
          <TextInput name="name" value={values.name} onChange={set('name')} autoComplete="off" placeholder="Matiné" />
        </FormField>
        <FormField id={`${id}-priority`} label="Prioridad (0 a 1000; gana la mayor)" error={errors.priority}>
          <TextInput
            name="priority"
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            step={1}
            value={values.priority}
            onChange={set('priority')}
          />
        </FormField>
        <ChoiceGroup $row>
          <legend>Días de la semana (ninguno: todos)</legend>
          {DAYS.map((day: Weekday) => (
            <CheckRow key={day}>
              <input
                type="checkbox"
                checked={values.weekdays.includes(day)}
                onChange={() => edit({ weekdays: toggled(values.weekdays, day) })}
              />{' '}
              {day}
            </CheckRow>
          ))}
        </ChoiceGroup>
        <FormField id={`${id}-from`} label="Funciones desde las (opcional)" error={errors.from}>
          <TextInput type="time" value={values.from} onChange={set('from')} />
        </FormField>
        <FormField id={`${id}-to`} label="Funciones antes de las (opcional)">
          <TextInput type="time" value={values.to} onChange={set('to')} />
        </FormField>
        <ChoiceGroup $row>
          <legend>Formatos (ninguno: todos)</legend>
          {SHOW_TYPES.map((format: ShowType) => (
            <CheckRow key={format}>
              <input
                type="checkbox"
                checked={values.formats.includes(format)}
                onChange={() => edit({ formats: toggled(values.formats, format) })}
              />{' '}
              {format}
            </CheckRow>
          ))}
        </ChoiceGroup>
        <FormField id={`${id}-dates-from`} label="Vigente desde (opcional)" error={errors.datesFrom}>
          <TextInput type="date" value={values.datesFrom} onChange={set('datesFrom')} />
        </FormField>
        <FormField id={`${id}-dates-to`} label="Vigente hasta (opcional)">
          <TextInput type="date" min={values.datesFrom || undefined} value={values.datesTo} onChange={set('datesTo')} />
        </FormField>
        <ChoiceGroup $row aria-describedby={errors.prices ? `${id}-prices-error` : undefined}>
          <legend>Precio de cada tipo de entrada ($; vacío: no se vende)</legend>
          {shownTypes.length === 0 && <p>No hay tipos de entrada activos.</p>}
          {shownTypes.map((type) => {
            const inputId = `${id}-price-${type.code}`;
            const error = errors.typePrices?.[type.code];
            return (
              <PriceRow key={type.code}>
                <label htmlFor={inputId}>{type.name}</label>
                <TextInput
                  id={inputId}
                  inputMode="decimal"
                  placeholder="9,00"
                  value={values.prices[type.code] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) => {
                    edit({ prices: { ...values.prices, [type.code]: event.target.value } });
                    form.setErrors((current) => ({ ...current, prices: undefined }));
                  }}
                />
                {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
              </PriceRow>
            );
          })}
          {errors.prices && <FieldError id={`${id}-prices-error`}>{errors.prices}</FieldError>}
        </ChoiceGroup>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : card ? 'Guardar cambios' : 'Agregar'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

const PriceRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  width: 100%;

  label {
    font-weight: 600;
  }
`;
