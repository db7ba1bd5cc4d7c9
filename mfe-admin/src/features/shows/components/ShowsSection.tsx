import type { ShowOccupancy } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, useAsyncData } from '@cine/web-kit';
import { Button, EmptyState, Select, TextInput } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, Table, TableCard, Toolbar } from '../../../components/DataTable';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { useCreateAccess } from '../../../hooks/useCreateAccess';
import { cancelShow, deleteShow, fetchOccupancy, fetchShows, type Show } from '../api/shows';
import { BulkShowDialog, CreateShowDialog, EditShowDialog } from './ShowDialogs';
import { ShowSeatMapDialog } from './ShowSeatMapDialog';

/** 'dd/mm' of a 'yyyy-mm-dd' date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** '3 vendidos · 2 reservados · 95 libres · ingresaron 1 de 3' (admitted at the door of those sold), or a dash while unknown. */
function occupancyText(entry: ShowOccupancy | undefined): string {
  if (!entry) return '—';
  return `${entry.sold} ${entry.sold === 1 ? 'vendido' : 'vendidos'} · ${entry.held} ${entry.held === 1 ? 'reservado' : 'reservados'} · ${entry.free} ${entry.free === 1 ? 'libre' : 'libres'} · ingresaron ${entry.admitted} de ${entry.sold}`;
}

/** The Asientos column: what it counts ('80 libres de 100'). */
function seatsText(show: Pick<Show, 'seats' | 'capacity'>): string {
  return `${show.seats} ${show.seats === 1 ? 'libre' : 'libres'} de ${show.capacity}`;
}

/** 'Funciones de peliculas': upcoming shows with their occupancy (and how many came in) and seat map; create, modify and delete them. */
export function ShowsSection({ token }: { token: string }) {
  const shows = useAsyncData(() => fetchShows(token), token);
  const occupancy = useAsyncData(() => fetchOccupancy(token), token);
  const occupancyOf = new Map(occupancy.status === 'ready' ? occupancy.data.map((entry) => [entry.showId, entry]) : []);
  const [viewing, setViewing] = useState<Show | null>(null);
  const access = useCreateAccess(token);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Show | null>(null);
  const [deleting, setDeleting] = useState<Show | null>(null);
  const [bulk, setBulk] = useState(false);
  const [cancelling, setCancelling] = useState<Show | null>(null);
  const [reason, setReason] = useState('');
  // A week of shows is a long list: the manager may look at one day.
  const [date, setDate] = useState('');
  const reload = shows.reload;
  const dates = shows.status === 'ready' ? [...new Map(shows.data.map((show) => [show.date, show.day])).entries()] : [];
  const listed = shows.status === 'ready' ? shows.data.filter((show) => !date || show.date === date) : [];

  return (
    <div>
      <Toolbar>
        <DayFilter>
          Dia
          <Select value={date} onChange={(event) => setDate(event.target.value)}>
            <option value="">Todos los días</option>
            {dates.map(([value, day]) => (
              <option key={value} value={value}>
                {day} {dayMonth(value)}
              </option>
            ))}
          </Select>
        </DayFilter>
        <ToolbarButtons>
          <Button type="button" $variant="secondary" onClick={() => setBulk(true)}>
            Programar en bloque
          </Button>
          <Button type="button" onClick={() => setCreating(true)}>
            Agregar Funcion
          </Button>
        </ToolbarButtons>
      </Toolbar>

      <AsyncList
        state={shows}
        loading="Cargando funciones…"
        failed="No se pudieron cargar las funciones."
        empty="No hay funciones programadas."
      >
        {() =>
          listed.length === 0 ? (
            <EmptyState>No hay funciones ese día.</EmptyState>
          ) : (
            <TableCard>
              <Table aria-label="Funciones">
                <thead>
                  <tr>
                    <th scope="col">Horarios</th>
                    <th scope="col">Dia</th>
                    <th scope="col">Pelicula</th>
                    <th scope="col">Sala</th>
                    <th scope="col">Tipo</th>
                    <th scope="col">Asientos</th>
                    <th scope="col">Ocupación</th>
                    <th scope="col">Modificar</th>
                  </tr>
                </thead>
                <tbody>
                  {listed.map((show) => (
                    <tr key={show.id}>
                      <td>{show.schedule}</td>
                      <td>
                        {show.day} {dayMonth(show.date)}
                      </td>
                      <td>{show.movie.Title}</td>
                      <td className="number">{show.roomId}</td>
                      <td>{show.type}</td>
                      <td className="number">{seatsText(show)}</td>
                      <td>
                        <RowActions>
                          <span>{occupancyText(occupancyOf.get(show.id))}</span>
                          <Button
                            type="button"
                            $variant="link"
                            aria-label={`Ver el mapa de asientos de la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
                            onClick={() => setViewing(show)}
                          >
                            Ver mapa
                          </Button>
                        </RowActions>
                      </td>
                      <td>
                        <RowActions>
                          <RowButton
                            type="button"
                            aria-label={`Modificar la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
                            onClick={() => setEditing(show)}
                          >
                            <EditIcon />
                          </RowButton>
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
                          <RowButton
                            type="button"
                            $danger
                            aria-label={`Borrar la función de ${show.movie.Title} del ${show.day} a las ${show.schedule}`}
                            onClick={() => setDeleting(show)}
                          >
                            <TrashIcon />
                          </RowButton>
                        </RowActions>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableCard>
          )
        }
      </AsyncList>

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
            await cancelShow(token, cancelling.id, reason.trim());
            setCancelling(null);
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

const DayFilter = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 600;

  select {
    width: auto;
  }
`;

const RowActions = styled.div`
  display: flex;
  gap: 0.4rem;
`;
