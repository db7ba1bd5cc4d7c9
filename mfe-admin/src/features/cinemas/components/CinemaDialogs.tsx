import { useId, useState } from 'react';
import styled from 'styled-components';
import type { CinemaChanges, CinemaRoomView, SeatLayout } from '@cine/contracts';
import { useAsyncData } from '@cine/web-kit';
import { AsyncContent, Button, Dialog, SeatMap, TextInput } from '@cine/web-kit/ui';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { addRoom, createCinema, fetchRoom, updateCinema, updateRoom, type CinemaView, type RoomView } from '../../../api/cinemas';
import {
  COMMON_TIME_ZONES,
  emptyCinemaForm,
  emptyLayoutForm,
  layoutFormOf,
  layoutSummary,
  parseLayout,
  validateCinemaForm,
  withStoredCompanions,
  type CinemaFormValues,
  type LayoutFormErrors,
  type LayoutFormValues,
} from '../layoutForm';

const CINEMA_FIELDS = [
  { field: 'name', label: 'Nombre', placeholder: 'Cine Norte' },
  { field: 'slug', label: 'Slug (en la URL: ?cine=)', placeholder: 'norte' },
  { field: 'city', label: 'Ciudad', placeholder: 'Buenos Aires' },
  { field: 'address', label: 'Dirección', placeholder: 'Av. Maipú 2500, Olivos' },
  { field: 'hours', label: 'Horario de atención', placeholder: 'Todos los días de 12 a 24 h' },
] as const;

/**
 * 'Agregar cine' (no `cinema`) or 'Modificar cine': slug, name, city, address, hours and an IANA time zone (checked
 * here as booking checks it). A change sends only the fields changed; the server's 409 or 400 is shown in place.
 */
export function CinemaDialog({
  token,
  cinema,
  onSaved,
  onClose,
}: {
  token: string;
  cinema?: CinemaView;
  onSaved: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const initial: CinemaFormValues = cinema
    ? { slug: cinema.slug, name: cinema.name, city: cinema.city, address: cinema.address, hours: cinema.hours, timeZone: cinema.timeZone }
    : emptyCinemaForm;
  const { values, errors, serverError, setServerError, busy, set, submit } = useDialogForm(initial, validateCinemaForm);
  const [success, flash] = useFlash();
  const title = cinema ? `Modificar ${cinema.name}` : 'Agregar cine';

  const onSubmit = submit(async () => {
    const typed = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()])) as CinemaFormValues;
    if (!cinema) {
      await createCinema(token, typed);
      flash('Cine creado con éxito.');
    } else {
      const changes = Object.fromEntries(
        Object.entries(typed).filter(([field, value]) => value !== initial[field as keyof CinemaFormValues]),
      ) as CinemaChanges;
      if (Object.keys(changes).length === 0) {
        setServerError('No hay cambios para guardar.');
        return;
      }
      await updateCinema(token, cinema.id, changes);
      flash('Cine actualizado con éxito.');
    }
    onSaved();
  });

  return (
    <Dialog title={title} onClose={onClose}>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
        {CINEMA_FIELDS.map(({ field, label, placeholder }) => (
          <FormField key={field} id={`${id}-${field}`} label={label} error={errors[field]}>
            <TextInput value={values[field]} placeholder={placeholder} onChange={set(field)} autoComplete="off" />
          </FormField>
        ))}
        <FormField id={`${id}-zone`} label="Zona horaria (IANA)" error={errors.timeZone}>
          <TextInput
            value={values.timeZone}
            list={`${id}-zones`}
            placeholder="America/Argentina/Buenos_Aires"
            onChange={set('timeZone')}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <datalist id={`${id}-zones`}>
          {COMMON_TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : cinema ? 'Guardar cambios' : 'Agregar cine'}
        </Button>
      </FormStack>
    </Dialog>
  );
}

type RoomFormValues = LayoutFormValues & { name: string };

const ROOM_NAME_MISSING = 'Por favor ingresa el nombre de la sala *';

/**
 * 'Agregar sala' (no `room`) or 'Modificar sala': its name and its seats — rows as seat counts, aisles, wheelchair
 * spaces and premium rows — previewed with the buyers' seat map. Changing a room, its seats are read first (GET
 * /cinemas names rooms without them) and drawn; they fill the editor, and are sent only when 'Cambiar las butacas'
 * is checked (a room with shows on sale never loses a sold seat: booking answers 409).
 */
export function RoomDialog({
  token,
  cinema,
  room,
  onSaved,
  onClose,
}: {
  token: string;
  cinema: CinemaView;
  room?: CinemaRoomView;
  onSaved: (room: RoomView) => void;
  onClose: () => void;
}) {
  const title = room ? `Modificar ${room.name} de ${cinema.name}` : `Agregar sala a ${cinema.name}`;
  const stored = useAsyncData(() => fetchRoom(token, cinema.id, room?.id ?? 0), room ? `${cinema.id}/${room.id}` : null);
  const form = (saved?: RoomView) => <RoomFields token={token} cinema={cinema} title={title} saved={saved} onSaved={onSaved} />;
  return (
    <Dialog title={title} onClose={onClose} wide>
      {room ? (
        <AsyncContent data={stored} loading="Cargando butacas…" failed="No se pudieron cargar las butacas de la sala.">
          {form}
        </AsyncContent>
      ) : (
        form()
      )}
    </Dialog>
  );
}

