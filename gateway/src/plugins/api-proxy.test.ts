import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { metricsRegistry } from '@cine/service-kit';
import { forgedToken, OTHER_ALGORITHM_HEADERS } from '@cine/service-kit/testing';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serviceNames, type ServiceName } from '@cine/contracts';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../route-table';
import { realRequest } from '../testing/real-http';
import {
  buildTestGateway,
  closedPortUrl,
  MISSING_SHOW_ID,
  serviceUrls,
  startFakeService,
  TEST_JWT_SECRET,
  type FakeService,
} from '../testing/fake-services';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../upstream';

/** An HS256 token like identity's, signed with any secret and lifetime. */
function token(claims: Record<string, unknown>, { secret = TEST_JWT_SECRET, expiresInSeconds = 3600 } = {}): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: now, exp: now + expiresInSeconds, ...claims })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const userToken = () => token({ sub: 'user-1', role: 'user', ver: 0 });

describe('API proxy', () => {
  let catalog: FakeService;
  let identity: FakeService;
  let booking: FakeService;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    [catalog, identity, booking] = await Promise.all([
      startFakeService('catalog'),
      startFakeService('identity'),
      startFakeService('booking'),
    ]);
    gateway = await buildTestGateway({
      services: await serviceUrls({ catalog: catalog.url, identity: identity.url, booking: booking.url }),
      upstreamTimeouts: { responseMs: 500 },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([catalog.close(), identity.close(), booking.close()]);
  });
  beforeEach(() => {
    for (const service of [catalog, identity, booking]) service.received.length = 0;
  });

  it('strips /api and keeps the query string', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/movies/search?name=acci%C3%B3n&genre=Drama' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ service: 'catalog', method: 'GET', url: '/movies/search?name=acci%C3%B3n&genre=Drama', body: '' });
    expect(response.headers['x-served-by']).toBe('catalog');
  });

  it('compresses answers for a client that accepts it (brotli first, then gzip), and only for it', async () => {
    const url = `/api/movies/search?name=${'a'.repeat(1500)}`;
    const brotli = await gateway.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8')).url).toBe(url.slice('/api'.length));
    const gzip = await gateway.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')).service).toBe('catalog');
    const plain = await gateway.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().service).toBe('catalog');
  });

  it('sends an answer under 1 KB as it is, even to a client that accepts compression', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/movies/search?name=a', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBeLessThan(1024);
    expect(response.json().url).toBe('/movies/search?name=a');
  });

  it('sends each path to the service the route table names', async () => {
    const checkout = await gateway.inject({
      method: 'POST',
      url: '/api/movies/checkout',
      headers: { authorization: `Bearer ${userToken()}` },
      payload: {},
    });
    const login = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@cine.local', password: 'x' } });
    expect(checkout.json().service).toBe('booking');
    expect(login.json().service).toBe('identity');
  });

  it('forwards the body byte for byte and the Authorization header untouched', async () => {
    const authorization = `Bearer ${userToken()}`;
    const payload = '{"idUser":"user-1",  "note":"ñandú"}';
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/cart/userCart',
      headers: { authorization, 'content-type': 'application/json; charset=utf-8' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const [received] = booking.received;
    expect(received?.body).toBe(payload);
    expect(received?.headers.authorization).toBe(authorization);
    expect(received?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('adds x-request-id and the caller identity, and drops identity headers sent by the client', async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/auth/me',
      // A forged X-Forwarded-For would let a client pick the address booking's hold limits count (README, Security).
      headers: {
        authorization: `Bearer ${token({ sub: 'admin-7', role: 'admin', ver: 2 })}`,
        'x-user-id': 'someone-else',
        'x-user-role': 'admin',
        'x-forwarded-for': '203.0.113.66',
        // Only the gateway's relay of a seat map may say so (booking counts it against no client).
        'x-seat-relay': '1',
      },
    });
    expect(response.statusCode).toBe(200);
    const headers = identity.received[0]?.headers;
    expect(headers?.['x-seat-relay']).toBeUndefined();
    expect(headers?.['x-request-id']).toBe(response.headers['x-request-id']);
    expect(headers?.['x-user-id']).toBe('admin-7');
    expect(headers?.['x-user-role']).toBe('admin');
    expect(headers?.['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('keeps a well-formed x-request-id from the caller', async () => {
    await gateway.inject({ method: 'GET', url: '/api/movies/billboard', headers: { 'x-request-id': 'trace-42' } });
    expect(catalog.received[0]?.headers['x-request-id']).toBe('trace-42');
  });

  it('forwards a public request with a bad token to the service, without an identity', async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/movies/billboard',
      headers: { authorization: 'Bearer not-a-token', 'x-user-id': 'forged' },
    });
    expect(response.statusCode).toBe(200);
    expect(catalog.received[0]?.headers.authorization).toBe('Bearer not-a-token');
    expect(catalog.received[0]?.headers['x-user-id']).toBeUndefined();
  });

  describe('early 401 where the route table requires a token', () => {
    it.each([
      ['GET', '/api/admin'],
      ['GET', '/api/auth/verifyrole'],
      ['POST', '/api/tickets/addTickets'],
      ['POST', '/api/cart/userCart'],
      ['POST', '/api/movies/checkout'],
      ['POST', '/api/comments/add/1?userId=user-1'],
      ['POST', '/api/candy/add'],
      ['POST', '/api/movies/createMovie'],
    ])('%s %s without a token', async (method, url) => {
      const response = await gateway.inject({ method: method as 'GET' | 'POST', url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
      expect([...catalog.received, ...identity.received, ...booking.received]).toHaveLength(0);
    });

    it.each([
      ['garbage', 'Bearer not-a-token', 'La sesión no es válida. Inicia sesión nuevamente.'],
      [
        'signed with another secret',
        `Bearer ${token({ sub: 'u', role: 'admin', ver: 0 }, { secret: 'someone-elses-secret' })}`,
        'La sesión no es válida. Inicia sesión nuevamente.',
      ],
      [
        'expired',
        `Bearer ${token({ sub: 'u', role: 'user', ver: 0 }, { expiresInSeconds: -60 })}`,
        'La sesión expiró. Inicia sesión nuevamente.',
      ],
    ])('with a token that is %s', async (_kind, authorization, error) => {
      const response = await gateway.inject({ method: 'GET', url: '/api/admin', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error });
      expect(identity.received).toHaveLength(0);
    });

    it.each(OTHER_ALGORITHM_HEADERS.map((header) => [JSON.stringify(header), header]))(
      'with a token whose header is %s',
      async (_name, header) => {
        for (const secret of [TEST_JWT_SECRET, undefined]) {
          const authorization = `Bearer ${forgedToken({ sub: 'u', role: 'admin', ver: 0 }, { header, secret })}`;
          for (const [method, url] of [
            ['GET', '/api/admin'],
            ['GET', '/api/auth/me'],
            ['POST', '/api/candy/'],
            ['POST', '/api/show/'],
          ] as const) {
            const response = await gateway.inject({
              method,
              url,
              headers: { authorization },
              ...(method === 'POST' ? { payload: {} } : {}),
            });
            expect(response.statusCode).toBe(401);
            expect(response.json()).toEqual({ statusCode: 401, error: 'La sesión no es válida. Inicia sesión nuevamente.' });
          }
        }
        expect([...catalog.received, ...identity.received, ...booking.received]).toHaveLength(0);
      },
    );

    it('lets reads of public resources through without a token', async () => {
      const response = await gateway.inject({ method: 'GET', url: '/api/show/all' });
      expect(response.statusCode).toBe(200);
      expect(response.json().service).toBe('booking');
    });
  });

  it.each(['/api/nothing', '/api/tickets/other', '/api', '/api/health/extra', '/api/openapi.json'])(
    'answers 404 JSON for the unknown API path %s',
    async (url) => {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ statusCode: 404, error: `No existe la ruta GET ${url}.` });
    },
  );

  it('passes a 503 of a service on as it is, without retrying', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/movies/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, error: 'Servicio en mantenimiento.' });
    expect(catalog.received).toHaveLength(1);
  });

  it('answers 503 when a service does not answer in time', async () => {
    const started = Date.now();
    const response = await gateway.inject({ method: 'GET', url: '/api/movies/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, error: SERVICE_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('refuses a JSON body over 64 KiB with 413', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/mailing/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'El cuerpo de la solicitud es demasiado grande.' });
  });

  it('accepts uploads up to 5 MiB and refuses larger ones', async () => {
    const authorization = `Bearer ${token({ sub: 'admin-1', role: 'admin', ver: 0 })}`;
    const multipart = (size: number) => {
      const boundary = 'cineboundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="poster.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.alloc(size, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
    };
    const accepted = await gateway.inject({ method: 'POST', url: '/api/uploads', ...multipart(1024 * 1024) });
    expect(accepted.statusCode).toBe(200);
    expect(catalog.received[0]?.headers['content-type']).toBe('multipart/form-data; boundary=cineboundary');
    expect(Number(catalog.received[0]?.headers['content-length'])).toBeGreaterThan(1024 * 1024);

    const refused = await gateway.inject({ method: 'POST', url: '/api/uploads', ...multipart(5 * 1024 * 1024 + 1) });
    expect(refused.statusCode).toBe(413);
  });

  it.each([
    ['GET', '/api/auth/me'],
    ['GET', '/api/cart/userCart'],
    ['GET', '/api/admin'],
    ['GET', '/api/movies/search?name=a'],
    ['POST', '/api/movies/createMovie'],
  ])('marks the answer to %s %s with a token Cache-Control: no-store', async (method, url) => {
    const response = await gateway.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { authorization: `Bearer ${userToken()}` },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps a service’s own Cache-Control on an answer to a request with a token, and adds none to an anonymous one', async () => {
    const shared = await gateway.inject({
      method: 'GET',
      url: '/api/movies/listing/public',
      headers: { authorization: `Bearer ${userToken()}` },
    });
    expect(shared.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const anonymous = await gateway.inject({ method: 'GET', url: '/api/movies/search?name=a' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('sends security headers with a CSP for Stripe, YouTube and dog.ceo', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/movies/billboard' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com[^;]*https:\/\/dog\.ceo/);
    expect(csp).toMatch(/img-src [^;]*data: blob: https:\/\/images\.dog\.ceo/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube\.com https:\/\/www\.youtube-nocookie\.com/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('streamed answers (the live seat map)', () => {
  let booking: FakeService;
  let gateway: FastifyInstance;
  let address: string;
  const SHOW = '/api/show/65f1c0ffee65f1c0ffee65f1/seats/stream';

  beforeAll(async () => {
    booking = await startFakeService('booking');
    // An answer silent for 500 ms is a 503 here; the stream stays silent for 800 ms between events.
    gateway = await buildTestGateway({
      services: await serviceUrls({ booking: booking.url }),
      upstreamTimeouts: { responseMs: 500 },
      seatStreams: { lingerMs: 300, perAddress: 3 },
    });
    address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway.close();
    await booking.close();
  });

  /** Opens the stream over a real socket and collects what arrives, with when. */
  function openStream(path: string, headers: Record<string, string> = {}) {
    const chunks: Array<{ at: number; text: string }> = [];
    const started = performance.now();
    let status = 0;
    let answerHeaders: Record<string, unknown> = {};
    let ended = false;
    const request = httpRequest(
      `${address}${path}`,
      { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        status = response.statusCode ?? 0;
        answerHeaders = response.headers;
        response.on('data', (chunk: Buffer) => chunks.push({ at: performance.now() - started, text: chunk.toString('utf8') }));
        response.once('end', () => (ended = true));
      },
    );
    request.on('error', () => undefined);
    request.end();
    const text = () => chunks.map((chunk) => chunk.text).join('');
    return { chunks, text, status: () => status, headers: () => answerHeaders, ended: () => ended, close: () => request.destroy() };
  }
  const ids = (text: string) => text.match(/^id: \d+$/gm) ?? [];
  const eventsOf = (text: string) => text.match(/^event: \w+$/gm) ?? [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Polls `condition` every 25 ms for up to 5 s: what happens soon, without a fixed wait that a busy machine outlasts. */
  const until = async (condition: () => boolean) => {
    for (const deadline = Date.now() + 5_000; !condition() && Date.now() < deadline;) await wait(25);
  };

  it('passes each event on as it comes, uncompressed and never cached, past the answer timeout of other routes', async () => {
    const stream = openStream(SHOW);
    await wait(2_000);
    stream.close();
    expect(stream.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers()['cache-control']).toBe('no-store');
    expect(stream.headers()['content-encoding']).toBeUndefined();
    expect(stream.headers()['x-cache']).toBeUndefined();
    expect(stream.headers()['x-request-id']).toBeDefined();
    // The first event at once (not held back), then one 800 ms later: the 500 ms timeout of answers did not end it.
    expect(stream.chunks[0]?.at).toBeLessThan(500);
    expect(ids(stream.text())).toEqual(['id: 1', 'id: 2', 'id: 3']);
    expect(stream.text()).toMatch(/^retry: 1000$/m);
    await wait(500);
  });

  it('opens one stream from booking per show, whatever the viewers, and a late viewer starts from the map as it is now', async () => {
    const opened = booking.streamsOpened();
    const gauge = async (name: string) => (await metricsRegistry.getSingleMetric(name)?.get())?.values[0]?.value ?? 0;
    const before = { viewers: await gauge('cine_gateway_seat_map_viewers'), upstreams: await gauge('cine_gateway_seat_map_upstreams') };
    const first = openStream(SHOW);
    await wait(1_000);
    const second = openStream(SHOW);
    await wait(1_000);
    expect(await gauge('cine_gateway_seat_map_viewers')).toBe(before.viewers + 2);
    expect(await gauge('cine_gateway_seat_map_upstreams')).toBe(before.upstreams + 1);
    first.close();
    second.close();
    expect(booking.streamsOpened()).toBe(opened + 1);
    expect(eventsOf(first.text())).toEqual(['event: snapshot', 'event: seats', 'event: seats']);
    // Joined at version 2: a snapshot with A1 sold (the delta applied), then the next delta.
    const [, secondSnapshot] = second.text().match(/^event: snapshot\ndata: (.*)$/m) ?? [];
    expect(JSON.parse(secondSnapshot as string)).toMatchObject({ version: 2, taken: { A1: 'sold' } });
    expect(ids(second.text())).toEqual(['id: 2', 'id: 3']);
    await wait(500);
  });

  it('catches a reconnecting viewer up from the version it names (Last-Event-ID), else sends a snapshot', async () => {
    const watching = openStream(SHOW);
    await wait(1_800);
    const caughtUp = openStream(SHOW, { 'last-event-id': '1' });
    const tooOld = openStream(SHOW, { 'last-event-id': '0' });
    await wait(200);
    for (const stream of [watching, caughtUp, tooOld]) stream.close();
    expect(eventsOf(caughtUp.text())).toEqual(['event: seats', 'event: seats']);
    expect(ids(caughtUp.text())).toEqual(['id: 2', 'id: 3']);
    expect(eventsOf(tooOld.text())).toEqual(['event: snapshot']);
    await wait(500);
  });

  it('ends booking’s stream once the last viewer has left, after a short linger', async () => {
    // The tests before leave streams lingering: count from once booking has seen them all close.
    let before = booking.streamsClosed();
    for (let steady = 0; steady < 3;) {
      await wait(150);
      steady = booking.streamsClosed() === before ? steady + 1 : 0;
      before = booking.streamsClosed();
    }
    const stream = openStream(SHOW);
    await wait(300);
    stream.close();
    await wait(100);
    expect(booking.streamsClosed()).toBe(before);
    await wait(600);
    expect(booking.streamsClosed()).toBe(before + 1);
  });

  it('ends every viewer’s stream when booking’s ends (the browsers reconnect to a new one)', async () => {
    const stream = openStream(SHOW);
    await until(() => eventsOf(stream.text()).length > 0);
    booking.endStream();
    await until(() => stream.ended());
    expect(stream.ended()).toBe(true);
    const opened = booking.streamsOpened();
    const again = openStream(SHOW);
    await until(() => eventsOf(again.text()).length > 0);
    again.close();
    expect(booking.streamsOpened()).toBe(opened + 1);
    expect(eventsOf(again.text())).toEqual(['event: snapshot']);
    await wait(500);
  });

  it('passes on booking’s 404 for an unknown show, and refuses a client past its open streams with 429 in Spanish', async () => {
    const missing = await fetch(`${address}/api/show/${MISSING_SHOW_ID}/seats/stream`, { headers: { accept: 'text/event-stream' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, error: 'No existe la función.' });
    const open = [openStream(SHOW), openStream(SHOW), openStream(SHOW)];
    await wait(300);
    const refused = await fetch(`${address}${SHOW}`, { headers: { accept: 'text/event-stream' } });
    for (const stream of open) stream.close();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Hay demasiados mapas de asientos abiertos desde tu conexión. Cierra alguno e intenta de nuevo.',
    );
    await wait(500);
  });

  it('forwards a read that does not ask for an event stream as an ordinary request', async () => {
    const response = await gateway.inject({ method: 'GET', url: SHOW });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ service: 'booking', url: '/show/65f1c0ffee65f1c0ffee65f1/seats/stream' });
  });
});

describe('a service that is down', () => {
  it('answers 503 JSON over real HTTP within 3 s', async () => {
    const gateway = await buildTestGateway({ services: await serviceUrls({ catalog: await closedPortUrl() }) });
    const address = await gateway.listen({ host: '127.0.0.1', port: 0 });
    try {
      const started = Date.now();
      const response = await fetch(`${address}/api/movies/billboard`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        statusCode: 503,
        error: 'El servicio no está disponible en este momento. Intenta de nuevo en unos minutos.',
      });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await gateway.close();
    }
  });
});

describe('rate limit of the auth endpoints', () => {
  let identity: FakeService;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    identity = await startFakeService('identity');
    gateway = await buildTestGateway({
      services: await serviceUrls({ identity: identity.url }),
      authRateLimit: { max: 3, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  it('answers 429 with a Spanish message once a client exceeds the limit', async () => {
    const login = () =>
      gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@cine.local', password: 'wrong-password' } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login()).statusCode).toBe(200);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: expect.stringMatching(/^Demasiados intentos\. Espera \d+ segundos y vuelve a intentarlo\.$/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(identity.received).toHaveLength(3);
  });

  it('limits each auth endpoint, not the rest of the API', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await gateway.inject({ method: 'GET', url: '/api/auth/verifyrole', headers: { authorization: `Bearer ${userToken()}` } }))
          .statusCode,
      ).toBe(200);
    }
    const recovery = () => gateway.inject({ method: 'POST', url: '/api/mailing/recuperarpassword', payload: { email: 'a@cine.local' } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await recovery()).statusCode).toBe(200);
    expect((await recovery()).statusCode).toBe(429);
  });
});

/** A request over real HTTP with the path exactly as written (inject and fetch would normalise it first). */
function rawRequest(
  address: string,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const request = httpRequest(
      `${address}/`,
      { method, path, headers: payload ? { 'content-type': 'application/json' } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('paths that are not in normal form', () => {
  let identity: FakeService;
  let gateway: FastifyInstance;
  let address: string;

  beforeAll(async () => {
    identity = await startFakeService('identity');
    gateway = await buildTestGateway({
      services: await serviceUrls({ identity: identity.url }),
      authRateLimit: { max: 1, timeWindowMs: 60_000 },
    });
    address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  it.each([
    [
      '/api/auth/login',
      [
        '/api/auth/./login',
        '/api/auth/x/../login',
        '/api/auth/%2e/login',
        '/api/auth/x/%2E%2E/login',
        '/api/x/../auth/login',
        '/api/auth/%6cogin',
      ],
    ],
    ['/api/auth/register', ['/api/auth/./register', '/api/./auth/register']],
    ['/api/mailing/resetpassword', ['/api/mailing/./resetpassword', '/api/mailing/a/../resetpassword']],
    ['/api/mailing/recuperarpassword', ['/api/mailing/./recuperarpassword', '/api/mailing/.%2e/mailing/recuperarpassword']],
  ])('let no spelling of %s around its rate limit', async (path, spellings) => {
    identity.received.length = 0;
    expect((await rawRequest(address, 'POST', path, { email: 'admin@cine.local', password: 'x' })).status).toBe(200);
    for (const spelling of spellings) {
      const response = await rawRequest(address, 'POST', spelling, { email: 'admin@cine.local', password: 'x' });
      expect({ spelling, limited: [400, 429].includes(response.status) }).toEqual({ spelling, limited: true });
    }
    expect(identity.received).toHaveLength(1);
  });

  it.each(['/api/uploads/..%2fx', '/api/uploads/..%2F..%2Fetc%2Fpasswd', '/api/movies/search/%2e%2e%2fadmin'])(
    'answers %s with the Spanish 400',
    async (path) => {
      const response = await rawRequest(address, 'GET', path);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ statusCode: 400, error: 'La ruta de la solicitud no es válida.' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('refuses a path segment over 100 characters with a Spanish 414 (every service’s router would answer it in English)', async () => {
    identity.received.length = 0;
    const response = await rawRequest(address, 'GET', `/api/auth/${'a'.repeat(101)}`);
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({ statusCode: 414, error: 'La ruta de la solicitud es demasiado larga.' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(identity.received).toHaveLength(0);
    expect((await rawRequest(address, 'GET', `/api/auth/${'a'.repeat(100)}`)).status).toBe(200);
  });

  it('are refused with 400 before the route table is consulted', async () => {
    const response = await rawRequest(address, 'GET', '/api/movies/%2e%2e/admin');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ statusCode: 400, error: 'La ruta de la solicitud no es válida.' });
    expect(identity.received.filter((seen) => seen.url.includes('admin'))).toHaveLength(0);
  });
});

describe('shared cache of public answers', () => {
  let catalog: FakeService;
  let booking: FakeService;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    [catalog, booking] = await Promise.all([startFakeService('catalog'), startFakeService('booking')]);
    gateway = await buildTestGateway({ services: await serviceUrls({ catalog: catalog.url, booking: booking.url }) });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([catalog.close(), booking.close()]);
  });
  beforeEach(() => {
    catalog.received.length = 0;
    booking.received.length = 0;
  });

  const get = (url: string, headers: Record<string, string> = {}) => gateway.inject({ method: 'GET', url, headers });

  it('answers a repeated public GET from the cache, byte for byte, without asking the service', async () => {
    const first = await get('/api/movies/listing-a/public');
    const second = await get('/api/movies/listing-a/public', { authorization: `Bearer ${userToken()}` });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(catalog.received).toHaveLength(1);
  });

  it('neither stores nor replays an answer to a request with a query string, so unknown parameters can neither fill nor evict the cache', async () => {
    await get('/api/movies/listing-b/public');
    for (let probe = 0; probe < 600; probe += 1) {
      const response = await get(`/api/movies/listing-b/public?probe=${randomUUID()}`);
      expect(response.headers['x-cache']).toBeUndefined();
    }
    const again = await get(`/api/movies/listing-b/public?probe=${randomUUID()}`);
    expect(again.headers['x-cache']).toBeUndefined();
    expect((await get('/api/movies/listing-b/public')).headers['x-cache']).toBe('HIT');
    expect(catalog.received).toHaveLength(602);
    // 602 round trips through the gateway and the fake service: seconds on a busy machine.
  }, 30_000);

  it('asks the service for each query string (the service validates it by schema)', async () => {
    await get('/api/movies/listing-b2/public?page=1');
    await get('/api/movies/listing-b2/public?page=1');
    expect(catalog.received.map((request) => request.url)).toEqual([
      '/movies/listing-b2/public?page=1',
      '/movies/listing-b2/public?page=1',
    ]);
  });

  it('asks the service when the client demands a fresh answer (Cache-Control: no-cache)', async () => {
    await get('/api/movies/listing-c/public');
    const fresh = await get('/api/movies/listing-c/public', { 'cache-control': 'no-cache' });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(catalog.received).toHaveLength(2);
  });

  it('never stores answers the service did not mark public', async () => {
    await get('/api/movies/search?name=a');
    const again = await get('/api/movies/search?name=a');
    expect(again.headers['x-cache']).toBeUndefined();
    expect(catalog.received).toHaveLength(2);
  });

  it('drops a service’s answers once it accepts a write through the gateway, and only that service’s', async () => {
    await get('/api/movies/listing-d/public');
    await get('/api/show/listing-e/public');
    const write = await gateway.inject({
      method: 'DELETE',
      url: '/api/movies/delete/1',
      headers: { authorization: `Bearer ${userToken()}` },
    });
    expect(write.statusCode).toBe(200);
    expect((await get('/api/movies/listing-d/public')).headers['x-cache']).toBe('MISS');
    expect((await get('/api/show/listing-e/public')).headers['x-cache']).toBe('HIT');
  });

  it('keeps a write refused by the service from dropping anything', async () => {
    await get('/api/movies/listing-f/public');
    await gateway.inject({ method: 'POST', url: '/api/movies/unavailable', headers: { authorization: `Bearer ${userToken()}` } });
    expect((await get('/api/movies/listing-f/public')).headers['x-cache']).toBe('HIT');
  });

  it('never answers from the cache where the route table demands a token', async () => {
    const guest = await get('/api/cart/public');
    expect(guest.statusCode).toBe(401);
    await get('/api/cart/public', { authorization: `Bearer ${userToken()}` });
    await get('/api/cart/public', { authorization: `Bearer ${userToken()}` });
    expect(booking.received).toHaveLength(2);
  });
});

describe('hop-by-hop headers, over a real socket', () => {
  let fakes: FakeService[];
  let gateway: FastifyInstance;
  let address: string;
  const byName = (name: string) => fakes.find((fake) => fake.name === name) as FakeService;
  const received = () => fakes.flatMap((fake) => fake.received);

  beforeAll(async () => {
    fakes = await Promise.all(serviceNames.map((name) => startFakeService(name)));
    gateway = await buildTestGateway({
      services: Object.fromEntries(fakes.map((fake) => [fake.name, fake.url])) as Record<ServiceName, string>,
    });
    address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all(fakes.map((fake) => fake.close()));
  });
  beforeEach(() => {
    for (const fake of fakes) fake.received.length = 0;
  });

  const hopByHop: Record<string, string>[] = [
    { expect: '100-continue' },
    { upgrade: 'websocket' },
    { 'keep-alive': 'timeout=5' },
    { te: 'trailers' },
    { 'proxy-authorization': 'Basic c29tZW9uZTpzZWNyZXQ=', 'proxy-connection': 'keep-alive' },
  ];

  it.each(
    hopByHop.flatMap((headers) =>
      ['/api/movies/search?name=a', '/api/docs/catalog.json'].map((path) => [path, JSON.stringify(headers), headers] as const),
    ),
  )('GET %s with %s is answered by the service, without that header', async (path, _shown, headers) => {
    const response = await realRequest(address, { path, headers });
    expect(response.status).toBe(200);
    if (path.startsWith('/api/movies')) {
      const forwarded = byName('catalog').received[0]?.headers ?? {};
      for (const name of Object.keys(headers)) expect({ name, value: forwarded[name] }).toEqual({ name, value: undefined });
    }
  });

  it('answers every route of the route table, whatever hop-by-hop headers the client sends (never 503)', async () => {
    const authorization = `Bearer ${userToken()}`;
    for (const route of routeTable) {
      const response = await realRequest(address, {
        path: `/api${route.prefix}`,
        headers: { authorization, expect: '100-continue', upgrade: 'websocket', 'keep-alive': 'timeout=5' },
      });
      expect({ route: route.prefix, status: response.status }).toEqual({ route: route.prefix, status: 200 });
    }
    expect(received()).toHaveLength(routeTable.length);
  });

  it('takes a 3.6 MB poster upload sent with Expect: 100-continue, as curl sends it: 100 Continue, then the body reaches the service', async () => {
    const boundary = 'curlboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="poster.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(3_600_000, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await realRequest(address, {
      method: 'POST',
      path: '/api/uploads',
      headers: {
        authorization: `Bearer ${token({ sub: 'admin-1', role: 'admin', ver: 0 })}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(payload.length),
        expect: '100-continue',
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(response.continued).toBe(true);
    const [upload] = byName('catalog').received;
    expect(Number(upload?.headers['content-length'])).toBe(payload.length);
    expect(upload?.headers.expect).toBeUndefined();
  });

  it('forwards a chunked body with its length, not its transfer coding', async () => {
    const response = await realRequest(address, {
      method: 'POST',
      path: '/api/mailing/newsletter',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: '{"email":"a@cine.local"}',
    });
    expect(response.status).toBe(200);
    const [subscription] = byName('notification').received;
    expect(subscription?.body).toBe('{"email":"a@cine.local"}');
    expect(subscription?.headers['transfer-encoding']).toBeUndefined();
  });

  it('refuses an expectation other than 100-continue with 417, in Spanish and with the security headers', async () => {
    const response = await realRequest(address, { path: '/api/movies/search?name=a', headers: { expect: 'x-fast-track' } });
    expect(response.status).toBe(417);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 417,
      error: 'El servidor solo admite la expectativa 100-continue en la cabecera Expect.',
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(received()).toHaveLength(0);
  });
});
