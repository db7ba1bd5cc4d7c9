import { useId } from 'react';
import { SHOW_TYPES } from '@cine/contracts';
import { useAsyncData } from '@cine/web-kit';
import { Button, Dialog, Select, TextInput } from '@cine/web-kit/ui';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import type { CreateAccess } from '../../../hooks/useCreateAccess';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { createShow, updateShow, type Show } from '../api/shows';
import { DAYS, emptyShowForm, ROOMS, validateShowForm } from '../showForm';

/** 'Crear Funciones': schedule, movie, room 1–5, day and type; booking refuses an overlap in Spanish. */
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
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  const { values, setValues, errors, serverError, busy, set, submit } = useDialogForm(emptyShowForm, (current) =>
    validateShowForm(current),
  );
  const [success, flash] = useFlash();

  const onSubmit = submit(async () => {
    await createShow(token, { ...values, roomId: Number(values.roomId) });
    setValues(emptyShowForm);
    flash('Función creada con éxito.');
    onCreated();
  });

  return (
    <FormStack aria-label="Crear Funciones" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField id={`${id}-schedule`} label="Horario" error={errors.schedule}>
        <TextInput type="time" value={values.schedule} onChange={set('schedule')} />
      </FormField>
      <FormField id={`${id}-movie`} label="Pelicula" error={errors.movieId}>
        <Select value={values.movieId} onChange={set('movieId')}>
          <option value="">{movies.status === 'loading' ? 'Cargando películas…' : 'Seleccione una pelicula'}</option>
          {movies.status === 'ready' &&
            movies.data.map((movie) => (
              <option key={movie.id} value={movie.id}>
                {movie.Title}
              </option>
            ))}
        </Select>
      </FormField>
      {movies.status === 'error' && <ErrorMessage>No se pudieron cargar las películas. {movies.message}</ErrorMessage>}
      <FormField id={`${id}-room`} label="Sala" error={errors.roomId}>
        <Select value={values.roomId} onChange={set('roomId')}>
          <Choices prompt="Seleccione una sala" values={ROOMS} label={(room) => `Sala ${room}`} />
        </Select>
      </FormField>
      <FormField id={`${id}-day`} label="Dia" error={errors.day}>
        <Select value={values.day} onChange={set('day')}>
          <Choices prompt="Seleccione un dia" values={DAYS} />
        </Select>
      </FormField>
      <FormField id={`${id}-type`} label="Tipo" error={errors.type}>
        <Select value={values.type} onChange={set('type')}>
          <Choices prompt="Seleccione un tipo" values={SHOW_TYPES} />
        </Select>
      </FormField>
      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {success && <SuccessMessage>{success}</SuccessMessage>}
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Creando…' : 'Crear Funcion'}
      </Button>
    </FormStack>
  );
}

/** 'Modificar': the show's time, date, room and type, with the create rules (checked by booking). */
export function EditShowDialog({ token, show, onSaved, onClose }: { token: string; show: Show; onSaved: () => void; onClose: () => void }) {
  const id = useId();
  const { values, errors, serverError, busy, set, submit } = useDialogForm(
    { schedule: show.schedule, movieId: show.movieId, roomId: String(show.roomId), day: show.date, type: show.type },
    (current) => validateShowForm(current, ['schedule', 'roomId', 'day', 'type']),
  );
  const [success, flash] = useFlash();

  const onSubmit = submit(async () => {
    await updateShow(token, {
      ...show,
      schedule: values.schedule,
      date: values.day,
      roomId: Number(values.roomId),
      type: values.type as Show['type'],
    });
    flash('Función actualizada con éxito.');
    onSaved();
  });

  return (
    <Dialog title="Modificar Funcion" onClose={onClose}>
      <FormStack aria-label="Modificar Funcion" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>{show.movie.Title}</p>
        <FormField id={`${id}-schedule`} label="Horario" error={errors.schedule}>
          <TextInput type="time" value={values.schedule} onChange={set('schedule')} />
        </FormField>
        <FormField id={`${id}-day`} label="Fecha" error={errors.day}>
          <TextInput type="date" value={values.day} onChange={set('day')} />
        </FormField>
        <FormField id={`${id}-room`} label="Sala" error={errors.roomId}>
          <Select value={values.roomId} onChange={set('roomId')}>
            <Choices values={ROOMS} label={(room) => `Sala ${room}`} />
          </Select>
        </FormField>
        <FormField id={`${id}-type`} label="Tipo" error={errors.type}>
          <Select value={values.type} onChange={set('type')}>
            <Choices values={SHOW_TYPES} />
          </Select>
        </FormField>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : 'Guardar cambios'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

/** A select's options: an empty first one asking to choose (when given), then one per value. */
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
