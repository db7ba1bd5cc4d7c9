import { useId } from 'react';
import styled from 'styled-components';
import { SHOW_TYPES } from '@cine/contracts';
import { useAsyncData } from '@cine/web-kit';
import { Button, ChoiceGroup, EmptyState, LoadError, TextInput } from '@cine/web-kit/ui';
import { ErrorMessage, FieldError, SuccessMessage } from '../../../components/FormMessage';
import { FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { CATEGORY_LABELS, fetchSurcharges, SURCHARGE_CATEGORIES, saveSurcharges, type Surcharges } from '../../../api/pricing';
import { surchargesForm, toSurcharges, validateSurchargesForm, type SurchargesFormErrors, type SurchargesFormValues } from '../pricingForm';
import { Part } from './PricingLayout';

/** 'Recargos': what a show's format and a seat's category add to every type's price. */
export function SurchargesForm({ token }: { token: string }) {
  const surcharges = useAsyncData(() => fetchSurcharges(token), token);
  return (
    <Part aria-labelledby="tarifas-recargos">
      <h3 id="tarifas-recargos">Recargos</h3>
      {(surcharges.status === 'loading' || surcharges.status === 'idle') && <EmptyState role="status">Cargando recargos…</EmptyState>}
      {surcharges.status === 'error' && (
        <LoadError message={`No se pudieron cargar los recargos. ${surcharges.message}`} onRetry={surcharges.reload} />
      )}
      {surcharges.status === 'ready' && <LoadedSurchargesForm token={token} surcharges={surcharges.data} />}
    </Part>
  );
}

function LoadedSurchargesForm({ token, surcharges }: { token: string; surcharges: Surcharges }) {
  const id = useId();
  // Its messages are per amount (by format and category), not per field: the form keeps them as they come.
  const validate = validateSurchargesForm as unknown as (values: SurchargesFormValues) => Record<string, string>;
  const form = useDialogForm<SurchargesFormValues>(surchargesForm(surcharges), validate);
  const { values, setValues, serverError, busy, submit } = form;
  const errors = form.errors as SurchargesFormErrors;
  const [success, flash] = useFlash();

  const onSubmit = submit(async () => {
    const saved = await saveSurcharges(token, toSurcharges(values));
    setValues(surchargesForm(saved));
    flash('Recargos guardados con éxito.');
  });

  const amountField = (group: 'formats' | 'categories', key: string, label: string) => {
    const inputId = `${id}-${group}-${key}`;
    const error = errors[group]?.[key];
    return (
      <Amount key={key}>
        <label htmlFor={inputId}>{label}</label>
        <TextInput
          id={inputId}
          inputMode="decimal"
          placeholder="0,00"
          value={values[group][key] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setValues((current) => ({ ...current, [group]: { ...current[group], [key]: event.target.value } }))}
        />
        {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
      </Amount>
    );
  };

  return (
    <FormStack aria-label="Recargos" noValidate onSubmit={(event) => void onSubmit(event)}>
      <ChoiceGroup $row>
        <legend>Por formato ($ por entrada)</legend>
        {SHOW_TYPES.map((format) => amountField('formats', format, `Formato ${format}`))}
      </ChoiceGroup>
      <ChoiceGroup $row>
        <legend>Por categoría de butaca ($ por entrada)</legend>
        {SURCHARGE_CATEGORIES.map((category) => amountField('categories', category, CATEGORY_LABELS[category]))}
      </ChoiceGroup>
      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {success && <SuccessMessage>{success}</SuccessMessage>}
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Guardando…' : 'Guardar recargos'}
      </Button>
    </FormStack>
  );
}

const Amount = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 9rem;
  flex: 1 1 9rem;

  label {
    font-weight: 600;
  }
`;
