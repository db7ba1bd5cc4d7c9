import { SHOW_SORTS, SHOW_TYPES, type ShowCancellationView, type ShowOccupancy } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, useAsyncData } from '@cine/web-kit';
import { Button, Select, TextInput } from '@cine/web-kit/ui';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FilterFields, RowButton, Toolbar } from '../../../components/DataTable';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { useCreateAccess } from '../../../hooks/useCreateAccess';
import { useListParams } from '../../../hooks/useListParams';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import { roomChoices } from '../showForm';
import { cancelShow, deleteShow, fetchOccupancy, fetchShows, type Show } from '../api/shows';
import { CancellationProgress } from './CancellationProgress';
import { BulkShowDialog, CreateShowDialog, EditShowDialog } from './ShowDialogs';
import { ShowSeatMapDialog } from './ShowSeatMapDialog';

/** 'dd/mm' of a 'yyyy-mm-dd' date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * '3 vendidos · 2 reservados' over 'ingresaron 1 de 3' (admitted at the door of those sold), or a dash
 * while unknown: two short lines, the free seats being the Asientos column's.
 */
function Occupancy({ entry }: { entry: ShowOccupancy | undefined }) {
  if (!entry) return <span>—</span>;
  return (
    <OccupancyLines>
      <span>
        {entry.sold} {entry.sold === 1 ? 'vendido' : 'vendidos'} · {entry.held} {entry.held === 1 ? 'reservado' : 'reservados'}
      </span>
      <span>
        ingresaron {entry.admitted} de {entry.sold}
      </span>
    </OccupancyLines>
  );
}

/** The Asientos column: what it counts ('80 libres de 100'). */
function seatsText(show: Pick<Show, 'seats' | 'capacity'>): string {
  return `${show.seats} ${show.seats === 1 ? 'libre' : 'libres'} de ${show.capacity}`;
}

/**
 * 'Funciones de peliculas': upcoming shows with their occupancy (and how many came in) and seat map; create, modify and
 * delete them. Of the chosen cinema (`cinemaId`; '' every cinema the caller may see), each naming its cinema (issue 38).
 */
