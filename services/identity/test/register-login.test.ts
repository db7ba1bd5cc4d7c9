import {
  auth,
  login,
  newCredentials,
  register,
  signedInAdmin,
  signedInUser,
  startIdentity,
  type IdentityUnderTest,
  publishOutbox,
} from './helpers';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.close());

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('POST /auth/register', () => {
  it('creates a user with role user, stores the e-mail in lowercase and publishes user.registered', async () => {
    const credentials = newCredentials({ email: 'Ana.Perez@Cine.TEST', username: 'Ana' });

    const response = await identity.app.inject({ method: 'POST', url: '/auth/register', payload: credentials });

    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), email: 'ana.perez@cine.test', username: 'Ana', role: 'user' });
    await publishOutbox(identity.app);
    expect(identity.published).toContainEqual(
      expect.objectContaining({
        type: 'user.registered',
        version: 1,
        id: expect.any(String),
        occurredAt: expect.any(String),
        data: { userId: user.id, email: 'ana.perez@cine.test', username: 'Ana' },
      }),
    );
    const stored = await identity.context.db.collection('users').findOne({ email: 'ana.perez@cine.test' });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.outbox).toEqual([]);
  });

  it('answers 409 with a Spanish message for an e-mail already registered, in any case', async () => {
    const user = await register(identity.app);

    const response = await identity.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: newCredentials({ email: user.email.toUpperCase() }),
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'Ya existe un usuario registrado con ese e-mail.' });
  });

  // A name that passes for another: the staff's, or one drawn with invisible characters.
  it.each([
    ['a reserved name', 'admin', 'Ese nombre de usuario está reservado. Elige otro.'],
    ['a reserved name in capitals', 'Administrador', 'Ese nombre de usuario está reservado. Elige otro.'],
    ['a reserved name with an accent', 'Sóporte', 'Ese nombre de usuario está reservado. Elige otro.'],
    ['a reserved name with separators', 'ro.ot', 'Ese nombre de usuario está reservado. Elige otro.'],
    ['a reserved name in full-width letters', 'ａｄｍｉｎ', 'Ese nombre de usuario está reservado. Elige otro.'],
    ['a right-to-left override', '\u202eadmin', 'El nombre de usuario no puede tener caracteres invisibles ni de control.'],
    ['a zero-width space', 'ad\u200bmin', 'El nombre de usuario no puede tener caracteres invisibles ni de control.'],
    ['a zero-width joiner', 'ana\u200dlia', 'El nombre de usuario no puede tener caracteres invisibles ni de control.'],
    ['a byte order mark', '\ufeffana', 'El nombre de usuario no puede tener caracteres invisibles ni de control.'],
    ['a line feed', 'ana\nadmin', 'El nombre de usuario no puede tener caracteres invisibles ni de control.'],
    ['a NUL', 'ana\u0000', 'El nombre de usuario no puede tener caracteres invisibles ni de control.'],
  ])('refuses %s as the username with a Spanish 400', async (_case, username, message) => {
    const credentials = newCredentials({ username });

    const response = await identity.app.inject({ method: 'POST', url: '/auth/register', payload: credentials });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
    expect(await identity.context.db.collection('users').countDocuments({ email: credentials.email })).toBe(0);
  });

  it('accepts names that only contain a reserved one, accents and other scripts', async () => {
    for (const username of ['admin2026', 'Rootbeer', 'José Ñandú', 'Сергей', '李小龙']) {
      await expect(register(identity.app, newCredentials({ username }))).resolves.toMatchObject({ username });
    }
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await identity.app.inject({ method: 'POST', url: '/auth/register', payload: newCredentials({ password: 'corta' }) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "El campo 'password' debe tener al menos 8 caracteres." });
  });

  describe('with role admin', () => {
    it('creates an admin when the caller is an admin', async () => {
      const admin = await signedInAdmin(identity.app);
      const credentials = { ...newCredentials(), role: 'admin' };

      const response = await identity.app.inject({ method: 'POST', url: '/auth/register', headers: admin.headers, payload: credentials });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ email: credentials.email, role: 'admin' });
      const token = await login(identity.app, credentials.email, credentials.password);
      const access = await identity.app.inject({ method: 'GET', url: '/auth/acceder', headers: auth(token) });
      expect(access.json()).toEqual({ permitir: true });
    });

    it('refuses a guest with 403', async () => {
      const response = await identity.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { ...newCredentials(), role: 'admin' },
      });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Solo un administrador puede crear usuarios administradores o de personal.',
      });
    });

    it('refuses a guest asking for the staff role with 403', async () => {
      const response = await identity.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { ...newCredentials(), role: 'staff' },
      });

      expect(response.statusCode).toBe(403);
    });

    it('refuses a user with 403', async () => {
      const { headers } = await signedInUser(identity.app);

      const response = await identity.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers,
        payload: { ...newCredentials(), role: 'admin' },
      });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, error: 'Solo un administrador puede realizar esta acción.' });
    });

    it('refuses an invalid token with 401', async () => {
      const response = await identity.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: auth('no.es.un-token'),
        payload: { ...newCredentials(), role: 'admin' },
      });

      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('La sesión no es válida. Inicia sesión nuevamente.');
    });
  });

  it('lets a guest or an admin create a user with role user explicitly', async () => {
    const guest = await identity.app.inject({ method: 'POST', url: '/auth/register', payload: { ...newCredentials(), role: 'user' } });
    const admin = await signedInAdmin(identity.app);
    const byAdmin = await identity.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: admin.headers,
      payload: { ...newCredentials(), role: 'user' },
    });

    expect(guest.statusCode).toBe(201);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().role).toBe('user');
  });
});

