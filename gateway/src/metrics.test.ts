import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { metricsRegistry } from '@cine/service-kit';
import { webRootsIn } from './options';
import { buildTestGateway, emptyWebRoot, serviceUrls, startFakeService, type FakeService } from './testing/fake-services';

async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  return values
    .filter((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

describe('the gateway’s metrics', () => {
  let catalog: FakeService;

  beforeAll(async () => {
    catalog = await startFakeService('catalog');
  });

  afterAll(async () => {
    await catalog.close();
  });

  it('are never served on the public port: /metrics and /api/metrics answer 404, not the shell’s page', async () => {
    const root = emptyWebRoot();
    mkdirSync(path.join(root, 'shell'));
    writeFileSync(path.join(root, 'shell', 'index.html'), '<!doctype html><title>Cine</title>');
    const gateway = await buildTestGateway({ services: await serviceUrls({ catalog: catalog.url }), web: webRootsIn(root) });
    try {
      expect((await gateway.inject({ method: 'GET', url: '/cualquier-pagina' })).statusCode).toBe(200);
      for (const url of ['/metrics', '/api/metrics']) {
        const response = await gateway.inject({ method: 'GET', url });
        expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
          url,
          status: 404,
          type: expect.stringContaining('application/json'),
        });
      }
    } finally {
      await gateway.close();
    }
  });

  it('time each request by route template and status, and count the shared cache’s hits and misses', async () => {
    const gateway = await buildTestGateway({ services: await serviceUrls({ catalog: catalog.url }) });
    // A histogram's values are its buckets, sum and count: the +Inf bucket counts every request.
    const timed = { service: 'gateway', http_request_method: 'GET', http_route: '/api/*', http_response_status_code: '200', le: '+Inf' };
    const before = {
      requests: await valueOf('http_server_request_duration_seconds', timed),
      hits: await valueOf('cine_gateway_response_cache_total', { result: 'hit' }),
      misses: await valueOf('cine_gateway_response_cache_total', { result: 'miss' }),
    };
    try {
      for (let i = 0; i < 2; i++) {
        const response = await gateway.inject({ method: 'GET', url: '/api/movies/billboard/public' });
        expect([response.statusCode, response.headers['x-cache']]).toEqual([200, i === 0 ? 'MISS' : 'HIT']);
      }
    } finally {
      await gateway.close();
    }
    expect(await valueOf('http_server_request_duration_seconds', timed)).toBe(before.requests + 2);
    expect(await valueOf('cine_gateway_response_cache_total', { result: 'miss' })).toBe(before.misses + 1);
    expect(await valueOf('cine_gateway_response_cache_total', { result: 'hit' })).toBe(before.hits + 1);
  });
});
