import type { ServiceName } from '@cine/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Connection } from 'mongoose';
import type { ServiceContext } from './app';
import { loadServiceConfig, readEnv, type ServiceConfig } from './config';
import { connectDatabase } from './database';
import type { EventBus } from './events/event-bus';
import { InProcessEventBus } from './events/in-process-bus';
import { RabbitMqEventBus } from './events/rabbitmq-bus';
import { measureDatabaseCommands } from './telemetry/database-metrics';
import { startMetricsServerFromEnv } from './telemetry/metrics-server';

/** What each service package exports: its name and how to build its Fastify app. */
export interface ServiceDefinition {
  name: ServiceName;
  build(context: ServiceContext): Promise<FastifyInstance>;
}

export interface RunningService {
  app: FastifyInstance;
  db: Connection;
  url: string;
  close(): Promise<void>;
}

export async function createEventBus(amqpUrl: string | undefined, logger?: FastifyBaseLogger): Promise<EventBus> {
  return amqpUrl ? RabbitMqEventBus.connect(amqpUrl, logger) : new InProcessEventBus(logger);
}

/** Connects the service's database, builds its app and listens. Used by the embedded launcher and by runService. */
export async function startService(
  definition: ServiceDefinition,
  { config, bus, logger }: { config: ServiceConfig; bus: EventBus; logger?: FastifyBaseLogger },
): Promise<RunningService> {
  // Off by default: with the driver's command events on, it decodes every reply a second time.
  const measureCommands = readEnv('MONGO_COMMAND_METRICS') === 'true';
  const db = await connectDatabase(config.mongoUrl, config.dbName, { monitorCommands: measureCommands });
  if (measureCommands) measureDatabaseCommands(db, config.name);
  const app = await definition.build({ config, db, bus, ...(logger ? { logger } : {}) });
  const url = await app.listen({ host: config.host, port: config.port });
  return {
    app,
    db,
    url,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** Entry point of a service running on its own (one container per service). */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = loadServiceConfig(definition.name);
  const bus = await createEventBus(config.amqpUrl);
  const running = await startService(definition, { config, bus });
  const metrics = await startMetricsServerFromEnv(config.host, running.app.log);
  const shutdown = async (signal: string) => {
    running.app.log.info({ signal }, 'shutting down');
    await metrics?.close();
    await running.close();
    await bus.close();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}
