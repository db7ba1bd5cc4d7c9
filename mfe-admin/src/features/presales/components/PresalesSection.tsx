import { localDateTime, type PresaleView, type ShowView } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { instantLabel, shortDate, useAsyncData } from '@cine/web-kit';
import { Button } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { RowButton, StackedTable, TableCard, Toolbar } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SuccessMessage } from '../../../components/FormMessage';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import { closePresale, fetchPresales, fetchUpcomingShows } from '../api/presales';
import { STATE_LABELS } from '../presaleForm';
import { PresaleDialog } from './PresaleDialog';

const COLUMNS = ['Funciones', 'Apertura', 'Estado', 'Butacas libres', 'En espera', 'Acción'] as const;

/**
 * Issue 40, 'Preventas': each presale with its shows, its opening (on its cinema's clock), the line's state, the
 * seats left and the people waiting; create one, close one. Loaded apart from the panel (a lazy chunk).
 */
export default function PresalesSection({ token }: { token: string }) {
  const presales = useAsyncData(() => fetchPresales(token), token);
  // The shows not started yet name a presale's shows (one that started is no longer listed: it is counted).
  const shows = useAsyncData(() => fetchUpcomingShows(token).catch(() => [] as ShowView[]), token);
  const { cinemas } = useCinemaScope();
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState<PresaleView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reload = presales.reload;
  const showsById = new Map((shows.status === 'ready' ? shows.data : []).map((show) => [show.id, show]));

  const opening = (presale: PresaleView) => {
    const zone = cinemas.find((cinema) => cinema.id === presale.cinemaId)?.timeZone;
    if (!zone) return instantLabel(presale.opensAt);
    const { date, time } = localDateTime(new Date(presale.opensAt), zone);
    return `${shortDate(date)} ${time}`;
  };

  const close = async (presale: PresaleView) => {
    await closePresale(token, presale.id);
    setClosing(null);
    setDone('Preventa cerrada: sus funciones se venden sin fila.');
    reload();
  };

  return (
    <div>
      <Toolbar>
        <Button type="button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
          Nueva preventa
        </Button>
      </Toolbar>
      {done && <SuccessMessage>{done}</SuccessMessage>}
      <AsyncList
        state={presales}
        loading="Cargando preventas…"
        failed="No se pudieron cargar las preventas."
        empty="Todavía no hay preventas."
      >
        {(rows) => (
          <TableCard>
            <StackedTable aria-label="Preventas" $labels={COLUMNS}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((presale) => (
                  <tr key={presale.id}>
                    <td>
                      <ShowNames>
                        {presale.showIds.map((id) => {
                          const show = showsById.get(id);
                          return (
                            <li key={id}>
                              {show
                                ? `${show.movie.Title} · ${show.day} ${shortDate(show.date)} ${show.schedule} · Sala ${show.roomId}`
                                : 'Función ya empezada'}
                            </li>
                          );
                        })}
                      </ShowNames>
                    </td>
                    <td>{opening(presale)}</td>
                    <td>{STATE_LABELS[presale.state]}</td>
                    <td className="number">{presale.seatsLeft}</td>
                    <td className="number">{presale.waiting}</td>
                    <td>
                      {presale.state !== 'closed' && (
                        <RowButton
                          type="button"
                          $danger
                          aria-label={`Cerrar la preventa del ${opening(presale)}`}
                          aria-haspopup="dialog"
                          onClick={() => {
                            setDone(null);
                            setClosing(presale);
                          }}
                        >
                          Cerrar
                        </RowButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </StackedTable>
          </TableCard>
        )}
      </AsyncList>
      {closing && (
        <ConfirmDialog
          title="Cerrar preventa"
          confirmLabel="Cerrar preventa"
          busyLabel="Cerrando…"
          onConfirm={() => close(closing)}
          onClose={() => setClosing(null)}
        >
          <p>
            La fila de la preventa del {opening(closing)} se cierra ahora: quien espera deja de esperar y sus funciones se venden sin fila.
          </p>
        </ConfirmDialog>
      )}
      {adding && <PresaleDialog token={token} onSaved={reload} onClose={() => setAdding(false)} />}
    </div>
  );
}

const ShowNames = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;
