import type { OrderView, ShowView, TicketView } from '@cine/contracts';
import { uniqueEmail } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './platform';
import { registerThroughApi } from './session';
import { callApi as call } from './api';

/** A show that starts more than the cancellation window (120 minutes) from now, with room for a few buyers. */
export async function aCancellableShow(): Promise<ShowView> {
  const shows = await call<ShowView[]>('GET', '/show/all', null);
  const show = shows.find((candidate) => candidate.seats >= 10 && Date.parse(candidate.startsAt) > Date.now() + 4 * 60 * 60_000);
  if (!show) throw new Error('no show far enough ahead: the booking seed did not run');
  return show;
}

export interface Buyer {
  email: string;
  userId: string;
  token: string;
}

/** A registered buyer, signed in through the API. */
export async function aBuyer(label: string, password: string): Promise<Buyer> {
  const email = uniqueEmail(label);
  const userId = await registerThroughApi(email, `${label}${Date.now() % 100000}`, password);
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email, password });
  return { email, userId, token };
}

/** `seats` seats of `show` held for the buyer (the seat map has its own journeys). */
async function holdSeats(buyer: Buyer, show: ShowView, seats: number): Promise<void> {
  await call('POST', '/tickets/addTickets', buyer.token, { userId: buyer.userId, seats, showId: show.id });
}

/** The buyer's seats of `show` held and paid with the approved card. */
export async function paidOrder(buyer: Buyer, show: ShowView, seats: number): Promise<OrderView> {
  await holdSeats(buyer, show, seats);
  const { order } = await call<{ order: OrderView }>('POST', '/movies/checkout', buyer.token, {
    ticket: seats,
    show: show.id,
    idUser: buyer.userId,
    paymentMethodId: 'pm_card_visa',
  });
  return order;
}

/** The order's tickets, once issued (from its order.paid, a moment after the payment). */
export async function ticketsOf(buyer: Buyer, order: OrderView): Promise<TicketView[]> {
  for (let tries = 0; tries < 50; tries += 1) {
    const mine = (await call<TicketView[]>('GET', '/tickets/mine', buyer.token)).filter((ticket) => ticket.orderId === order.id);
    if (mine.length === order.seats) return mine.sort((a, b) => a.seatLabel.localeCompare(b.seatLabel));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the tickets of order ${order.id} were not issued`);
}

/** The ticket admitted at the door, by its code, as the admin (who may also work the door). */
export async function checkIn(ticket: TicketView): Promise<void> {
  const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await call('POST', '/checkin', token, { code: ticket.code, showId: ticket.showId });
}