describe('POST /auth/login', () => {
  it('answers a token carrying the user id, role and credentials version, and the user', async () => {
    const user = await register(identity.app);

    const response = await identity.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ id: user.id, username: user.username, email: user.email, role: 'user' });
    expect(decodeClaims(body.token)).toMatchObject({ sub: user.id, role: 'user', ver: 1, exp: expect.any(Number) });
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'otra-clave-123' })],
    ['an unknown e-mail', () => ({ email: 'nadie@cine.test', password: 'palomitas123' })],
  ])('answers 401 with the same Spanish error for %s', async (_case, payload) => {
    const user = await register(identity.app);

    const response = await identity.app.inject({ method: 'POST', url: '/auth/login', payload: payload(user.email) });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Email o contraseña incorrectos.' });
  });
});

describe('GET /auth/verifyrole, /auth/acceder and /auth/me', () => {
  it('describe the signed-in user', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const role = await identity.app.inject({ method: 'GET', url: '/auth/verifyrole', headers });
    const access = await identity.app.inject({ method: 'GET', url: '/auth/acceder', headers });
    const me = await identity.app.inject({ method: 'GET', url: '/auth/me', headers });

    expect(role.json()).toEqual({ role: 'user', id: user.id });
    expect(access.json()).toEqual({ permitir: false });
    expect(me.json()).toEqual({ id: user.id, username: user.username, email: user.email, role: 'user' });
  });

  it('grant access to an admin', async () => {
    const admin = await signedInAdmin(identity.app);

    const role = await identity.app.inject({ method: 'GET', url: '/auth/verifyrole', headers: admin.headers });
    const access = await identity.app.inject({ method: 'GET', url: '/auth/acceder', headers: admin.headers });

    expect(role.json()).toMatchObject({ role: 'admin' });
    expect(access.json()).toEqual({ permitir: true });
  });

  it.each(['/auth/verifyrole', '/auth/acceder', '/auth/me'])('%s answers 401 in Spanish without a valid token', async (url) => {
    const missing = await identity.app.inject({ method: 'GET', url });
    const malformed = await identity.app.inject({ method: 'GET', url, headers: { authorization: 'Token abc' } });
    const forged = await identity.app.inject({ method: 'GET', url, headers: auth(`${(await signedInAdmin(identity.app)).token}x`) });

    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ statusCode: 401, error: 'La sesión no es válida. Inicia sesión nuevamente.' });
  });

  it('refuse a well-signed token whose user does not exist', async () => {
    const token = identity.app.jwt.sign({ sub: '0123456789abcdef01234567', role: 'admin', ver: 1 });

    const response = await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'La sesión ya no es válida. Inicia sesión nuevamente.' });
  });
});
