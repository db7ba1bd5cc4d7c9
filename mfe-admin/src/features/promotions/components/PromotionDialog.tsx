import { PROMO_MESSAGES, PROMOTION_KINDS, SHOW_TYPES, weekdays, type PromotionKind } from '@cine/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { cinemaInfo, errorMessage, useAsyncData } from '@cine/web-kit';
import { Button, ChoiceGroup, Dialog, Select, TextInput } from '@cine/web-kit/ui';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { fetchTicketTypes } from '../../../api/pricing';
import { FormField, FormStack } from '../../../components/FormField';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import { useFlash } from '../../../hooks/useFlash';
import { createPromotion, updatePromotion, type PromotionView } from '../api/promotions';
import {
  emptyPromotionForm,
  KIND_LABELS,
  promotionFormFrom,
  toPromotionFields,
  toPromotionInput,
  validatePromotionForm,
  type PromotionFormErrors,
  type PromotionFormValues,
} from '../promotionForm';

type TextField =
  'code' | 'name' | 'value' | 'from' | 'to' | 'timeFrom' | 'timeTo' | 'minTickets' | 'maxTicketsPerOrder' | 'limitTotal' | 'limitPerUser';
type ListField = 'ticketTypes' | 'formats' | 'movieIds' | 'cinemaIds' | 'weekdays';

interface PromotionDialogProps {
  token: string;
  /** The promotion edited; without it the dialog creates one. */
  promotion?: PromotionView;
  onSaved: () => void;
  onClose: () => void;
}

/**
 * Issue 39: a promotion's form, new or edited (its code stays). A rule left empty matches everything; the form
 * checks what the service checks (contracts' promotionFieldsProblem) before sending, and shows the service's
 * refusal (a code already taken) when it answers one.
 */
