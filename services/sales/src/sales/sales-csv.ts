import type { CandySalesRow, SaleDetailRow, SalesMonthRow, SalesSummaryRow } from '@cine/contracts';
import { stringify } from 'csv-stringify/sync';

/** US$ amounts as the admin tables show them, without the sign: 1250 cents → '12.50'. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A cell a spreadsheet would read as a formula ('=', '+', '-', '@', tab, CR)
 * is written as text (OWASP CSV injection); titles and names are free text.
 */
function cell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csv(header: string[], rows: string[][]): string {
  // The BOM lets spreadsheet programs read the accents as UTF-8.
  return stringify([header, ...rows.map((row) => row.map(cell))], { bom: true, record_delimiter: 'windows' });
}

export function summaryCsv(rows: SalesSummaryRow[]): string {
  return csv(
    ['Nombre', 'Tipo', 'Entradas Vendidas', 'Mes', 'T.Bruto', 'T.Neto'],
    rows.map((row) => [row.title, row.type, String(row.seats), `${row.monthName} ${row.month.slice(0, 4)}`, money(row.totalPrice), money(row.netPrice)]),
  );
}

export function detailCsv(rows: SaleDetailRow[]): string {
  return csv(
    ['Nombre', 'Tipo', 'Entradas Vendidas', 'Fecha', 'T.Bruto', 'T.Neto'],
    rows.map((row) => [row.title, row.type, String(row.seats), row.day, money(row.totalPrice), money(row.netPrice)]),
  );
}

export function detailByMonthCsv(rows: SalesMonthRow[]): string {
  return csv(
    ['Mes', 'Entradas Vendidas', 'T.Bruto', 'T.Neto'],
    rows.map((row) => [`${row.monthName} ${row.month.slice(0, 4)}`, String(row.seats), money(row.totalPrice), money(row.netPrice)]),
  );
}

export function candyCsv(rows: CandySalesRow[]): string {
  return csv(
    ['Producto', 'Fecha', 'Cantidad', 'Total'],
    rows.map((row) => [row.name, row.day, String(row.quantity), money(row.totalPrice)]),
  );
}
