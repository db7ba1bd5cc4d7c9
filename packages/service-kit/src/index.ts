// The decorations services use (app.httpErrors, app.jwt, request.jwtVerify) come with these plugins' types.
/// <reference types="@fastify/sensible" preserve="true" />
/// <reference types="@fastify/jwt" preserve="true" />
export { createServiceApp, DEFAULT_BODY_LIMIT, ErrorBody, type ServiceApp, type ServiceContext } from './app';
export {
  assertCinemaAccess,
  assertSameUser,
  authPlugin,
  cinemaScope,
  CredentialsRegistry,
  isAdmin,
  jwtPluginOptions,
  JWT_ALGORITHM,
  requireSameUser,
  REVOKED_FOR_GOOD,
  signToken,
} from './auth';
export { findEachById } from './by-id';
export { clientKey } from './client-key';
export { redactUrl, REDACTING_SERIALIZERS } from './log-redaction';
export {
  cinemaInfoFromEnv,
  defaultPorts,
  loadServiceConfig,
  positiveIntegerEnv,
  readEnv,
  requireEnv,
  resolveJwtSecret,
  resolveSecret,
  resolveTicketSigningKey,
  type ServiceConfig,
  type TicketSigningKey,
} from './config';
export { connectDatabase, escapeRegex, isDatabaseUp, isDuplicateKeyError, isFerretDbConnection } from './database';
export { registerErrorHandling } from './errors';
export {
  EVENT_STREAM_HEADERS,
  EventStreamHub,
  eventFrame,
  lastEventVersion,
  type EventStreamChannel,
  type EventStreamHubSettings,
  type OpenStreamsGauge,
} from './event-stream-hub';
export { batched, type BatchOptions } from './events/batching';
export { createEvent, MAX_DELIVERY_ATTEMPTS, type EventBus, type EventHandler, type SubscribeOptions } from './events/event-bus';
export { InProcessEventBus, type DeadLetter } from './events/in-process-bus';
export { outboxPlugin, startOutboxRelay, type OutboxRelay, type WithOutbox } from './events/outbox';
export { KnownCinemas, type KnownCinema } from './events/known-cinemas';
export { PaidTickets, type PaidTicketCounts } from './events/paid-tickets';
export { subscribeIdempotent } from './events/processed-events';
export { subscribeTo, subscription, type Subscription } from './events/subscriptions';
export { DEAD_LETTER_EXCHANGE, deadLetterQueueOf, EVENTS_EXCHANGE, RabbitMqEventBus } from './events/rabbitmq-bus';
export { BODY_ERRORS, bearerAuth, errors, ObjectIdText } from './schemas';
export { createEventBus, runService, startService, type RunningService, type ServiceDefinition } from './service';
export { SharedJson } from './shared-json';
export { SharedCounters, sharedRateLimitStore, type CounterState } from './shared-counters';
export { mailboxKey, searchKey } from './text-keys';
export { strictValidatorCompiler } from './validation';
export { defineCounter, defineGauge, defineHistogram, measureHttpRequests, metricsRegistry } from './telemetry/metrics';
export { DEFAULT_METRICS_PORT, startMetricsServerFromEnv, type MetricsServer } from './telemetry/metrics-server';
export { mapList, pageOfList, readList, type ListRead } from './lists';
export { describeValidationError } from './validation-messages';
