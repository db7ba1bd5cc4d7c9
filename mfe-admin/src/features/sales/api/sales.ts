import type {
  DiscountsReport,
  MonthlySalesRow,
  SaleDetailRow,
  SalesMonthRow,
  SalesOccupancy,
  SalesSummaryRow,
  SalesTotals,
  TicketTypeSalesRow,
  MovieTicketTypeSales,
  TopSellerRow,
} from '@cine/contracts';
import { api } from '@cine/web-kit';
import { cinemaParams, withCinema } from '../../../api/cinemaScope';

export type { DiscountsReport, MovieTicketTypeSales, TicketTypeSalesRow };
export type { MonthlySalesRow, SaleDetailRow, SalesOccupancy, SalesMonthRow, SalesSummaryRow, SalesTotals, TopSellerRow };

/** Per movie × type × month, newest first; of the titles containing `name` when given; of one cinema when `cinemaId` names it. */
export const fetchSalesSummary = (token: string, name: string, cinemaId = '') =>
  name
    ? api.get<SalesSummaryRow[]>(withCinema(`/sales/search?name=${encodeURIComponent(name)}`, cinemaId), { token })
    : api.get<SalesSummaryRow[]>(withCinema('/tickets/all', cinemaId), { token });

/**
 * The reports' period: cinema days ('YYYY-MM-DD'), both included; empty when not chosen. And their cinema
 * (issue 38): `cinemaId` one cinema's sales, left out or '' every cinema the caller may see.
 */
export interface SalesPeriod {
  from: string;
  to: string;
  cinemaId?: string;
}

function periodParams({ from, to, cinemaId = '' }: SalesPeriod, params: Record<string, string> = {}): string {
  return new URLSearchParams({ ...params, ...(from ? { from } : {}), ...(to ? { to } : {}), ...cinemaParams(cinemaId) }).toString();
}

function periodQuery(period: SalesPeriod): string {
  const params = periodParams(period);
  return params ? `?${params}` : '';
}

export const fetchTopSellers = (token: string, period: SalesPeriod) =>
  api.get<TopSellerRow[]>(`/sales/top?${periodParams(period, { limit: '6' })}`, { token });

/** The period's months, or the last 8 when none is chosen. */
export const fetchMonthlySales = (token: string, period: SalesPeriod) =>
  api.get<MonthlySalesRow[]>(`/sales/monthly?${periodParams(period, { months: '8' })}`, { token });

/** Occupancy of the period's shows that sold (every show when none is chosen), and per movie. */
export const fetchOccupancy = (token: string, period: SalesPeriod) =>
  api.get<SalesOccupancy>(`/sales/occupancy${periodQuery(period)}`, { token });

/** The period's revenue (every sale when none is chosen): tickets, candy per item, and both. */
export const fetchSalesTotals = (token: string, period: SalesPeriod) =>
  api.get<SalesTotals>(`/sales/totals${periodQuery(period)}`, { token });

/** The period's tickets by type (every sale when none is chosen): tickets, T.Bruto and T.Neto net of refunds, and refunded. */
export const fetchTicketTypeSales = (token: string, period: SalesPeriod) =>
  api.get<TicketTypeSalesRow[]>(`/sales/ticket-types${periodQuery(period)}`, { token });

/** The same per movie. */
export const fetchMovieTicketTypeSales = (token: string, period: SalesPeriod) =>
  api.get<MovieTicketTypeSales[]>(`/sales/ticket-types/movies${periodQuery(period)}`, { token });

/**
 * Issue 39: the period's discounts by promo code (uses, amount taken off) and the gift cards' money: sold and
 * issued, redeemed, and outstanding at the period's end (the chain's liability).
 */
export const fetchDiscounts = (token: string, { from, to }: SalesPeriod) => {
  const params = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return api.get<DiscountsReport>(`/sales/discounts${params ? `?${params}` : ''}`, { token });
};

/** What 'Detalles de ventas' shows: one summary row's orders, sorted by total, or that movie and type added up per month. */
export interface DetailQuery {
  cinemaId?: string;
  movieId: string;
  type: string;
  month: string;
  sort?: 'min' | 'max';
  groupBy?: 'month';
}

function detailParams({ cinemaId = '', movieId, type, month, sort, groupBy }: DetailQuery): URLSearchParams {
  const params = new URLSearchParams({ movieId, type, ...cinemaParams(cinemaId) });
  // Grouped by month, every month of the movie counts; otherwise the row's month.
  if (groupBy) params.set('groupBy', groupBy);
  else params.set('mes', month);
  if (sort) params.set('sort', sort);
  return params;
}

export const fetchSaleDetail = (token: string, query: DetailQuery) =>
  api.get<SaleDetailRow[] | SalesMonthRow[]>(`/tickets/all/detail?${detailParams(query).toString()}`, { token });

export const summaryCsvPath = (name: string, cinemaId = '') =>
  `/sales/export.csv?${new URLSearchParams({ report: 'summary', ...(name ? { name } : {}), ...cinemaParams(cinemaId) }).toString()}`;

/** Issue 39: the discounts report as CSV (the sales service's `report=discounts`: codes, then the gift cards' rows). */
export const discountsCsvPath = ({ from, to }: SalesPeriod) =>
  `/sales/export.csv?${new URLSearchParams({ report: 'discounts', ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString()}`;

export const detailCsvPath = (query: DetailQuery) => {
  const params = detailParams(query);
  params.set('report', 'detail');
  return `/sales/export.csv?${params.toString()}`;
};

/**
 * Downloads a report as the sales service writes it: fetched with the token (a link cannot send
 * it), then saved from a blob under the server's file name.
 */
export async function downloadCsv(token: string, path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await api.download(path, { token, accept: 'text/csv' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
