import type { CheckinAnswer, OrderPaid, OrderShowMoved, OrderView, TicketView } from '@cine/contracts';
import { bearer } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { addDays, instantOf } from '../src/shows/cinema-time';
import { adminHeaders, checkout, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

let booking: BookingUnderTest;
const moved: OrderShowMoved[] = [];

beforeAll(async () => {
  booking = await startBooking();
  await booking.context.bus.subscribe('test.order-show-moved', ['order.show-moved'], async (event) => {
    moved.push(event);
  });
});
afterAll(() => booking.close());

const staff = () => bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' });

async function settled(): Promise<void> {
  for (let pass = 0; pass < 3; pass += 1) {
    await booking.app.ordersOutbox.flush();
    await booking.app.ticketsOutbox.flush();
  }
}

/** A buyer's paid order of `seats` seats of a new show: the show as GET /show/one answers it, the order and its tickets. */
async function soldShow(seats = 2) {
  const created = await createShow(booking);
  const user = newUser(booking.app);
  expect((await hold(booking, user, created.id, seats)).statusCode).toBe(200);
  expect((await checkout(booking, user, { show: created.id, ticket: seats })).statusCode).toBe(200);
  await settled();
  const paid = booking.paid.find((event) => event.data.userId === user.id) as OrderPaid;
  const show = (await booking.app.inject({ method: 'GET', url: `/show/one/${created.id}` })).json<{ date: string; schedule: string }>();
  const tickets = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: user.headers })).json<TicketView[]>();
  return { showId: created.id, show, user, orderId: paid.data.orderId, tickets };
}

function move(showId: string, date: string, schedule: string) {
  return booking.app.inject({ method: 'PUT', url: `/show/one/${showId}`, headers: adminHeaders(booking.app), payload: { date, schedule } });
}

/** Runs `what` with the service's clock at `at`. */
async function at<T>(instant: Date, what: () => Promise<T>): Promise<T> {
  const delta = instant.getTime() - booking.app.clock().getTime();
  booking.advance(delta);
  try {
    return await what();
  } finally {
    booking.advance(-delta);
  }
}

const MINUTE = 60_000;

