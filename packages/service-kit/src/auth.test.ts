import { createServiceApp, type ServiceApp } from './app';
import { assertSameUser, requireSameUser } from './auth';
import { createEvent } from './events/event-bus';
import { InProcessEventBus } from './events/in-process-bus';
import { bearer, createTestContext, forgedToken, OTHER_ALGORITHM_HEADERS, TEST_JWT_SECRET } from './testing';

describe('auth', () => {
  let app: ServiceApp;
  let context: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    context = await createTestContext('booking');
    app = await createServiceApp(context);
    app.get('/mine', { preHandler: app.authenticate }, async (request) => ({ sub: request.user.sub }));
    app.get('/admin-only', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
    app.post<{ Body: { userId: string } }>(
      '/cart',
      { preHandler: requireSameUser((request) => (request.body as { userId?: string }).userId) },
      async () => ({ ok: true }),
    );
    app.get<{ Querystring: { id?: string } }>('/check', { preHandler: app.authenticate }, async (request) => {
      assertSameUser(request, request.query.id);
      return { ok: true };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await context.dropDatabase();
  });

  it('requires a bearer token', async () => {
    expect((await app.inject({ url: '/mine' })).json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
    const forged = await app.inject({ url: '/mine', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    const foreign = await createServiceApp({ ...context, config: { ...context.config, jwtSecret: 'another-secret-entirely' } });
    await foreign.ready();
    const response = await app.inject({ url: '/admin-only', headers: bearer(foreign, { sub: 'u1', role: 'admin' }) });
    expect(response.statusCode).toBe(401);
    await foreign.close();
  });

  describe.each(OTHER_ALGORITHM_HEADERS.map((header) => [JSON.stringify(header), header]))(
    'a token whose header is %s',
    (_name, header) => {
      it.each([
        ['signed with the real secret', TEST_JWT_SECRET],
        ['unsigned', undefined],
        ['signed with another secret', 'not-the-secret'],
      ])('%s gets 401 with a Spanish message', async (_kind, secret) => {
        const authorization = `Bearer ${forgedToken({ sub: 'a1', role: 'admin', ver: 0 }, { header, secret })}`;
        for (const url of ['/mine', '/admin-only']) {
          const response = await app.inject({ url, headers: { authorization } });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({ statusCode: 401, error: 'La sesión no es válida. Inicia sesión nuevamente.' });
        }
      });
    },
  );

  it('lets admins only into admin routes', async () => {
    expect((await app.inject({ url: '/admin-only', headers: bearer(app, { sub: 'u1' }) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin-only', headers: bearer(app, { sub: 'a1', role: 'admin' }) })).statusCode).toBe(200);
  });

  it('checks that a client-sent user id is the caller (admins excepted)', async () => {
    const asUser = bearer(app, { sub: 'u1' });
    expect((await app.inject({ method: 'POST', url: '/cart', headers: asUser, payload: { userId: 'u1' } })).statusCode).toBe(200);
    const other = await app.inject({ method: 'POST', url: '/cart', headers: asUser, payload: { userId: 'u2' } });
    expect(other.json()).toEqual({ statusCode: 403, error: 'Solo puedes operar con tu propio usuario.' });
    expect((await app.inject({ url: '/check?id=u2', headers: asUser })).statusCode).toBe(403);
    expect((await app.inject({ url: '/check', headers: asUser })).statusCode).toBe(403);
    const admin = bearer(app, { sub: 'a1', role: 'admin' });
    expect((await app.inject({ method: 'POST', url: '/cart', headers: admin, payload: { userId: 'u2' } })).statusCode).toBe(200);
  });

  it('revokes older tokens when identity reports changed credentials or a deletion', async () => {
    const old = bearer(app, { sub: 'u7', ver: 1 });
    expect((await app.inject({ url: '/mine', headers: old })).statusCode).toBe(200);
    await context.bus.publish(createEvent('user.credentials-changed', { userId: 'u7', credentialsVersion: 2 }));
    const revoked = await app.inject({ url: '/mine', headers: old });
    expect(revoked.json()).toEqual({ statusCode: 401, error: 'La sesión ya no es válida. Inicia sesión nuevamente.' });
    expect((await app.inject({ url: '/mine', headers: bearer(app, { sub: 'u7', ver: 2 }) })).statusCode).toBe(200);

    await context.bus.publish(createEvent('user.deleted', { userId: 'u7', email: 'u7@cine.local' }));
    expect((await app.inject({ url: '/mine', headers: bearer(app, { sub: 'u7', ver: 2 }) })).statusCode).toBe(401);
  });

  it('keeps revocations across a restart (they are stored in the service database)', async () => {
    await context.bus.publish(createEvent('user.credentials-changed', { userId: 'u9', credentialsVersion: 5 }));
    const restarted = await createServiceApp({ ...context, bus: new InProcessEventBus() });
    restarted.get('/mine', { preHandler: restarted.authenticate }, async () => ({ ok: true }));
    await restarted.ready();
    expect((await restarted.inject({ url: '/mine', headers: bearer(restarted, { sub: 'u9', ver: 4 }) })).statusCode).toBe(401);
    expect((await restarted.inject({ url: '/mine', headers: bearer(restarted, { sub: 'u9', ver: 5 }) })).statusCode).toBe(200);
    await restarted.close();
  });
});
