import type { RenewalOutcome, RenewalsReport, RenewalView } from '@cine/contracts';
import { fetchClubRenewals, formatMoney, instantLabel, useAsyncData } from '@cine/web-kit';
import { AsyncContent, Button } from '@cine/web-kit/ui';
import { CellNote, Toolbar } from '../../../components/DataTable';
import { RecordTable, type Column } from '../../../components/RecordTable';

const OUTCOME_LABELS: Record<RenewalOutcome, string> = {
  charged: 'Cobrada',
  declined: 'Rechazada',
  lapsed: 'Vencido',
  ended: 'Terminado',
  failed: 'Falló',
};

type RenewalRun = RenewalsReport['runs'][number];

const RUN_COLUMNS: Column<RenewalRun>[] = [
  { label: 'Inicio', cell: (run) => instantLabel(run.startedAt) },
  { label: 'Fin', cell: (run) => (run.finishedAt ? instantLabel(run.finishedAt) : 'En curso') },
  { label: 'Vencidos', numeric: true, cell: (run) => run.due },
  { label: 'Cobrados', numeric: true, cell: (run) => run.charged },
  { label: 'Rechazados', numeric: true, cell: (run) => run.declined },
  { label: 'Caducados', numeric: true, cell: (run) => run.lapsed },
  { label: 'Terminados', numeric: true, cell: (run) => run.ended },
  { label: 'Fallidos', numeric: true, cell: (run) => run.failed },
];

const RENEWAL_COLUMNS: Column<RenewalView>[] = [
  { label: 'Fecha', cell: (renewal) => instantLabel(renewal.at) },
  { label: 'Plan', cell: (renewal) => renewal.planName },
  { label: 'Período', cell: (renewal) => renewal.period },
  { label: 'Monto', numeric: true, cell: (renewal) => formatMoney(renewal.amount) },
  {
    label: 'Resultado',
    cell: (renewal) => (
      <>
        {OUTCOME_LABELS[renewal.outcome]}
        {renewal.reason && <CellNote>{renewal.reason}</CellNote>}
      </>
    ),
  },
  { label: 'Intentos', numeric: true, cell: (renewal) => renewal.attempts },
];

/** The renewal job of the Cine Pase: when it runs, its last runs and the renewals they made. */
export function RenewalsPart({ token }: { token: string }) {
  const report = useAsyncData(() => fetchClubRenewals(token), token);
  return (
    <section aria-labelledby="club-renewals-title">
      <h3 id="club-renewals-title">Renovaciones del Cine Pase</h3>
      <Toolbar>
        <Button type="button" $variant="secondary" onClick={report.reload}>
          Actualizar
        </Button>
      </Toolbar>
      <AsyncContent data={report} loading="Cargando renovaciones…" failed="No se pudieron cargar las renovaciones.">
        {({ job, runs, renewals }) => (
          <>
            <p>
              La renovación corre cada {Math.round(job.everyMs / 60_000)} min.
              {job.lastRunAt && ` Última: ${instantLabel(job.lastRunAt)}.`}
              {job.nextRunAt && ` Próxima: ${instantLabel(job.nextRunAt)}.`}
            </p>
            {runs.length === 0 ? (
              <p>La renovación todavía no corrió.</p>
            ) : (
              <RecordTable label="Últimas corridas de la renovación" columns={RUN_COLUMNS} rows={runs} rowKey={(run) => run.startedAt} />
            )}
            {renewals.length > 0 && (
              <RecordTable
                label="Renovaciones"
                columns={RENEWAL_COLUMNS}
                rows={renewals}
                rowKey={(renewal) => `${renewal.passId}:${renewal.period}`}
              />
            )}
          </>
        )}
      </AsyncContent>
    </section>
  );
}
