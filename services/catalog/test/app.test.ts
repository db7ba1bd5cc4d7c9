import { createTestContext, describeServiceApp } from '@cine/service-kit/testing';
import { buildCatalogApp } from '../src/app';

describeServiceApp('catalog', buildCatalogApp, [
  '/comments/',
  '/comments/add/{movieId}',
  '/comments/delete/{id}',
  '/comments/user/{userId}',
  '/feedback/',
  '/feedback/add/{id}',
  '/movies/Premieres',
  '/movies/billboard',
  '/movies/createMovie',
  '/movies/archive/{id}',
  '/movies/archived',
  '/movies/delete/{id}',
  '/movies/search',
  '/movies/search/{id}',
  '/movies/update/{id}',
  '/uploads/',
  '/uploads/posters/{file}',
  '/uploads/{id}',
]);

describe('catalog OpenAPI document', () => {
  it('documents the multipart body of POST /uploads/', async () => {
    const context = await createTestContext('catalog');
    const app = await buildCatalogApp(context);
    try {
      const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
        paths: Record<string, { post?: { requestBody?: unknown } }>;
      }>();
      expect(document.paths['/uploads/']?.post?.requestBody).toMatchObject({
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      });
    } finally {
      await app.close();
      await context.dropDatabase();
    }
  });
});
