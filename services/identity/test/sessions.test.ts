import type { TokenClaims } from '@cine/contracts';
import { buildIdentityApp } from '../src';
import { connectDatabase, type ServiceApp } from '@cine/service-kit';
import { ADMIN, auth, login, publishOutbox, register, signedInUser, startIdentity, type IdentityUnderTest } from './helpers';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.close());

function me(headers: { authorization: string }) {
  return identity.app.inject({ method: 'GET', url: '/auth/me', headers });
}

function logout(headers?: { authorization: string }) {
  return identity.app.inject({ method: 'POST', url: '/auth/logout', ...(headers ? { headers } : {}) });
}

function claimsOf(token: string): TokenClaims & { exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as TokenClaims & { exp: number };
}

describe('POST /auth/logout ("Cerrar sesión")', () => {
  it('ends that session on the server at once: its token is refused, the other sessions of the user go on', async () => {
    const { user, token, headers } = await signedInUser(identity.app);
    const otherSession = auth(await login(identity.app, user.email, user.password));

    const response = await logout(headers);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Sesión cerrada.' });
    expect((await me(headers)).json()).toEqual({ statusCode: 401, error: 'La sesión ya no es válida. Inicia sesión nuevamente.' });
    expect((await me(otherSession)).statusCode).toBe(200);
    // What every other service checks (the kit's registry, fed by user.signed-out before the answer left).
    expect(identity.app.credentials.accepts(claimsOf(token))).toBe(false);
    await publishOutbox(identity.app);
    expect(identity.published).toContainEqual(
      expect.objectContaining({
        type: 'user.signed-out',
        data: { userId: user.id, sessionId: claimsOf(token).sid, expiresAt: new Date(claimsOf(token).exp * 1000).toISOString() },
      }),
    );
  });

  it('gives each sign-in its own session id', async () => {
    const user = await register(identity.app);
    const first = claimsOf(await login(identity.app, user.email, user.password));
    const second = claimsOf(await login(identity.app, user.email, user.password));

    expect(first.sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(second.sid).not.toBe(first.sid);
  });

  it('needs a token', async () => {
    expect((await logout()).json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
  });

  it('is remembered by a service that starts afterwards (kept in its database)', async () => {
    const { token, headers } = await signedInUser(identity.app);
    await logout(headers);

    const restarted = await buildIdentityApp({ ...identity.context, admin: ADMIN });
    try {
      expect(restarted.credentials.accepts(claimsOf(token))).toBe(false);
      expect((await restarted.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});

describe('rate limits shared by every instance of identity', () => {
  let second: ServiceApp;
  let secondDb: Awaited<ReturnType<typeof connectDatabase>>;

  beforeAll(async () => {
    // Another instance of the service: its own connection to the same database.
    secondDb = await connectDatabase(identity.context.config.mongoUrl, identity.context.config.dbName);
    second = await buildIdentityApp({ ...identity.context, db: secondDb, admin: ADMIN });
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
  });

  it('counts wrong current passwords of one account across instances: 5 in all, not 5 each', async () => {
    const { user, headers } = await signedInUser(identity.app);
    const guess = (app: ServiceApp, attempt: number) =>
      app.inject({
        method: 'PUT',
        url: '/auth/password',
        headers,
        payload: { email: user.email, password: 'tomadaPorSiempre1', currentPassword: `adivinanza${attempt}` },
      });

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) statuses.push((await guess(attempt % 2 ? identity.app : second, attempt)).statusCode);

    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
