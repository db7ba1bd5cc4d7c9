import { createHmac, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { GIFT_CARD_MESSAGES } from '@cine/contracts';
import { connectDatabase } from '@cine/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestGateway, serviceUrls, startFakeService, TEST_JWT_SECRET, type FakeService } from './testing/fake-services';

function token(sub: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: now, exp: now + 3600, sub, role: 'user', ver: 0 })}`;
  return `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
}

const CODE = '7KQ2-MX9P-4HTR-WN3C';

/**
 * Issue 39: the gift cards' balance check is limited per address and per account, counted on the
 * database every gateway shares (a guesser spreading checks over gateways is counted once).
 */
describe('gift-card balance checks are rate limited across gateways', () => {
  const mongoUrl = process.env.MONGO_URL ?? '';
  const dbName = `test_gateway_${randomUUID().slice(0, 8)}`;
  const lines: string[] = [];
  let booking: FakeService;
  let gateways: FastifyInstance[];

  beforeAll(async () => {
    booking = await startFakeService('booking');
    const services = await serviceUrls({ booking: booking.url });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'info', stream } }).log;
    gateways = await Promise.all(
      [1, 2].map(() =>
        buildTestGateway({
          services,
          logger,
          giftCardRateLimit: { max: 3, timeWindowMs: 60_000 },
          rateLimitDatabase: { mongoUrl, dbName },
        }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await booking.close();
    const db = await connectDatabase(mongoUrl, dbName);
    await db.dropDatabase();
    await db.close();
  });

  const check = (attempt: number, options: { address: string; authorization?: string }) =>
    (gateways[attempt % 2] as FastifyInstance).inject({
      method: 'GET',
      url: `/api/gift-cards/${CODE}`,
      remoteAddress: options.address,
      headers: options.authorization ? { authorization: options.authorization } : {},
    });

  it('per address: 3 checks in all across two gateways, then 429 in Spanish', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await check(attempt, { address: '203.0.113.7' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await check(0, { address: '203.0.113.7' })).json()).toEqual({ statusCode: 429, error: GIFT_CARD_MESSAGES.tooManyTries });
    // Another address is counted apart.
    expect((await check(1, { address: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('per account: one account changing addresses is stopped after 3 checks', async () => {
    const authorization = `Bearer ${token('guesser-1')}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await check(attempt, { address: `198.51.100.${attempt + 1}`, authorization })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another account at a new address is not.
    expect((await check(0, { address: '198.51.100.50', authorization: `Bearer ${token('other')}` })).statusCode).toBe(200);
  });

  it('the code never reaches the gateway’s logs', () => {
    const logged = lines.join('');
    expect(logged).toContain('/api/gift-cards/[código]');
    expect(logged).not.toContain(CODE);
  });
});
