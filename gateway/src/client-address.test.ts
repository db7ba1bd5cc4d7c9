import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { trustsEveryHop } from './client-address';
import { buildTestGateway, serviceUrls, startFakeService, type FakeService } from './testing/fake-services';

/** A logger that keeps its warnings, as the gateway's start-up would print them. */
function recordingLogger(): { logger: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const ignore = () => undefined;
  const logger = {
    level: 'info',
    fatal: ignore,
    error: ignore,
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    warn: (...args: unknown[]) => void warnings.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')),
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return { logger, warnings };
}

describe('the client address behind a trusted proxy (TRUST_PROXY)', () => {
  let booking: FakeService;
  beforeAll(async () => {
    booking = await startFakeService('booking');
  });
  afterAll(() => booking.close());
  beforeEach(() => {
    booking.received.length = 0;
  });

  async function gatewayTrusting(trustProxy: boolean | string): Promise<FastifyInstance> {
    return buildTestGateway({ services: await serviceUrls({ booking: booking.url }), trustProxy });
  }

  it.each<[string, boolean | string]>([
    ['every hop (true)', true],
    ['a list of hops', '127.0.0.1'],
  ])('refuses an X-Forwarded-For address that is not an IP with a Spanish 400, trusting %s', async (_case, trustProxy) => {
    const gateway = await gatewayTrusting(trustProxy);
    try {
      for (const forwardedFor of ['not-an-ip', '198.51.100.7, not-an-ip', '999.1.1.1', '2001:db8::zz']) {
        const response = await gateway.inject({ method: 'GET', url: '/api/show/all', headers: { 'x-forwarded-for': forwardedFor } });
        expect({ forwardedFor, status: response.statusCode }).toEqual({ forwardedFor, status: 400 });
        expect(response.json()).toEqual({
          statusCode: 400,
          error: 'La dirección del cliente indicada en X-Forwarded-For no es una dirección IP válida.',
        });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
      expect(booking.received).toHaveLength(0);
    } finally {
      await gateway.close();
    }
  });

  it.each(['198.51.100.53', '2001:db8:1:1::6', '::ffff:198.51.100.54'])(
    'passes the forwarded address %s on to the services in X-Forwarded-For',
    async (address) => {
      const gateway = await gatewayTrusting('127.0.0.1');
      try {
        const response = await gateway.inject({ method: 'GET', url: '/api/show/all', headers: { 'x-forwarded-for': address } });
        expect(response.statusCode).toBe(200);
        expect(booking.received[0]?.headers['x-forwarded-for']).toBe(address);
      } finally {
        await gateway.close();
      }
    },
  );

  it.each<[boolean | string, boolean]>([
    [true, true],
    ['127.0.0.1', false],
    ['10.0.0.0/8, loopback', false],
  ])('warns at start-up that any client can pick its address when TRUST_PROXY is %p: %p', async (trustProxy, warned) => {
    expect(trustsEveryHop(trustProxy)).toBe(warned);
    const { logger, warnings } = recordingLogger();
    const gateway = await buildTestGateway({ trustProxy, logger });
    await gateway.close();
    expect(warnings.some((warning) => warning.includes('any client can pick its address'))).toBe(warned);
  });
});
