import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, useAsyncData } from '@cine/web-kit';
import { Button, LoadError, TextInput } from '@cine/web-kit/ui';
import { ChartCard, Charts } from '../../../components/ChartCard';
import { RowButton, StackedTable, TableCard, Toolbar } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { InfoIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import {
  downloadCsv,
  fetchMonthlySales,
  fetchSalesSummary,
  fetchTopSellers,
  summaryCsvPath,
  type SalesPeriod,
  type SalesSummaryRow,
} from '../api/sales';
import { OccupancyReport } from './OccupancyReport';
import { SaleDetailDialog } from './SaleDetailDialog';
import { SalesTotalsReport } from './SalesTotalsReport';
import { TicketTypeSalesReport } from './TicketTypeSalesReport';
import { AsyncList } from '../../../components/AsyncList';
import { CinemaSalesReport } from './CinemaSalesReport';
import { DiscountsReport } from './DiscountsReport';
import { ClubSalesReport } from './ClubSalesReport';
import { useCinemaScope } from '../../../hooks/useCinemaScope';

// nivo is heavy: its chunk loads when the Ventas section opens, never with the panel.
const TopSellersPie = lazy(() => import('./SalesCharts').then((charts) => ({ default: charts.TopSellersPie })));
const MonthlySalesLine = lazy(() => import('./SalesCharts').then((charts) => ({ default: charts.MonthlySalesLine })));

const NO_PERIOD: SalesPeriod = { from: '', to: '' };

/** The summary's columns (spec §2). */
const SUMMARY_COLUMNS = ['Nombre', 'Tipo', 'Entradas Vendidas', 'Mes', 'T.Bruto', 'T.Neto', 'Detail'];

/**
 * 'Ventas de peliculas': the cinemas compared (issue 38), both charts on real sales of the period chosen (the last 8
 * months when none), the occupancy per movie and show, the summary table with search, detail and CSV; all but the
 * comparison of the chosen cinema (`cinemaId`; '' every cinema the caller may see).
 */
export function SalesSection({ token, cinemaId = '' }: { token: string; cinemaId?: string }) {
  const [query, setQuery] = useState('');
  const [version, setVersion] = useState(0);
  const [chosenPeriod, setPeriod] = useState<SalesPeriod>(NO_PERIOD);
  const period: SalesPeriod = cinemaId ? { ...chosenPeriod, cinemaId } : chosenPeriod;
  const periodKey = `${token}|${version}|${period.from}|${period.to}|${cinemaId}`;
  const summary = useAsyncData(() => fetchSalesSummary(token, query, cinemaId), `${query}|${version}|${cinemaId}`);
  const top = useAsyncData(() => fetchTopSellers(token, period), periodKey);
  const monthly = useAsyncData(() => fetchMonthlySales(token, period), periodKey);
  const chosen = Boolean(period.from || period.to);
  const [detail, setDetail] = useState<SalesSummaryRow | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  // The club's figures are the chain's: an admin's (who sees every cinema), never a manager's.
  const { scope } = useCinemaScope();

  const download = () => {
    setCsvError(null);
    downloadCsv(token, summaryCsvPath(query, cinemaId), 'ventas-resumen.csv').catch((error: unknown) => setCsvError(errorMessage(error)));
  };

  return (
    <div>
      <Toolbar>
        <SearchBar
          placeholder="Buscar pelicula..."
          onSearch={setQuery}
          onShowAll={() => (query ? setQuery('') : setVersion((n) => n + 1))}
        />
      </Toolbar>
      <PeriodForm onChoose={setPeriod} />
      <CinemaSalesReport token={token} period={chosenPeriod} version={version} chosenCinemaId={cinemaId} />
      <SalesTotalsReport token={token} period={period} version={version} />
      <TicketTypeSalesReport token={token} period={period} version={version} />
      <DiscountsReport token={token} period={period} version={version} />
      {scope.all && <ClubSalesReport token={token} period={chosenPeriod} version={version} />}

      <Charts>
        <ChartCard title="Peliculas mas vendidas" footer={chosen ? 'Top 6 mas vendidas del período' : 'Top 6 mas vendidas'}>
          {top.status === 'loading' && <ChartMessage role="status">Cargando gráfico…</ChartMessage>}
          {top.status === 'error' && <LoadError message={`No se pudo cargar el gráfico. ${top.message}`} onRetry={top.reload} />}
          {top.status === 'ready' && top.data.length === 0 && (
            <ChartMessage>{chosen ? 'No hay ventas en el período.' : 'Todavía no hay ventas.'}</ChartMessage>
          )}
          {top.status === 'ready' && top.data.length > 0 && (
            <>
              <Plot role="img" aria-label="Gráfico de torta: entradas vendidas de las películas más vendidas">
                <Suspense fallback={<ChartMessage role="status">Cargando gráfico…</ChartMessage>}>
                  <TopSellersPie rows={top.data} />
                </Suspense>
              </Plot>
              <Legend aria-label="Entradas por película">
                {top.data.map((row) => (
                  <li key={row.movieId}>
                    {row.title}: {row.seats}
                  </li>
                ))}
              </Legend>
            </>
          )}
        </ChartCard>
        <ChartCard
          title="Ventas mensuales"
          footer={chosen ? 'Total de ventas por mes del período' : 'Total de ventas de los ultimos meses'}
        >
          {monthly.status === 'loading' && <ChartMessage role="status">Cargando gráfico…</ChartMessage>}
          {monthly.status === 'error' && (
            <LoadError message={`No se pudo cargar el gráfico. ${monthly.message}`} onRetry={monthly.reload} />
          )}
          {monthly.status === 'ready' && monthly.data.every((row) => row.seats === 0) && (
            <ChartMessage>{chosen ? 'No hay ventas en el período.' : 'Todavía no hay ventas.'}</ChartMessage>
          )}
          {monthly.status === 'ready' && monthly.data.some((row) => row.seats > 0) && (
            <Plot
              role="img"
              aria-label={`Gráfico de líneas: entradas vendidas por mes, ${monthly.data.map((row) => `${row.monthName} ${row.seats}`).join(', ')}`}
            >
              <Suspense fallback={<ChartMessage role="status">Cargando gráfico…</ChartMessage>}>
                <MonthlySalesLine rows={monthly.data} />
              </Suspense>
            </Plot>
          )}
        </ChartCard>
      </Charts>

      <OccupancyReport key={version} token={token} period={period} />

      <TableHeader>
        <h3>Ventas por película y mes</h3>
        <Button type="button" $variant="secondary" onClick={download}>
          Descargar CSV
        </Button>
      </TableHeader>
      {csvError && <ErrorMessage>{csvError}</ErrorMessage>}
      <AsyncList
        state={summary}
        loading="Cargando ventas…"
        failed="No se pudieron cargar las ventas."
        empty={query ? `No hay ventas de películas cuyo título contenga «${query}».` : 'Todavía no hay ventas.'}
      >
        {(rows) => (
          <TableCard>
            <StackedTable aria-label="Ventas de peliculas" $labels={SUMMARY_COLUMNS} $stackBelow="44rem">
              <thead>
                <tr>
                  {SUMMARY_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.movieId}|${row.type}|${row.month}`}>
                    <td>{row.title}</td>
                    <td>{row.type}</td>
                    <td className="number">{row.seats}</td>
                    <td>
                      {row.monthName} {row.month.slice(0, 4)}
                    </td>
                    <td className="number">{formatMoney(row.totalPrice)}</td>
                    <td className="number">{formatMoney(row.netPrice)}</td>
                    <td>
                      <RowButton
                        type="button"
                        aria-label={`Detalles de ventas de ${row.title} ${row.type} ${row.monthName}`}
                        onClick={() => setDetail(row)}
                      >
                        <InfoIcon />
                      </RowButton>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td />
                  <td className="number">{rows.reduce((sum, row) => sum + row.seats, 0)}</td>
                  <td />
                  <td className="number">{formatMoney(rows.reduce((sum, row) => sum + row.totalPrice, 0))}</td>
                  <td className="number">{formatMoney(rows.reduce((sum, row) => sum + row.netPrice, 0))}</td>
                  <td />
                </tr>
              </tfoot>
            </StackedTable>
          </TableCard>
        )}
      </AsyncList>

      {detail && <SaleDetailDialog token={token} row={detail} cinemaId={cinemaId} onClose={() => setDetail(null)} />}
    </div>
  );
}

/** The reports' period: 'Desde' and 'Hasta' (cinema days); 'Últimos 8 meses' goes back to no period. */
function PeriodForm({ onChoose }: { onChoose: (period: SalesPeriod) => void }) {
  const [fields, setFields] = useState(NO_PERIOD);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.from && fields.to && fields.from > fields.to) {
      setError('La fecha «Desde» debe ser anterior o igual a «Hasta».');
      return;
    }
    setError(null);
    onChoose(fields);
  };
  return (
    <Period aria-label="Período de los reportes" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-from`}>
        Desde
        <TextInput
          id={`${id}-from`}
          type="date"
          value={fields.from}
          onChange={(event) => setFields({ ...fields, from: event.target.value })}
        />
      </label>
      <label htmlFor={`${id}-to`}>
        Hasta
        <TextInput id={`${id}-to`} type="date" value={fields.to} onChange={(event) => setFields({ ...fields, to: event.target.value })} />
      </label>
      <div className="actions">
        <Button type="submit">Aplicar período</Button>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            setFields(NO_PERIOD);
            setError(null);
            onChoose(NO_PERIOD);
          }}
        >
          Últimos 8 meses
        </Button>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </Period>
  );
}

const Period = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-end;
  margin-top: 1rem;

  label {
    display: flex;
    flex: 1 1 10rem;
    flex-direction: column;
    gap: 0.3rem;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }

  [role='alert'] {
    flex-basis: 100%;
  }
`;

const Plot = styled.div`
  height: 16rem;
`;

const ChartMessage = styled.p`
  display: grid;
  place-items: center;
  min-height: 8rem;
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.85rem;
  color: var(--cine-muted, #a6a6bb);
`;

const TableHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 0.75rem;

  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;
