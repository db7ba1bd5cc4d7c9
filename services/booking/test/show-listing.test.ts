import type { ShowView } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { Types } from 'mongoose';
import { brotliDecompressSync } from 'node:zlib';
import { ShowListing, type ListedShow } from '../src/shows/show-listing';
import type { Seat, ShowDocument } from '../src/shows/show-model';
import { holdOn as hold, showDocument, startTwoInstances, type BookingUnderTest } from './helpers';

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

it('/show/all is sent compressed by booking to a client that accepts it, and reads the same', async () => {
  const template = {
    ...(await booking.context.db.collection<ListedShow>('show_summaries').findOne({ _id: new Types.ObjectId((await freshShow()).id) })),
  };
  const many: ListedShow[] = Array.from({ length: 120 }, () => ({ ...(template as ListedShow), _id: new Types.ObjectId() }));
  const summaries = booking.context.db.collection<ListedShow>('show_summaries');
  await summaries.insertMany(many);
  try {
    await pause(1100);
    const plain = await booking.app.inject({ method: 'GET', url: '/show/all' });
    const compressed = await booking.app.inject({ method: 'GET', url: '/show/all', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<ShowView[]>().length).toBeGreaterThan(120);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  } finally {
    await summaries.deleteMany({ _id: { $in: many.map((listed) => listed._id) } });
  }
});

it('a show whose summary is gone (long past) is still read by id, from the show itself', async () => {
  const show = await freshShow();
  await booking.context.db.collection('show_summaries').deleteOne({ _id: new Types.ObjectId(show.id) });
  await pause(1100);
  const read = await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}` });
  expect(read.statusCode).toBe(200);
  expect(read.json<ShowView>()).toEqual(show);
});

describe('ShowListing', () => {
  let clock = 0;
  const now = () => clock;
  const stored = (version: number, seats: Seat[] = []): ShowDocument => showDocument({ _id: showId, version, seats });
  const showId = new Types.ObjectId();
  const free = (listed: ListedShow | null | undefined) => (listed ? listed.available : undefined);

  it('answers from a read started at most maxAgeMs before, whoever wrote since', async () => {
    const writer = new ShowListing(booking.context.db, { now, clock: booking.clock.now });
    const reader = new ShowListing(booking.context.db, { now, clock: booking.clock.now });
    await writer.save(stored(1));
    expect(free(await reader.one(showId.toHexString()))).toBe(100);

    await writer.save(stored(2, [{ label: 'A1', row: 'A', number: 1, state: 'sold', orderId: 'o1' }]));
    clock += 1000;
    expect(free(await reader.one(showId.toHexString()))).toBe(100);
    clock += 1;
    expect(free(await reader.one(showId.toHexString()))).toBe(99);
  });

  it('never replaces a summary with an older one', async () => {
    const listing = new ShowListing(booking.context.db, { now, clock: booking.clock.now });
    await listing.save(stored(10, [{ label: 'A1', row: 'A', number: 1, state: 'sold', orderId: 'o1' }]));
    await listing.save(stored(9));
    clock += 5000;
    expect(free((await listing.all()).find((listed) => listed._id.equals(showId)))).toBe(99);
  });

  it('deletes the summaries of shows a day after they started, and start-up does not bring them back', async () => {
    let today = new Date('2026-07-01T12:00:00Z');
    const listing = new ShowListing(booking.context.db, { now, clock: () => today });
    const past: ShowDocument = { ...stored(1), _id: new Types.ObjectId() };
    const summaries = booking.context.db.collection('show_summaries');
    await listing.save(past);
    clock += 5000;
    expect((await listing.all()).some((listed) => listed._id.equals(past._id))).toBe(true);

    today = new Date('2026-07-03T00:00:00Z'); // 25 h after it started
    clock += 10 * 60_000 + 5000;
    expect((await listing.all()).some((listed) => listed._id.equals(past._id))).toBe(false);
    expect(await listing.one(past._id.toHexString())).toBeNull();
    expect(await summaries.countDocuments({ _id: past._id })).toBe(0);

    const restarted = new ShowListing(booking.context.db, { now, clock: () => today });
    await restarted.rebuild(
      (async function* () {
        yield past;
      })(),
    );
    expect(await summaries.countDocuments({ _id: past._id })).toBe(0);
  });
});
