import type { CandySalesRow, DiscountsReport, SaleDetailRow, SalesMonthRow, SalesSummaryRow, TicketTypeSalesRow } from '@cine/contracts';
import { stringify } from 'csv-stringify/sync';

/** US$ amounts as the admin tables show them, without the sign: 1250 cents → '12.50'. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Titles and names are free text. Every cell holding a line break, `;`, `,` or `"` is quoted,
 * so a bare LF cannot start a row and a spreadsheet that splits on `;` (Argentina's default)
 * cannot split a cell in two; a cell a spreadsheet would run as a formula ('=', '+', '-', '@',
 * tab, CR and their full-width forms) is written as text with a leading `'` (OWASP CSV injection).
 */
function csv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows], {
    // The BOM lets spreadsheet programs read the accents as UTF-8.
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n;,"]/,
    escape_formulas: true,
  });
}

/** The tickets' figures are net of refunds; these say what was refunded. */
const REFUND_COLUMNS = ['Entradas Reembolsadas', 'T.Reembolsado'];

function refundCells(row: { refundedSeats: number; refundedPrice: number }): string[] {
  return [String(row.refundedSeats), money(row.refundedPrice)];
}

/** The ticket types of the rows, in the order they first appear (each row's most sold first). */
function typesOf(rows: ReadonlyArray<{ ticketTypes?: TicketTypeSalesRow[] }>): Array<{ type: string; name: string }> {
  const types = new Map<string, string>();
  for (const row of rows) for (const line of row.ticketTypes ?? []) if (!types.has(line.type)) types.set(line.type, line.name);
  return [...types].map(([type, name]) => ({ type, name }));
}

/**
 * The summary (the spec's columns, then the refunds'), then per ticket type of the rows its tickets,
 * T.Bruto, T.Neto and T.Reembolsado (issue 37), blank-free: a type a row did not sell counts 0.
 */
export function summaryCsv(rows: Array<SalesSummaryRow & { ticketTypes?: TicketTypeSalesRow[] }>): string {
  const types = typesOf(rows);
  return csv(
    [
      'Nombre',
      'Tipo',
      'Entradas Vendidas',
      'Mes',
      'T.Bruto',
      'T.Neto',
      ...REFUND_COLUMNS,
      ...types.flatMap(({ name }) => [`Entradas ${name}`, `T.Bruto ${name}`, `T.Neto ${name}`, `T.Reembolsado ${name}`]),
    ],
    rows.map((row) => [
      row.title,
      row.type,
      String(row.seats),
      `${row.monthName} ${row.month.slice(0, 4)}`,
      money(row.totalPrice),
      money(row.netPrice),
      ...refundCells(row),
      ...types.flatMap(({ type }) => {
        const sold = row.ticketTypes?.find((line) => line.type === type);
        return [String(sold?.tickets ?? 0), money(sold?.totalPrice ?? 0), money(sold?.netPrice ?? 0), money(sold?.refundedPrice ?? 0)];
      }),
    ]),
  );
}

export function detailCsv(rows: SaleDetailRow[]): string {
  return csv(
    ['Nombre', 'Tipo', 'Entradas Vendidas', 'Fecha', 'T.Bruto', 'T.Neto', ...REFUND_COLUMNS],
    rows.map((row) => [row.title, row.type, String(row.seats), row.day, money(row.totalPrice), money(row.netPrice), ...refundCells(row)]),
  );
}

export function detailByMonthCsv(rows: SalesMonthRow[]): string {
  return csv(
    ['Mes', 'Entradas Vendidas', 'T.Bruto', 'T.Neto', ...REFUND_COLUMNS],
    rows.map((row) => [
      `${row.monthName} ${row.month.slice(0, 4)}`,
      String(row.seats),
      money(row.totalPrice),
      money(row.netPrice),
      ...refundCells(row),
    ]),
  );
}

export function candyCsv(rows: CandySalesRow[]): string {
  return csv(
    ['Producto', 'Fecha', 'Cantidad', 'Total', 'Cantidad Reembolsada', 'Total Reembolsado'],
    rows.map((row) => [
      row.name,
      row.day,
      String(row.quantity),
      money(row.totalPrice),
      String(row.refundedQuantity),
      money(row.refundedPrice),
    ]),
  );
}

/**
 * Issue 39: the discounts by code (Código, Usos, Descuento), then the gift cards' three figures as rows of
 * their own (Tarjetas regalo vendidas, canjeadas, pendientes) under the same columns' first and third.
 */
export function discountsCsv(report: DiscountsReport): string {
  return csv(
    ['Código', 'Usos', 'Descuento'],
    [
      ...report.promotions.map((row) => [row.code, String(row.uses), money(row.amount)]),
      ['Tarjetas regalo vendidas', '', money(report.giftCards.sold)],
      ['Tarjetas regalo canjeadas', '', money(report.giftCards.redeemed)],
      ['Tarjetas regalo pendientes', '', money(report.giftCards.outstanding)],
    ],
  );
}
