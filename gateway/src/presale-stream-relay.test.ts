import { createHmac } from 'node:crypto';
import { request as httpRequest, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import {
  DEFAULT_PRESALE_ADMIT_PER_MINUTE,
  PRESALE_MESSAGES,
  presaleStanding,
  type PresaleFeedLine,
  type PresaleMeView,
} from '@cine/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import { SEAT_STREAM_ID_MESSAGE, TOO_MANY_PRESALE_STREAMS } from './plugins/api-proxy';
import { buildTestGateway, serviceUrls, TEST_JWT_SECRET } from './testing/fake-services';
import { DEFAULT_PRESALE_STREAM_RELAY_SETTINGS, PresaleStreamRelay, type PresaleStreamRelaySettings } from './presale-stream-relay';

/**
 * The gateway's relay of a presale's line (issue 40) against a fake booking: its feed of the line
 * (GET /presales/:id/feed, driven by the test) and GET /presales/:id/me (each buyer's place, by token).
 * Booking's real feed is tested in booking; here, what the gateway does with it: one feed per presale
 * whatever the buyers, each buyer their own standing first and on each change only, never the admission,
 * a token required, an unknown presale's 404 passed on, the feed closed to outsiders.
 */
jest.setTimeout(20_000);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PRESALE = '65f1c0ffee65f1c0ffee0040';
const UNKNOWN = '65f1c0ffee65f1c0ffee0404';
const OPENS_AT = '2026-12-01T13:00:00.000Z';

function token(sub: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: now, exp: now + 3600, sub, role: 'user', ver: 0 })}`;
  return `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
}

const scheduled: PresaleFeedLine = {
  version: 1,
  state: 'scheduled',
  seatsLeft: 300,
  admittedThrough: 0,
  lastPosition: 0,
  joined: 3,
  admitPerMinute: DEFAULT_PRESALE_ADMIT_PER_MINUTE,
  maxTicketsPerBuyer: 4,
};

