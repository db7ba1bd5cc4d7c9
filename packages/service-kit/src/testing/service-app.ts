/// <reference types="jest" />
import type { ServiceName } from '@cine/contracts';
import type { ServiceApp } from '../app';
import { createTestContext } from './test-context';

type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The checks every service's app passes, as a jest `describe`: GET /health with its
 * database up, and the OpenAPI document the gateway merges (with exactly `paths`, when given).
 */
export function describeServiceApp(
  service: ServiceName,
  build: (context: TestContext) => Promise<ServiceApp>,
  paths?: readonly string[],
): void {
  describe(`${service} service app`, () => {
    let context: TestContext;
    let app: ServiceApp;

    beforeAll(async () => {
      context = await createTestContext(service);
      app = await build(context);
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
      expect(response.json()).toMatchObject({ openapi: expect.any(String), info: { title: `Cine ${service} service` } });
      if (paths) expect(Object.keys(response.json<{ paths: object }>().paths).sort()).toEqual([...paths].sort());
    });
  });
}