describe('a show moved after its seats were sold', () => {
  it('moves its orders, tells each buyer the new time once, and its tickets get in at the new time (not "show over")', async () => {
    const { showId, show, user, orderId, tickets } = await soldShow(2);
    // Three days later: past the tokens' `exp` (the old end plus a day).
    const later = addDays(show.date, 3);

    const response = await move(showId, later, '21:15');
    expect(response.statusCode).toBe(200);
    await settled();

    const order = (await booking.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: user.headers })).json<OrderView>();
    expect(order).toMatchObject({ date: later, schedule: '21:15' });
    expect(order.cancellableUntil).toBe(instantOf(later, '21:15').toISOString());
    const told = moved.filter((event) => event.data.orderId === orderId);
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      userId: user.id,
      showId,
      from: { date: show.date, schedule: show.schedule },
      to: { date: later, schedule: '21:15' },
      startsAt: instantOf(later, '21:15').toISOString(),
      seatLabels: expect.arrayContaining(tickets.map((ticket) => ticket.seatLabel)),
    });

    // The same move again tells nobody twice.
    expect((await move(showId, later, '21:15')).statusCode).toBe(200);
    await settled();
    expect(moved.filter((event) => event.data.orderId === orderId)).toHaveLength(1);

    const door = await at(new Date(instantOf(later, '21:15').getTime() - 10 * MINUTE), () =>
      booking.app.inject({ method: 'POST', url: '/checkin', headers: staff(), payload: { token: tickets[0]!.token, showId } }),
    );
    expect(door.json<CheckinAnswer>()).toMatchObject({ result: 'admitted' });
    // At the old time the door is not open yet for it.
    const early = await at(new Date(instantOf(show.date, show.schedule).getTime() - 10 * MINUTE), () =>
      booking.app.inject({ method: 'POST', url: '/checkin', headers: staff(), payload: { code: tickets[1]!.code, showId } }),
    );
    expect(early.json<CheckinAnswer>()).toMatchObject({ result: 'too_early' });
  });

  it('lets the buyer cancel with a full refund past the usual deadline, until the new start', async () => {
    const { showId, show, user, orderId } = await soldShow(2);
    const later = addDays(show.date, 1);
    expect((await move(showId, later, show.schedule)).statusCode).toBe(200);
    const startsAt = instantOf(later, show.schedule);

    // 30 minutes before the start: inside CANCELLATION_WINDOW_MINUTES (120), where an unmoved order is refused.
    const cancelled = await at(new Date(startsAt.getTime() - 30 * MINUTE), () =>
      booking.app.inject({ method: 'POST', url: `/orders/${orderId}/cancel`, headers: user.headers }),
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<{ order: OrderView }>().order).toMatchObject({ state: 'refunded' });
    expect(cancelled.json<{ order: OrderView }>().order.refundedAmount).toBe(cancelled.json<{ order: OrderView }>().order.total);
  });

  it('moved earlier: its cancellation deadline and its door close at the new times', async () => {
    const { showId, show, user, orderId, tickets } = await soldShow(1);
    const earlier = addDays(show.date, -2);
    // Moved three days ago (the service's clock), when two days earlier was still ahead.
    const response = await at(new Date(Date.now() - 3 * 24 * 60 * MINUTE), () => move(showId, earlier, show.schedule));
    expect(response.statusCode).toBe(200);
    const newStart = instantOf(earlier, show.schedule);

    // A day after the new start, a day before the old one: too late to cancel, and the door says the show is over.
    const after = new Date(newStart.getTime() + 24 * 60 * MINUTE);
    const cancel = await at(after, () => booking.app.inject({ method: 'POST', url: `/orders/${orderId}/cancel`, headers: user.headers }));
    expect(cancel.statusCode).toBe(409);
    const door = await at(after, () =>
      booking.app.inject({ method: 'POST', url: '/checkin', headers: staff(), payload: { token: tickets[0]!.token, showId } }),
    );
    expect(door.json<CheckinAnswer>()).toMatchObject({ result: 'show_over' });
  });

  it('a move whose orders a stopped process never carried is finished by the sweep, each buyer told once', async () => {
    const { showId, show, user, orderId } = await soldShow(1);
    const later = addDays(show.date, 2);
    // The show written, then the process stops before its orders follow (what the route does next).
    const now = booking.app.clock();
    const updated = await booking.app.shows.update(showId, { date: later, schedule: '22:30' }, now);
    expect(updated).toMatchObject({ outcome: 'updated', mark: { showId } });
    const before = (await booking.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: user.headers })).json<OrderView>();
    expect(before).toMatchObject({ date: show.date, schedule: show.schedule });

    // A mark younger than the sweep's age is left to the request that may still be carrying it.
    expect(await booking.app.showMoves.finishPending(new Date(now.getTime() - MINUTE), now)).toBe(0);
    const sweep = new Date(now.getTime() + MINUTE);
    expect(await booking.app.showMoves.finishPending(sweep, sweep)).toBeGreaterThanOrEqual(1);
    await settled();
    const after = (await booking.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: user.headers })).json<OrderView>();
    expect(after).toMatchObject({ date: later, schedule: '22:30' });
    expect(moved.filter((event) => event.data.orderId === orderId)).toHaveLength(1);

    // Its mark is gone: the next sweep tells nobody again.
    expect((await booking.app.pendingShowMoves.olderThan(sweep)).map((mark) => mark.showId)).not.toContain(showId);
    await booking.app.showMoves.finishPending(sweep, sweep);
    await settled();
    expect(moved.filter((event) => event.data.orderId === orderId)).toHaveLength(1);
  });

  it('a move through the route leaves no mark behind', async () => {
    const { showId, show } = await soldShow(1);
    expect((await move(showId, addDays(show.date, 1), show.schedule)).statusCode).toBe(200);
    expect((await booking.app.pendingShowMoves.olderThan(new Date(Date.now() + 3_600_000))).map((mark) => mark.showId)).not.toContain(
      showId,
    );
  });
});