export function PromotionDialog({ token, promotion, onSaved, onClose }: PromotionDialogProps) {
  const id = useId();
  const [values, setValues] = useState<PromotionFormValues>(promotion ? promotionFormFrom(promotion) : emptyPromotionForm);
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, flash] = useFlash();
  const types = useAsyncData(() => fetchTicketTypes(token), token);
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  const { selectable, scope } = useCinemaScope();
  const title = promotion ? `Modificar ${promotion.code}` : 'Nueva promoción';

  const text = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
    },
  });
  const toggle = (field: ListField, item: string) =>
    setValues((current) => ({
      ...current,
      [field]: current[field].includes(item) ? current[field].filter((one) => one !== item) : [...current[field], item],
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validatePromotionForm(values);
    // A cinema's manager makes promotions of their cinemas only (the service refuses one of the whole chain).
    if (!scope.all && values.cinemaIds.length === 0 && !found.form) found.form = PROMO_MESSAGES.otherCinema;
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      if (promotion) {
        await updatePromotion(token, promotion.code, toPromotionFields(values));
        flash('Promoción actualizada con éxito.');
      } else {
        await createPromotion(token, toPromotionInput(values));
        setValues(emptyPromotionForm);
        flash('Promoción creada con éxito.');
      }
      onSaved();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const money = values.kind !== 'percent';
  return (
    <Dialog title={title} onClose={onClose} wide>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void submit(event)}>
        <Pair>
          <FormField id={`${id}-code`} label="Código" error={errors.code}>
            <TextInput {...text('code')} autoComplete="off" readOnly={Boolean(promotion)} maxLength={32} />
          </FormField>
          <FormField id={`${id}-name`} label="Nombre (lo ve el comprador)" error={errors.name}>
            <TextInput {...text('name')} autoComplete="off" maxLength={80} />
          </FormField>
        </Pair>
        <Pair>
          <FormField id={`${id}-kind`} label="Tipo">
            <Select
              name="kind"
              value={values.kind}
              onChange={(event) => {
                setValues((current) => ({ ...current, kind: event.target.value as PromotionKind }));
                setErrors((current) => ({ ...current, value: undefined, form: undefined }));
              }}
            >
              {PROMOTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-value`} label={money ? `Valor (${cinemaInfo().currency})` : 'Valor (%)'} error={errors.value}>
            <TextInput {...text('value')} inputMode={money ? 'decimal' : 'numeric'} autoComplete="off" />
          </FormField>
        </Pair>
        <Checks legend="Tipos de entrada (ninguno: todos)">
          {types.status === 'ready'
            ? types.data.map((type) => (
                <Check
                  key={type.code}
                  label={type.name}
                  checked={values.ticketTypes.includes(type.code)}
                  onChange={() => toggle('ticketTypes', type.code)}
                />
              ))
            : values.ticketTypes.map((code) => <Check key={code} label={code} checked onChange={() => toggle('ticketTypes', code)} />)}
        </Checks>
        <Checks legend="Formatos (ninguno: todos)">
          {SHOW_TYPES.map((format) => (
            <Check key={format} label={format} checked={values.formats.includes(format)} onChange={() => toggle('formats', format)} />
          ))}
        </Checks>
        <Checks legend="Películas (ninguna: todas)">
          {movies.status === 'ready'
            ? [...movies.data]
                .sort((a, b) => a.Title.localeCompare(b.Title, 'es'))
                .map((movie) => (
                  <Check
                    key={movie.id}
                    label={movie.Title}
                    checked={values.movieIds.includes(movie.id)}
                    onChange={() => toggle('movieIds', movie.id)}
                  />
                ))
            : null}
          {/* A movie of the promotion no longer on the billboard or among the premieres (or while they load): kept, by its id. */}
          {values.movieIds
            .filter((movieId) => movies.status !== 'ready' || !movies.data.some((movie) => movie.id === movieId))
            .map((movieId) => (
              <Check key={movieId} label={`Película ${movieId}`} checked onChange={() => toggle('movieIds', movieId)} />
            ))}
        </Checks>
        <Checks legend="Cines (ninguno: todos)">
          {selectable.map((cinema) => (
            <Check
              key={cinema.id}
              label={cinema.name}
              checked={values.cinemaIds.includes(cinema.id)}
              onChange={() => toggle('cinemaIds', cinema.id)}
            />
          ))}
        </Checks>
        <Checks legend="Días de la función (ninguno: todos)">
          {weekdays.map((day) => (
            <Check key={day} label={day} checked={values.weekdays.includes(day)} onChange={() => toggle('weekdays', day)} />
          ))}
        </Checks>
        <Pair>
          <FormField id={`${id}-from`} label="Vale desde el día">
            <TextInput {...text('from')} type="date" />
          </FormField>
          <FormField id={`${id}-to`} label="Vale hasta el día (incluido)">
            <TextInput {...text('to')} type="date" />
          </FormField>
        </Pair>
        <Pair>
          <FormField id={`${id}-timeFrom`} label="Funciones desde las">
            <TextInput {...text('timeFrom')} type="time" />
          </FormField>
          <FormField id={`${id}-timeTo`} label="Funciones antes de las">
            <TextInput {...text('timeTo')} type="time" />
          </FormField>
        </Pair>
        <Pair>
          <FormField id={`${id}-minTickets`} label="Entradas mínimas del pedido" error={errors.minTickets}>
            <TextInput {...text('minTickets')} inputMode="numeric" />
          </FormField>
          <FormField id={`${id}-maxTicketsPerOrder`} label="Entradas con descuento por pedido" error={errors.maxTicketsPerOrder}>
            <TextInput {...text('maxTicketsPerOrder')} inputMode="numeric" />
          </FormField>
        </Pair>
        <Pair>
          <FormField id={`${id}-limitTotal`} label="Usos en total" error={errors.limitTotal}>
            <TextInput {...text('limitTotal')} inputMode="numeric" />
          </FormField>
          <FormField id={`${id}-limitPerUser`} label="Usos por persona" error={errors.limitPerUser}>
            <TextInput {...text('limitPerUser')} inputMode="numeric" />
          </FormField>
        </Pair>
        <Check label="Activa" checked={values.active} onChange={() => setValues((current) => ({ ...current, active: !current.active }))} />
        {errors.form && <ErrorMessage>{errors.form}</ErrorMessage>}
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : promotion ? 'Guardar cambios' : 'Crear promoción'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

function Checks({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <ChoiceGroup $row>
      <legend>{legend}</legend>
      {children}
    </ChoiceGroup>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <CheckLabel>
      <input type="checkbox" checked={checked} onChange={onChange} />
      {label}
    </CheckLabel>
  );
}

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  gap: 0.9rem;
`;

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.5rem;
  cursor: pointer;

  input {
    width: 1.1rem;
    height: 1.1rem;
    accent-color: var(--cine-accent, #e50914);
  }
`;
