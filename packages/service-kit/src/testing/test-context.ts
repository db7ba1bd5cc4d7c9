import { randomUUID } from 'node:crypto';
import type { ServiceName } from '@cine/contracts';
import type { Connection } from 'mongoose';
import type { ServiceContext } from '../app';
import type { ServiceConfig } from '../config';
import { connectDatabase } from '../database';
import { InProcessEventBus } from '../events/in-process-bus';

export const TEST_JWT_SECRET = 'test-secret-for-service-tests-only-0123456789';

/**
 * A service context on a fresh database of the real MongoDB-wire server named
 * by MONGO_URL (the jest global setup starts embedded FerretDB), with the
 * in-process bus.
 */
export async function createTestContext(
  name: ServiceName,
): Promise<ServiceContext & { bus: InProcessEventBus; dropDatabase(): Promise<void> }> {
  const mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) throw new Error('MONGO_URL is not set: run the tests through jest (its global setup starts the database)');
  const config: ServiceConfig = {
    name,
    host: '127.0.0.1',
    port: 0,
    mongoUrl,
    dbName: `test_${name}_${randomUUID().slice(0, 8)}`,
    amqpUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    tokenTtl: '1h',
    logLevel: 'silent',
    dataDir: '/tmp',
  };
  const db: Connection = await connectDatabase(mongoUrl, config.dbName);
  const bus = new InProcessEventBus();
  return {
    config,
    db,
    bus,
    dropDatabase: async () => {
      await db.dropDatabase();
      await db.close();
    },
  };
}
