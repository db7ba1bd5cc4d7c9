import type { CandyView, CartCandyLine, CartTicketLine, CartView, ShowView } from '@cine/contracts';
import type { PurchaseMovie, Session } from '@cine/web-kit';

import { cinemaRefOf, generalLines, generalPricing } from '@cine/web-kit/testing';

export { installFakeApi, type FakeApi, type FakeRequest } from '@cine/web-kit/testing';

export const ana: Session = { token: 'tok-ana', userId: 'u-ana', username: 'ana', email: 'ana@cine.test', role: 'user' };

export const movie: PurchaseMovie = { id: 'm1', Title: 'Dune III', Trailer: 'https://www.youtube.com/embed/abc' };

/** A show with believable values; tests override what they look at. */
export function aShow(overrides: Partial<ShowView> = {}): ShowView {
  return {
    id: 's1',
    schedule: '20:30',
    day: 'Jueves',
    date: '2026-11-26',
    startsAt: '2026-11-26T23:30:00.000Z',
    movieId: movie.id,
    roomId: 3,
    type: '2D',
    price: 850,
    ...generalPricing(overrides.price ?? 850),
    seats: 80,
    capacity: 100,
    movie: { Title: movie.Title },
    ...cinemaRefOf('centro'),
    ...overrides,
  };
}

export function aTicketLine(overrides: Partial<CartTicketLine> = {}): CartTicketLine {
  const unitPrice = overrides.unitPrice ?? 850;
  return {
    lines: generalLines(overrides.seatLabels ?? ['F7', 'F8'], unitPrice),
    showId: 's1',
    seats: 2,
    seatLabels: ['F7', 'F8'],
    unitPrice: 850,
    totalPrice: 1700,
    movieId: movie.id,
    title: movie.Title,
    date: '2026-11-26',
    day: 'Jueves',
    schedule: '20:30',
    roomId: 3,
    type: '2D',
    heldUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  };
}

export function aCandyLine(overrides: Partial<CartCandyLine> = {}): CartCandyLine {
  return {
    id: 'c2',
    name: 'COMBO NACHOS',
    picture: '/api/candy/images/nachos.svg',
    quantity: 2,
    unitPrice: 1250,
    totalPrice: 2500,
    ...overrides,
  };
}

export const emptyCart: CartView = { tickets: [], candy: [], orderPrice: 0 };

/** A cart whose orderPrice adds up its lines, as the server computes it. */
export function aCart(tickets: CartTicketLine[] = [aTicketLine()], candy: CartCandyLine[] = []): CartView {
  const orderPrice = [...tickets, ...candy].reduce((sum, line) => sum + line.totalPrice, 0);
  return { tickets, candy, orderPrice };
}

export const candyItems: CandyView[] = [
  { id: 'c1', name: 'COMBO TRADICIONAL', price: 1000, picture: '/api/candy/images/tradicional.svg', quantity: 50 },
  { id: 'c2', name: 'COMBO NACHOS', price: 1250, picture: '/api/candy/images/nachos.svg', quantity: 50 },
];