/** Booking as the relay sees it: the line's feed (the test writes its events) and each buyer's GET /me. */
async function fakeBooking() {
  const app = Fastify({ logger: false });
  const feeds: ServerResponse[] = [];
  const meAsked: Array<{ url: string; authorization: string | undefined }> = [];
  const received: string[] = [];
  /** The place of each account (by the token's subject); the admission GET /me answers an admitted one. */
  const places = new Map<string, { placeId: string; position: number | null; admitted?: boolean }>();
  app.get<{ Params: { id: string } }>('/presales/:id/feed', (request, reply) => {
    received.push(request.url);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    feeds.push(reply.raw);
    reply.raw.write(`event: line\ndata: ${JSON.stringify(scheduled)}\n\n`);
  });
  app.get<{ Params: { id: string } }>('/presales/:id/me', (request, reply) => {
    received.push(request.url);
    const authorization = request.headers.authorization;
    meAsked.push({ url: request.url, authorization });
    if (request.params.id === UNKNOWN) return reply.code(404).send({ statusCode: 404, error: PRESALE_MESSAGES.unknown });
    const sub = JSON.parse(Buffer.from(String(authorization).split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string;
    const place = places.get(sub);
    const standing = presaleStanding(scheduled, null);
    const view: PresaleMeView = {
      presaleId: request.params.id,
      ...standing,
      joined: place !== undefined,
      ...(place ? { placeId: place.placeId, joinedAt: '2026-12-01T12:59:00.000Z' } : {}),
      expired: false,
      opensAt: OPENS_AT,
      sessionMinutes: 10,
      maxTicketsPerBuyer: 4,
      showIds: ['65f1c0ffee65f1c0ffee0001'],
      ...(place?.admitted ? { admission: 'secret-admission-token', admissionExpiresAt: OPENS_AT } : {}),
    };
    return reply.send(view);
  });
  app.all('/*', async (request) => {
    received.push(`${request.method} ${request.url}`);
    return { url: request.url };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    feeds,
    meAsked,
    received,
    places,
    /** Writes one event to every feed open (booking's feed of the line). */
    send(event: 'line' | 'positions', data: unknown) {
      for (const feed of feeds) if (!feed.writableEnded) feed.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
  };
}

interface Standing extends PresaleMeView {
  [key: string]: unknown;
}

/** A buyer's stream over a real socket: its status, the 'standing' events so far, and a way to close it. */
function watch(address: string, path: string, authorization?: string) {
  let status = 0;
  let text = '';
  let closer: () => void = () => undefined;
  const head = new Promise<void>((resolve) => {
    const request = httpRequest(
      `${address}${path}`,
      { headers: { accept: 'text/event-stream', ...(authorization ? { authorization } : {}) } },
      (response) => {
        status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        resolve();
      },
    );
    request.on('error', () => resolve());
    request.end();
    closer = () => request.destroy();
  });
  return {
    head,
    status: () => status,
    text: () => text,
    standings: (): Standing[] =>
      text
        .split('\n\n')
        .filter((block) => block.startsWith('event: standing'))
        .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as Standing),
    json: () => JSON.parse(text) as { statusCode: number; error: string },
    close: () => closer(),
  };
}

async function start(presaleStreams: Partial<PresaleStreamRelaySettings> = {}) {
  const booking = await fakeBooking();
  const gateway: FastifyInstance = await buildTestGateway({
    services: await serviceUrls({ booking: booking.url }),
    presaleStreams: { lingerMs: 200, ...presaleStreams },
    presaleJoinRateLimit: { max: 3, timeWindowMs: 60_000 },
  });
  const address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  return { booking, gateway, address };
}

describe("the relay of a presale's line (GET /presales/:id/me/stream)", () => {
  let running: Awaited<ReturnType<typeof start>>;
  const streams: Array<ReturnType<typeof watch>> = [];
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await running.gateway.close();
    await running.booking.app.close();
  });
  const open = (path: string, authorization?: string) => {
    const stream = watch(running.address, path, authorization);
    streams.push(stream);
    return stream;
  };

  it('wants a token though the presales are public to read, and an id that is one, asking booking nothing', async () => {
    const before = running.booking.received.length;
    const anonymous = open(`/api/presales/${PRESALE}/me/stream`);
    await anonymous.head;
    await wait(50);
    expect(anonymous.status()).toBe(401);
    const notAnId = open('/api/presales/not-a-presale/me/stream', `Bearer ${token('u-1')}`);
    await notAnId.head;
    await wait(50);
    expect(notAnId.status()).toBe(400);
    expect(notAnId.json()).toEqual({ statusCode: 400, error: SEAT_STREAM_ID_MESSAGE });
    expect(running.booking.received.length).toBe(before);
  });

  it("passes booking's answer on for a presale that does not exist, opening no feed", async () => {
    const feeds = running.booking.feeds.length;
    const unknown = open(`/api/presales/${UNKNOWN}/me/stream`, `Bearer ${token('u-1')}`);
    await unknown.head;
    await wait(50);
    expect(unknown.status()).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: PRESALE_MESSAGES.unknown });
    expect(running.booking.feeds.length).toBe(feeds);
  });

  it('answers the feed 404 from outside: it is booking’s to the gateway only', async () => {
    const before = running.booking.received.length;
    for (const path of [`/api/presales/${PRESALE}/feed`, `/api/presales/${PRESALE}/feed?x=1`, `/api/presales/${PRESALE}/fe%65d`]) {
      const answer = await running.gateway.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token('u-1')}` } });
      expect([path, answer.statusCode]).toEqual([path, 404]);
    }
    const head = await running.gateway.inject({ method: 'HEAD', url: `/api/presales/${PRESALE}/feed` });
    expect(head.statusCode).toBe(404);
    expect(running.booking.received.length).toBe(before);
  });

  it('relays ONE feed per presale and tells each buyer their own standing, first and on each change only', async () => {
    const { booking } = running;
    booking.places.set('ana', { placeId: 'place-ana', position: null });
    booking.places.set('beto', { placeId: 'place-beto', position: null });
    const ana = open(`/api/presales/${PRESALE}/me/stream`, `Bearer ${token('ana')}`);
    await ana.head;
    const beto = open(`/api/presales/${PRESALE.toUpperCase()}/me/stream`, `Bearer ${token('beto')}`);
    const outsider = open(`/api/presales/${PRESALE}/me/stream`, `Bearer ${token('carla')}`);
    await Promise.all([beto.head, outsider.head]);
    await wait(100);
    expect([ana.status(), beto.status(), outsider.status()]).toEqual([200, 200, 200]);
    expect(booking.feeds).toHaveLength(1);
    expect(booking.received.filter((url) => url.endsWith('/feed'))).toEqual([`/presales/${PRESALE}/feed`]);
    // GET /me was asked as each buyer: their own Authorization went with it.
    const subjects = booking.meAsked
      .slice(-3)
      .map(
        ({ authorization }) =>
          JSON.parse(Buffer.from(String(authorization).split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string,
      );
    expect(subjects.sort()).toEqual(['ana', 'beto', 'carla']);
    expect(ana.standings()).toEqual([
      expect.objectContaining({ presaleId: PRESALE, state: 'scheduled', joined: true, placeId: 'place-ana', position: null }),
    ]);
    expect(outsider.standings()).toEqual([expect.objectContaining({ joined: false, position: null })]);

    // The opening: the lottery's positions, then the line opened.
    booking.send('positions', {
      positions: [
        ['place-beto', 1],
        ['place-ana', 2],
        ['place-someone', 3],
      ],
    });
    const open1: PresaleFeedLine = { ...scheduled, version: 2, state: 'open', lastPosition: 3 };
    booking.send('line', open1);
    await wait(150);
    expect(ana.standings().at(-1)).toEqual(expect.objectContaining({ state: 'open', position: 2, ahead: 1, admitted: false }));
    expect(beto.standings().at(-1)).toEqual(expect.objectContaining({ state: 'open', position: 1, ahead: 0, admitted: false }));
    expect(ana.standings().at(-1)).toEqual(expect.objectContaining(presaleStanding(open1, 2)));

    // The meter admits position 1: Beto is admitted, Ana is next; the outsider's standing did not change.
    const outsiderEvents = outsider.standings().length;
    booking.send('line', { ...open1, version: 3, admittedThrough: 1 });
    await wait(150);
    expect(beto.standings().at(-1)).toEqual(expect.objectContaining({ admitted: true, ahead: 0, estimateMinutes: 0 }));
    expect(ana.standings().at(-1)).toEqual(expect.objectContaining({ admitted: false, ahead: 0, position: 2 }));
    // A line event that changes nobody's standing (a later arrival joined) sends Ana nothing new.
    const anaEvents = ana.standings().length;
    booking.send('line', { ...open1, version: 4, admittedThrough: 1, joined: 4 });
    await wait(150);
    expect(ana.standings()).toHaveLength(anaEvents);
    // The stream never carries the admission.
    expect(beto.text()).not.toContain('admission');

    // Sold out: everyone is told at once.
    booking.send('line', { ...open1, version: 5, admittedThrough: 1, state: 'sold_out', seatsLeft: 0 });
    await wait(150);
    for (const stream of [ana, beto, outsider]) {
      expect(stream.standings().at(-1)).toEqual(expect.objectContaining({ state: 'sold_out', seatsLeft: 0 }));
    }
    expect(ana.standings().at(-1)?.seatsMessage).toBe(PRESALE_MESSAGES.soldOut);
    expect(outsider.standings().length).toBe(outsiderEvents + 1);
    expect(booking.feeds).toHaveLength(1);
  });

  it('lets booking’s feed go once nobody watches it (after lingering); the next buyer opens a new one', async () => {
    const { booking } = running;
    for (const stream of streams) stream.close();
    await wait(500);
    expect(booking.feeds.every((feed) => feed.destroyed || feed.writableEnded)).toBe(true);
    const again = open(`/api/presales/${PRESALE}/me/stream`, `Bearer ${token('ana')}`);
    await again.head;
    await wait(100);
    expect(again.status()).toBe(200);
    expect(booking.feeds).toHaveLength(2);
    again.close();
  });

  it('limits joins of a line per address (PRESALE_JOIN_RATE_LIMIT): a 429 in Spanish past it, booking not asked', async () => {
    const join = () =>
      running.gateway.inject({
        method: 'POST',
        url: `/api/presales/${PRESALE}/join`,
        headers: { authorization: `Bearer ${token('ana')}`, 'content-type': 'application/json' },
        payload: '{}',
      });
    const before = running.booking.received.filter((url) => url.startsWith('POST')).length;
    const statuses = [];
    for (let n = 0; n < 5; n += 1) statuses.push((await join()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await join()).json()).toEqual({ statusCode: 429, error: expect.stringMatching(/^Demasiados intentos\./) });
    expect(running.booking.received.filter((url) => url.startsWith('POST')).length).toBe(before + 3);
    // A join needs a token at the gateway (the route's writes do).
    const anonymous = await running.gateway.inject({ method: 'POST', url: `/api/presales/${PRESALE}/join`, remoteAddress: '198.51.100.9' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the per-address cap of presale streams', () => {
  it('refuses a buyer past the streams one address may keep open, before asking booking anything', async () => {
    const running = await start({ perAddress: 2 });
    const opened: Array<ReturnType<typeof watch>> = [];
    try {
      for (const sub of ['a', 'b']) {
        const stream = watch(running.address, `/api/presales/${PRESALE}/me/stream`, `Bearer ${token(sub)}`);
        opened.push(stream);
        await stream.head;
        expect(stream.status()).toBe(200);
      }
      const asked = running.booking.meAsked.length;
      const third = watch(running.address, `/api/presales/${PRESALE}/me/stream`, `Bearer ${token('c')}`);
      opened.push(third);
      await third.head;
      await wait(50);
      expect(third.status()).toBe(429);
      expect(third.json()).toEqual({ statusCode: 429, error: TOO_MANY_PRESALE_STREAMS });
      expect(running.booking.meAsked.length).toBe(asked);
    } finally {
      for (const stream of opened) stream.close();
      await running.gateway.close();
      await running.booking.app.close();
    }
  });
});

/** Booking as the relay's dispatcher sees it: GET /me answers `views` in turn (the last one again), the feed a stream the test writes. */
function dispatcherBooking(views: PresaleMeView[]) {
  const feed = new PassThrough();
  const asked: string[] = [];
  const dispatcher = {
    request: async ({ path }: { path: string }) => {
      asked.push(path);
      if (path.endsWith('/feed')) {
        feed.write(`event: line\ndata: ${JSON.stringify(scheduled)}\n\n`);
        return { statusCode: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, body: feed };
      }
      const view = views.length > 1 ? views.shift() : views[0];
      const body = Buffer.from(JSON.stringify(view));
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: { arrayBuffer: async () => body } };
    },
  } as unknown as Dispatcher;
  return { dispatcher, feed, asked };
}

describe("an admitted buyer's session running out", () => {
  afterEach(() => jest.useRealTimers());

  it('asks booking again once the session should be over, and tells the buyer their place is gone', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const view: PresaleMeView = {
      presaleId: PRESALE,
      ...presaleStanding(scheduled, null),
      joined: true,
      placeId: 'place-ana',
      joinedAt: '2026-12-01T12:59:00.000Z',
      expired: false,
      opensAt: OPENS_AT,
      sessionMinutes: 10,
      maxTicketsPerBuyer: 4,
      showIds: ['65f1c0ffee65f1c0ffee0001'],
    };
    const booking = dispatcherBooking([view, { ...view, admitted: false, expired: true, admission: 'must-not-travel' }]);
    const relay = new PresaleStreamRelay(booking.dispatcher, { ...DEFAULT_PRESALE_STREAM_RELAY_SETTINGS, lingerMs: 10 });
    const res = Object.assign(new PassThrough(), { socket: { destroyed: false } }) as unknown as ServerResponse;
    let written = '';
    res.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    const standings = () =>
      written
        .split('\n\n')
        .filter((block) => block.startsWith('event: standing'))
        .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as PresaleMeView);
    try {
      const opening = await relay.join({
        origin: 'http://booking.test',
        presaleId: PRESALE,
        address: '203.0.113.7',
        upstreamHeaders: {},
        meHeaders: { authorization: 'Bearer ana' },
        start: () => res,
      });
      expect(opening).toEqual({ outcome: 'open' });
      const open1: PresaleFeedLine = { ...scheduled, version: 2, state: 'open', lastPosition: 1, admittedThrough: 1 };
      booking.feed.write(
        `event: positions\ndata: ${JSON.stringify({ positions: [['place-ana', 1]] })}\n\nevent: line\ndata: ${JSON.stringify(open1)}\n\n`,
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(standings().at(-1)).toEqual(expect.objectContaining({ admitted: true, expired: false, position: 1 }));
      expect(booking.asked.filter((path) => path.endsWith('/me'))).toHaveLength(1);

      // Ten minutes on (and the grace): booking is asked again, and says the session is over.
      jest.advanceTimersByTime(10 * 60_000 + 2_500);
      for (let n = 0; n < 5; n += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(booking.asked.filter((path) => path.endsWith('/me'))).toHaveLength(2);
      expect(standings().at(-1)).toEqual(
        expect.objectContaining({ admitted: false, expired: true, seatsMessage: PRESALE_MESSAGES.sessionOver, estimateMinutes: null }),
      );
      expect(written).not.toContain('must-not-travel');
    } finally {
      relay.close();
      booking.feed.destroy();
    }
  });
});
