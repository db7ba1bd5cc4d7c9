import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, instantLabel, useAsyncData } from '@cine/web-kit';
import { Button, Dialog, Select } from '@cine/web-kit/ui';
import { AsyncList } from '../../../components/AsyncList';
import { Table, TableCard } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { OrderLink } from '../../../components/OrderLink';
import {
  detailCsvPath,
  downloadCsv,
  fetchSaleDetail,
  type DetailQuery,
  type SaleDetailRow,
  type SalesMonthRow,
  type SalesSummaryRow,
} from '../api/sales';

/** 'Detalles de ventas' of one summary row: its orders (sorted by total, min or max), or regrouped by month (spec §4). */
export function SaleDetailDialog({
  token,
  row,
  cinemaId = '',
  onClose,
}: {
  token: string;
  row: SalesSummaryRow;
  /** The Ventas section's cinema: the detail is of its sales ('' every cinema). */
  cinemaId?: string;
  onClose: () => void;
}) {
  const [sort, setSort] = useState<'' | 'min' | 'max'>('');
  const [byMonth, setByMonth] = useState(false);
  const [csvError, setCsvError] = useState<string | null>(null);
  const query: DetailQuery = {
    ...(cinemaId ? { cinemaId } : {}),
    movieId: row.movieId,
    type: row.type,
    month: row.month,
    ...(sort ? { sort } : {}),
    ...(byMonth ? { groupBy: 'month' as const } : {}),
  };
  const detail = useAsyncData(() => fetchSaleDetail(token, query), JSON.stringify(query));

  const download = () => {
    setCsvError(null);
    downloadCsv(token, detailCsvPath(query), `ventas-detalle-${row.month}.csv`).catch((error: unknown) => setCsvError(errorMessage(error)));
  };

  return (
    <Dialog title="Detalles de ventas" onClose={onClose} wide>
      <Summary>
        {row.title} · {row.type} · {row.monthName} {row.month.slice(0, 4)}
      </Summary>
      <Controls>
        <label>
          Ordenar por total{' '}
          <Select value={sort} onChange={(event) => setSort(event.target.value as typeof sort)}>
            <option value="">Más recientes</option>
            <option value="min">min</option>
            <option value="max">max</option>
          </Select>
        </label>
        <label>
          <input type="checkbox" checked={byMonth} onChange={(event) => setByMonth(event.target.checked)} /> Agrupar por mes
        </label>
        <Button type="button" $variant="secondary" onClick={download}>
          Descargar CSV
        </Button>
      </Controls>
      {csvError && <ErrorMessage>{csvError}</ErrorMessage>}
      <AsyncList state={detail} loading="Cargando ventas…" failed="No se pudo cargar el detalle." empty="No hay ventas para mostrar.">
        {(rows) => (
          // By the rows' shape, not the checkbox: the previous answer is still shown for a moment after a toggle.
          <TableCard>{isOrders(rows) ? <OrdersTable rows={rows} /> : <MonthTable rows={rows} />}</TableCard>
        )}
      </AsyncList>
      <Footer>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Volver
        </Button>
      </Footer>
    </Dialog>
  );
}

function isOrders(rows: SaleDetailRow[] | SalesMonthRow[]): rows is SaleDetailRow[] {
  return rows.length > 0 && 'orderId' in (rows[0] as object);
}

/** The orders of the detail, each linking to its order page (where it is refunded). */
function OrdersTable({ rows }: { rows: SaleDetailRow[] }) {
  return (
    <Table aria-label="Detalle de ventas">
      <thead>
        <tr>
          <th scope="col">Nombre</th>
          <th scope="col">Tipo</th>
          <th scope="col">Entradas Vendidas</th>
          <th scope="col">Fecha</th>
          <th scope="col">T.Bruto</th>
          <th scope="col">T.Neto</th>
          <th scope="col">Reembolsado</th>
          <th scope="col">Orden</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((sale) => (
          <tr key={sale.orderId}>
            <td>{sale.title}</td>
            <td>{sale.type}</td>
            <td className="number">{sale.seats}</td>
            <td>{instantLabel(sale.date)}</td>
            <td className="number">{formatMoney(sale.totalPrice)}</td>
            <td className="number">{formatMoney(sale.netPrice)}</td>
            <td className="number">{sale.refundedPrice > 0 ? formatMoney(sale.refundedPrice) : '—'}</td>
            <td>
              <OrderLink orderId={sale.orderId} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function MonthTable({ rows }: { rows: SalesMonthRow[] }) {
  return (
    <Table aria-label="Ventas por mes">
      <thead>
        <tr>
          <th scope="col">Mes</th>
          <th scope="col">Entradas Vendidas</th>
          <th scope="col">T.Bruto</th>
          <th scope="col">T.Neto</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((month) => (
          <tr key={month.month}>
            <td>
              {month.monthName} {month.month.slice(0, 4)}
            </td>
            <td className="number">{month.seats}</td>
            <td className="number">{formatMoney(month.totalPrice)}</td>
            <td className="number">{formatMoney(month.netPrice)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Summary = styled.p`
  margin: 0 0 0.75rem;
  color: var(--cine-muted, #a6a6bb);
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.25rem;
  margin-bottom: 1rem;

  label {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
  }

  select {
    width: auto;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 1rem;
`;
