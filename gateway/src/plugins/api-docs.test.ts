import { serviceNames } from '@cine/contracts';
import type { FastifyInstance } from 'fastify';
import { buildTestGateway, serviceUrls, startFakeService, type FakeService } from '../testing/fake-services';

describe('API documentation at /api/docs', () => {
  let catalog: FakeService;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    catalog = await startFakeService('catalog');
    gateway = await buildTestGateway({ services: await serviceUrls({ catalog: catalog.url }) });
  });
  afterAll(async () => {
    await gateway.close();
    await catalog.close();
  });

  it('serves Swagger UI from its own assets', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/https?:\/\//);
    const bundle = await gateway.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });

  it('sends static/index.html to the page, with a query string too (it once redirected to itself)', async () => {
    for (const url of ['/api/docs/static/index.html', '/api/docs/static/index.html?x=1', '/api/docs/static/index.html?a=1&b=/x']) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/api/docs/');
      expect((await gateway.inject({ method: 'GET', url: String(response.headers.location) })).statusCode).toBe(200);
    }
  });

  it("offers every service's document in the selector", async () => {
    const initializer = await gateway.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    for (const name of serviceNames) expect(initializer.body).toContain(`"url":"/api/docs/${name}.json"`);
  });

  it("passes on a service's OpenAPI document", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/docs/catalog.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ info: { title: 'Cine catalog service' }, paths: { '/catalog': {} } });
  });

  it('answers 503 for the document of a service that is down', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/docs/sales.json' });
    expect(response.statusCode).toBe(503);
  });

  it("documents the gateway's own /api/health and /api/status", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toEqual(['/api/health', '/api/status']);
  });
});
