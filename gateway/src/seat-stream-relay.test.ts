import { request as httpRequest, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { TOO_MANY_SEAT_MAPS } from '@cine/contracts';
import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import { SEAT_STREAM_ID_MESSAGE, SEAT_STREAM_QUERY_MESSAGE, SEAT_STREAMS_BUSY_MESSAGE } from './plugins/api-proxy';
import { buildTestGateway, serviceUrls, startFakeService, type FakeService } from './testing/fake-services';
import {
  DEFAULT_SEAT_STREAM_RELAY_SETTINGS,
  SeatStreamRelay,
  type SeatStreamRelaySettings,
  type SeatStreamViewer,
} from './seat-stream-relay';

/**
 * The relay of the live seat maps against what issue 34's probe did to it, at small scale: one client
 * opening streams under ever new URLs of one show (query strings, the id in upper case), opening and
 * closing viewers of many shows, and HEAD on the stream. Booking is a fake (testing/fake-services.ts)
 * that counts the streams it was asked for.
 */
jest.setTimeout(20_000);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const showId = (n: number) => `65f1c0ffee65f1c0ffee${n.toString(16).padStart(4, '0')}`;

interface Running {
  booking: FakeService;
  gateway: FastifyInstance;
  address: string;
}

async function start(seatStreams: Partial<SeatStreamRelaySettings>): Promise<Running> {
  const booking = await startFakeService('booking');
  const gateway = await buildTestGateway({ services: await serviceUrls({ booking: booking.url }), seatStreams });
  const address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  return { booking, gateway, address };
}

/** Every stream a test opened: closed before the gateway is (an open stream would hold its close). */
const opened: Array<() => void> = [];

async function stop({ booking, gateway }: Running): Promise<void> {
  for (const close of opened.splice(0)) close();
  await gateway.close();
  await booking.close();
}

/** A stream opened over a real socket: its status once the head arrived, what came, and a way to close it. */
function openStream(address: string, path: string, method = 'GET') {
  let text = '';
  let status = 0;
  let headers: Record<string, unknown> = {};
  const started = performance.now();
  let answeredAfter = Number.POSITIVE_INFINITY;
  let body = '';
  let closer: () => void = () => undefined;
  const head = new Promise<void>((resolve) => {
    const request = httpRequest(`${address}${path}`, { method, headers: { accept: 'text/event-stream' } }, (response) => {
      status = response.statusCode ?? 0;
      headers = response.headers;
      answeredAfter = performance.now() - started;
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        body = text;
      });
      resolve();
    });
    request.on('error', () => resolve());
    request.end();
    closer = () => request.destroy();
    opened.push(closer);
  });
  return {
    head,
    status: () => status,
    headers: () => headers,
    answeredAfter: () => answeredAfter,
    text: () => text,
    json: () => JSON.parse(body) as { statusCode: number; error: string },
    close: () => closer(),
  };
}

