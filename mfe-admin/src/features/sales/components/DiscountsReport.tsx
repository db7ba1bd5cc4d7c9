import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, formatMoney, useAsyncData } from '@cine/web-kit';
import { AsyncContent, Button, EmptyState } from '@cine/web-kit/ui';
import { Table, TableCard } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { discountsCsvPath, downloadCsv, fetchDiscounts, type DiscountsReport as Discounts, type SalesPeriod } from '../api/sales';
import { ReportSection } from './ReportSection';
import { Figures, periodText } from './SalesTotalsReport';

/**
 * Issue 39, 'Descuentos y tarjetas regalo': the period's discounts by promo code (orders that used it, what it
 * took off), and the gift cards' money: sold and issued in it, redeemed in it, and outstanding at its end
 * (what the chain still owes on every card).
 */
export function DiscountsReport({ token, period, version }: { token: string; period: SalesPeriod; version: number }) {
  const report = useAsyncData(() => fetchDiscounts(token, period), `${token}|${version}|${period.from}|${period.to}`);
  const [csvError, setCsvError] = useState<string | null>(null);
  const download = () => {
    setCsvError(null);
    downloadCsv(token, discountsCsvPath(period), 'ventas-descuentos.csv').catch((error: unknown) => setCsvError(errorMessage(error)));
  };
  return (
    <ReportSection id="sales-discounts-title" title={`Descuentos y tarjetas regalo ${periodText(period)}`}>
      <div>
        <Button type="button" $variant="secondary" onClick={download}>
          Descargar CSV de descuentos
        </Button>
      </div>
      {csvError && <ErrorMessage>{csvError}</ErrorMessage>}
      <AsyncContent data={report} loading="Cargando descuentos…" failed="No se pudieron cargar los descuentos.">
        {(data) => <DiscountFigures report={data} />}
      </AsyncContent>
    </ReportSection>
  );
}

function DiscountFigures({ report }: { report: Discounts }) {
  const { promotions, giftCards } = report;
  const uses = promotions.reduce((sum, row) => sum + row.uses, 0);
  const amount = promotions.reduce((sum, row) => sum + row.amount, 0);
  return (
    <>
      <Figures aria-label="Tarjetas regalo del período">
        <div>
          <dt>Tarjetas regalo vendidas</dt>
          <dd className="amount">{formatMoney(giftCards.sold)}</dd>
          <dd>Vendidas y emitidas en el período</dd>
        </div>
        <div>
          <dt>Canjeado</dt>
          <dd className="amount">{formatMoney(giftCards.redeemed)}</dd>
          <dd>Pagado con tarjetas regalo, sin lo reembolsado</dd>
        </div>
        <div>
          <dt>Saldo pendiente</dt>
          <dd className="amount">{formatMoney(giftCards.outstanding)}</dd>
          <dd>Lo que la cadena aún debe al cierre del período</dd>
        </div>
        <div>
          <dt>Descuentos</dt>
          <dd className="amount">{formatMoney(amount)}</dd>
          <dd>
            {uses} {uses === 1 ? 'pedido' : 'pedidos'} con código
          </dd>
        </div>
      </Figures>
      <h4 id="discounts-by-code-title">Descuentos por código</h4>
      {promotions.length === 0 ? (
        <EmptyState>Ningún pedido usó un código en el período.</EmptyState>
      ) : (
        <TableCard>
          <Table aria-labelledby="discounts-by-code-title">
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col" className="number">
                  Usos
                </th>
                <th scope="col" className="number">
                  Descontado
                </th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((row) => (
                <tr key={row.code}>
                  <td>
                    <Code>{row.code}</Code>
                  </td>
                  <td className="number">{row.uses}</td>
                  <td className="number">{formatMoney(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableCard>
      )}
    </>
  );
}

const Code = styled.code`
  font-weight: 700;
`;
