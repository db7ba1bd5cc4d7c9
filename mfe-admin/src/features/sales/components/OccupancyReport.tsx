import { shortDate, useAsyncData } from '@cine/web-kit';
import { AsyncContent, EmptyState } from '@cine/web-kit/ui';
import { Table, TableCard } from '../../../components/DataTable';
import { fetchOccupancy, type SalesOccupancy, type SalesPeriod } from '../api/sales';
import { ReportSection } from './ReportSection';

const percent = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 1 });

/** '37,5 %' of sold over capacity; '—' when the capacity is unknown. */
function occupancyOf(sold: number, capacity: number | null): string {
  return capacity ? percent.format(sold / capacity) : '—';
}

/** 'Ocupación': tickets sold (less refunded) of the seats, per movie and per show of the period. */
export function OccupancyReport({ token, period }: { token: string; period: SalesPeriod }) {
  const occupancy = useAsyncData(() => fetchOccupancy(token, period), `${token}|${period.from}|${period.to}|${period.cinemaId ?? ''}`);
  return (
    <ReportSection id="occupancy-title" title="Ocupación">
      <AsyncContent data={occupancy} loading="Cargando ocupación…" failed="No se pudo cargar la ocupación.">
        {(data) =>
          data.shows.length === 0 ? (
            <EmptyState>No hay funciones con ventas en el período.</EmptyState>
          ) : (
            <OccupancyTables occupancy={data} />
          )
        }
      </AsyncContent>
    </ReportSection>
  );
}

function OccupancyTables({ occupancy }: { occupancy: SalesOccupancy }) {
  return (
    <>
      <TableCard>
        <Table aria-label="Ocupación por película">
          <thead>
            <tr>
              <th scope="col">Película</th>
              <th scope="col">Funciones</th>
              <th scope="col">Vendidas</th>
              <th scope="col">Capacidad</th>
              <th scope="col">Ocupación</th>
            </tr>
          </thead>
          <tbody>
            {occupancy.movies.map((movie) => (
              <tr key={movie.movieId}>
                <td>{movie.title}</td>
                <td className="number">{movie.shows}</td>
                <td className="number">{movie.sold}</td>
                <td className="number">{movie.capacity}</td>
                <td className="number">{occupancyOf(movie.sold, movie.capacity)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableCard>
      <TableCard>
        <Table aria-label="Ocupación por función">
          <thead>
            <tr>
              <th scope="col">Película</th>
              <th scope="col">Fecha</th>
              <th scope="col">Hora</th>
              <th scope="col">Sala</th>
              <th scope="col">Tipo</th>
              <th scope="col">Vendidas</th>
              <th scope="col">Ocupación</th>
            </tr>
          </thead>
          <tbody>
            {occupancy.shows.map((show) => (
              <tr key={show.showId}>
                <td>{show.title}</td>
                <td>{shortDate(show.date)}</td>
                <td>{show.schedule}</td>
                <td className="number">{show.roomId}</td>
                <td>{show.type}</td>
                <td className="number">{show.capacity ? `${show.sold} de ${show.capacity}` : show.sold}</td>
                <td className="number">{occupancyOf(show.sold, show.capacity)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableCard>
    </>
  );
}
