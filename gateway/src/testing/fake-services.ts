import { serviceNames, type ServiceName } from '@cine/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { createServer } from 'node:net';
import type { ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildGateway } from '../gateway';
import type { GatewayOptions } from '../options';

/** The show the fake booking's seat stream answers 404 for. */
export const MISSING_SHOW_ID = '65f1c0ffee65f1c0ffee0404';

export const TEST_JWT_SECRET = 'gateway-test-secret-0123456789-0123456789';

/** What a fake service saw of a request the gateway forwarded. */
export interface ReceivedRequest {
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeService {
  name: ServiceName;
  app: FastifyInstance;
  url: string;
  received: ReceivedRequest[];
  streamsOpened: () => number;
  streamsClosed: () => number;
  /** The URL (path and query) of each seat stream opened, in order. */
  streamUrls: string[];
  /** Ends the last seat stream opened, as a booking that restarts would. */
  endStream(): void;
  close(): Promise<void>;
}

/** A wait that does not keep the test process alive once the test is over. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * A small real service on a random port: GET /health answers `health`,
 * GET /openapi.json a one-path document, a path ending in /slow waits 2 s
 * before answering, one ending in /unavailable answers 503, anything else
 * echoes what it received — marked shareable for a minute when the path
 * (whatever the query) ends in /public (the gateway may cache it). A show's /seats/stream streams
 * server-sent events as booking does (2 KB each): a snapshot at version 1 at once, then a delta selling
 * one more seat every 800 ms until the client leaves (`streamsOpened` and `streamsClosed` count those
 * the service saw start and end); MISSING_SHOW_ID's answers 404, and a request that does not accept
 * an event stream is echoed.
 */
export async function startFakeService(
  name: ServiceName,
  { health = { code: 200, body: { status: 'ok', database: 'up', broker: 'up' } }, delayMs = 0 } = {},
): Promise<FakeService> {
  const received: ReceivedRequest[] = [];
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get('/health', async (_request, reply) => {
    if (delayMs) await pause(delayMs);
    return reply.code(health.code).send(health.body);
  });
  app.get('/openapi.json', async () => ({
    openapi: '3.0.3',
    info: { title: `Cine ${name} service`, version: '1.0.0' },
    paths: { [`/${name}`]: {} },
  }));
  let streamsClosed = 0;
  let streamsOpened = 0;
  const streamUrls: string[] = [];
  let streamOpen: ServerResponse | undefined;
  app.get<{ Params: { id: string } }>('/show/:id/seats/stream', (request, reply) => {
    if (request.params.id === MISSING_SHOW_ID) return reply.code(404).send({ statusCode: 404, error: 'No existe la función.' });
    if (!(request.headers.accept ?? '').includes('text/event-stream'))
      return reply.send({ service: name, method: request.method, url: request.url, body: '' });
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'public, max-age=60' });
    streamsOpened += 1;
    streamUrls.push(request.url);
    streamOpen = reply.raw;
    let version = 1;
    const snapshot = { showId: request.params.id, roomId: 1, version, layout: { rows: [40] }, taken: {}, pad: 'x'.repeat(2048) };
    reply.raw.write(`id: ${version}\nevent: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`);
    const timer = setInterval(() => {
      const delta = { from: version, version: version + 1, seats: { [`A${version}`]: 'sold' }, pad: 'x'.repeat(2048) };
      version += 1;
      reply.raw.write(`id: ${version}\nevent: seats\ndata: ${JSON.stringify(delta)}\n\n`);
    }, 800);
    reply.raw.once('close', () => {
      clearInterval(timer);
      streamsClosed += 1;
    });
  });
  app.all('/*', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const seen: ReceivedRequest = { service: name, method: request.method, url: request.url, headers: { ...request.headers }, body };
    received.push(seen);
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.endsWith('/slow')) await pause(2_000);
    if (pathname.endsWith('/unavailable')) return reply.code(503).send({ statusCode: 503, error: 'Servicio en mantenimiento.' });
    if (pathname.endsWith('/public')) reply.header('cache-control', 'public, max-age=0, s-maxage=60');
    return reply.header('x-served-by', name).send({ service: name, method: seen.method, url: seen.url, body: seen.body });
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    name,
    app,
    url,
    received,
    streamsOpened: () => streamsOpened,
    streamsClosed: () => streamsClosed,
    streamUrls,
    endStream: () => streamOpen?.end(),
    close: () => app.close(),
  };
}

/** A local port nothing listens on (a service that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Every service pointed at a port nothing listens on, unless given. */
export async function serviceUrls(given: Partial<Record<ServiceName, string>> = {}): Promise<Record<ServiceName, string>> {
  const down = await closedPortUrl();
  return Object.fromEntries(serviceNames.map((name) => [name, given[name] ?? down])) as Record<ServiceName, string>;
}

export function emptyWebRoot(): string {
  return mkdtempSync(path.join(tmpdir(), 'cine-gateway-web-'));
}

export async function buildTestGateway(options: Partial<GatewayOptions> = {}): Promise<FastifyInstance> {
  return buildGateway({ jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', services: await serviceUrls(), ...options });
}
