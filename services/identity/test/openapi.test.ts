import { startIdentity, type IdentityUnderTest } from './helpers';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.close());

it('documents every route in OpenAPI from the schemas that validate it', async () => {
  const response = await identity.app.inject({ method: 'GET', url: '/openapi.json' });

  expect(response.statusCode).toBe(200);
  const { paths } = response.json<{ paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>> }>();
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(operations.sort()).toEqual(
    [
      'DELETE /admin/deleteUser',
      'GET /admin',
      'GET /admin/searchUser',
      'GET /auth/acceder',
      'GET /auth/me',
      'GET /auth/verifyrole',
      'POST /admin/users/replay',
      'POST /auth/login',
      'POST /auth/logout',
      'POST /auth/register',
      'POST /mailing/recuperarpassword',
      'POST /mailing/resetpassword',
      'PUT /admin/updateUser',
      'PUT /auth/password',
    ].sort(),
  );
  expect(paths['/auth/me']?.get?.security).toEqual([{ bearer: [] }]);
  expect(paths['/mailing/resetpassword']?.post?.requestBody).toEqual(expect.objectContaining({ required: true }));
});
