import { serviceNames, type ServiceName } from '@cine/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildGateway } from '../gateway';
import type { GatewayOptions } from '../options';

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
  streamsClosed: () => number;
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
 * (whatever the query) ends in /public (the gateway may cache it). A path ending in /seats/stream
 * streams server-sent events (public, 2 KB each): one at once, then one every 800 ms until the
 * client leaves (`streamsClosed` counts those the service saw end).
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
  app.get('/show/:id/seats/stream', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'public, max-age=60' });
    let sent = 0;
    const send = () => reply.raw.write(`id: ${++sent}\nevent: seats\ndata: ${JSON.stringify({ n: sent, pad: 'x'.repeat(2048) })}\n\n`);
    send();
    const timer = setInterval(send, 800);
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
  return { name, app, url, received, streamsClosed: () => streamsClosed, close: () => app.close() };
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