describe('the seat map relay against one client opening many URLs (issue 34)', () => {
  let running: Running;
  beforeAll(async () => {
    running = await start({ perAddress: 20, lingerMs: 300 });
  });
  afterAll(async () => stop(running));

  it('refuses a query string and an id that is none with a 400 in Spanish, asking booking for nothing', async () => {
    const { address, booking } = running;
    const opened = booking.streamsOpened();
    const variants = Array.from({ length: 40 }, (_, v) => openStream(address, `/api/show/${showId(1)}/seats/stream?v=${v}`));
    await Promise.all(variants.map((variant) => variant.head));
    for (const variant of variants) {
      expect(variant.status()).toBe(400);
      expect(variant.json()).toEqual({ statusCode: 400, error: SEAT_STREAM_QUERY_MESSAGE });
    }
    const notAnId = openStream(address, '/api/show/not-a-show/seats/stream');
    await notAnId.head;
    expect(notAnId.status()).toBe(400);
    expect(notAnId.json()).toEqual({ statusCode: 400, error: SEAT_STREAM_ID_MESSAGE });
    expect(booking.streamsOpened()).toBe(opened);
  });

  it('keys the relay on the show alone: the id in upper case joins the stream of the lower-case one', async () => {
    const { address, booking } = running;
    const opened = booking.streamsOpened();
    const id = showId(2);
    const lower = openStream(address, `/api/show/${id}/seats/stream`);
    await lower.head;
    await wait(100);
    const upper = openStream(address, `/api/show/${id.toUpperCase()}/seats/stream`);
    const mixed = openStream(address, `/api/show/${id.slice(0, 12).toUpperCase()}${id.slice(12)}/seats/stream`);
    await Promise.all([upper.head, mixed.head]);
    await wait(900);
    for (const stream of [lower, upper, mixed]) stream.close();
    expect([lower.status(), upper.status(), mixed.status()]).toEqual([200, 200, 200]);
    // One stream from booking, asked for by the show's id in lower case: the one booking's announcements name.
    expect(booking.streamsOpened()).toBe(opened + 1);
    expect(booking.streamUrls.at(-1)).toBe(`/show/${id}/seats/stream`);
    // Not a stale map of its own: the upper-case viewer gets the show's changes as they come.
    expect(upper.text()).toMatch(/^event: seats$/m);
    expect(upper.text()).toContain(`"showId":"${id}"`);
    await wait(500);
  });

  it('answers HEAD on the stream at once, without asking booking for a stream', async () => {
    const { address, booking } = running;
    const opened = booking.streamsOpened();
    const head = openStream(address, `/api/show/${showId(3)}/seats/stream`, 'HEAD');
    await head.head;
    head.close();
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(head.answeredAfter()).toBeLessThan(1_000);
    expect(booking.streamsOpened()).toBe(opened);
  });
});

describe('the seat map relay’s caps on streams from booking', () => {
  it('counts a stream that lingers after its last viewer left against the client that opened it', async () => {
    // Three streams per client; booking's stream of a show nobody watches stays open 2 s.
    const running = await start({ perAddress: 3, lingerMs: 2_000 });
    try {
      const { address, booking } = running;
      const opened = booking.streamsOpened();
      // The probe's pattern: open a viewer of a show, close it at once, go on to the next show.
      for (const n of [10, 11, 12]) {
        const stream = openStream(address, `/api/show/${showId(n)}/seats/stream`);
        await stream.head;
        expect(stream.status()).toBe(200);
        await wait(50);
        stream.close();
        await wait(50);
      }
      const fourth = openStream(address, `/api/show/${showId(13)}/seats/stream`);
      await fourth.head;
      fourth.close();
      expect(fourth.status()).toBe(429);
      expect(fourth.json()).toEqual({ statusCode: 429, error: TOO_MANY_SEAT_MAPS });
      expect(booking.streamsOpened()).toBe(opened + 3);
      // Joining a lingering stream (a reconnection) costs nothing more: it is the same stream.
      const again = openStream(address, `/api/show/${showId(10)}/seats/stream`);
      await again.head;
      again.close();
      expect(again.status()).toBe(200);
      expect(booking.streamsOpened()).toBe(opened + 3);
      // Once they have ended, the client may open others.
      await wait(2_400);
      const later = openStream(address, `/api/show/${showId(13)}/seats/stream`);
      await later.head;
      later.close();
      expect(later.status()).toBe(200);
    } finally {
      await stop(running);
    }
  });

  it('opens at most MAX_SEAT_RELAY_UPSTREAMS streams from booking, whatever the clients: 503 in Spanish past it', async () => {
    const running = await start({ perAddress: 20, lingerMs: 200, upstreams: 2 });
    try {
      const { address, booking } = running;
      const opened = booking.streamsOpened();
      const first = openStream(address, `/api/show/${showId(20)}/seats/stream`);
      const second = openStream(address, `/api/show/${showId(21)}/seats/stream`);
      await Promise.all([first.head, second.head]);
      const refused = Array.from({ length: 10 }, (_, n) => openStream(address, `/api/show/${showId(30 + n)}/seats/stream`));
      await Promise.all(refused.map((stream) => stream.head));
      for (const stream of refused) {
        expect(stream.status()).toBe(503);
        expect(stream.headers()['retry-after']).toBe('5');
        expect(stream.json()).toEqual({ statusCode: 503, error: SEAT_STREAMS_BUSY_MESSAGE });
      }
      // A show already relayed is joined as before.
      const viewer = openStream(address, `/api/show/${showId(20)}/seats/stream`);
      await viewer.head;
      expect(viewer.status()).toBe(200);
      expect(booking.streamsOpened()).toBe(opened + 2);
      for (const stream of [first, second, viewer]) stream.close();
      await wait(600);
      const later = openStream(address, `/api/show/${showId(30)}/seats/stream`);
      await later.head;
      later.close();
      expect(later.status()).toBe(200);
    } finally {
      await stop(running);
    }
  });
});

