import type { CartView, SeatMapDelta, SeatMapView, ShowView } from '@cine/contracts';
import { metricsRegistry, type ServiceApp } from '@cine/service-kit';
import { EventStreamClient, type ServerSentEvent } from '@cine/service-kit/testing';
import type { AddressInfo } from 'node:net';
import { Types } from 'mongoose';
import { buildBookingApp } from '../src';
import { SeatStreams, DEFAULT_SEAT_STREAM_SETTINGS } from '../src/shows/seat-streams';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import {
  anotherInstance,
  createShow,
  newId,
  publishMovie,
  startBooking,
  startTwoInstances,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

/** A hold of the named seats through `app`, by a new user unless one is named. */
function holdLabels(
  app: ServiceApp,
  showId: string,
  seatLabels: unknown,
  seats = Array.isArray(seatLabels) ? seatLabels.length : 1,
  userId = newId(),
) {
  return app.inject({
    method: 'POST',
    url: '/tickets/addTickets',
    headers: userHeaders(app, userId),
    payload: { userId, seats, showId, seatLabels },
  });
}

async function seatMap(app: ServiceApp, showId: string): Promise<SeatMapView> {
  return (await app.inject({ method: 'GET', url: `/show/${showId}/seats` })).json<SeatMapView>();
}

async function cartOf(app: ServiceApp, userId: string): Promise<CartView> {
  return (
    await app.inject({ method: 'POST', url: '/cart/userCart', headers: userHeaders(app, userId), payload: { idUser: userId } })
  ).json<CartView>();
}

let day = 0;
/** A new show in `roomId`, on a day of its own. */
async function newShow(booking: BookingUnderTest, roomId = 1): Promise<ShowView> {
  const { movieId } = await publishMovie(booking.context);
  day += 1;
  return createShow(booking, { movieId, roomId, day: `2026-04-${String(day).padStart(2, '0')}`, schedule: '20:00', type: '2D' });
}

describe('holds by seat label (POST /tickets/addTickets with seatLabels)', () => {
  let booking: BookingUnderTest;
  beforeAll(async () => {
    booking = await startBooking();
  });
  afterAll(async () => booking.close());

  it('holds exactly the seats named, wheelchair spaces included, and the map shows them held', async () => {
    const show = await newShow(booking, 2);
    const userId = newId();
    const held = await holdLabels(booking.app, show.id, ['A1', 'J12', 'C5'], 3, userId);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ seats: 3, seatLabels: ['A1', 'C5', 'J12'], show: { seats: 97 } });
    expect((await cartOf(booking.app, userId)).tickets[0]).toMatchObject({ seats: 3, seatLabels: ['A1', 'C5', 'J12'] });
    const map = await seatMap(booking.app, show.id);
    expect(map).toMatchObject({ roomId: 2, layout: { rows: [8, 8, 10, 10, 10, 10, 10, 10, 12, 12], wheelchair: ['A1', 'A8'] } });
    expect(map.taken).toEqual({ A1: 'held', C5: 'held', J12: 'held' });
  });

  it('answers 409 naming the seats taken meanwhile, and holds none of the others', async () => {
    const show = await newShow(booking);
    expect((await holdLabels(booking.app, show.id, ['F5', 'F6'])).statusCode).toBe(200);
    const userId = newId();
    const refused = await holdLabels(booking.app, show.id, ['F4', 'F5', 'F6'], 3, userId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Los asientos F5 y F6 ya no están disponibles: elige otros.' });
    const one = await holdLabels(booking.app, show.id, ['F5'], 1, userId);
    expect(one.json()).toEqual({ statusCode: 409, error: 'El asiento F5 ya no está disponible: elige otro.' });
    expect((await cartOf(booking.app, userId)).tickets).toEqual([]);
    expect(Object.keys((await seatMap(booking.app, show.id)).taken).sort()).toEqual(['F5', 'F6']);
  });

  it('lets a buyer move their own hold onto seats of it (their hold is replaced)', async () => {
    const show = await newShow(booking);
    const userId = newId();
    await holdLabels(booking.app, show.id, ['F5', 'F6'], 2, userId);
    const moved = await holdLabels(booking.app, show.id, ['F6', 'F7'], 2, userId);
    expect(moved.json()).toMatchObject({ seatLabels: ['F6', 'F7'] });
    expect((await seatMap(booking.app, show.id)).taken).toEqual({ F6: 'held', F7: 'held' });
  });

  it.each([
    ['a seat the room does not have', ['K1'], 1, 'El asiento K1 no existe en la sala 1.'],
    ['seats of another room (A11, A12 of room 3)', ['A11', 'A12'], 2, 'Los asientos A11 y A12 no existen en la sala 1.'],
    ['text that is no label', ['f7'], 1, 'El asiento f7 no existe en la sala 1.'],
    ['the same seat twice', ['F5', 'F5'], 2, 'El asiento F5 está repetido.'],
    ['more labels than seats', ['F5', 'F6', 'F7'], 2, 'Elige 2 asientos para tus 2 entradas: enviaste 3.'],
    ['fewer labels than seats', ['F5'], 2, 'Elige 2 asientos para tus 2 entradas: enviaste 1.'],
  ])('answers 400 for %s, holding nothing', async (_case, labels, seats, error) => {
    const show = await newShow(booking);
    const userId = newId();
    const refused = await holdLabels(booking.app, show.id, labels, seats, userId);
    expect(refused.json()).toEqual({ statusCode: 400, error });
    expect((await cartOf(booking.app, userId)).tickets).toEqual([]);
    expect((await seatMap(booking.app, show.id)).taken).toEqual({});
  });

  it('reads a show created before layouts were data (no layout stored) as a plain rectangle of its rows', async () => {
    const show = await newShow(booking, 3);
    await booking.context.db.collection('shows').updateOne({ _id: new Types.ObjectId(show.id) }, { $unset: { layout: '' } });
    // A fresh instance: nothing of the show in memory.
    const fresh = await anotherInstance(booking);
    try {
      expect((await seatMap(fresh, show.id)).layout).toEqual({ rows: Array(8).fill(12), aisles: [], wheelchair: [] });
      const held = await holdLabels(fresh, show.id, ['D6', 'D7'], 2);
      expect(held.json()).toMatchObject({ seatLabels: ['D6', 'D7'] });
      expect(
        (
          await fresh.inject({
            method: 'POST',
            url: '/tickets/addTickets',
            headers: userHeaders(fresh, 'u-rect'),
            payload: { userId: 'u-rect', seats: 2, showId: show.id },
          })
        ).json(),
      ).toMatchObject({ seatLabels: ['E6', 'E7'] });
    } finally {
      await fresh.close();
    }
  });

  it('refuses by schema labels that are too long or too many', async () => {
    const show = await newShow(booking);
    expect((await holdLabels(booking.app, show.id, ['F100'], 1)).statusCode).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, i) => `A${i + 1}`);
    expect((await holdLabels(booking.app, show.id, eleven, 10)).statusCode).toBe(400);
    expect((await holdLabels(booking.app, show.id, [{ $gt: '' }], 1)).statusCode).toBe(400);
  });

  it('keeps the per-address limit: past it, 409 and nothing held', async () => {
    const limited = await startBooking({ holdLimits: { perAddress: 2 } });
    try {
      const show = await newShow(limited);
      expect((await holdLabels(limited.app, show.id, ['A1', 'A2'])).statusCode).toBe(200);
      const refused = await holdLabels(limited.app, show.id, ['B1']);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toMatch(/^Desde tu conexión ya hay demasiados asientos reservados/);
      expect(Object.keys((await seatMap(limited.app, show.id)).taken)).toEqual(['A1', 'A2']);
    } finally {
      await limited.close();
    }
  });
});

