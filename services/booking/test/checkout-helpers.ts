import type { CandyFacts, CartView, CineEvent, OrderPaid, ShowCancellationView } from '@cine/contracts';
import { createEvent, type ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildBookingApp, type BookingContext } from '../src';
import { addDays, localToday } from '../src/shows/cinema-time';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface BookingUnderTest {
  app: ServiceApp;
  context: TestContext;
  /** Every order.paid the booking service published, in order (recorded from the bus). */
  paid: OrderPaid[];
  /** Moves the service's clock (holds lapse by time). */
  advance(ms: number): void;
  close(): Promise<void>;
}

export type BookingOptions = Pick<BookingContext, 'paymentProvider' | 'orderRecovery' | 'scheduler' | 'club'> & {
  /** Starts the service's clock this far ahead of real time (a restart after some downtime). */
  clockOffsetMs?: number;
};

/** The booking service on a fresh database (no seeded shows), with a movable clock. */
export async function startBooking(options: BookingOptions = {}, existing?: TestContext): Promise<BookingUnderTest> {
  const context = existing ?? (await createTestContext('booking'));
  // TEST_LOG=error (or info) shows the service's log while debugging a test.
  if (process.env.TEST_LOG) context.config.logLevel = process.env.TEST_LOG;
  const paid: OrderPaid[] = [];
  await context.bus.subscribe('test.order-paid', ['order.paid'], async (event) => {
    paid.push(event);
  });
  const { clockOffsetMs = 0, ...services } = options;
  let offsetMs = clockOffsetMs;
  const app = await buildBookingApp({
    ...context,
    seedShows: false,
    holdLimits: { perAddress: 1_000_000 },
    clock: () => new Date(Date.now() + offsetMs),
    // Background jobs are looked for every 50 ms instead of every second.
    scheduler: { processEveryMs: 50 },
    ...services,
  });
  await app.ready();
  return {
    app,
    context,
    paid,
    advance: (ms) => {
      offsetMs += ms;
    },
    close: async () => {
      await app.close();
      if (!existing) await context.dropDatabase();
    },
  };
}

export function adminHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });
}

export function newUser(app: ServiceApp): { id: string; headers: { authorization: string } } {
  const id = new Types.ObjectId().toHexString();
  return { id, headers: bearer(app, { sub: id, role: 'user' }) };
}

let slot = 0;

/**
 * A show of a new movie a few days ahead, in the given room (100 seats in
 * rooms 1 and 2), at its own slot so shows of one test run never overlap.
 */
export async function createShow(
  booking: BookingUnderTest,
  { roomId = 1, price = 900, title = 'Relatos del Proyector' } = {},
): Promise<{ id: string; movieId: string; title: string; price: number; capacity: number }> {
  const movieId = new Types.ObjectId().toHexString();
  await booking.context.bus.publish(createEvent('movie.created', { movieId, title, runtime: 100, type: '2D', release: '2020-01-01' }));
  slot += 1;
  const day = addDays(localToday(new Date()), 1 + Math.floor(slot / 6));
  const schedule = `${String(10 + (slot % 6) * 2).padStart(2, '0')}:00`;
  const response = await booking.app.inject({
    method: 'POST',
    url: '/show',
    headers: adminHeaders(booking.app),
    payload: { data: { schedule, movieId, roomId, day, type: '2D', price } },
  });
  if (response.statusCode !== 201) throw new Error(`show not created: ${response.body}`);
  const show = response.json<{ id: string; capacity: number }>();
  return { id: show.id, movieId, title, price, capacity: show.capacity };
}

export async function publishCandy(booking: BookingUnderTest, facts: Partial<CandyFacts> = {}): Promise<CandyFacts> {
  const candy: CandyFacts = {
    candyId: new Types.ObjectId().toHexString(),
    name: 'COMBO NACHOS',
    price: 1250,
    picture: '/api/candy/pictures/nachos.svg',
    quantity: 50,
    ...facts,
  };
  await booking.context.bus.publish(createEvent('candy.created', candy));
  return candy;
}

