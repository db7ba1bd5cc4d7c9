import { randomUUID } from 'node:crypto';
import { connectDatabase } from '@cine/service-kit';
import type { FastifyInstance } from 'fastify';
import { buildTestGateway, serviceUrls, startFakeService, type FakeService } from './testing/fake-services';

/**
 * Two gateways (the faults layout, the chart's autoscaler) in front of one identity: a client's
 * requests spread over both are limited once, not once per gateway.
 */
describe('rate limits shared by every gateway', () => {
  const mongoUrl = process.env.MONGO_URL ?? '';
  const dbName = `test_gateway_${randomUUID().slice(0, 8)}`;
  let identity: FakeService;
  let gateways: FastifyInstance[];

  beforeAll(async () => {
    identity = await startFakeService('identity');
    const services = await serviceUrls({ identity: identity.url });
    gateways = await Promise.all(
      [1, 2].map(() =>
        buildTestGateway({ services, authRateLimit: { max: 4, timeWindowMs: 60_000 }, rateLimitDatabase: { mongoUrl, dbName } }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await identity.close();
    const db = await connectDatabase(mongoUrl, dbName);
    await db.dropDatabase();
    await db.close();
  });

  it('lets a client through 4 times in all across two gateways, then answers 429 on either', async () => {
    const login = (gateway: FastifyInstance) =>
      gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@cine.local', password: 'adivinanza' } });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await login(gateways[attempt % 2] as FastifyInstance)).statusCode);

    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(identity.received).toHaveLength(4);
    const limited = await login(gateways[0] as FastifyInstance);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: expect.stringMatching(/^Demasiados intentos\. Espera \d+ segundos y vuelve a intentarlo\.$/),
    });
  });

  it('keeps counting after a gateway restarts (the counters are not in its memory)', async () => {
    const services = await serviceUrls({ identity: identity.url });
    const restarted = await buildTestGateway({
      services,
      authRateLimit: { max: 4, timeWindowMs: 60_000 },
      rateLimitDatabase: { mongoUrl, dbName },
    });
    try {
      const response = await restarted.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@cine.local', password: 'x' },
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});
