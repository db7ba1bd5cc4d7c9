import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { SHOW_TYPES, type BulkShowsRequest, type BulkShowsResult, type ShowType, type Weekday } from '@cine/contracts';
import { cinemaClock, dayLabel, useAsyncData } from '@cine/web-kit';
import { Button, ChoiceGroup, Dialog, DialogActions, Select, TextInput } from '@cine/web-kit/ui';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import type { CreateAccess } from '../../../hooks/useCreateAccess';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { FieldError } from '../../../components/FormMessage';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import { createShow, scheduleShows, updateShow, type BulkShowsBody, type Show } from '../api/shows';
import { previewPricing } from '../showPricing';
import { PriceCardChoice, pricesLine, usePricingData } from './PricePreview';
import {
  DAYS,
  emptyShowForm,
  parseTimes,
  cinemaOfRoom,
  priceCents,
  roomChoices,
  typedPrice,
  validateBulkForm,
  validateShowForm,
  type BulkFormErrors,
  type BulkFormValues,
} from '../showForm';

/** Today in the cinema: the date pickers' first day. */
const today = () => cinemaClock(new Date()).date;

/** 'Crear Funciones': time, movie, cinema and room (from today), format and price; booking refuses an overlap in Spanish. */
export function CreateShowDialog({
  token,
  access,
  onCreated,
  onClose,
}: {
  token: string;
  access: CreateAccess;
  onCreated: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title="Crear Funciones" onClose={onClose}>
      {access === 'checking' && <p role="status">Verificando permisos…</p>}
      {access === 'denied' && <h3>error no autorizado</h3>}
      {access === 'allowed' && <CreateShowForm token={token} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateShowForm({ token, onCreated }: { token: string; onCreated: () => void }) {
  const id = useId();
  const { values, setValues, errors, serverError, busy, set, submit } = useDialogForm(emptyShowForm, (current) =>
    validateShowForm(current),
  );
  const [success, flash] = useFlash();
  const pricing = usePricingData(token);
  const [priceCardId, setPriceCardId] = useState('');
  const { cinemas } = useCinemaScope();

  const onSubmit = submit(async () => {
    const { schedule, movieId, roomId, day, type, price } = values;
    const cinemaId = cinemaOfRoom(cinemas, Number(roomId));
    await createShow(token, {
      schedule,
      movieId,
      roomId: Number(roomId),
      ...(cinemaId ? { cinemaId } : {}),
      date: day,
      type,
      ...typedPrice(price),
      ...(priceCardId ? { priceCardId } : {}),
    });
    setValues(emptyShowForm);
    setPriceCardId('');
    flash('Función creada con éxito.');
    onCreated();
  });

  return (
    <FormStack aria-label="Crear Funciones" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField id={`${id}-schedule`} label="Horario" error={errors.schedule}>
        <TextInput type="time" value={values.schedule} onChange={set('schedule')} />
      </FormField>
      <MovieField token={token} id={`${id}-movie`} value={values.movieId} error={errors.movieId} onChange={set('movieId')} />
      <CinemaRoomFields
        id={`${id}-room`}
        roomId={values.roomId}
        error={errors.roomId}
        onRoom={(roomId) => set('roomId')({ target: { value: roomId } })}
      />
      <FormField id={`${id}-day`} label="Fecha" error={errors.day}>
        <TextInput type="date" min={today()} value={values.day} onChange={set('day')} />
      </FormField>
      <FormField id={`${id}-type`} label="Tipo" error={errors.type}>
        <Select value={values.type} onChange={set('type')}>
          <Choices prompt="Selecciona un tipo" values={SHOW_TYPES} />
        </Select>
      </FormField>
      <FormField id={`${id}-price`} label="Precio de la entrada (opcional)" error={errors.price}>
        <TextInput
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          placeholder="9.00"
          value={values.price}
          onChange={set('price')}
        />
      </FormField>
      <PriceCardChoice
        pricing={pricing}
        show={{ date: values.day, time: values.schedule, format: values.type }}
        singlePrice={priceCents(values.price)}
        priceCardId={priceCardId}
        onChange={setPriceCardId}
      />
      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {success && <SuccessMessage>{success}</SuccessMessage>}
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Creando…' : 'Crear función'}
      </Button>
    </FormStack>
  );
}

/** 'Modificar': the show's time, date, room, type and price, with the create rules (checked by booking). */
export function EditShowDialog({ token, show, onSaved, onClose }: { token: string; show: Show; onSaved: () => void; onClose: () => void }) {
  const id = useId();
  const { values, errors, serverError, busy, set, submit } = useDialogForm(
    {
      schedule: show.schedule,
      movieId: show.movieId,
      roomId: String(show.roomId),
      day: show.date,
      type: show.type,
      price: (show.price / 100).toFixed(2),
    },
    (current) => validateShowForm(current, ['schedule', 'roomId', 'day', 'type', 'price']),
  );
  const { cinemas } = useCinemaScope();
  const [success, flash] = useFlash();
  const pricing = usePricingData(token);
  const [priceCardId, setPriceCardId] = useState('');

  const onSubmit = submit(async () => {
    await updateShow(token, {
      ...show,
      ...(priceCardId ? { priceCardId } : {}),
      schedule: values.schedule,
      date: values.day,
      roomId: Number(values.roomId),
      type: values.type as Show['type'],
      price: priceCents(values.price) ?? show.price,
    });
    flash('Función actualizada con éxito.');
    onSaved();
  });

  return (
    <Dialog title="Modificar función" onClose={onClose}>
      <FormStack aria-label="Modificar función" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>{show.movie.Title}</p>
        <FormField id={`${id}-schedule`} label="Horario" error={errors.schedule}>
          <TextInput type="time" value={values.schedule} onChange={set('schedule')} />
        </FormField>
        <FormField id={`${id}-day`} label="Fecha" error={errors.day}>
          <TextInput type="date" value={values.day} onChange={set('day')} />
        </FormField>
        {show.cinema && <p>Cine: {show.cinema.name}</p>}
        <FormField id={`${id}-room`} label="Sala" error={errors.roomId}>
          <Select value={values.roomId} onChange={set('roomId')}>
            <RoomOptions rooms={roomChoices(cinemas, show.cinemaId ?? '')} />
          </Select>
        </FormField>
        <FormField id={`${id}-type`} label="Tipo" error={errors.type}>
          <Select value={values.type} onChange={set('type')}>
            <Choices values={SHOW_TYPES} />
          </Select>
        </FormField>
        <FormField id={`${id}-price`} label="Precio de la entrada (opcional)" error={errors.price}>
          <TextInput type="number" inputMode="decimal" min="0.01" step="0.01" value={values.price} onChange={set('price')} />
        </FormField>
        {show.priceCard && <p>Tarifa actual: {show.priceCard.name}</p>}
        <PriceCardChoice
          pricing={pricing}
          show={{ date: values.day, time: values.schedule, format: values.type }}
          singlePrice={priceCents(values.price) === show.price ? undefined : priceCents(values.price)}
          priceCardId={priceCardId}
          onChange={setPriceCardId}
        />
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : 'Guardar cambios'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

const emptyBulkForm: BulkFormValues = { movieId: '', roomId: '', type: '', price: '', times: '', from: '', to: '', weekdays: [...DAYS] };

/** The request of the form's values (valid ones: validateBulkForm passed). */
function bulkRequest(
  values: BulkFormValues,
  dryRun: boolean,
  onClash: BulkShowsRequest['onClash'],
  priceCardId: string,
  cinemaId: string,
): BulkShowsBody {
  return {
    ...(priceCardId ? { priceCardId } : {}),
    ...(cinemaId ? { cinemaId } : {}),
    movieId: values.movieId,
    roomId: Number(values.roomId),
    type: values.type as ShowType,
    ...typedPrice(values.price),
    times: parseTimes(values.times) ?? [],
    from: values.from,
    to: values.to,
    weekdays: values.weekdays,
    dryRun,
    onClash,
  };
}

/**
 * 'Programar en bloque': a movie in a room at several times on the chosen weekdays of a date range.
 * 'Ver funciones' previews the shows and the clashes (booking's overlap message); then 'Crear' makes
 * them, skipping the clashes or, when asked, creating none if one clashes.
 */
export function BulkShowDialog({ token, onCreated, onClose }: { token: string; onCreated: () => void; onClose: () => void }) {
  const id = useId();
  const [preview, setPreview] = useState<BulkShowsResult | null>(null);
  const [onClash, setOnClash] = useState<BulkShowsRequest['onClash']>('skip');
  const [created, setCreated] = useState<number | null>(null);
  const form = useDialogForm<BulkFormValues>(emptyBulkForm, validateBulkForm);
  const pricing = usePricingData(token);
  const [priceCardId, setPriceCardId] = useState('');
  const pricingOf = (slot: { date: string; schedule: string }) =>
    pricing.status === 'ready'
      ? pricesLine(
          previewPricing(pricing.data, { date: slot.date, time: slot.schedule, format: values.type }, priceCardId),
          priceCents(values.price),
        )
      : '';
  const { values, setValues, errors, serverError, busy, submit } = form;
  const edit = (change: Partial<BulkFormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    form.setErrors((current: BulkFormErrors) => ({
      ...current,
      ...Object.fromEntries(Object.keys(change).map((key) => [key, undefined])),
    }));
    setPreview(null);
    setCreated(null);
  };
  const { cinemas } = useCinemaScope();
  const cinemaId = cinemaOfRoom(cinemas, Number(values.roomId));
  const toggleDay = (day: Weekday) =>
    edit({ weekdays: values.weekdays.includes(day) ? values.weekdays.filter((chosen) => chosen !== day) : [...values.weekdays, day] });

  const onPreview = submit(async () => {
    setPreview(await scheduleShows(token, bulkRequest(values, true, onClash, priceCardId, cinemaId)));
  });
  const nothingToCreate = !preview || preview.planned.length === 0 || (onClash === 'refuse' && preview.clashes.length > 0);
  const onCreate = submit(async () => {
    const result = await scheduleShows(token, bulkRequest(values, false, onClash, priceCardId, cinemaId));
    setPreview(null);
    setCreated(result.created.length);
    onCreated();
  }, nothingToCreate);

  return (
    <Dialog title="Programar en bloque" onClose={onClose}>
      <FormStack aria-label="Programar en bloque" noValidate onSubmit={(event) => void onPreview(event)}>
        <MovieField
          token={token}
          id={`${id}-movie`}
          value={values.movieId}
          error={errors.movieId}
          onChange={(event) => edit({ movieId: event.target.value })}
        />
        <CinemaRoomFields id={`${id}-room`} roomId={values.roomId} error={errors.roomId} onRoom={(roomId) => edit({ roomId })} />
        <FormField id={`${id}-type`} label="Tipo" error={errors.type}>
          <Select value={values.type} onChange={(event) => edit({ type: event.target.value })}>
            <Choices prompt="Selecciona un tipo" values={SHOW_TYPES} />
          </Select>
        </FormField>
        <FormField id={`${id}-price`} label="Precio de la entrada (opcional)" error={errors.price}>
          <TextInput
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="9.00"
            value={values.price}
            onChange={(event) => edit({ price: event.target.value })}
          />
        </FormField>
        <FormField id={`${id}-times`} label="Horarios (separados por comas)" error={errors.times}>
          <TextInput placeholder="14:00, 17:00, 20:00" value={values.times} onChange={(event) => edit({ times: event.target.value })} />
        </FormField>
        <FormField id={`${id}-from`} label="Desde" error={errors.from}>
          <TextInput type="date" min={today()} value={values.from} onChange={(event) => edit({ from: event.target.value })} />
        </FormField>
        <FormField id={`${id}-to`} label="Hasta" error={errors.to}>
          <TextInput type="date" min={values.from || today()} value={values.to} onChange={(event) => edit({ to: event.target.value })} />
        </FormField>
        <ChoiceGroup $row aria-describedby={errors.weekdays ? `${id}-weekdays-error` : undefined}>
          <legend>Días de la semana</legend>
          {DAYS.map((day) => (
            <label key={day}>
              <input type="checkbox" checked={values.weekdays.includes(day)} onChange={() => toggleDay(day)} /> {day}
            </label>
          ))}
          {errors.weekdays && <FieldError id={`${id}-weekdays-error`}>{errors.weekdays}</FieldError>}
        </ChoiceGroup>
        <PriceCardChoice
          pricing={pricing}
          show={{ date: values.from, time: parseTimes(values.times)?.[0] ?? '', format: values.type }}
          singlePrice={priceCents(values.price)}
          priceCardId={priceCardId}
          onChange={(id) => {
            setPriceCardId(id);
            setPreview(null);
          }}
        />
        <ChoiceGroup $row>
          <legend>Si una función choca con otra de la sala</legend>
          <label>
            <input type="radio" name={`${id}-clash`} checked={onClash === 'skip'} onChange={() => setOnClash('skip')} /> Omitirla y crear
            las demás
          </label>
          <label>
            <input type="radio" name={`${id}-clash`} checked={onClash === 'refuse'} onChange={() => setOnClash('refuse')} /> No crear
            ninguna
          </label>
        </ChoiceGroup>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {created !== null && <SuccessMessage>{created === 1 ? 'Se creó 1 función.' : `Se crearon ${created} funciones.`}</SuccessMessage>}
        <Button type="submit" $variant="secondary" aria-disabled={busy || undefined}>
          {busy && !preview ? 'Calculando…' : 'Ver funciones'}
        </Button>
      </FormStack>
      {preview && (
        <BulkPreview aria-label="Vista previa">
          <p role="status">
            {preview.planned.length === 1 ? 'Se creará 1 función' : `Se crearán ${preview.planned.length} funciones`}
            {preview.clashes.length > 0 &&
              `; ${preview.clashes.length === 1 ? '1 choca' : `${preview.clashes.length} chocan`} con otras funciones de la sala`}
            .
          </p>
          {preview.clashes.length > 0 && (
            <>
              <h3>Choques</h3>
              <ul aria-label="Choques">
                {preview.clashes.map((clash) => (
                  <li key={`${clash.date} ${clash.schedule}`}>
                    {dayLabel(clash.date, clash.day)} {clash.schedule}: {clash.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          {preview.planned.length > 0 && (
            <>
              <h3>Funciones</h3>
              <ul aria-label="Funciones a crear">
                {preview.planned.map((slot) => (
                  <li key={`${slot.date} ${slot.schedule}`}>
                    {dayLabel(slot.date, slot.day)} {slot.schedule}
                    {pricing.status === 'ready' && ` — ${pricingOf(slot)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          <DialogActions>
            <Button type="button" onClick={(event) => void onCreate(event)} aria-disabled={busy || nothingToCreate || undefined}>
              {busy ? 'Creando…' : preview.planned.length === 1 ? 'Crear 1 función' : `Crear ${preview.planned.length} funciones`}
            </Button>
          </DialogActions>
        </BulkPreview>
      )}
    </Dialog>
  );
}

const BulkPreview = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin-top: 1rem;

  h3 {
    margin: 0.5rem 0 0;
    font-size: 1rem;
  }

  ul {
    max-height: 14rem;
    overflow-y: auto;
    margin: 0;
    padding-left: 1.2rem;
  }
`;

/**
 * 'Cine' (when the session has more than one to choose from) and 'Sala': the chosen cinema's rooms as GET /cinemas
 * names them; choosing another cinema clears the room. The room decides the show's cinema.
 */
function CinemaRoomFields({ id, roomId, error, onRoom }: { id: string; roomId: string; error?: string; onRoom: (roomId: string) => void }) {
  const { scope, selectable, cinemaId: scoped } = useCinemaScope();
  const [cinemaId, setCinemaId] = useState(scoped);
  return (
    <>
      {selectable.length > 1 && (
        <FormField id={`${id}-cinema`} label="Cine">
          <Select
            value={cinemaId}
            onChange={(event) => {
              setCinemaId(event.target.value);
              onRoom('');
            }}
          >
            {scope.all && <option value="">Todos los cines</option>}
            {selectable.map((cinema) => (
              <option key={cinema.id} value={cinema.id}>
                {`${cinema.name} (${cinema.city})`}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField id={id} label="Sala" error={error}>
        <Select value={roomId} onChange={(event) => onRoom(event.target.value)}>
          <option value="">Selecciona una sala</option>
          <RoomOptions rooms={roomChoices(selectable, cinemaId)} />
        </Select>
      </FormField>
    </>
  );
}

function RoomOptions({ rooms }: { rooms: ReturnType<typeof roomChoices> }) {
  return (
    <>
      {rooms.map((room) => (
        <option key={room.id} value={room.id}>
          {room.label}
        </option>
      ))}
    </>
  );
}

/** A select's options: an empty first one asking to choose (when given), then one per value. */
/** The movie a show is for: the admin's movies, read when the form opens (loading and failure told). */
function MovieField({
  token,
  id,
  value,
  error,
  onChange,
}: {
  token: string;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  return (
    <>
      <FormField id={id} label="Pelicula" error={error}>
        <Select value={value} onChange={onChange}>
          <option value="">{movies.status === 'loading' ? 'Cargando películas…' : 'Selecciona una película'}</option>
          {movies.status === 'ready' &&
            movies.data.map((movie) => (
              <option key={movie.id} value={movie.id}>
                {movie.Title}
              </option>
            ))}
        </Select>
      </FormField>
      {movies.status === 'error' && <ErrorMessage>No se pudieron cargar las películas. {movies.message}</ErrorMessage>}
    </>
  );
}

function Choices<Value extends string | number>({
  prompt,
  values,
  label = String,
}: {
  prompt?: string;
  values: readonly Value[];
  label?: (value: Value) => string;
}) {
  return (
    <>
      {prompt !== undefined && <option value="">{prompt}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
