import { fetchClubSales, formatMoney, pointsText, useAsyncData } from '@cine/web-kit';
import { AsyncContent } from '@cine/web-kit/ui';
import type { SalesPeriod } from '../api/sales';
import { ReportSection } from './ReportSection';
import { Figures, periodText } from './SalesTotalsReport';

/**
 * Issue 41, 'Cine Club' (GET /sales/club, the chain's, an admin's only): the period's points earned and spent,
 * what the members' balances are worth at its end, the passes live at its end, the renewals charged and
 * declined and what the passes brought in.
 */
export function ClubSalesReport({ token, period, version }: { token: string; period: SalesPeriod; version: number }) {
  const report = useAsyncData(() => fetchClubSales(token, period), `${token}|${version}|${period.from}|${period.to}`);
  return (
    <ReportSection id="sales-club-title" title={`Cine Club ${periodText(period)}`}>
      <AsyncContent data={report} loading="Cargando Cine Club…" failed="No se pudieron cargar las cifras de Cine Club.">
        {(data) => (
          <Figures aria-label="Cine Club del período">
            <div>
              <dt>Puntos ganados</dt>
              <dd className="amount">{pointsText(data.pointsEarned)}</dd>
              <dd>Sin lo que descontaron los reembolsos</dd>
            </div>
            <div>
              <dt>Puntos canjeados</dt>
              <dd className="amount">{pointsText(data.pointsSpent)}</dd>
              <dd>Sin lo devuelto</dd>
            </div>
            <div>
              <dt>Pasivo de puntos</dt>
              <dd className="amount">{formatMoney(data.pointsLiability)}</dd>
              <dd>Lo que pagan los saldos de los socios al cierre</dd>
            </div>
            <div>
              <dt>Cine Pases vigentes</dt>
              <dd className="amount">{data.activePasses}</dd>
              <dd>Activos, en gracia o cancelados en curso al cierre</dd>
            </div>
            <div>
              <dt>Renovaciones</dt>
              <dd className="amount">{data.renewals.charged}</dd>
              <dd>
                Cobradas; {data.renewals.declined} {data.renewals.declined === 1 ? 'rechazada' : 'rechazadas'}
              </dd>
            </div>
            <div>
              <dt>Ingresos del Cine Pase</dt>
              <dd className="amount">{formatMoney(data.passRevenue)}</dd>
              <dd>Primeros meses y renovaciones cobrados</dd>
            </div>
          </Figures>
        )}
      </AsyncContent>
    </ReportSection>
  );
}