export function ShowsSection({ token, cinemaId = '' }: { token: string; cinemaId?: string }) {
  const list = useListParams(SHOW_SORTS, 'startsAt', ['from', 'to', 'movieId', 'roomId', 'type'] as const);
  const shows = useAsyncData(() => fetchShows(token, list.apiQuery, cinemaId), `${token} ${cinemaId} ${list.apiQuery}`);
  const { cinemas, selectable, scope } = useCinemaScope();
  const cinemaName = (show: Show) => show.cinema?.name ?? cinemas.find((cinema) => cinema.id === show.cinemaId)?.name ?? '—';
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  const occupancy = useAsyncData(() => fetchOccupancy(token), token);
  const occupancyOf = new Map(occupancy.status === 'ready' ? occupancy.data.map((entry) => [entry.showId, entry]) : []);
  const [viewing, setViewing] = useState<Show | null>(null);
  const flag = useCreateAccess(token);
  // The spec's flag is the admin's (identity answers it for admins only); a cinema's manager creates their cinema's
  // shows (issue 38), as booking checks.
  const access = scope.all ? flag : 'allowed';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Show | null>(null);
  const [deleting, setDeleting] = useState<Show | null>(null);
  const [bulk, setBulk] = useState(false);
  const [cancelling, setCancelling] = useState<Show | null>(null);
  const [reason, setReason] = useState('');
  const [cancellation, setCancellation] = useState<{ title: string; started: ShowCancellationView } | null>(null);
  const reload = shows.reload;
  const { from, to, movieId, roomId, type } = list.filters;
  const filtered = Object.values(list.filters).some(Boolean);
  const columns: Column<Show>[] = [
    { label: 'Horarios', sort: 'startsAt', nowrap: true, cell: (show) => show.schedule },
    { label: 'Dia', nowrap: true, cell: (show) => `${show.day} ${dayMonth(show.date)}` },
    { label: 'Pelicula', sort: 'movie', cell: (show) => show.movie.Title },
    // The room's cell names its cinema too, wrapping under the room: a column of its own, or a cinema's name kept on one
    // line, made the table scroll sideways at 1366 px.
    {
      label: 'Sala',
      sort: 'roomId',
      numeric: true,
      cell: (show) => (
        <>
          {show.roomId}
          <CinemaName> · {cinemaName(show)}</CinemaName>
        </>
      ),
    },
    { label: 'Tipo', sort: 'type', cell: (show) => show.type },
    { label: 'Asientos', sort: 'seats', numeric: true, cell: seatsText },
    {
      label: 'Ocupación',
      cell: (show) => (
        <>
          <Occupancy entry={occupancyOf.get(show.id)} />
          <RowLinks>
            <Button
              type="button"
              $variant="link"
              aria-label={`Ver mapa de asientos de la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
              onClick={() => setViewing(show)}
            >
              Ver mapa
            </Button>
            {/* Cancelling refunds the sales this cell counts: here, away from the trash button of the delete. */}
            <Button
              type="button"
              $variant="link"
              aria-label={`Cancelar la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
              onClick={() => {
                setReason('');
                setCancelling(show);
              }}
            >
              Cancelar
            </Button>
          </RowLinks>
        </>
      ),
    },
    {
      label: 'Modificar',
      cell: (show) => (
        <RowActions>
          <RowButton
            type="button"
            aria-label={`Modificar la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
            onClick={() => setEditing(show)}
          >
            <EditIcon />
          </RowButton>
          <RowButton
            type="button"
            $danger
            aria-label={`Borrar la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
            onClick={() => setDeleting(show)}
          >
            <TrashIcon />
          </RowButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <FilterFields role="group" aria-label="Filtrar funciones">
          <label>
            Desde
            <TextInput type="date" value={from} onChange={(event) => list.update({ from: event.target.value })} />
          </label>
          <label>
            Hasta
            <TextInput type="date" value={to} min={from || undefined} onChange={(event) => list.update({ to: event.target.value })} />
          </label>
          <label>
            Pelicula
            <Select value={movieId} onChange={(event) => list.update({ movieId: event.target.value })}>
              <option value="">Todas</option>
              {(movies.status === 'ready' ? movies.data : []).map((movie) => (
                <option key={movie.id} value={movie.id}>
                  {movie.Title}
                </option>
              ))}
            </Select>
          </label>
          <label>
            Sala
            <Select value={roomId} onChange={(event) => list.update({ roomId: event.target.value })}>
              <option value="">Todas</option>
              {roomChoices(selectable, cinemaId).map((room) => (
                <option key={room.id} value={room.id}>
                  {room.label}
                </option>
              ))}
            </Select>
          </label>
          <label>
            Tipo
            <Select value={type} onChange={(event) => list.update({ type: event.target.value })}>
              <option value="">Todos</option>
              {SHOW_TYPES.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </Select>
          </label>
          {filtered && (
            <Button type="button" $variant="secondary" onClick={() => list.update({ from: '', to: '', movieId: '', roomId: '', type: '' })}>
              Ver todas
            </Button>
          )}
        </FilterFields>
        <ToolbarButtons>
          <Button type="button" $variant="secondary" onClick={() => setBulk(true)}>
            Programar en bloque
          </Button>
          <Button type="button" onClick={() => setCreating(true)}>
            Agregar Funcion
          </Button>
        </ToolbarButtons>
      </Toolbar>

      <PagedTable
        label="Funciones"
        columns={columns}
        rowKey={(show) => show.id}
        state={shows}
        list={list}
        loading="Cargando funciones…"
        failed="No se pudieron cargar las funciones."
        empty={filtered ? 'No hay funciones que coincidan con los filtros.' : 'No hay funciones programadas.'}
        stackBelow="56rem"
      />

      {viewing && <ShowSeatMapDialog show={viewing} onClose={() => setViewing(null)} />}
      {bulk && <BulkShowDialog token={token} onCreated={reload} onClose={() => setBulk(false)} />}
      {creating && <CreateShowDialog token={token} access={access} onCreated={reload} onClose={() => setCreating(false)} />}
      {editing && <EditShowDialog token={token} show={editing} onSaved={reload} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Borrar Funcion"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteShow(token, deleting.id);
            setDeleting(null);
            reload();
          }}
        >
          <p>
            ¿ Estás seguro que deseas borrar la función de <strong>{deleting.movie.Title}</strong> del {deleting.day}{' '}
            {dayMonth(deleting.date)} a las {deleting.schedule} ?
          </p>
          <AffectedSeats occupancy={occupancyOf.get(deleting.id)} action="delete" />
        </ConfirmDialog>
      )}
      {cancelling && (
        <ConfirmDialog
          title="Cancelar Funcion"
          confirmLabel="Cancelar función"
          busyLabel="Cancelando…"
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            // Refused here as the service would (its schema requires a reason), shown in the dialog like its refusals.
            if (reason.trim() === '') throw new ApiError(400, CANCEL_REASON_MISSING);
            const started = await cancelShow(token, cancelling.id, reason.trim());
            setCancelling(null);
            // The refunds run on the server as a job: its progress and outcome are shown until the admin closes it.
            setCancellation({
              title: `${cancelling.movie.Title}, ${cancelling.day} ${dayMonth(cancelling.date)} a las ${cancelling.schedule}`,
              started,
            });
            reload();
            occupancy.reload();
          }}
        >
          <p>
            Se cancelará la función de <strong>{cancelling.movie.Title}</strong> del {cancelling.day} {dayMonth(cancelling.date)} a las{' '}
            {cancelling.schedule}: deja de vender entradas, se reembolsa cada compra y se avisa por correo a los compradores. No se puede
            deshacer.
          </p>
          <AffectedSeats occupancy={occupancyOf.get(cancelling.id)} action="cancel" />
          <ReasonLabel>
            Motivo (se incluye en el correo)
            <TextInput value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </ReasonLabel>
        </ConfirmDialog>
      )}
      {cancellation && (
        <CancellationProgress
          token={token}
          title={cancellation.title}
          started={cancellation.started}
          onClose={() => {
            setCancellation(null);
            occupancy.reload();
          }}
        />
      )}
    </div>
  );
}

const CANCEL_REASON_MISSING = 'Por favor ingresa el motivo de la cancelación *';

/** What a delete or a cancellation of the show affects: its sold tickets (a delete of a show that has them is refused). */
function AffectedSeats({ occupancy, action }: { occupancy: ShowOccupancy | undefined; action: 'delete' | 'cancel' }) {
  if (!occupancy) return null;
  if (occupancy.sold === 0) return <p>La función no tiene entradas vendidas.</p>;
  const sold = `${occupancy.sold} ${occupancy.sold === 1 ? 'entrada vendida' : 'entradas vendidas'}`;
  return action === 'delete' ? (
    <p>
      <strong>Tiene {sold}:</strong> no se puede borrar. Cancélala primero (se reembolsan las compras); después se puede borrar.
    </p>
  ) : (
    <p>
      <strong>Se reembolsarán {sold}</strong> con sus compras completas (candy incluido).
    </p>
  );
}

const ToolbarButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const ReasonLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  font-weight: 600;
`;

const CinemaName = styled.small`
  white-space: normal;
`;

const RowActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.4rem;
`;

const OccupancyLines = styled.span`
  display: flex;
  flex-direction: column;

  span {
    white-space: nowrap;
  }
`;

const RowLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 0.75rem;
`;
