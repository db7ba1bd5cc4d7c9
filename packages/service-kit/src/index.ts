// The decorations services use (app.httpErrors, app.jwt, request.jwtVerify) come with these plugins' types.
/// <reference types="@fastify/sensible" preserve="true" />
/// <reference types="@fastify/jwt" preserve="true" />
export { createServiceApp, DEFAULT_BODY_LIMIT, ErrorBody, type ServiceApp, type ServiceContext } from './app';
export { assertSameUser, authPlugin, CredentialsRegistry, isAdmin, jwtPluginOptions, JWT_ALGORITHM, requireSameUser, REVOKED_FOR_GOOD, signToken } from './auth';
export { defaultPorts, loadServiceConfig, readEnv, requireEnv, resolveJwtSecret, type ServiceConfig } from './config';
export { connectDatabase, isDatabaseUp, isDuplicateKeyError, isFerretDbConnection } from './database';
export { registerErrorHandling } from './errors';
export { createEvent, MAX_DELIVERY_ATTEMPTS, type EventBus, type EventHandler } from './events/event-bus';
export { InProcessEventBus, type DeadLetter } from './events/in-process-bus';
export { outboxPlugin, startOutboxRelay, type OutboxRelay, type WithOutbox } from './events/outbox';
export { subscribeIdempotent } from './events/processed-events';
export { DEAD_LETTER_EXCHANGE, deadLetterQueueOf, EVENTS_EXCHANGE, RabbitMqEventBus } from './events/rabbitmq-bus';
export { createEventBus, runService, startService, type RunningService, type ServiceDefinition } from './service';
export { strictValidatorCompiler } from './validation';
export { describeValidationError } from './validation-messages';
