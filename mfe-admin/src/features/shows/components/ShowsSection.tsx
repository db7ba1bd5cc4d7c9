import type { ShowOccupancy } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { useAsyncData } from '@cine/web-kit';
import { Button, EmptyState, Select } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, Table, TableCard, Toolbar } from '../../../components/DataTable';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { useCreateAccess } from '../../../hooks/useCreateAccess';
import { deleteShow, fetchOccupancy, fetchShows, type Show } from '../api/shows';
import { CreateShowDialog, EditShowDialog } from './ShowDialogs';
import { ShowSeatMapDialog } from './ShowSeatMapDialog';

/** 'dd/mm' of a 'yyyy-mm-dd' date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** '3 vendidos · 2 reservados · 95 libres · ingresaron 1 de 3' (admitted at the door of those sold), or a dash while unknown. */
function occupancyText(entry: ShowOccupancy | undefined): string {
  if (!entry) return '—';
  return `${entry.sold} ${entry.sold === 1 ? 'vendido' : 'vendidos'} · ${entry.held} ${entry.held === 1 ? 'reservado' : 'reservados'} · ${entry.free} ${entry.free === 1 ? 'libre' : 'libres'} · ingresaron ${entry.admitted} de ${entry.sold}`;
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
        <Button type="button" onClick={() => setCreating(true)}>
          Agregar Funcion
        </Button>
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
                      <td className="number">
                        {show.seats}/{show.capacity}
                      </td>
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
        </ConfirmDialog>
      )}
    </div>
  );
}

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
