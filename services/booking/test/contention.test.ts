import type { CheckoutResponse } from '@cine/contracts';
import { checkout, createShow, hold, newUser, seatsOf, startBooking, type BookingUnderTest } from './checkout-helpers';

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

const BUYERS = 200;

describe('no overselling under contention (real database)', () => {
  it('200 buyers hold 1 seat and pay at once on a 100-seat show: exactly 100 paid orders, no seat sold twice', async () => {
    const show = await createShow(booking, { roomId: 1 });
    expect(show.capacity).toBe(100);
    const buyers = Array.from({ length: BUYERS }, () => newUser(booking.app));

    const outcomes = await Promise.all(
      buyers.map(async (user) => {
        const held = await hold(booking, user, show.id, 1);
        if (held.statusCode !== 200) return { step: 'hold', statusCode: held.statusCode, body: held.json<{ error: string }>() };
        const paid = await checkout(booking, user, { show: show.id, ticket: 1 });
        return { step: 'checkout', statusCode: paid.statusCode, body: paid.json<CheckoutResponse & { error: string }>() };
      }),
    );

    const paid = outcomes.filter((outcome) => outcome.step === 'checkout' && outcome.statusCode === 200);
    expect(paid).toHaveLength(100);
    const refused = outcomes.filter((outcome) => outcome.step === 'hold');
    expect(refused).toHaveLength(100);
    expect(new Set(refused.map((outcome) => `${outcome.statusCode} ${outcome.body.error}`))).toEqual(
      new Set(['409 No quedan suficientes asientos disponibles para esta función (quedan 0).']),
    );

    const labels = paid.flatMap((outcome) => outcome.body.order.seatLabels);
    expect(new Set(labels).size).toBe(100);

    const seats = await seatsOf(booking, show.id);
    const sold = seats.filter((seat) => seat.state === 'sold');
    expect(sold).toHaveLength(100);
    const orderIds = new Set(paid.map((outcome) => outcome.body.order.id));
    expect(sold.every((seat) => orderIds.has(seat.orderId as string))).toBe(true);
    expect(await booking.context.db.collection('orders').countDocuments({ showId: show.id, state: 'paid' })).toBe(100);
    expect((await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}` })).json<{ seats: number }>().seats).toBe(0);

    await booking.app.ordersOutbox.flush();
    const events = booking.paid.filter((event) => event.data.showId === show.id);
    expect(events).toHaveLength(100);
    expect(new Set(events.map((event) => event.data.orderId))).toEqual(orderIds);
    expect(new Set(events.flatMap((event) => event.data.seatLabels)).size).toBe(100);
  }, 120_000);

  it('buyers of the last seats whose holds lapse compete with new buyers: still never more than capacity', async () => {
    // Room 1 has no companion seats: every one of its 100 seats can be held alone.
    const show = await createShow(booking, { roomId: 1 });
    expect(show.capacity).toBe(100);
    const early = Array.from({ length: 100 }, () => newUser(booking.app));
    for (const user of early) expect((await hold(booking, user, show.id, 1)).statusCode).toBe(200);

    // The early holds lapse unpaid; 150 new buyers take the seats while the early ones try to pay.
    booking.advance(11 * 60_000);
    try {
      const late = Array.from({ length: 150 }, () => newUser(booking.app));
      const results = await Promise.all([
        ...early.map((user) => checkout(booking, user, { show: show.id, ticket: 1 }).then((response) => response.statusCode)),
        ...late.map(async (user) => {
          const held = await hold(booking, user, show.id, 1);
          return held.statusCode === 200 ? (await checkout(booking, user, { show: show.id, ticket: 1 })).statusCode : -held.statusCode;
        }),
      ]);

      expect(results.slice(0, 100).every((status) => status === 409)).toBe(true);
      expect(results.filter((status) => status === 200)).toHaveLength(100);
      const sold = (await seatsOf(booking, show.id)).filter((seat) => seat.state === 'sold');
      expect(new Set(sold.map((seat) => seat.label)).size).toBe(100);
      expect(await booking.context.db.collection('orders').countDocuments({ showId: show.id, state: 'paid' })).toBe(100);
    } finally {
      booking.advance(-11 * 60_000);
    }
  }, 120_000);
});
