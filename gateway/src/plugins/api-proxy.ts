import type { ServiceName, TokenClaims } from '@cine/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { RateLimitSettings } from '../options';
import { rateLimitedAuthPaths, requiresToken, resolveRoute } from '../route-table';
import { replyServiceUnavailable } from '../upstream';

export const API_PREFIX = '/api';

/** Multipart image uploads (posters, candy pictures) may be larger than JSON bodies. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;

export interface ApiProxyOptions {
  services: Record<ServiceName, string>;
  authRateLimit: RateLimitSettings;
}

/** Headers only the gateway may set: whatever a client sends under these names is dropped. */
const gatewayHeaders = ['x-user-id', 'x-user-role', 'x-request-id', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'];

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

function forwardedHeaders(request: FastifyRequest, headers: IncomingHttpHeaders, caller: TokenClaims | undefined): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = { ...headers };
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

/**
 * /api/<path> → <owning service>/<path>. The path is normalised (dot segments,
 * percent-encoded dots) before the route table is consulted, so the service
 * receives exactly the path the table was asked about. The Authorization
 * header travels untouched; the body is forwarded byte for byte.
 */
export async function apiProxy(app: FastifyInstance, { services, authRateLimit }: ApiProxyOptions): Promise<void> {
  // Bodies are read as bytes (so the body limit answers 413 here) and never parsed by the gateway.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const target = new URL(`http://service.invalid${request.url.slice(API_PREFIX.length)}`);
    const route = resolveRoute(target.pathname);
    if (!route) {
      reply.callNotFound();
      return reply;
    }

    const caller = await identify(request, requiresToken(route, request.method));
    const body = request.body;
    return reply.from(`${services[route.service]}${target.pathname}${target.search}`, {
      ...(Buffer.isBuffer(body) ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      // One retry, only for idempotent requests on a dropped keep-alive socket; a 503 from a service is passed on as is.
      retriesCount: 1,
      rewriteRequestHeaders: (_request, headers) => forwardedHeaders(request, headers, caller),
      onError: (failedReply, { error }) => replyServiceUnavailable(failedReply, route.service, error),
    });
  }

  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindowMs };
  for (const path of rateLimitedAuthPaths) {
    app.post(`${API_PREFIX}${path}`, { config: { rateLimit }, schema: { hide: true } }, forward);
  }
  app.all(`${API_PREFIX}/uploads`, { bodyLimit: UPLOAD_BODY_LIMIT, schema: { hide: true } }, forward);
  app.all(`${API_PREFIX}/uploads/*`, { bodyLimit: UPLOAD_BODY_LIMIT, schema: { hide: true } }, forward);
  app.all(`${API_PREFIX}/*`, { schema: { hide: true } }, forward);
}

/** The 429 of the rate-limited auth endpoints, worded by the kit's error handler. */
export function tooManyAttempts(_request: FastifyRequest, context: { ttl: number }): Error {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return Object.assign(new Error(`Demasiados intentos. Espera ${seconds} segundos y vuelve a intentarlo.`), { statusCode: 429 });
}