export async function hold(
  booking: BookingUnderTest,
  user: { id: string; headers: Record<string, string> },
  showId: string,
  seats: number,
) {
  return booking.app.inject({
    method: 'POST',
    url: '/tickets/addTickets',
    headers: user.headers,
    payload: { userId: user.id, seats, showId },
  });
}

export async function addCandy(
  booking: BookingUnderTest,
  user: { id: string; headers: Record<string, string> },
  index: string,
  quantity: unknown,
) {
  return booking.app.inject({ method: 'POST', url: '/candy/add', headers: user.headers, payload: { index, quantity, userId: user.id } });
}

export async function cartOf(booking: BookingUnderTest, user: { id: string; headers: Record<string, string> }): Promise<CartView> {
  const response = await booking.app.inject({ method: 'POST', url: '/cart/userCart', headers: user.headers, payload: { idUser: user.id } });
  if (response.statusCode !== 200) throw new Error(`cart: ${response.body}`);
  return response.json<CartView>();
}

export function checkout(
  booking: BookingUnderTest,
  user: { id: string; headers: Record<string, string> },
  body: { show: string; ticket: number; paymentMethodId?: string },
) {
  return booking.app.inject({
    method: 'POST',
    url: '/movies/checkout',
    headers: user.headers,
    payload: { idUser: user.id, paymentMethodId: 'pm_card_visa', ...body },
  });
}

/** The show document's seats as stored. */
export async function seatsOf(
  booking: BookingUnderTest,
  showId: string,
): Promise<Array<{ label: string; state: string; userId?: string; orderId?: string; heldUntil?: Date }>> {
  const show = await booking.context.db.collection('shows').findOne({ _id: new Types.ObjectId(showId) });
  return (show?.seats ?? []) as Array<{ label: string; state: string; userId?: string; orderId?: string; heldUntil?: Date }>;
}

export function isOrderPaid(event: CineEvent): event is OrderPaid {
  return event.type === 'order.paid';
}

/** The show's start as stored, or null for an id of no show. */
export async function startOf(booking: BookingUnderTest, showId: string): Promise<Date | null> {
  if (!/^[0-9a-f]{24}$/i.test(showId)) return null;
  const show = await booking.context.db.collection('shows').findOne({ _id: new Types.ObjectId(showId) }, { projection: { startsAt: 1 } });
  return (show?.startsAt as Date | undefined) ?? null;
}

/**
 * Moves the service's clock to `minutes` before the show's start (10: inside its door window) and answers how
 * to move it back; nothing moves for an id of no show.
 */
export async function clockBefore(booking: BookingUnderTest, showId: string, minutes = 10): Promise<() => void> {
  const startsAt = await startOf(booking, showId);
  if (!startsAt) return () => undefined;
  const delta = startsAt.getTime() - minutes * 60_000 - booking.app.clock().getTime();
  booking.advance(delta);
  return () => booking.advance(-delta);
}

/** The admin cancels the show: 202 and its job, then the job's progress until it is done (GET). */
export async function cancelShow(booking: BookingUnderTest, showId: string, reason = 'Falla del proyector'): Promise<ShowCancellationView> {
  const headers = adminHeaders(booking.app);
  const queued = await booking.app.inject({ method: 'POST', url: `/show/one/${showId}/cancel`, headers, payload: { reason } });
  expect(queued.statusCode).toBe(202);
  return cancellationDone(booking, showId);
}

/**
 * The show's cancellation once its job is done (GET /show/one/:id/cancel, read until then): up to 30 s, for a job taken
 * over after a restart on a machine busy with the whole suite (10 s once did not suffice there).
 */
export async function cancellationDone(booking: BookingUnderTest, showId: string): Promise<ShowCancellationView> {
  const headers = adminHeaders(booking.app);
  for (let i = 0; i < 1200; i++) {
    const read = await booking.app.inject({ method: 'GET', url: `/show/one/${showId}/cancel`, headers });
    expect(read.statusCode).toBe(200);
    const view = read.json<ShowCancellationView>();
    if (view.state === 'done') return view;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the cancellation of ${showId} did not end`);
}