/**
 * A stream from booking whose socket closes only when the test says so (`finishClosing`): as the probe
 * saw, a stream the relay let go of stays open a while (its socket ~60 s) and counts until it has closed.
 */
class SlowClosingStream extends PassThrough {
  private closing?: () => void;
  finishClosing(): void {
    this.closing?.();
  }
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.closing = () => callback(error);
  }
}

/** Booking as the relay's dispatcher sees it: each request answers a stream that starts with the show's snapshot. */
function slowClosingBooking() {
  const streams: Array<{ path: string; body: SlowClosingStream }> = [];
  const dispatcher = {
    request: async ({ path }: { path: string }) => {
      const body = new SlowClosingStream();
      streams.push({ path, body });
      const map = { showId: path.split('/')[2], roomId: 1, version: 1, layout: { rows: [] }, taken: {} };
      body.write(`id: 1\nevent: snapshot\ndata: ${JSON.stringify(map)}\n\n`);
      return { statusCode: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, body };
    },
  } as unknown as Dispatcher;
  return { dispatcher, streams };
}

/** A viewer's socket: `leave` closes it, as a browser tab that goes away. */
function viewerOf(showId: string, address = '203.0.113.7') {
  const res = Object.assign(new PassThrough(), { socket: { destroyed: false } }) as unknown as ServerResponse;
  const viewer: SeatStreamViewer = {
    origin: 'http://booking.test',
    showId,
    address,
    lastEventId: undefined,
    upstreamHeaders: {},
    start: () => res,
  };
  return { viewer, leave: () => void res.destroy() };
}

describe('the per-show cap of streams from booking (MAX_SEAT_RELAY_UPSTREAMS_PER_SHOW)', () => {
  it('opens at most two streams of one show while the first still closes; other shows are not held back, and the show opens again once one has closed', async () => {
    const booking = slowClosingBooking();
    const relay = new SeatStreamRelay(booking.dispatcher, {
      ...DEFAULT_SEAT_STREAM_RELAY_SETTINGS,
      perAddress: 20,
      lingerMs: 10,
      upstreams: 10,
      upstreamsPerShow: 2,
    });
    try {
      const show = showId(40);
      // A viewer comes and goes, twice: each time the show's stream lingers, ends, and stays counted while it closes.
      for (let round = 1; round <= 2; round++) {
        const { viewer, leave } = viewerOf(show);
        expect(await relay.join(viewer)).toEqual({ outcome: 'open' });
        leave();
        await wait(60);
        expect(relay.upstreams).toBe(round);
      }
      expect(booking.streams).toHaveLength(2);

      // A third stream of that show would pass the cap: refused (the route answers 503), booking not asked.
      expect(await relay.join(viewerOf(show).viewer)).toEqual({ outcome: 'busy' });
      // The id in capitals is the same show.
      expect(await relay.join(viewerOf(show.toUpperCase()).viewer)).toEqual({ outcome: 'busy' });
      expect(booking.streams).toHaveLength(2);
      // The cap is per show: another show opens its stream (the cap in all is 10).
      const other = viewerOf(showId(41));
      expect(await relay.join(other.viewer)).toEqual({ outcome: 'open' });
      expect(booking.streams).toHaveLength(3);
      expect(relay.upstreams).toBe(3);

      // Once the first of the show's streams has closed, the show may open one again.
      booking.streams[0]?.body.finishClosing();
      await wait(10);
      expect(relay.upstreams).toBe(2);
      expect(await relay.join(viewerOf(show).viewer)).toEqual({ outcome: 'open' });
      expect(booking.streams.map((stream) => stream.path)).toEqual([
        `/show/${show}/seats/stream`,
        `/show/${show}/seats/stream`,
        `/show/${showId(41)}/seats/stream`,
        `/show/${show}/seats/stream`,
      ]);
      other.leave();
    } finally {
      relay.close();
      for (const { body } of booking.streams) body.finishClosing();
    }
  });
});
