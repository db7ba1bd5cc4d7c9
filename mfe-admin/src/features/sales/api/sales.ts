import type { MonthlySalesRow, SaleDetailRow, SalesMonthRow, SalesSummaryRow, TopSellerRow } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { MonthlySalesRow, SaleDetailRow, SalesMonthRow, SalesSummaryRow, TopSellerRow };

/** Per movie × type × month, newest first; of the titles containing `name` when given. */
export const fetchSalesSummary = (token: string, name: string) =>
  name
    ? api.get<SalesSummaryRow[]>(`/sales/search?name=${encodeURIComponent(name)}`, { token })
    : api.get<SalesSummaryRow[]>('/tickets/all', { token });

export const fetchTopSellers = (token: string) => api.get<TopSellerRow[]>('/sales/top?limit=6', { token });

export const fetchMonthlySales = (token: string) => api.get<MonthlySalesRow[]>('/sales/monthly?months=8', { token });

/** What 'Detalles de ventas' shows: one summary row's orders, sorted by total, or that movie and type added up per month. */
export interface DetailQuery {
  movieId: string;
  type: string;
  month: string;
  sort?: 'min' | 'max';
  groupBy?: 'month';
}

function detailParams({ movieId, type, month, sort, groupBy }: DetailQuery): URLSearchParams {
  const params = new URLSearchParams({ movieId, type });
  // Grouped by month, every month of the movie counts; otherwise the row's month.
  if (groupBy) params.set('groupBy', groupBy);
  else params.set('mes', month);
  if (sort) params.set('sort', sort);
  return params;
}

export const fetchSaleDetail = (token: string, query: DetailQuery) =>
  api.get<SaleDetailRow[] | SalesMonthRow[]>(`/tickets/all/detail?${detailParams(query).toString()}`, { token });

export const summaryCsvPath = (name: string) =>
  `/sales/export.csv?${new URLSearchParams({ report: 'summary', ...(name ? { name } : {}) }).toString()}`;

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