/** The room's form: empty for a new room, else filled with the room as stored (`saved`). */
function RoomFields({
  token,
  cinema,
  title,
  saved,
  onSaved,
}: {
  token: string;
  cinema: CinemaView;
  title: string;
  saved?: RoomView;
  onSaved: (room: RoomView) => void;
}) {
  const id = useId();
  const initial: RoomFormValues = { name: saved?.name ?? '', ...(saved ? layoutFormOf(saved.layout) : emptyLayoutForm) };
  // The room as last stored: as read, then as each save answers it.
  const [current, setCurrent] = useState(saved);
  const [changeSeats, setChangeSeats] = useState(!saved);
  const [preview, setPreview] = useState<SeatLayout | undefined>(saved?.layout);
  const validate = (values: RoomFormValues) => {
    const errors: LayoutFormErrors & { name?: string } = values.name.trim() === '' ? { name: ROOM_NAME_MISSING } : {};
    if (!changeSeats) return errors;
    const layout = parseLayout(values);
    return 'errors' in layout ? { ...errors, ...layout.errors } : errors;
  };
  const { values, errors, serverError, setServerError, busy, set, submit } = useDialogForm(initial, validate);
  const [success, flash] = useFlash();
  // Not changing the seats: the room's own are drawn.
  const drawn = changeSeats ? preview : current?.layout;

  const showPreview = () => {
    const layout = parseLayout(values);
    setPreview('layout' in layout ? layout.layout : undefined);
  };

  const onSubmit = submit(async () => {
    const layout = parseLayout(values);
    const seats = changeSeats && 'layout' in layout ? withStoredCompanions(layout.layout, current?.layout) : undefined;
    const name = values.name.trim();
    let room: RoomView;
    if (current) {
      const changes = { ...(name !== current.name ? { name } : {}), ...(seats ? { layout: seats } : {}) };
      if (Object.keys(changes).length === 0) {
        setServerError('No hay cambios para guardar.');
        return;
      }
      room = await updateRoom(token, cinema.id, current.id, changes);
      setCurrent(room);
    } else {
      if (!seats) return;
      room = await addRoom(token, cinema.id, { name, layout: seats });
    }
    flash(current ? 'Sala actualizada con éxito.' : `Sala creada con éxito (sala ${room.id}, ${room.capacity} butacas).`);
    onSaved(room);
  });

  return (
    <>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id={`${id}-name`} label="Nombre de la sala" error={errors.name}>
          <TextInput value={values.name} placeholder="Sala 6" onChange={set('name')} autoComplete="off" />
        </FormField>
        {saved && (
          <label>
            <input type="checkbox" checked={changeSeats} onChange={(event) => setChangeSeats(event.target.checked)} /> Cambiar las butacas
          </label>
        )}
        {changeSeats && (
          <Seats>
            <legend>Butacas</legend>
            <FormField id={`${id}-rows`} label="Asientos por fila, de la A hacia atrás" error={errors.rows}>
              <TextInput value={values.rows} placeholder="10, 12, 12, 14" inputMode="numeric" onChange={set('rows')} />
            </FormField>
            <FormField id={`${id}-aisles`} label="Pasillo después de las columnas (opcional)" error={errors.aisles}>
              <TextInput value={values.aisles} placeholder="3, 11" inputMode="numeric" onChange={set('aisles')} />
            </FormField>
            <FormField id={`${id}-wheelchair`} label="Espacios para silla de ruedas (opcional)" error={errors.wheelchair}>
              <TextInput value={values.wheelchair} placeholder="A1, A2" onChange={set('wheelchair')} />
            </FormField>
            <FormField id={`${id}-premium`} label="Filas premium (opcional)" error={errors.premiumRows}>
              <TextInput value={values.premiumRows} placeholder="H, I" onChange={set('premiumRows')} />
            </FormField>
            <Button type="button" $variant="secondary" onClick={showPreview}>
              Ver butacas
            </Button>
          </Seats>
        )}
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : current ? 'Guardar cambios' : 'Agregar sala'}
        </Button>
      </FormStack>
      {drawn && (
        <Preview aria-label="Vista previa de las butacas">
          <p role="status">{layoutSummary(drawn)}</p>
          <SeatMap roomId={current?.id ?? 0} layout={drawn} taken={{}} />
        </Preview>
      )}
    </>
  );
}

const Seats = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0.75rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 8px;

  legend {
    font-weight: 600;
  }
`;

const Preview = styled.section`
  margin-top: 1rem;
  overflow-x: auto;
`;
