import { newCredentials, register, signedInUser, startIdentity, type IdentityUnderTest } from './helpers';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.close());

const WEAK = 'La contraseña es demasiado fácil de adivinar: evita contraseñas comunes, repetidas o iguales a tu e-mail o usuario.';

describe('weak passwords', () => {
  it.each([
    ['a common password', { password: '12345678' }],
    ['"password"', { password: 'password' }],
    ['8 spaces', { password: '        ' }],
    ['one character repeated', { password: 'aaaaaaaaaa' }],
    ['the e-mail itself', { email: 'martina.lopez@cine.test', password: 'martina.lopez@cine.test' }],
    ['the e-mail’s name', { email: 'martinalopez@cine.test', password: 'MartinaLopez' }],
    ['the username', { username: 'cinefilo2026', password: 'cinefilo2026' }],
  ])('refuses %s at registration with a Spanish message', async (_kind, overrides) => {
    const response = await identity.app.inject({ method: 'POST', url: '/auth/register', payload: newCredentials(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: WEAK });
  });

  it('refuses one as a new password too', async () => {
    const { user, headers } = await signedInUser(identity.app);
    const response = await identity.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers,
      payload: { email: user.email, password: 'qwerty123', currentPassword: user.password },
    });
    expect(response.json()).toEqual({ statusCode: 400, error: WEAK });
  });

  it('accepts an ordinary one', async () => {
    await expect(register(identity.app, newCredentials({ password: 'butacas-del-medio-7' }))).resolves.toMatchObject({ role: 'user' });
  });
});

describe('recovery timing', () => {
  it('answers a registered and an unknown e-mail after the same floor', async () => {
    const { user } = await signedInUser(identity.app);
    for (const email of [user.email, 'nadie-registrado@cine.test']) {
      const started = Date.now();
      const response = await identity.app.inject({ method: 'POST', url: '/mailing/recuperarpassword', payload: { email } });
      expect(response.statusCode).toBe(202);
      expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    }
  });
});
