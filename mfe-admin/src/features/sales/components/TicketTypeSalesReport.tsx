import { formatMoney, useAsyncData } from '@cine/web-kit';
import { AsyncContent, EmptyState } from '@cine/web-kit/ui';
import { StackedTable, TableCard } from '../../../components/DataTable';
import {
  fetchMovieTicketTypeSales,
  fetchTicketTypeSales,
  type MovieTicketTypeSales,
  type SalesPeriod,
  type TicketTypeSalesRow,
} from '../api/sales';
import { ReportSection } from './ReportSection';

const COLUMNS = ['Tipo de entrada', 'Entradas', 'T.Bruto', 'T.Neto', 'Reembolsado'];
const MOVIE_COLUMNS = ['Pelicula', ...COLUMNS];

/** 'Ventas por tipo de entrada' (issue 37): the period's tickets per type, then per movie and type; net of refunds. */
export function TicketTypeSalesReport({ token, period, version }: { token: string; period: SalesPeriod; version: number }) {
  const key = `${token}|${version}|${period.from}|${period.to}|${period.cinemaId ?? ''}`;
  const sales = useAsyncData(async () => {
    const [types, movies] = await Promise.all([fetchTicketTypeSales(token, period), fetchMovieTicketTypeSales(token, period)]);
    return { types, movies };
  }, key);
  return (
    <ReportSection id="sales-types-title" title="Ventas por tipo de entrada">
      <AsyncContent
        data={sales}
        loading="Cargando ventas por tipo de entrada…"
        failed="No se pudieron cargar las ventas por tipo de entrada."
      >
        {({ types, movies }) =>
          types.length === 0 ? (
            <EmptyState>No hubo ventas de entradas en el período.</EmptyState>
          ) : (
            <>
              <ByType rows={types} />
              <h4 id="sales-types-movies-title">Por película</h4>
              <ByMovie movies={movies} />
            </>
          )
        }
      </AsyncContent>
    </ReportSection>
  );
}

function figureCells(row: TicketTypeSalesRow) {
  return (
    <>
      <td className="number">{row.tickets}</td>
      <td className="number">{formatMoney(row.totalPrice)}</td>
      <td className="number">{formatMoney(row.netPrice)}</td>
      <td className="number">{formatMoney(row.refundedPrice)}</td>
    </>
  );
}

function Header({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={index >= columns.length - 4 ? 'number' : undefined}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function ByType({ rows }: { rows: TicketTypeSalesRow[] }) {
  const sum = (field: 'tickets' | 'totalPrice' | 'netPrice' | 'refundedPrice') => rows.reduce((total, row) => total + row[field], 0);
  return (
    <TableCard>
      <StackedTable aria-label="Ventas por tipo de entrada" $labels={COLUMNS}>
        <Header columns={COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.type}>
              <td>{row.name}</td>
              {figureCells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="number">{sum('tickets')}</td>
            <td className="number">{formatMoney(sum('totalPrice'))}</td>
            <td className="number">{formatMoney(sum('netPrice'))}</td>
            <td className="number">{formatMoney(sum('refundedPrice'))}</td>
          </tr>
        </tfoot>
      </StackedTable>
    </TableCard>
  );
}

function ByMovie({ movies }: { movies: MovieTicketTypeSales[] }) {
  return (
    <TableCard>
      <StackedTable aria-labelledby="sales-types-movies-title" $labels={MOVIE_COLUMNS} $stackBelow="44rem">
        <Header columns={MOVIE_COLUMNS} />
        <tbody>
          {movies.flatMap((movie) =>
            movie.types.map((row) => (
              <tr key={`${movie.movieId}-${row.type}`}>
                <td>{movie.title}</td>
                <td>{row.name}</td>
                {figureCells(row)}
              </tr>
            )),
          )}
        </tbody>
      </StackedTable>
    </TableCard>
  );
}
