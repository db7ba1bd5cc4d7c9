import { createTestContext } from '@cine/service-kit/testing';
import { SEEDED_CINEMA_IDS } from '@cine/contracts';
import {
  adminAccountFromEnv,
  buildIdentityApp,
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_MANAGER_EMAIL,
  DEFAULT_MANAGER_PASSWORD,
  managerAccountFromEnv,
} from '../src';
import { auth, login, register, newCredentials } from './helpers';

type TestContext = Awaited<ReturnType<typeof createTestContext>>;

describe('the seeded admin account', () => {
  let context: TestContext;

  beforeEach(async () => {
    context = await createTestContext('identity');
  });
  afterEach(() => context.dropDatabase());

  it('is created at start and can use the admin panel', async () => {
    const app = await buildIdentityApp({ ...context, admin: { email: 'Gerencia@Cine.test', password: 'PrimeraClave2026' } });
    try {
      const token = await login(app, 'gerencia@cine.test', 'PrimeraClave2026');
      const access = await app.inject({ method: 'GET', url: '/auth/acceder', headers: auth(token) });
      expect(access.json()).toEqual({ permitir: true });
    } finally {
      await app.close();
    }
  });

  it('is never overwritten by a later start, even with another password', async () => {
    const first = await buildIdentityApp({ ...context, admin: { email: 'gerencia@cine.test', password: 'PrimeraClave2026' } });
    await first.close();

    const second = await buildIdentityApp({ ...context, admin: { email: 'gerencia@cine.test', password: 'SegundaClave2026' } });
    try {
      expect(await login(second, 'gerencia@cine.test', 'PrimeraClave2026')).toEqual(expect.any(String));
      const withNewPassword = await second.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'gerencia@cine.test', password: 'SegundaClave2026' },
      });
      expect(withNewPassword.statusCode).toBe(401);
      expect(await context.db.collection('users').countDocuments({ email: 'gerencia@cine.test' })).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('leaves an existing account with that e-mail as it is', async () => {
    const first = await buildIdentityApp({ ...context, admin: { email: 'primera@cine.test', password: 'PrimeraClave2026' } });
    const user = await register(first, newCredentials({ email: 'ya-existe@cine.test' }));
    await first.close();

    const second = await buildIdentityApp({ ...context, admin: { email: 'ya-existe@cine.test', password: 'OtraClave2026' } });
    try {
      const token = await login(second, user.email, user.password);
      expect((await second.inject({ method: 'GET', url: '/auth/verifyrole', headers: auth(token) })).json()).toEqual({
        role: 'user',
        id: user.id,
      });
    } finally {
      await second.close();
    }
  });

  describe('from the environment', () => {
    const saved = { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
    afterEach(() => {
      restore('ADMIN_EMAIL', saved.email);
      restore('ADMIN_PASSWORD', saved.password);
    });

    function restore(key: string, value: string | undefined) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }

    it('defaults to admin@cine.local / CineAdmin2026!', () => {
      delete process.env.ADMIN_EMAIL;
      process.env.ADMIN_PASSWORD = '';

      expect(adminAccountFromEnv()).toEqual({ email: 'admin@cine.local', password: 'CineAdmin2026!' });
      expect([DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD]).toEqual(['admin@cine.local', 'CineAdmin2026!']);
    });

    it('uses ADMIN_EMAIL and ADMIN_PASSWORD when the build context names no admin', async () => {
      process.env.ADMIN_EMAIL = 'desde-env@cine.test';
      process.env.ADMIN_PASSWORD = 'ClaveDeEntorno2026';

      const app = await buildIdentityApp(context);
      try {
        const token = await login(app, 'desde-env@cine.test', 'ClaveDeEntorno2026');
        expect((await app.inject({ method: 'GET', url: '/auth/acceder', headers: auth(token) })).json()).toEqual({ permitir: true });
      } finally {
        await app.close();
      }
    });
  });
});

describe('the seeded manager (issue 38)', () => {
  let context: TestContext;

  beforeEach(async () => {
    context = await createTestContext('identity');
  });
  afterEach(() => context.dropDatabase());

  it('is created with a fresh installation, a manager of Cine Norte whose token carries that cinema', async () => {
    const app = await buildIdentityApp({ ...context, admin: { email: 'jefa@cine.test', password: 'ClaveDeAdmin2026' } });
    try {
      expect(managerAccountFromEnv()).toEqual({
        email: DEFAULT_MANAGER_EMAIL,
        password: DEFAULT_MANAGER_PASSWORD,
        cinemaId: SEEDED_CINEMA_IDS[1],
      });
      const token = await login(app, DEFAULT_MANAGER_EMAIL, DEFAULT_MANAGER_PASSWORD);
      const me = await app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) });
      expect(me.json()).toMatchObject({ email: DEFAULT_MANAGER_EMAIL, role: 'manager', cinemaIds: [SEEDED_CINEMA_IDS[1]] });
      expect(app.jwt.decode<{ cin: string[] }>(token)?.cin).toEqual([SEEDED_CINEMA_IDS[1]]);
    } finally {
      await app.close();
    }
  });

  it('is not created by a start over an existing installation', async () => {
    const first = await buildIdentityApp({ ...context, admin: { email: 'jefa@cine.test', password: 'ClaveDeAdmin2026' }, manager: null });
    await first.close();

    const second = await buildIdentityApp({ ...context, admin: { email: 'jefa@cine.test', password: 'ClaveDeAdmin2026' } });
    try {
      expect(await context.db.collection('users').countDocuments({ role: 'manager' })).toBe(0);
    } finally {
      await second.close();
    }
  });
});