describe('two buyers race for the same seat through two booking instances', () => {
  it('exactly one of them gets it, every time', async () => {
    const instances = await startTwoInstances('2026-06');
    try {
      for (let round = 0; round < 8; round++) {
        const show = await instances.freshShow();
        const label = ['F5', 'A1', 'J10', 'E6'][round % 4] as string;
        const answers = await Promise.all([
          holdLabels(instances.booking.app, show.id, [label, 'C1']),
          holdLabels(instances.other, show.id, [label, 'D1']),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const loser = answers.find((answer) => answer.statusCode === 409);
        expect(loser?.json<{ error: string }>().error).toBe(`El asiento ${label} ya no está disponible: elige otro.`);
        const taken = (await seatMap(instances.other, show.id)).taken;
        expect(Object.keys(taken)).toHaveLength(2);
        expect(taken[label]).toBe('held');
      }
    } finally {
      await instances.close();
    }
  });
});

describe('the live seat map (GET /show/:id/seats/stream)', () => {
  let booking: BookingUnderTest;
  let base: string;
  const streams: EventStreamClient[] = [];
  const open = async (showId: string, headers: Record<string, string> = {}) => {
    const stream = await EventStreamClient.open(`${base}/show/${showId}/seats/stream`, headers);
    streams.push(stream);
    return stream;
  };
  const json = <T>(event: ServerSentEvent) => JSON.parse(event.data) as T;

  beforeAll(async () => {
    booking = await startBooking();
    await booking.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(booking.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => booking.close());

  it('sends a snapshot, then a delta with the next version for each hold, release and sale', async () => {
    const show = await newShow(booking);
    const stream = await open(show.id);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    const map = json<SeatMapView>(snapshot);
    expect(map).toMatchObject({ showId: show.id, roomId: 1, taken: {} });
    expect(snapshot.id).toBe(String(map.version));

    const userId = newId();
    await holdLabels(booking.app, show.id, ['F5', 'F6'], 2, userId);
    const held = await stream.next();
    expect(held.event).toBe('seats');
    expect(json<SeatMapDelta>(held)).toEqual({
      from: map.version,
      version: map.version + 1,
      seats: { F5: 'held', F6: 'held' },
      at: expect.any(Number),
    });
    expect(held.id).toBe(String(map.version + 1));

    await booking.app.inject({
      method: 'POST',
      url: '/tickets/delete',
      headers: userHeaders(booking.app, userId),
      payload: { userId, showId: show.id },
    });
    expect(json<SeatMapDelta>(await stream.next())).toEqual({
      from: map.version + 1,
      version: map.version + 2,
      seats: { F5: 'free', F6: 'free' },
      at: expect.any(Number),
    });

    const buyer = newId();
    await holdLabels(booking.app, show.id, ['A1'], 1, buyer);
    await stream.next();
    const paid = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers: userHeaders(booking.app, buyer),
      payload: { ticket: 1, show: show.id, idUser: buyer, paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);
    const deltas: SeatMapDelta[] = [];
    while (deltas.at(-1)?.seats.A1 !== 'sold') deltas.push(json<SeatMapDelta>(await stream.next()));
    // Reserved for the order (a change of its hold's end), then sold: the versions follow on (changes
    // within 200 ms of the last delta go out together, as one delta over both versions).
    deltas.reduce((version, delta) => {
      expect(delta.from).toBe(version);
      return delta.version;
    }, map.version + 3);
    expect(deltas.at(-1)!.version).toBeGreaterThanOrEqual(map.version + 5);
  });

  it('counts the streams open (cine_seat_map_streams_open) until each viewer leaves', async () => {
    const openNow = async () => (await metricsRegistry.getSingleMetric('cine_seat_map_streams_open')?.get())?.values[0]?.value ?? 0;
    const show = await newShow(booking);
    const before = await openNow();
    const viewers = [await open(show.id), await open(show.id)];
    for (const viewer of viewers) await viewer.next();
    expect(await openNow()).toBe(before + 2);
    viewers[0]?.close();
    for (let waited = 0; (await openNow()) !== before + 1 && waited < 2000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await openNow()).toBe(before + 1);
  });

  it('frees lapsed holds on the map when the next write drops them', async () => {
    const show = await newShow(booking);
    await holdLabels(booking.app, show.id, ['B2'], 1);
    const stream = await open(show.id);
    expect(json<SeatMapView>(await stream.next()).taken).toEqual({ B2: 'held' });
    booking.clock.advanceMinutes(11);
    try {
      await holdLabels(booking.app, show.id, ['C3'], 1);
      expect(json<SeatMapDelta>(await stream.next()).seats).toEqual({ B2: 'free', C3: 'held' });
      expect((await seatMap(booking.app, show.id)).taken).toEqual({ C3: 'held' });
    } finally {
      booking.clock.advanceMinutes(-11);
    }
  });

  it('catches a reconnection up from the version it names (Last-Event-ID), or sends a snapshot', async () => {
    const show = await newShow(booking);
    const first = await open(show.id);
    const start = json<SeatMapView>(await first.next()).version;
    const releasing = newId();
    await holdLabels(booking.app, show.id, ['D4'], 1, releasing);
    await first.next();
    first.close();
    await holdLabels(booking.app, show.id, ['D5'], 1);
    await booking.app.inject({
      method: 'POST',
      url: '/tickets/delete',
      headers: userHeaders(booking.app, releasing),
      payload: { userId: releasing, showId: show.id },
    });

    const again = await open(show.id, { 'last-event-id': String(start + 1) });
    const caughtUp = await again.next();
    expect(caughtUp.event).toBe('seats');
    expect(json<SeatMapDelta>(caughtUp)).toEqual({ from: start + 1, version: start + 3, seats: { D4: 'free', D5: 'held' } });
    expect(caughtUp.id).toBe(String(start + 3));

    for (const unknown of [String(start + 99), 'nonsense']) {
      const fresh = await open(show.id, { 'last-event-id': unknown });
      const snapshot = await fresh.next();
      expect(snapshot.event).toBe('snapshot');
      expect(json<SeatMapView>(snapshot)).toMatchObject({ version: start + 3, taken: { D5: 'held' } });
    }
  });

  it('reads the show again and sends a new snapshot when a change was missed (a version skipped)', async () => {
    // `other` shares the database but not the bus: its writes are never announced to this instance's maps.
    const other = await anotherInstance(booking);
    try {
      const show = await newShow(booking);
      const stream = await open(show.id);
      const start = json<SeatMapView>(await stream.next()).version;
      await holdLabels(other, show.id, ['G7'], 1);
      await holdLabels(booking.app, show.id, ['G8'], 1);
      const resync = await stream.next(3000);
      expect(resync.event).toBe('snapshot');
      expect(json<SeatMapView>(resync)).toMatchObject({ version: start + 2, taken: { G7: 'held', G8: 'held' } });
    } finally {
      await other.close();
    }
  });

  it('shows a viewer connected to one instance the holds made through another (one bus, every instance hears it)', async () => {
    const other = await buildBookingApp({
      ...booking.context,
      clock: booking.clock.now,
      seedShows: false,
      holdLimits: { perAddress: 1_000_000 },
    });
    try {
      const show = await newShow(booking);
      const stream = await open(show.id);
      const start = json<SeatMapView>(await stream.next()).version;
      const heldAt = performance.now();
      await holdLabels(other, show.id, ['H1', 'H2'], 2);
      const delta = await stream.next(1000);
      expect(json<SeatMapDelta>(delta)).toEqual({
        from: start,
        version: start + 1,
        seats: { H1: 'held', H2: 'held' },
        at: expect.any(Number),
      });
      // The write's time travels with the change, so a viewer can tell how late it is.
      expect(Date.now() - json<SeatMapDelta>(delta).at!).toBeLessThan(1000);
      expect(delta.receivedAt - heldAt).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });

  it('answers 404 for an unknown show, 400 for an id that is none, and the snapshot as JSON without the event-stream Accept', async () => {
    const unknown = await open(newId());
    expect(unknown.status).toBe(404);
    expect(
      (await booking.app.inject({ method: 'GET', url: `/show/${newId()}/seats/stream`, headers: { accept: 'text/event-stream' } })).json(),
    ).toEqual({
      statusCode: 404,
      error: 'No existe la función.',
    });
    expect((await booking.app.inject({ method: 'GET', url: '/show/nope/seats/stream' })).statusCode).toBe(400);
    const show = await newShow(booking);
    const plain = await booking.app.inject({ method: 'GET', url: `/show/${show.id}/seats/stream` });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<SeatMapView>()).toMatchObject({ showId: show.id, taken: {} });
  });

  it('watches a show asked for in upper case under its own id: the stream gets its changes (no stale map)', async () => {
    const show = await newShow(booking);
    const stream = await open(show.id.toUpperCase());
    expect(stream.status).toBe(200);
    const snapshot = json<SeatMapView>(await stream.next());
    expect(snapshot.showId).toBe(show.id);
    await holdLabels(booking.app, show.id, ['B2']);
    const held = await stream.next(3_000);
    expect(held.event).toBe('seats');
    expect(json<SeatMapDelta>(held).seats).toEqual({ B2: 'held' });
  });

  it('refuses a query string (each would be a stream of its own) and answers HEAD at once, opening no stream', async () => {
    const show = await newShow(booking);
    const refused = await EventStreamClient.open(`${base}/show/${show.id}/seats/stream?v=1`);
    expect(refused.status).toBe(400);
    const answer = await booking.app.inject({
      method: 'GET',
      url: `/show/${show.id}/seats/stream?v=2`,
      headers: { accept: 'text/event-stream' },
    });
    expect(answer.json()).toEqual({ statusCode: 400, error: "El campo 'v' no está permitido." });
    const streamsBefore = (await metricsRegistry.getSingleMetric('cine_seat_map_streams_open')?.get())?.values[0]?.value ?? 0;
    const head = await fetch(`${base}/show/${show.id}/seats/stream`, {
      method: 'HEAD',
      headers: { accept: 'text/event-stream' },
      signal: AbortSignal.timeout(2_000),
    });
    expect(head.status).toBe(200);
    expect((await metricsRegistry.getSingleMetric('cine_seat_map_streams_open')?.get())?.values[0]?.value ?? 0).toBe(streamsBefore);
  });

  it('caps the streams open from one client address (429), and counts a closed one out', async () => {
    const saved = process.env.MAX_SEAT_STREAMS_PER_ADDRESS;
    process.env.MAX_SEAT_STREAMS_PER_ADDRESS = '2';
    const capped = await startBooking({ context: booking.context });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(capped.app.server.address() as AddressInfo).port}`;
    try {
      const show = await newShow(capped);
      const first = await EventStreamClient.open(`${url}/show/${show.id}/seats/stream`);
      const second = await EventStreamClient.open(`${url}/show/${show.id}/seats/stream`);
      streams.push(first, second);
      await first.next();
      const third = await EventStreamClient.open(`${url}/show/${show.id}/seats/stream`);
      expect(third.status).toBe(429);
      first.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const fourth = await EventStreamClient.open(`${url}/show/${show.id}/seats/stream`);
      streams.push(fourth);
      expect(fourth.status).toBe(200);
      // A gateway's relay (one stream for all the show's viewers) is counted by the gateway, not here.
      const relayed = await EventStreamClient.open(`${url}/show/${show.id}/seats/stream`, { 'x-seat-relay': '1' });
      streams.push(relayed);
      expect(relayed.status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.MAX_SEAT_STREAMS_PER_ADDRESS;
      else process.env.MAX_SEAT_STREAMS_PER_ADDRESS = saved;
      for (const stream of streams.splice(0)) stream.close();
      await capped.app.close();
    }
  });
});

/** A stream's response that keeps what is written to it in `written`. */
function fakeResponse(written: string[]) {
  return Object.assign(new EventEmitter(), {
    destroyed: false,
    writableLength: 0,
    write: (text: string) => written.push(text),
    end: () => undefined,
  });
}

describe('the seat streams on their own', () => {
  it('send a rush of changes as one delta per 200 ms: the first at once, the next together', async () => {
    const streams = new SeatStreams(
      { read: async () => ({ roomId: 1, layout: { rows: [4] }, version: 1, taken: new Map() }) as never, storedVersion: async () => 1 },
      DEFAULT_SEAT_STREAM_SETTINGS,
    );
    const written: string[] = [];
    const response = fakeResponse(written);
    const showId = newId();
    try {
      await streams.open(showId, '10.0.0.2', undefined, () => response as unknown as ServerResponse);
      written.length = 0;
      await streams.handle({ showId, version: 2, seats: [{ label: 'A1', state: 'sold' }] }, 1000);
      await streams.handle({ showId, version: 3, seats: [{ label: 'A2', state: 'sold' }] }, 1001);
      await streams.handle(
        {
          showId,
          version: 4,
          seats: [
            { label: 'A2', state: 'free' },
            { label: 'A3', state: 'sold' },
          ],
        },
        1002,
      );
      expect(written).toEqual(['id: 2\nevent: seats\ndata: {"from":1,"version":2,"seats":{"A1":"sold"},"at":1000}\n\n']);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(written[1]).toBe('id: 4\nevent: seats\ndata: {"from":2,"version":4,"seats":{"A2":"free","A3":"sold"},"at":1001}\n\n');
    } finally {
      streams.close();
    }
  });

  it('tell the viewers when a hold lapses, with no write: a delta that keeps the version', async () => {
    const heldUntil = Date.now() + 150;
    const streams = new SeatStreams(
      {
        read: async () => ({
          roomId: 1,
          layout: { rows: [2], aisles: [], wheelchair: [] },
          version: 7,
          taken: new Map([['A1', { state: 'held' as const, heldUntil }]]),
        }),
        storedVersion: async () => 7,
      },
      DEFAULT_SEAT_STREAM_SETTINGS,
    );
    const written: string[] = [];
    const response = fakeResponse(written);
    try {
      expect(await streams.open(newId(), '10.0.0.1', undefined, () => response as unknown as ServerResponse)).toBe('open');
      expect(written.join('')).toContain('"taken":{"A1":"held"}');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(written.at(-1)).toBe('id: 7\nevent: seats\ndata: {"from":7,"version":7,"seats":{"A1":"free"}}\n\n');
    } finally {
      streams.close();
    }
  });
});
