import type { OrderDetail, OrderSearchPage, RefundRequest, RefundResponse } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { OrderDetail, OrderSearchPage };

/** What 'Órdenes' searches by: an order's code or id, a ticket's code, part of the buyer's e-mail or name, a movie, the days it was paid. */
export interface OrderSearch {
  q: string;
  movieId: string;
  from: string;
  to: string;
  page: number;
}

const ORDERS_PAGE_SIZE = 20;

function orderSearchPath({ q, movieId, from, to, page }: OrderSearch, cinemaId: string): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(ORDERS_PAGE_SIZE) });
  if (cinemaId) params.set('cinemaId', cinemaId);
  if (q) params.set('q', q);
  if (movieId) params.set('movieId', movieId);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return `/orders?${params.toString()}`;
}

/** `cinemaId`: the orders of one cinema's shows ('' every cinema the caller may see). */
export const searchOrders = (token: string, search: OrderSearch, cinemaId = '') =>
  api.get<OrderSearchPage>(orderSearchPath(search, cinemaId), { token });

/** The order page: the order with its buyer, payment and history. */
export const fetchOrder = (token: string, orderId: string) => api.get<OrderDetail>(`/orders/${encodeURIComponent(orderId)}`, { token });

/** Refunds the seats and candy lines chosen (none: everything still paid) to the buyer's card. */
export const refundOrder = (token: string, orderId: string, request: RefundRequest) =>
  api.post<RefundResponse>(`/orders/${encodeURIComponent(orderId)}/refund`, request, { token });
