import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useAsyncData } from '@cine/web-kit';
import { Button, EmptyState, LoadError } from '@cine/web-kit/ui';
import { ChartCard, Charts } from '../../../components/ChartCard';
import { Table, TableCard, Toolbar } from '../../../components/DataTable';
import { fetchPlatformStatus, type PlatformStatusView, type ServiceStatusRow } from '../api/status';

// nivo is heavy: its chunk loads when the Estado section opens, never with the panel.
const ServiceBars = lazy(() => import('./StatusCharts').then((charts) => ({ default: charts.ServiceBars })));

/** How often the section reads the status again while it is open. */
export const STATUS_REFRESH_MS = 15_000;

const STATUS_TEXT: Record<ServiceStatusRow['status'], string> = { ok: 'En servicio', degraded: 'Con fallas', down: 'Caído' };

const perSecond = (value: number) => value.toLocaleString('es-AR', { maximumFractionDigits: 1 });
const milliseconds = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('es-AR')} ms`);

/** 'Estado': each service up or down with its requests/s and p95, each event consumer's lag and dead letters. */
export function StatusSection({ token }: { token: string }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const status = useAsyncData(() => fetchPlatformStatus(token), `${token}|${tick}`);
  // The last answer stays on screen while the next one loads (every 15 s), so nothing blinks.
  const [shown, setShown] = useState<PlatformStatusView | null>(null);
  useEffect(() => {
    if (status.status === 'ready') setShown(status.data);
  }, [status]);

  if (!shown) {
    if (status.status === 'error') return <LoadError message={`No se pudo cargar el estado. ${status.message}`} onRetry={status.reload} />;
    return <EmptyState role="status">Cargando estado…</EmptyState>;
  }
  const minutes = Math.max(1, Math.round(shown.windowSeconds / 60));
  return (
    <div>
      <Toolbar>
        <Window>
          {shown.windowSeconds < 60 ? `Desde hace ${shown.windowSeconds} s` : `Últimos ${minutes} min`} · se actualiza cada 15 s
        </Window>
        <Button type="button" $variant="secondary" onClick={() => setTick((n) => n + 1)}>
          Actualizar
        </Button>
      </Toolbar>
      {status.status === 'error' && <LoadError message={`No se pudo actualizar el estado. ${status.message}`} onRetry={status.reload} />}

      <TableCard>
        <Table aria-label="Servicios">
          <thead>
            <tr>
              <th scope="col">Servicio</th>
              <th scope="col">Estado</th>
              <th scope="col">Solicitudes/s</th>
              <th scope="col">p95</th>
              <th scope="col">Errores/s</th>
            </tr>
          </thead>
          <tbody>
            {shown.services.map((row) => (
              <tr key={row.name}>
                <td>{row.name}</td>
                <td>
                  <Badge $status={row.status}>{STATUS_TEXT[row.status]}</Badge>
                </td>
                <td className="number">{perSecond(row.requestsPerSecond)}</td>
                <td className="number">{milliseconds(row.p95Ms)}</td>
                <td className="number">{perSecond(row.errorsPerSecond)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableCard>

      <Charts>
        <StatusChart
          title="Solicitudes por segundo"
          description={shown.services.map((row) => `${row.name} ${perSecond(row.requestsPerSecond)}`).join(', ')}
        >
          <ServiceBars rows={shown.services} value={(row) => row.requestsPerSecond} color="#f5c518" />
        </StatusChart>
        <StatusChart
          title="Tiempo de respuesta p95 (ms)"
          description={shown.services.map((row) => `${row.name} ${milliseconds(row.p95Ms)}`).join(', ')}
        >
          <ServiceBars rows={shown.services} value={(row) => row.p95Ms ?? 0} color="#e50914" />
        </StatusChart>
      </Charts>

      <h3>Eventos</h3>
      {shown.consumers.length === 0 ? (
        <EmptyState>Todavía no se procesaron eventos.</EmptyState>
      ) : (
        <TableCard>
          <Table aria-label="Eventos por consumidor">
            <thead>
              <tr>
                <th scope="col">Consumidor</th>
                <th scope="col">Procesados/s</th>
                <th scope="col">Demora p95</th>
                <th scope="col">Descartados (dead letters)</th>
              </tr>
            </thead>
            <tbody>
              {shown.consumers.map((row) => (
                <tr key={row.consumer}>
                  <td>{row.consumer}</td>
                  <td className="number">{perSecond(row.handledPerSecond)}</td>
                  <td className="number">{milliseconds(row.lagP95Ms)}</td>
                  <td className="number">{row.deadLetters > 0 ? <Alert>{row.deadLetters}</Alert> : 0}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableCard>
      )}
    </div>
  );
}

/** A bar chart of the section: described for screen readers, drawn once its chunk (nivo) has come. */
function StatusChart({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <ChartCard title={title}>
      <Plot role="img" aria-label={`Gráfico de barras: ${title.toLowerCase()}, ${description}`}>
        <Suspense fallback={<EmptyState role="status">Cargando gráfico…</EmptyState>}>{children}</Suspense>
      </Plot>
    </ChartCard>
  );
}

const Window = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;

const Badge = styled.span<{ $status: ServiceStatusRow['status'] }>`
  display: inline-block;
  padding: 0.15rem 0.55rem;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 600;
  white-space: nowrap;
  color: #111;
  background: ${({ $status }) => ($status === 'ok' ? '#4ade80' : $status === 'degraded' ? '#f5c518' : '#f87171')};
`;

const Alert = styled.strong`
  color: #f87171;
`;

const Plot = styled.div`
  height: 16rem;
`;
