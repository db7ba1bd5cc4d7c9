import {
  FIRST_CINEMA_ID,
  type PresaleFeedLine,
  type PresaleFeedPositions,
  type PresaleJoinView,
  type PresaleMeView,
  type PresaleView,
} from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { EventStreamClient, type ServerSentEvent } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import type { AddressInfo } from 'node:net';
import type { BookingContext } from '../src';
import { lotteryOrder } from '../src/presales/presale-rules';
import {
  adminHeaders,
  anotherInstance,
  createShow,
  newId,
  publishMovie,
  startBooking,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

/**
 * Issue 40: the line's state lives in the database, so two booking instances on one database, each running its
 * own ticker, open the line once (the same lottery), admit in exactly position order at the rate (never twice
 * the rate: every move is a conditional update), and each one's feed shows what the other did.
 */
const PRESALES: BookingContext['presales'] = { ticker: { tickMs: 25 }, openingSettleMs: 0, feed: { pollMs: 50 } };

let booking: BookingUnderTest;
let other: ServiceApp;
let movieId: string;

beforeAll(async () => {
  booking = await startBooking({ presales: PRESALES });
  other = await anotherInstance(booking, PRESALES);
  await Promise.all([booking.app.ready(), other.ready()]);
  movieId = (await publishMovie(booking.context)).movieId;
});
afterAll(async () => {
  await other.close();
  await booking.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const places = () => booking.context.db.collection('presale_places');
const presaleDoc = (id: string) => booking.context.db.collection('presales').findOne({ _id: new Types.ObjectId(id) });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(20);
  }
}

let day = 0;
async function newPresale(admitPerMinute: number): Promise<PresaleView> {
  day += 1;
  const show = await createShow(booking, {
    cinemaId: FIRST_CINEMA_ID,
    movieId,
    roomId: 1,
    day: `2026-04-${String(day).padStart(2, '0')}`,
    schedule: '20:00',
    type: '2D',
  });
  const opensAt = new Date(booking.clock.now().getTime() + 10 * 60_000).toISOString();
  const created = await booking.app.inject({
    method: 'POST',
    url: '/presales',
    headers: adminHeaders(booking.app),
    payload: { showIds: [show.id], opensAt, admitPerMinute },
  });
  expect(created.statusCode).toBe(201);
  return created.json<PresaleView>();
}

async function meOn(app: ServiceApp, presaleId: string, userId: string): Promise<PresaleMeView> {
  const response = await app.inject({ method: 'GET', url: `/presales/${presaleId}/me`, headers: userHeaders(app, userId) });
  expect(response.statusCode).toBe(200);
  return response.json<PresaleMeView>();
}

function joinOn(app: ServiceApp, presaleId: string, userId: string) {
  return app.inject({ method: 'POST', url: `/presales/${presaleId}/join`, headers: userHeaders(app, userId) });
}

it('opens once and admits in exactly position order at the rate, with both instances ticking the same line', async () => {
  const presale = await newPresale(60);
  const early = Array.from({ length: 20 }, () => newId());
  // The joins come through both instances, alternately.
  for (const [index, userId] of early.entries()) {
    expect((await joinOn(index % 2 === 0 ? booking.app : other, presale.id, userId)).statusCode).toBe(201);
  }
  booking.clock.advanceMinutes(10);
  const opened = await until(
    () => presaleDoc(presale.id),
    (doc) => doc?.openedAt !== undefined,
    'the opening',
  );
  expect(opened?.lastPosition).toBe(20);
  // Each buyer's place and position as GET /me answers them, through either instance.
  const standings: PresaleMeView[] = [];
  for (const [index, userId] of early.entries()) standings.push(await meOn(index % 2 === 0 ? other : booking.app, presale.id, userId));
  const arrival = standings.map((standing) => standing.placeId as string);
  const drawn = lotteryOrder(arrival, opened?.seed as string);
  expect(drawn.map((placeId) => standings.find((standing) => standing.placeId === placeId)?.position)).toEqual(
    Array.from({ length: 20 }, (_, index) => index + 1),
  );

  // Later arrivals, through both instances: the back, in arrival order.
  const late = Array.from({ length: 6 }, () => newId());
  const latePositions: Array<number | null> = [];
  for (const [index, userId] of late.entries()) {
    latePositions.push((await joinOn(index % 2 === 0 ? other : booking.app, presale.id, userId)).json<PresaleJoinView>().position);
  }
  expect(latePositions).toEqual([21, 22, 23, 24, 25, 26]);

  // One second of the clock at a time: one admission (60 a minute), the next position, whichever instance wins the tick.
  const admissionOrder: number[] = [];
  for (let second = 1; second <= 26; second++) {
    booking.clock.set(new Date(booking.clock.now().getTime() + 1_000));
    await until(
      () => presaleDoc(presale.id),
      (doc) => doc?.admittedThrough === second,
      `admission ${second}`,
    );
    // Several ticks of each instance: still exactly `second` admitted (no instance admits twice for one second).
    await sleep(120);
    expect((await presaleDoc(presale.id))?.admittedThrough).toBe(second);
    const admitted = await until(
      () => places().find({ presaleId: presale.id, state: 'admitted' }).toArray(),
      (found) => found.length === second,
      `places admitted at ${second}`,
    );
    const fresh = admitted.map((place) => place.position as number).filter((position) => !admissionOrder.includes(position));
    expect(fresh).toHaveLength(1);
    admissionOrder.push(...fresh);
  }
  expect(admissionOrder).toEqual(Array.from({ length: 26 }, (_, index) => index + 1));
  // Every place admitted holds its own position (copied on it as it was admitted): 26 places, 26 positions.
  expect(new Set((await places().find({ presaleId: presale.id }).toArray()).map((place) => place.position)).size).toBe(26);
});

describe('the feed (GET /presales/:id/feed) shows what the other instance did', () => {
  let base: string;
  const streams: EventStreamClient[] = [];
  const json = <T>(event: ServerSentEvent) => JSON.parse(event.data) as T;
  beforeAll(async () => {
    await booking.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(booking.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  /** The next event named `name` (others skipped). */
  async function nextOf(stream: EventStreamClient, name: string, match: (event: ServerSentEvent) => boolean = () => true) {
    for (;;) {
      const event = await stream.next(5_000);
      if (event.event === name && match(event)) return event;
    }
  }

  it('sends the line and the positions first, then each change made through the other instance', async () => {
    const presale = await newPresale(600);
    const first = newId();
    await joinOn(other, presale.id, first);
    const stream = await EventStreamClient.open(`${base}/presales/${presale.id}/feed`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const line = await stream.next();
    expect(line.event).toBe('line');
    expect(json<PresaleFeedLine>(line)).toMatchObject({
      state: 'scheduled',
      joined: 1,
      lastPosition: 0,
      admittedThrough: 0,
      seatsLeft: 100,
    });
    expect(line.id).toBe(String(json<PresaleFeedLine>(line).version));
    expect(json<PresaleFeedPositions>(await stream.next())).toEqual({ positions: [] });

    // A join through the other instance: the line's new version within the polling.
    await joinOn(other, presale.id, newId());
    expect(json<PresaleFeedLine>(await nextOf(stream, 'line'))).toMatchObject({ joined: 2 });

    booking.clock.advanceMinutes(10);
    const positions = json<PresaleFeedPositions>(await nextOf(stream, 'positions')).positions;
    expect(positions.map(([, position]) => position)).toEqual([1, 2]);
    await nextOf(stream, 'line', (event) => json<PresaleFeedLine>(event).state === 'open');

    const late = newId();
    await joinOn(other, presale.id, late);
    const placeId = (await places().findOne({ presaleId: presale.id, userId: late }))?._id.toHexString();
    expect(json<PresaleFeedPositions>(await nextOf(stream, 'positions')).positions).toEqual([[placeId, 3]]);

    const closed = await other.inject({ method: 'POST', url: `/presales/${presale.id}/close`, headers: adminHeaders(other) });
    expect(closed.statusCode).toBe(200);
    expect(json<PresaleFeedLine>(await nextOf(stream, 'line', (event) => json<PresaleFeedLine>(event).state === 'closed')).state).toBe(
      'closed',
    );
  });
});
