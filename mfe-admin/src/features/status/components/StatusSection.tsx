import type { ConsumerStatusRow } from '@cine/contracts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useAsyncData } from '@cine/web-kit';
import { Button, EmptyState, LoadError } from '@cine/web-kit/ui';
import { ChartCard, Charts } from '../../../components/ChartCard';
import { Toolbar } from '../../../components/DataTable';
import { RecordTable, type Column } from '../../../components/RecordTable';
import { fetchPlatformStatus, type PlatformStatusView, type ServiceStatusRow } from '../api/status';

// nivo is heavy: its chunk loads when the Estado section opens, never with the panel.
const ServiceBars = lazy(() => import('./StatusCharts').then((charts) => ({ default: charts.ServiceBars })));

/** How often the section reads the status again while it is open. */
export const STATUS_REFRESH_MS = 15_000;

const STATUS_TEXT: Record<ServiceStatusRow['status'], string> = { ok: 'En servicio', degraded: 'Con fallas', down: 'Caído' };

const perSecond = (value: number) => value.toLocaleString('es-AR', { maximumFractionDigits: 1 });
const milliseconds = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('es-AR')} ms`);

/** 'Estado': each service up or down with its requests/s and p95, each event consumer's lag and dead letters. */
const SERVICE_COLUMNS: Column<ServiceStatusRow>[] = [
  { label: 'Servicio', cell: (row) => row.name },
  { label: 'Estado', cell: (row) => <Badge $status={row.status}>{STATUS_TEXT[row.status]}</Badge> },
  { label: 'Solicitudes/s', numeric: true, cell: (row) => perSecond(row.requestsPerSecond) },
  { label: 'p95', numeric: true, cell: (row) => milliseconds(row.p95Ms) },
  { label: 'Errores/s', numeric: true, cell: (row) => perSecond(row.errorsPerSecond) },
];

const CONSUMER_COLUMNS: Column<ConsumerStatusRow>[] = [
  { label: 'Consumidor', cell: (row) => row.consumer },
  { label: 'Procesados/s', numeric: true, cell: (row) => perSecond(row.handledPerSecond) },
  { label: 'Demora p95', numeric: true, cell: (row) => milliseconds(row.lagP95Ms) },
  { label: 'Descartados (dead letters)', numeric: true, cell: (row) => (row.deadLetters > 0 ? <Alert>{row.deadLetters}</Alert> : 0) },
];

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

      <RecordTable label="Servicios" columns={SERVICE_COLUMNS} rows={shown.services} rowKey={(row) => row.name} />

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
        <RecordTable label="Eventos por consumidor" columns={CONSUMER_COLUMNS} rows={shown.consumers} rowKey={(row) => row.consumer} />
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
