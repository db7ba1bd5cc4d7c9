import type { CinemaForm, CinemaView, MovieFacts, RoomView, SeatLayout, ShowView } from '@cine/contracts';
import { createEvent, InProcessEventBus, type ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildBookingApp, type BookingContext } from '../src';
import type { HoldLimitSettings } from '../src/shows/hold-limits';
import type { ShowDocument } from '../src/shows/show-model';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** A clock the test moves: holds lapse and shows start by it. */
export class TestClock {
  constructor(private current: Date) {}

  now = (): Date => new Date(this.current);

  set(instant: Date | string): void {
    this.current = new Date(instant);
  }

  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/** Noon in Buenos Aires (15:00 UTC) on Wednesday 11 March 2026. */
export const TEST_NOW = '2026-03-11T15:00:00.000Z';

export interface BookingUnderTest {
  app: ServiceApp;
  context: TestContext;
  clock: TestClock;
  close(): Promise<void>;
}

/** Every injected request comes from 127.0.0.1: tests get a per-address limit no test reaches, unless they give one. */
const TEST_HOLD_LIMITS: Partial<HoldLimitSettings> = { perAddress: 1_000_000 };

export async function startBooking(
  options: {
    seedShows?: boolean;
    seedCinemas?: boolean;
    now?: string;
    context?: TestContext;
    holdLimits?: Partial<HoldLimitSettings>;
    scheduler?: BookingContext['scheduler'];
    presales?: BookingContext['presales'];
  } = {},
): Promise<BookingUnderTest> {
  const context = options.context ?? (await createTestContext('booking'));
  const clock = new TestClock(new Date(options.now ?? TEST_NOW));
  const bookingContext: BookingContext = {
    ...context,
    clock: clock.now,
    seedShows: options.seedShows ?? false,
    ...(options.seedCinemas !== undefined ? { seedCinemas: options.seedCinemas } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.presales ? { presales: options.presales } : {}),
    holdLimits: { ...TEST_HOLD_LIMITS, ...options.holdLimits },
  };
  const app = await buildBookingApp(bookingContext).catch(async (error: unknown) => {
    if (!options.context) await context.dropDatabase();
    throw error;
  });
  return {
    app,
    context,
    clock,
    close: async () => {
      await app.close();
      await context.dropDatabase();
    },
  };
}

export function newId(): string {
  return new Types.ObjectId().toHexString();
}

export function adminHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: newId(), role: 'admin' });
}

export function userHeaders(app: ServiceApp, userId: string): { authorization: string } {
  return bearer(app, { sub: userId, role: 'user' });
}

/** A manager of the cinemas (token `cin`). */
export function managerHeaders(app: ServiceApp, cinemaIds: string[]): { authorization: string } {
  return bearer(app, { sub: newId(), role: 'manager', cin: cinemaIds });
}

/** Door staff of the cinemas (token `cin`). */
export function staffHeaders(app: ServiceApp, cinemaIds: string[]): { authorization: string } {
  return bearer(app, { sub: newId(), role: 'staff', cin: cinemaIds });
}

/** A cinema at UTC+1 (Madrid): tests of the zones. */
export const MADRID_CINEMA: CinemaForm = {
  slug: 'madrid',
  name: 'Cine Gran Vía',
  city: 'Madrid',
  address: 'Gran Vía 50, Madrid',
  hours: 'De 16 a 1',
  timeZone: 'Europe/Madrid',
};

/** A small room: 3 rows of 4 seats. */
export const SMALL_LAYOUT: SeatLayout = { rows: [4, 4, 4], aisles: [], wheelchair: [] };

/** POST /cinemas as an admin, and a room of SMALL_LAYOUT in it (`rooms` of them). */
export async function createCinema(
  booking: BookingUnderTest,
  form: Partial<CinemaForm> = {},
  rooms = 1,
): Promise<{ cinema: CinemaView; rooms: RoomView[] }> {
  const created = await booking.app.inject({
    method: 'POST',
    url: '/cinemas',
    headers: adminHeaders(booking.app),
    payload: { ...MADRID_CINEMA, ...form },
  });
  if (created.statusCode !== 201) throw new Error(`POST /cinemas answered ${created.statusCode}: ${created.body}`);
  const cinema = created.json<CinemaView>();
  const made: RoomView[] = [];
  for (let index = 1; index <= rooms; index++) {
    const room = await booking.app.inject({
      method: 'POST',
      url: `/cinemas/${cinema.id}/rooms`,
      headers: adminHeaders(booking.app),
      payload: { name: `Sala ${index}`, layout: SMALL_LAYOUT },
    });
    if (room.statusCode !== 201) throw new Error(`POST rooms answered ${room.statusCode}: ${room.body}`);
    made.push(room.json<RoomView>());
  }
  return { cinema, rooms: made };
}

