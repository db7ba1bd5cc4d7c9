import { ApiErrorBody } from '@cine/contracts';
import fastifySensible from '@fastify/sensible';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connection } from 'mongoose';
import { authPlugin } from './auth';
import type { ServiceConfig } from './config';
import { isDatabaseUp } from './database';
import { registerErrorHandling } from './errors';
import { measureHttpRequests } from './telemetry/metrics';
import { strictValidatorCompiler } from './validation';
import type { EventBus } from './events/event-bus';
import { SharedCounters } from './shared-counters';
import { REDACTING_SERIALIZERS } from './log-redaction';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters shared by every instance of the service: rate limits (shared-counters.ts). */
    sharedCounters: SharedCounters;
  }
}

export type ServiceApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/** What a service is given to build its app: configuration, its database, the event bus. */
export interface ServiceContext {
  config: ServiceConfig;
  db: Connection;
  bus: EventBus;
  logger?: FastifyBaseLogger;
}

/** JSON bodies above this size are refused with 413 (uploads set their own limits). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The contracts' ApiErrorBody, registered once per app so every error response refers to it (`errors()`). */
export const ErrorBody = Type.Composite([ApiErrorBody], { $id: 'ErrorBody' });

/**
 * A request that says `content-type: application/json` and sends nothing (what many clients send on a bodiless
 * POST such as `POST /club/join`) is a request without a body: Fastify's default JSON parser refuses it (400
 * FST_ERR_CTP_EMPTY_JSON_BODY). An operation that needs a body still answers 400 in Spanish (its schema); any
 * other body goes through the default parser, with its protection against prototype poisoning.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}

/**
 * The common base of every service: logging, Spanish error handling, schema
 * validation with TypeBox, OpenAPI at /openapi.json, bearer auth, and
 * GET /health reporting database and broker connectivity.
 */
export async function createServiceApp({ config, db, bus, logger }: ServiceContext): Promise<ServiceApp> {
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger.child({ service: config.name }, { serializers: REDACTING_SERIALIZERS }) }
      : { logger: { level: config.logLevel, serializers: REDACTING_SERIALIZERS } }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: true,
    // The gateway stamps each request, so one id follows it across services' logs.
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<TypeBoxTypeProvider>();

  measureHttpRequests(app, config.name);
  app.setValidatorCompiler(strictValidatorCompiler());
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  app.addSchema(ErrorBody);
  await app.register(fastifySensible);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `Cine ${config.name} service`, version: '1.0.0' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, tokenTtl: config.tokenTtl, serviceName: config.name, db, bus });

  // Rate-limit counters every instance of the service shares (its own database).
  app.decorate('sharedCounters', new SharedCounters(db));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get(
    '/health',
    {
      schema: {
        hide: true,
        response: {
          200: Type.Object({ status: Type.String(), database: Type.String(), broker: Type.String() }),
          503: Type.Object({ status: Type.String(), database: Type.String(), broker: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      const database = isDatabaseUp(db) ? 'up' : 'down';
      const broker = bus.isConnected() ? 'up' : 'down';
      const healthy = database === 'up' && broker === 'up';
      return reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', database, broker });
    },
  );

  return app;
}
