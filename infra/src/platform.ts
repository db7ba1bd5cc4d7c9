import path from 'node:path';
import type { ServiceName } from '@cine/contracts';
import { startEmbeddedMongo, type EmbeddedMongo } from '@cine/embedded-mongo';
import { buildGateway, gatewayOptionsFromEnv } from '@cine/gateway';
import { bookingService } from '@cine/booking-service';
import { candyService } from '@cine/candy-service';
import { catalogService } from '@cine/catalog-service';
import { identityService } from '@cine/identity-service';
import { notificationService } from '@cine/notification-service';
import { salesService } from '@cine/sales-service';
import {
  createEventBus,
  InProcessEventBus,
  readEnv,
  resolveJwtSecret,
  startService,
  type EventBus,
  type RunningService,
  type ServiceDefinition,
} from '@cine/service-kit';

/** Started in this order: identity first, so the admin account exists before anyone logs in. */
export const embeddedServices: readonly ServiceDefinition[] = [
  identityService,
  notificationService,
  catalogService,
  bookingService,
  candyService,
  salesService,
];

export const DEFAULT_FERRETDB_PORT = 27027;

export interface PlatformSettings {
  /** DATA_DIR: the JWT secret, FerretDB's SQLite files (ferretdb/), the mail outbox. */
  dataDir: string;
  /** MONGO_URL: an external MongoDB; when absent, embedded FerretDB is started. */
  mongoUrl: string | undefined;
  ferretdbPort: number;
  /** AMQP_URL: RabbitMQ; when absent, the in-process bus. */
  amqpUrl: string | undefined;
  logLevel: string;
  tokenTtl: string;
  /** Where each service listens on 127.0.0.1; 0 picks a free port. */
  servicePorts: Record<ServiceName, number>;
  /** Each service uses the database `<prefix><service>`. */
  databasePrefix: string;
}

export function platformSettingsFromEnv(): PlatformSettings {
  const ferretdbPort = Number(readEnv('FERRETDB_PORT') ?? DEFAULT_FERRETDB_PORT);
  if (!Number.isInteger(ferretdbPort) || ferretdbPort <= 0) {
    throw new Error(`FERRETDB_PORT debe ser un número de puerto, no '${readEnv('FERRETDB_PORT')}'`);
  }
  return {
    dataDir: path.resolve(readEnv('DATA_DIR') ?? '.data'),
    mongoUrl: readEnv('MONGO_URL'),
    ferretdbPort,
    amqpUrl: readEnv('AMQP_URL'),
    logLevel: readEnv('LOG_LEVEL') ?? 'warn',
    tokenTtl: readEnv('TOKEN_TTL') ?? '8h',
    // Services are reached only through the gateway here, so each takes a free
    // loopback port: two platforms (say, a dev instance and the browser tests) never clash.
    servicePorts: { identity: 0, notification: 0, catalog: 0, booking: 0, candy: 0, sales: 0 },
    databasePrefix: 'cine_',
  };
}

export interface PlatformHooks {
  /** The embedded database is about to be compiled (first start only). */
  onDatabaseBuildStart?: () => void;
}

export interface RunningPlatform {
  /** Where the gateway listens, e.g. http://127.0.0.1:8080. */
  gatewayUrl: string;
  mongoUrl: string;
  /** Set when this process runs the embedded FerretDB. */
  embeddedMongo: EmbeddedMongo | undefined;
  services: Record<ServiceName, string>;
  stop(): Promise<void>;
}

/**
 * The whole platform in this process: the database (embedded FerretDB unless
 * MONGO_URL), one event bus, each service on its own Fastify instance and
 * database, and the gateway serving the API and the web apps. The gateway's
 * own settings (PORT, HOST, WEB_ROOT, remote URLs, rate limit…) come from the
 * environment as when it runs alone.
 */
export async function startPlatform(settings: PlatformSettings, hooks: PlatformHooks = {}): Promise<RunningPlatform> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch(() => undefined);
    }
  };

  try {
    let embeddedMongo: EmbeddedMongo | undefined;
    let mongoUrl = settings.mongoUrl;
    if (!mongoUrl) {
      embeddedMongo = await startEmbeddedMongo({
        dataDir: path.join(settings.dataDir, 'ferretdb'),
        port: settings.ferretdbPort,
        ...(hooks.onDatabaseBuildStart ? { onBuildStart: hooks.onDatabaseBuildStart } : {}),
      });
      const mongo = embeddedMongo;
      cleanups.push(() => mongo.stop());
      mongoUrl = mongo.url;
    }

    // In-process events wait until every service has subscribed, as RabbitMQ's durable queues would.
    const inProcessBus = settings.amqpUrl ? undefined : new InProcessEventBus(undefined, { holdUntilStarted: true });
    const bus: EventBus = inProcessBus ?? (await createEventBus(settings.amqpUrl));
    cleanups.push(() => bus.close());

    const jwtSecret = resolveJwtSecret(settings.dataDir);
    const services = {} as Record<ServiceName, string>;
    for (const definition of embeddedServices) {
      const running: RunningService = await startService(definition, {
        bus,
        config: {
          name: definition.name,
          host: '127.0.0.1',
          port: settings.servicePorts[definition.name],
          mongoUrl,
          dbName: `${settings.databasePrefix}${definition.name}`,
          amqpUrl: settings.amqpUrl,
          jwtSecret,
          tokenTtl: settings.tokenTtl,
          logLevel: settings.logLevel,
          dataDir: settings.dataDir,
        },
      });
      cleanups.push(() => running.close());
      services[definition.name] = running.url;
    }
    inProcessBus?.start();

    const { options, listen } = gatewayOptionsFromEnv();
    const gateway = await buildGateway({
      ...options,
      jwtSecret,
      services,
      logLevel: settings.logLevel,
      // Its rate limits' counters, on the same server as the services' databases.
      rateLimitDatabase: { mongoUrl, dbName: `${settings.databasePrefix}gateway` },
    });
    cleanups.push(() => gateway.close());
    const gatewayUrl = await gateway.listen(listen);

    return { gatewayUrl, mongoUrl, embeddedMongo, services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
