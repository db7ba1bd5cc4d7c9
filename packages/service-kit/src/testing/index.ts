import { createHmac, randomUUID } from 'node:crypto';
import type { ServiceName, TokenClaims } from '@cine/contracts';
import type { FastifyInstance } from 'fastify';
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

/** A bearer header for the given claims, signed with the app's own JWT secret. */
export function bearer(app: FastifyInstance, claims: Partial<TokenClaims> & Pick<TokenClaims, 'sub'>): { authorization: string } {
  const token = app.jwt.sign({ role: 'user', ver: 0, ...claims });
  return { authorization: `Bearer ${token}` };
}
export { describeServiceApp } from './service-app';

/**
 * A JWT as an attacker could build it: any header (another `alg`, `none`, a
 * missing one), claims with a lifetime, signed with HMAC-SHA256 over `secret`
 * (the real one, to try algorithm confusion) or with no signature at all.
 */
export function forgedToken(
  claims: Record<string, unknown>,
  {
    header = { alg: 'HS256', typ: 'JWT' },
    secret,
    expiresInSeconds = 3600,
  }: { header?: Record<string, unknown>; secret?: string; expiresInSeconds?: number } = {},
): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode(header)}.${encode({ iat: now, exp: now + expiresInSeconds, ...claims })}`;
  return `${unsigned}.${secret === undefined ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Headers of tokens that name an algorithm other than HS256: each must get 401, never 500. */
export const OTHER_ALGORITHM_HEADERS: readonly Record<string, unknown>[] = [
  { alg: 'RS256', typ: 'JWT' },
  { alg: 'ES256', typ: 'JWT' },
  { alg: 'PS256', typ: 'JWT' },
  { alg: 'EdDSA', typ: 'JWT' },
  { alg: 'HS512', typ: 'JWT' },
  { alg: 'XYZ', typ: 'JWT' },
  { alg: '', typ: 'JWT' },
  { alg: 'none', typ: 'JWT' },
  { typ: 'JWT' },
];
export { EventStreamClient, type ServerSentEvent } from './server-sent-events';
