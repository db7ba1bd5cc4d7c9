import type { MyGiftCard, OrderView, RefundResponse, TicketView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/** One paid order of the caller (404 for another user's or an unknown one). */
export const fetchOrder = (caller: Caller, orderId: string) =>
  api.get<OrderView>(`/orders/${encodeURIComponent(orderId)}`, { token: caller.token });

/** The caller's paid orders, newest first (the spec's ticket history, POST /cart/tickets). */
export const fetchOrderHistory = (caller: Caller) =>
  api.post<OrderView[]>('/cart/tickets', { idUser: caller.userId }, { token: caller.token });

/** The buyer cancels the whole order (refunded to the card); 409 inside the cancellation window. */
export const cancelOrder = (caller: Caller, orderId: string) =>
  api.post<RefundResponse>(`/orders/${encodeURIComponent(orderId)}/cancel`, undefined, { token: caller.token });

/** The order's tickets (with their QR's content) among the caller's (GET /tickets/mine, as Mis entradas reads them). */
export const fetchTicketsOfOrder = async (caller: Caller, orderId: string) =>
  (await api.get<TicketView[]>('/tickets/mine', { token: caller.token })).filter((ticket) => ticket.orderId === orderId);

/** Issue 39: the gift cards the caller bought (Mis compras), newest first, without their codes. */
export const fetchMyGiftCards = (caller: Caller) => api.get<MyGiftCard[]>('/gift-cards/mine', { token: caller.token });
