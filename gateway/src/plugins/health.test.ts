import { serviceNames } from '@cine/contracts';
import { buildTestGateway, startFakeService, type FakeService } from '../testing/fake-services';

describe('GET /api/health', () => {
  let services: FakeService[] = [];

  afterEach(async () => {
    await Promise.all(services.map((service) => service.close()));
    services = [];
  });

  async function startAll(overrides: Partial<Record<(typeof serviceNames)[number], Parameters<typeof startFakeService>[1]>> = {}) {
    services = await Promise.all(serviceNames.map((name) => startFakeService(name, overrides[name])));
    return Object.fromEntries(services.map((service) => [service.name, service.url]));
  }

  it('answers 200 ok when every service is ready', async () => {
    const gateway = await buildTestGateway({ services: await startAll() });
    try {
      const response = await gateway.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        services: Object.fromEntries(serviceNames.map((name) => [name, { status: 'ok', database: 'up', broker: 'up' }])),
      });
    } finally {
      await gateway.close();
    }
  });

  it('answers 503 degraded and names the service that is down', async () => {
    const urls = await startAll();
    await services.find((service) => service.name === 'booking')?.close();
    const gateway = await buildTestGateway({ services: urls });
    try {
      const response = await gateway.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      const report = response.json();
      expect(report.status).toBe('degraded');
      expect(report.services.booking).toEqual({ status: 'down', database: 'unknown', broker: 'unknown' });
      expect(report.services.catalog).toEqual({ status: 'ok', database: 'up', broker: 'up' });
    } finally {
      await gateway.close();
    }
  });

  it("reports a service's own degraded readiness (its database is down)", async () => {
    const gateway = await buildTestGateway({
      services: await startAll({ sales: { health: { code: 503, body: { status: 'degraded', database: 'down', broker: 'up' } } } }),
    });
    try {
      const response = await gateway.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().services.sales).toEqual({ status: 'degraded', database: 'down', broker: 'up' });
    } finally {
      await gateway.close();
    }
  });

  it('counts a service that does not answer within the timeout as down, asking all in parallel', async () => {
    const gateway = await buildTestGateway({
      services: await startAll({ identity: { delayMs: 3_000 }, candy: { delayMs: 3_000 } }),
      upstreamTimeouts: { healthMs: 300 },
    });
    try {
      const started = Date.now();
      const response = await gateway.inject({ method: 'GET', url: '/api/health' });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(response.statusCode).toBe(503);
      expect(response.json().services.identity.status).toBe('down');
      expect(response.json().services.candy.status).toBe('down');
      expect(response.json().services.notification.status).toBe('ok');
    } finally {
      await gateway.close();
    }
  });
});
