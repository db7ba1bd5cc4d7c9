import styled from 'styled-components';
import { formatMoney, shortDate, useAsyncData } from '@cine/web-kit';
import { AsyncContent, EmptyState } from '@cine/web-kit/ui';
import { Table, TableCard } from '../../../components/DataTable';
import { fetchSalesTotals, type SalesPeriod, type SalesTotals } from '../api/sales';
import { ReportSection } from './ReportSection';

/** 'del 01/11/2026 al 30/11/2026', 'desde el …', 'hasta el …', or every sale. */
export function periodText({ from, to }: SalesPeriod): string {
  if (from && to) return `del ${shortDate(from)} al ${shortDate(to)}`;
  if (from) return `desde el ${shortDate(from)}`;
  if (to) return `hasta el ${shortDate(to)}`;
  return 'de todas las ventas';
}

const units = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Totales': what the period sold, net of refunds — tickets, candy and both — and the candy per item. */
export function SalesTotalsReport({ token, period, version }: { token: string; period: SalesPeriod; version: number }) {
  const totals = useAsyncData(
    () => fetchSalesTotals(token, period),
    `${token}|${version}|${period.from}|${period.to}|${period.cinemaId ?? ''}`,
  );
  return (
    <ReportSection id="sales-totals-title" title={`Totales ${periodText(period)}`}>
      <AsyncContent data={totals} loading="Cargando totales…" failed="No se pudieron cargar los totales.">
        {(data) => <Totals totals={data} />}
      </AsyncContent>
    </ReportSection>
  );
}

function Totals({ totals }: { totals: SalesTotals }) {
  const { tickets, candy, candyItems } = totals;
  const refunded = tickets.refundedPrice + candy.refundedPrice;
  return (
    <>
      <Figures aria-label="Totales del período">
        <div>
          <dt>Total vendido</dt>
          <dd className="amount">{formatMoney(totals.totalPrice)}</dd>
          <dd>Entradas y candy, sin lo reembolsado</dd>
        </div>
        <div>
          <dt>Entradas (T.Bruto)</dt>
          <dd className="amount">{formatMoney(tickets.totalPrice)}</dd>
          <dd>
            {units(tickets.seats, 'entrada', 'entradas')} · T.Neto {formatMoney(tickets.netPrice)}
          </dd>
        </div>
        <div>
          <dt>Candy</dt>
          <dd className="amount">{formatMoney(candy.totalPrice)}</dd>
          <dd>{units(candy.quantity, 'unidad', 'unidades')}</dd>
        </div>
        <div>
          <dt>Reembolsado</dt>
          <dd className="amount">{formatMoney(refunded)}</dd>
          <dd>
            {units(tickets.refundedSeats, 'entrada', 'entradas')} · {units(candy.refundedQuantity, 'unidad', 'unidades')} de candy
          </dd>
        </div>
      </Figures>
      <h4 id="candy-revenue-title">Ventas de candy</h4>
      {candyItems.length === 0 ? (
        <EmptyState>No hubo ventas de candy en el período.</EmptyState>
      ) : (
        <TableCard>
          <Table aria-labelledby="candy-revenue-title">
            <thead>
              <tr>
                <th scope="col">Producto</th>
                <th scope="col" className="number">
                  Unidades
                </th>
                <th scope="col" className="number">
                  Total
                </th>
                <th scope="col" className="number">
                  Reembolsado
                </th>
              </tr>
            </thead>
            <tbody>
              {candyItems.map((item) => (
                <tr key={item.itemId}>
                  <td>{item.name}</td>
                  <td className="number">{item.quantity}</td>
                  <td className="number">{formatMoney(item.totalPrice)}</td>
                  <td className="number">{formatMoney(item.refundedPrice)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total candy</th>
                <td className="number">{candy.quantity}</td>
                <td className="number">{formatMoney(candy.totalPrice)}</td>
                <td className="number">{formatMoney(candy.refundedPrice)}</td>
              </tr>
            </tfoot>
          </Table>
        </TableCard>
      )}
    </>
  );
}

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr));
  gap: 0.75rem;
  margin: 0;

  div {
    padding: 0.75rem 1rem;
    background: var(--cine-surface, #161622);
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: 12px;
  }

  dt {
    color: var(--cine-muted, #a6a6bb);
    font-weight: 600;
  }

  dd {
    margin: 0;
    color: var(--cine-muted, #a6a6bb);
    font-size: 0.85rem;
  }

  dd.amount {
    margin: 0.25rem 0;
    color: inherit;
    font-size: 1.4rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
