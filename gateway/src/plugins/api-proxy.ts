import {
  GIFT_CARD_MESSAGES,
  isObjectIdText,
  SEAT_RELAY_HEADER,
  type ServiceName,
  type TokenClaims,
  TOO_MANY_SEAT_MAPS,
} from '@cine/contracts';
import { clientKey } from '@cine/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { COMPRESSION_THRESHOLD_BYTES, type RateLimitSettings } from '../options';
import { responseCacheLookups } from '../metrics';
import { ResponseCache } from '../response-cache';
import { apiRoutes, requiresToken, resolveRoute, routeEndpoints, type ApiRoute, type RateLimitName, type StreamName } from '../route-table';
import { DEFAULT_SEAT_STREAM_RELAY_SETTINGS, SeatStreamRelay, type SeatStreamRelaySettings } from '../seat-stream-relay';
import { DEFAULT_PRESALE_STREAM_RELAY_SETTINGS, PresaleStreamRelay, type PresaleStreamRelaySettings } from '../presale-stream-relay';
import type { RelayOpening } from '../stream-relay';
import { NON_NORMAL_PATH_MESSAGE, PATH_TOO_LONG_MESSAGE } from '../early-answers';
import { replyServiceUnavailable, withoutHopByHopHeaders } from '../upstream';

export const API_PREFIX = '/api';

/**
 * Every service's router (Fastify's maxParamLength) answers a path parameter longer than this with a
 * 414 in English; the gateway refuses such a segment first, in Spanish. No route has a longer name.
 */
const MAX_SEGMENT_LENGTH = 100;

/** The 400 of a seat map stream asked for with a query string: the route takes none (each would be a URL of its own). */
export const SEAT_STREAM_QUERY_MESSAGE = 'El mapa de asientos en vivo no admite parámetros en la dirección.';
/** The 400 of a show's or presale's id that is none, worded as booking's schema words it. */
export const SEAT_STREAM_ID_MESSAGE = "El campo 'id' no tiene un formato válido.";
/** The 503 when the relay has as many streams from booking open as it may (MAX_SEAT_RELAY_UPSTREAMS…). */
export const SEAT_STREAMS_BUSY_MESSAGE = 'Hay demasiados mapas de asientos abiertos en este momento. Intenta de nuevo en unos segundos.';
/** The 429 of a presale's stream past the streams one client address may keep open. */
export const TOO_MANY_PRESALE_STREAMS = 'Hay demasiadas filas de preventa abiertas desde tu conexión. Cierra alguna e intenta de nuevo.';
/** The 503 when the relay has as many feeds of presales' lines from booking open as it may. */
const PRESALE_STREAMS_BUSY_MESSAGE = 'Hay demasiadas filas de preventa abiertas en este momento. Intenta de nuevo en unos segundos.';

export interface ApiProxyOptions {
  services: Record<ServiceName, string>;
  authRateLimit: RateLimitSettings;
  /** Issue 39: the gift cards' balance check, per address and per account. */
  giftCardRateLimit: RateLimitSettings;
  /** Issue 40: joins of a presale's line, per address. */
  presaleJoinRateLimit: RateLimitSettings;
  /** The shared cache of public answers (a fresh one by default). */
  responseCache?: ResponseCache;
  /** The connection pool to the services (the relay of the seat streams opens its streams there). */
  upstream: Dispatcher;
  /** The relay of the live seat maps (seat-stream-relay.ts). */
  seatStreams?: SeatStreamRelaySettings;
  /** The relay of the presales' lines (presale-stream-relay.ts). */
  presaleStreams?: PresaleStreamRelaySettings;
}

/** Headers only the gateway may set: whatever a client sends under these names is dropped. */
const gatewayHeaders = [
  SEAT_RELAY_HEADER,
  'x-user-id',
  'x-user-role',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  // The hop's own trace context is written by the tracing (the gateway's span); the client's, passed on as well, would make two.
  'traceparent',
  'tracestate',
];

/**
 * The caller's identity from the bearer token. Where the route table requires
 * a token, a missing or invalid one is a 401 (the kit's error handler words
 * it); elsewhere a token is read only to label the forwarded request.
 */
async function identify(request: FastifyRequest, required: boolean): Promise<TokenClaims | undefined> {
  if (required) {
    await request.jwtVerify();
    return request.user;
  }
  if (!request.headers.authorization) return undefined;
  try {
    await request.jwtVerify();
    return request.user;
  } catch {
    return undefined;
  }
}

