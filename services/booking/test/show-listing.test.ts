import type { ShowView } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { Types } from 'mongoose';
import { ShowListing, type ListedShow } from '../src/shows/show-listing';
import type { Seat, ShowDocument } from '../src/shows/show-model';
import { holdOn as hold, startTwoInstances, type BookingUnderTest } from './helpers';

/**
 * The listings read the shows' summaries (show-listing.ts): at most 1 s
 * behind the writes of any instance; /show/one shows this instance's own at once.
 */
let booking: BookingUnderTest;
let other: ServiceApp;
let instances: Awaited<ReturnType<typeof startTwoInstances>>;

beforeAll(async () => {
  instances = await startTwoInstances('2026-06');
  ({ booking, other } = instances);
});
afterAll(() => instances.close());

const freshShow = () => instances.freshShow();

async function seatsRead(app: ServiceApp, showId: string): Promise<{ one: number; all: number | undefined }> {
  const one = (await app.inject({ method: 'GET', url: `/show/one/${showId}` })).json<ShowView>().seats;
  const all = (await app.inject({ method: 'GET', url: '/show/all' })).json<ShowView[]>().find((show) => show.id === showId)?.seats;
  return { one, all };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('an instance reads its own seat writes at once in a show, and every instance in every listing within 1 s', async () => {
  const show = await freshShow();
  await seatsRead(other, show.id);

  expect((await hold(booking.app, show.id, 10)).statusCode).toBe(200);
  const written = Date.now();
  expect((await seatsRead(booking.app, show.id)).one).toBe(show.capacity - 10);

  await pause(Math.max(0, written + 1000 - Date.now()));
  for (const app of [booking.app, other])
    expect(await seatsRead(app, show.id)).toEqual({ one: show.capacity - 10, all: show.capacity - 10 });
});

it('a sold-out show reads sold out on every instance, and its seats free again when the holds lapse', async () => {
  const show = await freshShow();
  for (let held = 0; held < show.capacity; held += 10)
    expect((await hold(other, show.id, Math.min(10, show.capacity - held))).statusCode).toBe(200);
  expect((await hold(other, show.id, 1)).statusCode).toBe(409);
  const written = Date.now();

  expect((await seatsRead(other, show.id)).one).toBe(0);
  await pause(Math.max(0, written + 1000 - Date.now()));
  for (const app of [booking.app, other]) expect(await seatsRead(app, show.id)).toEqual({ one: 0, all: 0 });

  booking.clock.advanceMinutes(60);
  try {
    expect(await seatsRead(booking.app, show.id)).toEqual({ one: show.capacity, all: show.capacity });
  } finally {
    booking.clock.advanceMinutes(-60);
  }
});

it('a show created or deleted by another instance shows within 1 s; one read by id finds it at once', async () => {
  const before = (await other.inject({ method: 'GET', url: '/show/all' })).json<ShowView[]>();
  const show = await freshShow();
  expect((await other.inject({ method: 'GET', url: `/show/one/${show.id}` })).statusCode).toBe(200);
  expect(before.some((listed) => listed.id === show.id)).toBe(false);

  await pause(1000);
  expect((await other.inject({ method: 'GET', url: '/show/all' })).json<ShowView[]>().some((listed) => listed.id === show.id)).toBe(true);
});

describe('ShowListing', () => {
  let clock = 0;
  const now = () => clock;
  const stored = (version: number, seats: Seat[] = []): ShowDocument => ({
    _id: showId,
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
    available: 100 - seats.length,
    holdsExpireAt: null,
    version,
    seats,
  });
  const showId = new Types.ObjectId();
  const free = (listed: ListedShow | null | undefined) => (listed ? listed.available : undefined);

  it('answers from a read started at most maxAgeMs before, whoever wrote since', async () => {
    const writer = new ShowListing(booking.context.db, { now });
    const reader = new ShowListing(booking.context.db, { now });
    await writer.save(stored(1));
    expect(free(await reader.one(showId.toHexString()))).toBe(100);

    await writer.save(stored(2, [{ label: 'A1', row: 'A', number: 1, state: 'sold', orderId: 'o1' }]));
    clock += 1000;
    expect(free(await reader.one(showId.toHexString()))).toBe(100);
    clock += 1;
    expect(free(await reader.one(showId.toHexString()))).toBe(99);
  });

  it('never replaces a summary with an older one', async () => {
    const listing = new ShowListing(booking.context.db, { now });
    await listing.save(stored(10, [{ label: 'A1', row: 'A', number: 1, state: 'sold', orderId: 'o1' }]));
    await listing.save(stored(9));
    clock += 5000;
    expect(free((await listing.all()).find((listed) => listed._id.equals(showId)))).toBe(99);
  });
});
