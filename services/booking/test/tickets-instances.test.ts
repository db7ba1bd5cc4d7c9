import type { ShowView } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { Types } from 'mongoose';
import { holdOn as hold, newId, startTwoInstances, userHeaders, type BookingUnderTest } from './helpers';

/**
 * Two instances of the service on one database: their in-process queues and
 * remembered shows do not see each other, so only the `version` guard keeps
 * a seat from being sold twice.
 */
let booking: BookingUnderTest;
let other: ServiceApp;
let instances: Awaited<ReturnType<typeof startTwoInstances>>;

beforeAll(async () => {
  instances = await startTwoInstances('2026-05');
  ({ booking, other } = instances);
});
afterAll(() => instances.close());

const freshShow = () => instances.freshShow();

it('a write decided on a show another instance changed is retried on a fresh read', async () => {
  const show = await freshShow();
  const first = (await hold(booking.app, show.id, 10)).json<{ seatLabels: string[] }>().seatLabels;
  const second = (await hold(other, show.id, 10)).json<{ seatLabels: string[] }>().seatLabels;
  // booking.app remembers the show as it wrote it, before `other` took row G.
  const third = (await hold(booking.app, show.id, 10)).json<{ seatLabels: string[] }>().seatLabels;

  expect(first).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10']);
  expect(second).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9', 'G10']);
  expect(third).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9', 'E10']);
});

it('a refusal decided on a remembered show is checked again on a fresh read', async () => {
  const show = await freshShow();
  const holders = Array.from({ length: 10 }, () => newId());
  for (const user of holders) expect((await hold(booking.app, show.id, 10, user)).statusCode).toBe(200);
  expect((await hold(booking.app, show.id, 1)).statusCode).toBe(409);

  // Another instance frees a row; this one still remembers the show full.
  const [user] = holders as [string];
  const released = await other.inject({
    method: 'POST',
    url: '/tickets/delete',
    headers: userHeaders(other, user),
    payload: { userId: user, showId: show.id },
  });
  expect(released.json()).toEqual({ released: 10 });
  expect((await hold(booking.app, show.id, 2)).statusCode).toBe(200);
});

it('150 concurrent holds of 1 seat spread over two instances: exactly 100 succeed, no seat twice', async () => {
  const show = await freshShow();
  const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => hold(i % 2 === 0 ? booking.app : other, show.id, 1)));

  const won = responses
    .filter((response) => response.statusCode === 200)
    .map((response) => response.json<{ seatLabels: string[] }>().seatLabels[0]);
  expect(won).toHaveLength(100);
  expect(new Set(won).size).toBe(100);
  expect(responses.filter((response) => response.statusCode !== 200).every((response) => response.statusCode === 409)).toBe(true);
  expect((await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}` })).json<ShowView>().seats).toBe(0);
}, 60_000);

it('160 buyers hold and pay 1 seat each over two instances at once: exactly 100 sold, no seat in two orders, the show written in batches', async () => {
  const show = await freshShow();
  const purchases = await Promise.all(
    Array.from({ length: 160 }, async (_, i) => {
      const app = i % 2 === 0 ? booking.app : other;
      const userId = newId();
      const held = await hold(app, show.id, 1, userId);
      if (held.statusCode !== 200) return held.statusCode;
      const paid = await app.inject({
        method: 'POST',
        url: '/movies/checkout',
        headers: userHeaders(app, userId),
        payload: { idUser: userId, show: show.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
      });
      return paid.statusCode;
    }),
  );

  expect(purchases.filter((status) => status === 200)).toHaveLength(100);
  expect(purchases.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
  const orders = await booking.context.db.collection('orders').find({ showId: show.id, state: 'paid' }).toArray();
  const labels = orders.flatMap((order) => order.seatLabels as string[]);
  expect(labels).toHaveLength(100);
  expect(new Set(labels).size).toBe(100);
  const stored = await booking.context.db.collection('shows').findOne({ _id: new Types.ObjectId(show.id) });
  const sold = (stored?.seats as Array<{ state: string; orderId: string }>).filter((seat) => seat.state === 'sold');
  expect(sold).toHaveLength(100);
  expect(new Set(sold.map((seat) => seat.orderId))).toEqual(new Set(orders.map((order) => String(order._id))));
  // 300 seat changes (100 holds, reservations and sales): every write bumps the version once.
  expect(stored?.version).toBeLessThan(150);
}, 120_000);