/** Rewrites reply-from's copy of the client's headers in place (it makes one per request). */
function forwardedHeaders(request: FastifyRequest, forwarded: IncomingHttpHeaders, caller: TokenClaims | undefined): IncomingHttpHeaders {
  withoutHopByHopHeaders(forwarded);
  for (const name of gatewayHeaders) delete forwarded[name];
  forwarded['x-request-id'] = request.id;
  forwarded['x-forwarded-for'] = request.ip;
  forwarded['x-forwarded-proto'] = request.protocol;
  forwarded['x-forwarded-host'] = request.host;
  // For the services' logs only: they verify the Authorization header themselves.
  if (caller) {
    forwarded['x-user-id'] = caller.sub;
    forwarded['x-user-role'] = caller.role;
  }
  return forwarded;
}

/** What reply-from hands onResponse at run time (its typings describe a server response instead). */
interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

/** The whole body, read with stream events: an async iterator costs more than the rest of a small read. */
function readBody(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** The path of a request URL, without its query string. */
function rawPathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** A `..` segment once percent-decoded (`..%2fx`): reply-from refuses to build such a URL, so the gateway refuses it first. */
function hasDotDotOnceDecoded(path: string): boolean {
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes('/..') || decoded.includes('../');
  } catch {
    return true;
  }
}

/** The 400 or 414 for a service path the gateway does not pass on, or undefined when it is fine. */
function refusedPath(servicePath: string, normalised: string): Error | undefined {
  if (normalised !== servicePath || hasDotDotOnceDecoded(servicePath))
    return Object.assign(new Error(NON_NORMAL_PATH_MESSAGE), { statusCode: 400 });
  if (servicePath.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH))
    return Object.assign(new Error(PATH_TOO_LONG_MESSAGE), { statusCode: 414 });
  return undefined;
}

/**
 * The headers of a service's answer as the client gets them, rewritten in place: without hop-by-hop
 * headers, and `Cache-Control: no-store` on an answer to a request that carried a token unless the
 * service chose its own (a browser or a shared cache must not keep a private answer: RFC 9111 §5.2.2.5).
 */
