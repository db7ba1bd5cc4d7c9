import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyJwt from '@fastify/jwt';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyReplyFrom from '@fastify/reply-from';
import fastifySwagger from '@fastify/swagger';
import {
  connectDatabase,
  DEFAULT_BODY_LIMIT,
  jwtPluginOptions,
  registerErrorHandling,
  SharedCounters,
  sharedRateLimitStore,
  REDACTING_SERIALIZERS,
} from '@cine/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import {
  COMPRESSION_THRESHOLD_BYTES,
  DEFAULT_AUTH_RATE_LIMIT,
  DEFAULT_GIFT_CARD_RATE_LIMIT,
  DEFAULT_PRESALE_JOIN_RATE_LIMIT,
  DEFAULT_UPSTREAM_TIMEOUTS,
  defaultClientConfig,
  defaultServiceUrls,
  repositoryWebRoots,
  type ClientConfig,
  type GatewayOptions,
} from './options';
import { apiDocs } from './plugins/api-docs';
import { apiProxy, tooManyAttempts } from './plugins/api-proxy';
import { healthRoutes } from './plugins/health';
import { statusRoutes } from './plugins/status';
import { webApp } from './plugins/web-app';
import { requireClientIp, warnWhenEveryHopIsTrusted } from './client-address';
import { clientErrorAnswers, frameworkErrorAnswers, unsupportedExpectationAnswer } from './early-answers';
import { securityHeaders, securityHeaderValues } from './security-headers';
import { gatewayMetrics } from './metrics';
import { createUpstreamAgent } from './upstream';
import { DEFAULT_SEAT_STREAM_RELAY_SETTINGS } from './seat-stream-relay';
import { DEFAULT_PRESALE_STREAM_RELAY_SETTINGS } from './presale-stream-relay';

/** A caller's X-Request-Id is kept when it is a plain token, so one id follows a request across services. */
function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * The single origin of the platform: /api/* to the services (route table,
 * early 401, rate-limited auth endpoints, 503 for a service that is down),
 * /api/health, /api/docs, and the web apps with their SPA fallback.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const services = { ...defaultServiceUrls(), ...options.services };
  const web = options.web ?? repositoryWebRoots();
  const defaults = defaultClientConfig();
  const clientConfig: ClientConfig = {
    stripePublishableKey: options.clientConfig?.stripePublishableKey ?? defaults.stripePublishableKey,
    remotes: { ...defaults.remotes, ...options.clientConfig?.remotes },
    cinema: options.clientConfig?.cinema ?? defaults.cinema,
    cancellationWindowMinutes: options.clientConfig?.cancellationWindowMinutes ?? defaults.cancellationWindowMinutes,
  };
  const timeouts = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...options.upstreamTimeouts };
  const headers = securityHeaderValues(clientConfig);

  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger.child({ service: 'gateway' }, { serializers: REDACTING_SERIALIZERS }) }
      : { logger: { level: options.logLevel ?? 'info', serializers: REDACTING_SERIALIZERS } }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: requestId,
    // Answers given before the hooks below run: in Spanish and with the security headers too.
    frameworkErrors: frameworkErrorAnswers(headers),
    clientErrorHandler: clientErrorAnswers(headers),
  });
  app.server.on('checkExpectation', unsupportedExpectationAnswer(headers));

  registerErrorHandling(app);
  gatewayMetrics(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onRequest', securityHeaders(headers));
  if (options.trustProxy) {
    warnWhenEveryHopIsTrusted(app.log, options.trustProxy);
    app.addHook('onRequest', requireClientIp);
  }
  // API answers over the threshold, compressed for clients that accept it (brotli at a quality that
  // costs little CPU per request: 3 packs the billboard's 7 KB like 4 in two thirds of the time). The
  // proxy buffers a service's smaller answers so the threshold applies to them too (api-proxy.ts).
  // The web apps' files are compressed at build time (web-app.ts), never here.
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } },
  });
  await app.register(fastifyJwt, jwtPluginOptions(options.jwtSecret));
  // Counters every gateway shares (a database of its own on the services' server), or this process's memory without one.
  let rateLimitStore: ReturnType<typeof sharedRateLimitStore> | undefined;
  if (options.rateLimitDatabase) {
    const db = await connectDatabase(options.rateLimitDatabase.mongoUrl, options.rateLimitDatabase.dbName);
    app.addHook('onClose', async () => db.close());
    rateLimitStore = sharedRateLimitStore(new SharedCounters(db), 'gateway');
  }
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: tooManyAttempts,
    ...(rateLimitStore ? { store: rateLimitStore } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cine API gateway', version: '1.0.0', description: 'Each service documents its own paths: pick it in the selector.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  const upstream = createUpstreamAgent(timeouts);
  app.addHook('onClose', async () => upstream.close());
  await app.register(fastifyReplyFrom, { undici: upstream, disableRequestLogging: true });

  await app.register(healthRoutes, { services, upstream, timeoutMs: timeouts.healthMs });
  await app.register(statusRoutes, { services, upstream, timeoutMs: timeouts.healthMs, metricsSources: options.metricsSources ?? [] });
  await app.register(apiDocs, { services });
  await app.register(apiProxy, {
    services,
    upstream,
    authRateLimit: options.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT,
    giftCardRateLimit: options.giftCardRateLimit ?? DEFAULT_GIFT_CARD_RATE_LIMIT,
    presaleJoinRateLimit: options.presaleJoinRateLimit ?? DEFAULT_PRESALE_JOIN_RATE_LIMIT,
    seatStreams: { ...DEFAULT_SEAT_STREAM_RELAY_SETTINGS, ...options.seatStreams },
    presaleStreams: { ...DEFAULT_PRESALE_STREAM_RELAY_SETTINGS, ...options.presaleStreams },
  });
  await app.register(webApp, { web, clientConfig });

  if (!existsSync(path.join(web.shell, 'index.html'))) {
    app.log.warn({ shell: web.shell }, 'the shell is not built: pages answer 404 until `npm run build` has run');
  }
  return app;
}