/** Publishes movie.created on the service's bus (resolves once booking handled it) and answers the facts. */
export async function publishMovie(context: TestContext, overrides: Partial<MovieFacts> = {}): Promise<MovieFacts> {
  const facts: MovieFacts = {
    movieId: newId(),
    title: 'La Noche del Proyector',
    runtime: 100,
    type: '2D',
    release: '2026-03-01',
    ...overrides,
  };
  await context.bus.publish(createEvent('movie.created', facts));
  return facts;
}

export interface ShowInput {
  cinemaId?: unknown;
  schedule?: unknown;
  movieId?: unknown;
  roomId?: unknown;
  day?: unknown;
  type?: unknown;
  price?: unknown;
}

/** POST /show as an admin. */
export function postShow(booking: BookingUnderTest, data: ShowInput) {
  return booking.app.inject({ method: 'POST', url: '/show', headers: adminHeaders(booking.app), payload: { data } });
}

/** Creates a show through the API and answers it. */
export async function createShow(booking: BookingUnderTest, data: ShowInput): Promise<ShowView> {
  const response = await postShow(booking, data);
  if (response.statusCode !== 201) throw new Error(`POST /show answered ${response.statusCode}: ${response.body}`);
  return response.json<ShowView>();
}

/**
 * Two instances of the service on one database: `booking` and `other`, each
 * with its own in-process bus, queues and remembered shows, so they see each
 * other only through the database. `freshShow` makes a new show of one movie
 * on the next day of `month` ('2026-05').
 */
/** A second booking instance on `booking`'s database and clock (real time without one), with a bus of its own: it hears nothing `booking` announces. */
export function anotherInstance(
  booking: { context: TestContext; clock?: TestClock },
  presales?: BookingContext['presales'],
): Promise<ServiceApp> {
  return buildBookingApp({
    ...booking.context,
    ...(presales ? { presales } : {}),
    bus: new InProcessEventBus(),
    ...(booking.clock ? { clock: booking.clock.now } : {}),
    seedShows: false,
    holdLimits: { perAddress: 1_000_000 },
  });
}

export async function startTwoInstances(month: string) {
  const booking = await startBooking();
  const other = await anotherInstance(booking);
  const { movieId } = await publishMovie(booking.context);
  let day = 0;
  return {
    booking,
    other,
    movieId,
    freshShow(): Promise<ShowView> {
      day += 1;
      return createShow(booking, { movieId, roomId: 1, day: `${month}-${String(day).padStart(2, '0')}`, schedule: '20:00', type: '2D' });
    },
    async close(): Promise<void> {
      await other.close();
      await booking.close();
    },
  };
}

/** A hold of `seats` seats of a show through `app`, by a new user unless one is named. */
export function holdOn(app: ServiceApp, showId: string, seats: number, userId = newId()) {
  return app.inject({ method: 'POST', url: '/tickets/addTickets', headers: userHeaders(app, userId), payload: { userId, seats, showId } });
}

/** A show document of room 2 (10 × 10) on 1 July 2026 at 20:00, every seat free unless `fields` say otherwise. */
export function showDocument(fields: Partial<ShowDocument> = {}): ShowDocument {
  return {
    _id: new Types.ObjectId(),
    movieId: 'movie',
    startsAt: new Date('2026-07-01T23:00:00Z'),
    endsAt: new Date('2026-07-02T01:00:00Z'),
    date: '2026-07-01',
    schedule: '20:00',
    roomId: 2,
    type: '2D',
    price: 900,
    capacity: 100,
    rows: 10,
    seatsPerRow: 10,
    available: 100 - (fields.seats?.length ?? 0),
    holdsExpireAt: null,
    version: 0,
    seats: [],
    ...fields,
  };
}
