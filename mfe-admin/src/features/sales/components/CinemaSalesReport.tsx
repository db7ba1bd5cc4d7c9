import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { formatMoney, useAsyncData } from '@cine/web-kit';
import { AsyncContent, EmptyState } from '@cine/web-kit/ui';
import { Table, TableCard } from '../../../components/DataTable';
import { fetchCinemaSales, type CinemaSalesRow } from '../../../api/cinemas';
import type { SalesPeriod } from '../api/sales';
import { ReportSection } from './ReportSection';
import { periodText } from './SalesTotalsReport';

// nivo is heavy: the bars load with this report, never with the panel.
const CinemaSalesBar = lazy(() => import('./CinemaSalesChart'));

/** The chain's total of the rows: what every cinema sold together. */
function chainTotal(rows: readonly CinemaSalesRow[]): Pick<CinemaSalesRow, 'tickets' | 'totalPrice' | 'netPrice'> {
  return rows.reduce(
    (sum, row) => ({
      tickets: sum.tickets + row.tickets,
      totalPrice: sum.totalPrice + row.totalPrice,
      netPrice: sum.netPrice + row.netPrice,
    }),
    { tickets: 0, totalPrice: 0, netPrice: 0 },
  );
}

/**
 * 'Ventas por cine' (issue 38): each cinema's tickets, T.Bruto and T.Neto of the period, the chain's total under
 * them, and a bar per cinema. An admin sees every cinema; a manager theirs (the service decides). The chosen cinema's
 * row is marked.
 */
export function CinemaSalesReport({
  token,
  period,
  version,
  chosenCinemaId,
}: {
  token: string;
  period: SalesPeriod;
  version: number;
  chosenCinemaId: string;
}) {
  const sales = useAsyncData(() => fetchCinemaSales(token, period.from, period.to), `${token}|${version}|${period.from}|${period.to}`);
  return (
    <ReportSection id="sales-cinemas-title" title={`Ventas por cine ${periodText(period)}`}>
      <AsyncContent data={sales} loading="Cargando las ventas por cine…" failed="No se pudieron cargar las ventas por cine.">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState>No hay cines para comparar.</EmptyState>
          ) : (
            <Comparison>
              <TableCard>
                <Table aria-label="Ventas por cine">
                  <thead>
                    <tr>
                      <th scope="col">Cine</th>
                      <th scope="col" className="number">
                        Entradas
                      </th>
                      <th scope="col" className="number">
                        T.Bruto
                      </th>
                      <th scope="col" className="number">
                        T.Neto
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.cinemaId} aria-current={row.cinemaId === chosenCinemaId ? 'true' : undefined}>
                        <th scope="row">{row.name}</th>
                        <td className="number">{row.tickets}</td>
                        <td className="number">{formatMoney(row.totalPrice)}</td>
                        <td className="number">{formatMoney(row.netPrice)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <ChainTotal rows={rows} />
                  </tfoot>
                </Table>
              </TableCard>
              {rows.some((row) => row.tickets > 0) ? (
                <Plot
                  role="img"
                  aria-label={`Gráfico de barras: entradas vendidas por cine, ${rows.map((row) => `${row.name} ${row.tickets}`).join(', ')}`}
                >
                  <Suspense fallback={<p role="status">Cargando gráfico…</p>}>
                    <CinemaSalesBar rows={rows} />
                  </Suspense>
                </Plot>
              ) : (
                <EmptyState>No hay ventas en el período.</EmptyState>
              )}
            </Comparison>
          )
        }
      </AsyncContent>
    </ReportSection>
  );
}

function ChainTotal({ rows }: { rows: readonly CinemaSalesRow[] }) {
  const total = chainTotal(rows);
  return (
    <tr>
      <th scope="row">Total de la cadena</th>
      <td className="number">{total.tickets}</td>
      <td className="number">{formatMoney(total.totalPrice)}</td>
      <td className="number">{formatMoney(total.netPrice)}</td>
    </tr>
  );
}

const Comparison = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;

  @media (min-width: 64rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }

  tr[aria-current='true'] th {
    color: var(--cine-gold, #f5c518);
  }
`;

const Plot = styled.div`
  height: 16rem;
`;
