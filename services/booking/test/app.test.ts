import { createTestContext } from '@cine/service-kit/testing';
import { buildBookingApp } from '../src/app';

describe('booking service app', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  let app: Awaited<ReturnType<typeof buildBookingApp>>;

  beforeAll(async () => {
    context = await createTestContext('booking');
    app = await buildBookingApp(context);
  });
  afterAll(async () => {
    await app.close();
    await context.dropDatabase();
  });

  it('answers GET /health with 200 when its database is up', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', broker: 'up' });
  });

  it('serves its OpenAPI document for the gateway', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: expect.any(String), info: { title: 'Cine booking service' } });
  });
});
