import { DEFAULT_PRESALE_ADMIT_PER_MINUTE, type ShowView } from '@cine/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage, shortDate, useAsyncData } from '@cine/web-kit';
import { Button, Dialog, NumberInput, Select, TextInput } from '@cine/web-kit/ui';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { FormField, FormStack } from '../../../components/FormField';
import { ErrorMessage, FieldError, SuccessMessage } from '../../../components/FormMessage';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import { useFlash } from '../../../hooks/useFlash';
import { createPresale, fetchUpcomingShows } from '../api/presales';
import {
  emptyPresaleForm,
  localInput,
  toPresaleInput,
  validatePresaleForm,
  type PresaleFormErrors,
  type PresaleFormValues,
} from '../presaleForm';

type TextField = 'opensAt' | 'admitPerMinute' | 'sessionMinutes' | 'maxTicketsPerBuyer';

const showLabel = (show: ShowView) => `${show.day} ${shortDate(show.date)} ${show.schedule} · Sala ${show.roomId} · ${show.type}`;

/**
 * Issue 40: a new presale. The shows are a movie's at a cinema, all of its upcoming ones or those ticked; the opening is
 * written on the cinema's clock; the rate, the turn and the tickets per buyer have the platform's defaults. The
 * service's refusals (an opening in the past, a show with sales or in another presale) are shown as it words them.
 */
export function PresaleDialog({ token, onSaved, onClose }: { token: string; onSaved: () => void; onClose: () => void }) {
  const id = useId();
  const { selectable, cinemas, cinemaId: scoped } = useCinemaScope();
  const offered = selectable.length > 0 ? selectable : cinemas;
  const [values, setValues] = useState<PresaleFormValues>(() => ({ ...emptyPresaleForm, cinemaId: scoped || (offered[0]?.id ?? '') }));
  const [errors, setErrors] = useState<PresaleFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, flash] = useFlash();
  const cinema = offered.find((one) => one.id === values.cinemaId);
  const timeZone = cinema?.timeZone ?? 'America/Argentina/Buenos_Aires';
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  const showsKey = values.movieId && values.cinemaId ? `${values.movieId}/${values.cinemaId}` : null;
  const shows = useAsyncData(() => fetchUpcomingShows(token, values.movieId, values.cinemaId), showsKey);
  const upcoming = shows.status === 'ready' ? shows.data.filter((show) => show.cinemaId === values.cinemaId) : [];
  const chosen =
    values.which === 'all' ? upcoming.map((show) => show.id) : values.showIds.filter((one) => upcoming.some((show) => show.id === one));

  const set = (changes: Partial<PresaleFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };
  const text = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set({ [field]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validatePresaleForm(values, chosen, timeZone);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      await createPresale(token, toPresaleInput(values, chosen, timeZone));
      flash('Preventa creada con éxito.');
      setValues((current) => ({ ...current, showIds: [], opensAt: '' }));
      onSaved();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Nueva preventa" onClose={onClose} wide>
      <FormStack aria-label="Nueva preventa" noValidate onSubmit={(event) => void submit(event)}>
        <Pair>
          <FormField id={`${id}-cinema`} label="Cine">
            <Select name="cinemaId" value={values.cinemaId} onChange={(event) => set({ cinemaId: event.target.value, showIds: [] })}>
              {offered.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-movie`} label="Película">
            <Select name="movieId" value={values.movieId} onChange={(event) => set({ movieId: event.target.value, showIds: [] })}>
              <option value="">{movies.status === 'ready' ? 'Elige una película' : 'Cargando películas…'}</option>
              {(movies.status === 'ready' ? movies.data : []).map((movie) => (
                <option key={movie.id} value={movie.id}>
                  {movie.Title}
                </option>
              ))}
            </Select>
          </FormField>
        </Pair>
        <fieldset aria-describedby={errors.showIds ? `${id}-shows-error` : undefined}>
          <legend>Funciones</legend>
          <Choice>
            <input type="radio" name="which" checked={values.which === 'all'} onChange={() => set({ which: 'all' })} /> Todas las funciones
            de la película en el cine
          </Choice>
          <Choice>
            <input type="radio" name="which" checked={values.which === 'chosen'} onChange={() => set({ which: 'chosen' })} /> Elegir
            funciones
          </Choice>
          {!showsKey ? (
            <Hint>Elige el cine y la película para ver sus funciones.</Hint>
          ) : shows.status === 'error' ? (
            <ErrorMessage>{shows.message}</ErrorMessage>
          ) : shows.status !== 'ready' ? (
            <Hint role="status">Cargando funciones…</Hint>
          ) : upcoming.length === 0 ? (
            <Hint>La película no tiene funciones por empezar en este cine.</Hint>
          ) : (
            <ShowChoices aria-label="Funciones de la preventa">
              {upcoming.map((show) => (
                <li key={show.id}>
                  <Choice>
                    <input
                      type="checkbox"
                      checked={chosen.includes(show.id)}
                      disabled={values.which === 'all'}
                      onChange={() =>
                        set({
                          showIds: values.showIds.includes(show.id)
                            ? values.showIds.filter((one) => one !== show.id)
                            : [...values.showIds, show.id],
                        })
                      }
                    />{' '}
                    {showLabel(show)}
                    {show.seats < show.capacity && ' (ya tiene entradas vendidas o reservadas)'}
                  </Choice>
                </li>
              ))}
            </ShowChoices>
          )}
          {errors.showIds && <FieldError id={`${id}-shows-error`}>{errors.showIds}</FieldError>}
        </fieldset>
        <FormField id={`${id}-opens`} label={`Apertura (hora de ${cinema?.name ?? 'el cine'})`} error={errors.opensAt}>
          <TextInput {...text('opensAt')} type="datetime-local" min={localInput(new Date(), timeZone)} />
        </FormField>
        <Pair>
          <FormField id={`${id}-rate`} label="Personas admitidas por minuto (opcional)" error={errors.admitPerMinute}>
            <NumberInput
              {...text('admitPerMinute')}
              inputMode="numeric"
              placeholder={`${DEFAULT_PRESALE_ADMIT_PER_MINUTE} (capacidad medida)`}
            />
          </FormField>
          <FormField id={`${id}-session`} label="Minutos de cada turno" error={errors.sessionMinutes}>
            <NumberInput {...text('sessionMinutes')} inputMode="numeric" />
          </FormField>
          <FormField id={`${id}-max`} label="Entradas por persona (máximo)" error={errors.maxTicketsPerBuyer}>
            <NumberInput {...text('maxTicketsPerBuyer')} inputMode="numeric" />
          </FormField>
        </Pair>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy}>
          {busy ? 'Creando…' : 'Crear preventa'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

const Pair = styled.div`
  display: grid;
  gap: 0.9rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.25rem;
`;

const ShowChoices = styled.ul`
  max-height: 16rem;
  overflow-y: auto;
  margin: 0.5rem 0 0;
  padding: 0;
  list-style: none;
`;

const Hint = styled.p`
  margin: 0.5rem 0 0;
  color: var(--cine-muted, #a6a6bb);
`;