function answerHeaders(headers: IncomingHttpHeaders, privateAnswer: boolean): IncomingHttpHeaders {
  withoutHopByHopHeaders(headers);
  if (privateAnswer && headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
  return headers;
}

/**
 * /api/<path> → <owning service>/<path>. A path that is not in normal form
 * (dot segments, percent-encoded dots, characters a browser would encode) is
 * refused with 400: `/auth/./login` would otherwise reach the login handler
 * while missing the rate-limited route, whose match is exact. The service
 * receives exactly the path the route table was asked about. The Authorization
 * header travels untouched; the body is forwarded byte for byte; hop-by-hop
 * headers are not passed on, either way. Answers a service marks public are
 * kept in the gateway's shared cache (response-cache.ts) when the request has
 * no query string: the gateway does not know which parameters a route takes
 * (the service's schema does), so an unknown one must not make a new entry.
 */
export async function apiProxy(
  app: FastifyInstance,
  {
    services,
    authRateLimit,
    giftCardRateLimit,
    presaleJoinRateLimit,
    responseCache = new ResponseCache(),
    upstream,
    seatStreams = DEFAULT_SEAT_STREAM_RELAY_SETTINGS,
    presaleStreams = DEFAULT_PRESALE_STREAM_RELAY_SETTINGS,
  }: ApiProxyOptions,
): Promise<void> {
  const relay = new SeatStreamRelay(upstream, seatStreams, app.log);
  const presaleRelay = new PresaleStreamRelay(upstream, presaleStreams, app.log);
  app.addHook('onClose', async () => {
    relay.close();
    presaleRelay.close();
  });

  // Bodies are read as bytes (so the body limit answers 413 here) and never parsed by the gateway.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** The service path a request asks for and the route that owns it; undefined once answered 404. */
  function routed(request: FastifyRequest, reply: FastifyReply): { target: URL; route: ApiRoute } | undefined {
    const target = new URL(`http://service.invalid${request.url.slice(API_PREFIX.length)}`);
    const refused = refusedPath(rawPathOf(request.url.slice(API_PREFIX.length)), target.pathname);
    if (refused) throw refused;
    const route = resolveRoute(target.pathname);
    if (!route) {
      reply.callNotFound();
      return undefined;
    }
    return { target, route };
  }

  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const found = routed(request, reply);
    if (!found) return reply;
    const { target, route } = found;

    const tokenRequired = requiresToken(route, request.method);
    const cacheKey = target.pathname;
    const cachePolicy = ResponseCache.policyFor(request.method, request.headers);
    const cacheable = !tokenRequired && cachePolicy.store && target.search === '';
    if (cacheable && cachePolicy.lookup) {
      const cached = responseCache.get(cacheKey);
      responseCacheLookups.inc({ result: cached ? 'hit' : 'miss' });
      if (cached) return reply.code(cached.statusCode).headers(cached.headers).header('x-cache', 'HIT').send(cached.body);
    }
    const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

    const caller = await identify(request, tokenRequired);
    const body = request.body;
    return reply.from(`${services[route.service]}${target.pathname}${target.search}`, {
      ...(Buffer.isBuffer(body) ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      onResponse: (_request, upstreamReply, raw) => {
        const response = raw as unknown as UpstreamResponse;
        if (isWrite && response.statusCode < 400) responseCache.invalidate(route.service);
        const length = Number(response.headers['content-length']);
        const freshnessMs = cacheable ? ResponseCache.freshnessOf(response.statusCode, response.headers) : undefined;
        const stored = freshnessMs !== undefined && length <= responseCache.maxBodyBytes;
        // A small answer is sent as one buffer, so the compression threshold applies to it (a stream is compressed whatever its size).
        if (!stored && !(length < COMPRESSION_THRESHOLD_BYTES)) return upstreamReply.send(response.stream);
        return readBody(response.stream).then(
          (answer) => {
            if (!stored) return upstreamReply.send(answer);
            responseCache.store(cacheKey, route.service, response.statusCode, response.headers, answer, freshnessMs);
            return upstreamReply.header('x-cache', 'MISS').send(answer);
          },
          (error: Error) => replyServiceUnavailable(upstreamReply, route.service, error),
        );
      },
      // One retry, only for idempotent requests on a dropped keep-alive socket; a 503 from a service is passed on as is.
      retriesCount: 1,
      rewriteRequestHeaders: (_request, headers) => forwardedHeaders(request, headers, caller),
      rewriteHeaders: (headers) => answerHeaders(headers, tokenRequired || request.headers.authorization !== undefined),
      onError: (failedReply, { error }) => replyServiceUnavailable(failedReply, route.service, error),
    });
  }

  const rateLimits: Record<Exclude<RateLimitName, 'gift-card'>, RateLimitSettings> = {
    auth: authRateLimit,
    'presale-join': presaleJoinRateLimit,
  };
  /**
   * Issue 39: gift-card balance checks are counted per address and, when a valid token comes, per account too
   * (a guesser changing addresses with one account, or sharing one address among accounts, is stopped either way).
   */
  const giftCardLimits = [
    app.createRateLimit({
      max: giftCardRateLimit.max,
      timeWindow: giftCardRateLimit.timeWindowMs,
      keyGenerator: (request) => `gift-card:address:${clientKey(request.ip)}`,
    }),
    app.createRateLimit({
      max: giftCardRateLimit.max,
      timeWindow: giftCardRateLimit.timeWindowMs,
      keyGenerator: async (request) => `gift-card:account:${(await accountOf(request)) ?? ''}`,
      allowList: async (request) => (await accountOf(request)) === undefined,
    }),
  ];
  const accounts = new WeakMap<FastifyRequest, Promise<string | undefined>>();
  function accountOf(request: FastifyRequest): Promise<string | undefined> {
    let account = accounts.get(request);
    if (!account) {
      account =
        request.headers.authorization === undefined
          ? Promise.resolve(undefined)
          : request.jwtVerify<{ sub?: string }>().then(
              (claims) => claims.sub,
              () => undefined,
            );
      accounts.set(request, account);
    }
    return account;
  }
  async function limitGiftCardChecks(request: FastifyRequest): Promise<void> {
    for (const limit of giftCardLimits) {
      const counted = await limit(request);
      if (!counted.isAllowed && counted.isExceeded) throw Object.assign(new Error(GIFT_CARD_MESSAGES.tooManyTries), { statusCode: 429 });
    }
  }
  // The routes that take larger bodies (route-table.ts): the prefix and everything under it.
  for (const { prefix, bodyLimit } of apiRoutes) {
    if (bodyLimit === undefined) continue;
    app.all(`${API_PREFIX}${prefix}`, { bodyLimit, schema: { hide: true } }, forward);
    app.all(`${API_PREFIX}${prefix}/*`, { bodyLimit, schema: { hide: true } }, forward);
  }
  /**
   * A seat map stream joins the relay of its show (seat-stream-relay.ts): one stream from booking per
   * show, whatever the viewers. A request that does not ask for an event stream is an ordinary read.
   * The route takes a show id and nothing else: a query string or an id that is none is a 400 here,
   * before any stream is asked of booking; a HEAD is answered at once (booking's stream never ends).
   */
  async function relayStream(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // The route-table endpoint's `:id`.
    const { id } = request.params as { id: string };
    const eventStream = (request.headers.accept ?? '').includes('text/event-stream');
    if (request.method === 'GET' && !eventStream) return forward(request, reply);
    const found = routed(request, reply);
    if (!found) return reply;
    const { target, route } = found;
    if (target.search !== '') throw Object.assign(new Error(SEAT_STREAM_QUERY_MESSAGE), { statusCode: 400 });
    if (!isObjectIdText(id)) throw Object.assign(new Error(SEAT_STREAM_ID_MESSAGE), { statusCode: 400 });
    if (request.method === 'HEAD') {
      return reply
        .code(200)
        .header('content-type', eventStream ? 'text/event-stream; charset=utf-8' : 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send();
    }
    const lastEventId = request.headers['last-event-id'];
    const opening = await relay.join({
      origin: services[route.service],
      showId: id,
      address: clientKey(request.ip),
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
      // The stream is the show's, not this viewer's: booking counts it against no client.
      upstreamHeaders: { 'x-request-id': request.id, 'x-forwarded-proto': request.protocol, [SEAT_RELAY_HEADER]: '1' },
      start: (headers) => {
        reply.hijack();
        reply.raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...headers });
        return reply.raw;
      },
    });
    return answerOpening(reply, route, opening, TOO_MANY_SEAT_MAPS, SEAT_STREAMS_BUSY_MESSAGE);
  }
  /**
   * A buyer's standing in a presale's line (issue 40) joins the relay of the presale's feed
   * (presale-stream-relay.ts): a token is required (the route's other reads are public), the id must be
   * one, and booking's GET /presales/{id}/me is asked as the buyer before any feed is opened; its answer
   * other than a 200 (an unknown presale's 404) is the buyer's. HEAD is answered at once.
   */
  async function presaleStream(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { id } = request.params as { id: string };
    const found = routed(request, reply);
    if (!found) return reply;
    const { route } = found;
    const caller = (await identify(request, true)) as TokenClaims;
    if (!isObjectIdText(id)) throw Object.assign(new Error(SEAT_STREAM_ID_MESSAGE), { statusCode: 400 });
    if (request.method === 'HEAD') {
      return reply.code(200).header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').send();
    }
    const common = { 'x-request-id': request.id, 'x-forwarded-proto': request.protocol };
    const opening = await presaleRelay.join({
      origin: services[route.service],
      presaleId: id,
      address: clientKey(request.ip),
      // The feed is the line's, not this buyer's.
      upstreamHeaders: { ...common, [SEAT_RELAY_HEADER]: '1' },
      meHeaders: {
        ...common,
        authorization: request.headers.authorization,
        'x-forwarded-for': request.ip,
        'x-user-id': caller.sub,
        'x-user-role': caller.role,
      },
      start: (headers) => {
        reply.hijack();
        reply.raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...headers });
        return reply.raw;
      },
    });
    return answerOpening(reply, route, opening, TOO_MANY_PRESALE_STREAMS, PRESALE_STREAMS_BUSY_MESSAGE);
  }
  /** Booking's feed of a presale's line is the gateway's alone (its relay's): a 404 to anyone outside. */
  async function internalOnly(_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.callNotFound();
    return reply;
  }
  // The endpoints of their own (route-table.ts): rate-limited ones, and streamed ones, which @fastify/compress
  // would buffer, so it is off on their routes.
  const streams: Record<StreamName, typeof forward> = { 'seat-map': relayStream, presale: presaleStream };
  for (const { method, path, rateLimit, stream, internal } of routeEndpoints) {
    const limit = rateLimit === undefined || rateLimit === 'gift-card' ? undefined : rateLimits[rateLimit];
    app.route({
      method,
      url: `${API_PREFIX}${path}`,
      ...(limit ? { config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } } : {}),
      ...(rateLimit === 'gift-card' ? { onRequest: limitGiftCardChecks } : {}),
      ...(stream ? { compress: false as const } : {}),
      schema: { hide: true },
      handler: internal ? internalOnly : stream ? streams[stream] : forward,
    });
  }
  app.all(`${API_PREFIX}/*`, { schema: { hide: true } }, forward);
}

/** A relay's refusal of a viewer as the client's answer (nothing to do once the stream is open). */
function answerOpening(
  reply: FastifyReply,
  route: ApiRoute,
  opening: RelayOpening,
  tooManyMessage: string,
  busyMessage: string,
): FastifyReply {
  switch (opening.outcome) {
    case 'open':
      return reply;
    case 'too-many':
      throw Object.assign(new Error(tooManyMessage), { statusCode: 429 });
    case 'busy':
      // Sent as is: the error handler words every 5xx thrown as an internal error.
      return reply.code(503).header('retry-after', '5').send({ statusCode: 503, error: busyMessage });
    case 'upstream-answer':
      return reply
        .code(opening.statusCode)
        .header('content-type', opening.headers['content-type'] ?? 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(opening.body);
    case 'upstream-failed':
      replyServiceUnavailable(reply, route.service, opening.error);
      return reply;
  }
}

/** The 429 of the rate-limited auth endpoints, worded by the kit's error handler. */
export function tooManyAttempts(_request: FastifyRequest, context: { ttl: number }): Error {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return Object.assign(new Error(`Demasiados intentos. Espera ${seconds} segundos y vuelve a intentarlo.`), { statusCode: 429 });
}
