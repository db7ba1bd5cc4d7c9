import { createTestContext } from '@cine/service-kit/testing';
import { buildCatalogApp } from './app';

describe('catalog service app', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  let app: Awaited<ReturnType<typeof buildCatalogApp>>;

  beforeAll(async () => {
    context = await createTestContext('catalog');
    app = await buildCatalogApp(context);
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
    expect(response.json()).toMatchObject({ openapi: expect.any(String), info: { title: 'Cine catalog service' } });
    expect(Object.keys(response.json<{ paths: object }>().paths).sort()).toEqual(
      [
        '/comments/',
        '/comments/add/{movieId}',
        '/comments/delete/{id}',
        '/comments/user/{userId}',
        '/feedback/',
        '/feedback/add/{id}',
        '/movies/Premieres',
        '/movies/billboard',
        '/movies/createMovie',
        '/movies/delete/{id}',
        '/movies/search',
        '/movies/search/{id}',
        '/movies/update/{id}',
        '/uploads/',
        '/uploads/posters/{file}',
        '/uploads/{id}',
      ].sort(),
    );
  });

  it('documents the multipart body of POST /uploads/', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    expect(document.paths['/uploads/']?.post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
    });
  });
});
