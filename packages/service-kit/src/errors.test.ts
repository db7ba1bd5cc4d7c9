import { Type } from '@sinclair/typebox';
import { createServiceApp, type ServiceApp } from './app';
import { createTestContext } from './testing';

describe('service base: validation and errors', () => {
  let app: ServiceApp;
  let context: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    context = await createTestContext('identity');
    app = await createServiceApp(context);
    app.post(
      '/echo',
      {
        schema: {
          body: Type.Object(
            { email: Type.String({ format: 'email' }), seats: Type.Integer({ minimum: 1 }) },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => request.body,
    );
    app.post('/join', async (request) => ({ body: request.body ?? null }));
    app.get('/boom', async () => {
      throw new Error('secret connection string mongodb://user:pass@host');
    });
    app.get('/conflict', async () => {
      throw app.httpErrors.conflict('Ya existe una cuenta con ese e-mail.');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await context.dropDatabase();
  });

  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/echo', payload: payload as object });

  it('accepts a valid body', async () => {
    const response = await post({ email: 'ana@cine.local', seats: 2 });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ email: { $gt: '' }, seats: 1 }, "El campo 'email' debe ser texto."],
    [{ seats: 1 }, "Falta el campo obligatorio 'email'."],
    [{ email: 'no-es-mail', seats: 1 }, "El campo 'email' debe ser un e-mail válido."],
    [{ email: 'ana@cine.local', seats: 0 }, "El campo 'seats' debe ser como mínimo 1."],
    [{ email: 'ana@cine.local', seats: 'dos' }, "El campo 'seats' debe ser número entero."],
  ])('answers 400 with a Spanish message for %j', async (payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('El cuerpo no es un JSON válido.');
  });

  it('takes an empty JSON body as no body: a bodiless POST answers, one that needs a body says so', async () => {
    const empty = { payload: '', headers: { 'content-type': 'application/json; charset=utf-8' } };
    const join = await app.inject({ method: 'POST', url: '/join', ...empty });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toEqual({ body: null });
    const echo = await app.inject({ method: 'POST', url: '/echo', ...empty });
    expect(echo.statusCode).toBe(400);
    expect(echo.json().error).toBe("El campo 'body' debe ser objeto.");
  });

  it('still refuses a prototype-poisoning body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/join',
      payload: '{"__proto__":{"isAdmin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an oversized body with 413 and keeps serving', async () => {
    const big = JSON.stringify({ email: 'a@b.co', seats: 1, pad: 'x'.repeat(70 * 1024) });
    const response = await app.inject({ method: 'POST', url: '/echo', payload: big, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('El cuerpo de la solicitud es demasiado grande.');
    expect((await post({ email: 'ana@cine.local', seats: 1 })).statusCode).toBe(200);
  });

  it('keeps our own Spanish message on http errors', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.json()).toEqual({ statusCode: 409, error: 'Ya existe una cuenta con ese e-mail.' });
  });

  it('never leaks internals on a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('mongodb://');
    expect(response.json().error).toBe('Error interno del servidor. Intenta de nuevo más tarde.');
  });

  it('answers unknown routes with 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/nada?x=1' });
    expect(response.json()).toEqual({ statusCode: 404, error: 'No existe la ruta GET /nada.' });
  });

  it('reports database and broker in /health', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', broker: 'up' });
  });

  it('serves its OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.json().paths['/echo']).toBeDefined();
  });
});

describe('service base: strict bodies', () => {
  it('refuses scalars of the wrong type and unknown fields instead of coercing or dropping them', async () => {
    const context = await createTestContext('identity');
    const app = await createServiceApp(context);
    app.post(
      '/names',
      { schema: { body: Type.Object({ name: Type.String() }, { additionalProperties: false }) } },
      async (request) => request.body,
    );
    app.get('/pages', { schema: { querystring: Type.Object({ page: Type.Integer() }) } }, async (request) => request.query);
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/names', payload: { name: 12345 } })).json().error).toBe(
      "El campo 'name' debe ser texto.",
    );
    expect((await app.inject({ method: 'POST', url: '/names', payload: { name: 'ana', isAdmin: true } })).json().error).toBe(
      "El campo 'isAdmin' no está permitido.",
    );
    expect((await app.inject({ url: '/pages?page=2' })).json()).toEqual({ page: 2 });
    await app.close();
    await context.dropDatabase();
  });
});
