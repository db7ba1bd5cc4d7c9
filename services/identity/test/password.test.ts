import type { TokenClaims } from '@cine/contracts';
import { ADMIN, auth, login, signedInAdmin, signedInUser, startIdentity, type IdentityUnderTest, publishOutbox } from './helpers';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.close());

function changePassword(headers: { authorization: string } | undefined, payload: object) {
  return identity.app.inject({ method: 'PUT', url: '/auth/password', ...(headers ? { headers } : {}), payload });
}

describe('PUT /auth/password', () => {
  it("changes the caller's own password: the old token stops working at once, the new password logs in", async () => {
    const { user, headers } = await signedInUser(identity.app);

    const response = await changePassword(headers, {
      email: user.email,
      password: 'otraClave2026',
      currentPassword: user.password,
      role: 'user',
      username: user.username,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Contraseña actualizada.' });
    const withOldToken = await identity.app.inject({ method: 'GET', url: '/auth/me', headers });
    expect(withOldToken.statusCode).toBe(401);
    expect(withOldToken.json()).toEqual({ statusCode: 401, error: 'La sesión ya no es válida. Inicia sesión nuevamente.' });
    const oldPassword = await identity.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newToken = await login(identity.app, user.email, 'otraClave2026');
    const me = await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(newToken) });
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('publishes user.credentials-changed so every service revokes the older tokens', async () => {
    const { user, headers } = await signedInUser(identity.app);

    await changePassword(headers, { email: user.email, password: 'otraClave2026', currentPassword: user.password });
    await publishOutbox(identity.app);

    expect(identity.published).toContainEqual(
      expect.objectContaining({ type: 'user.credentials-changed', data: { userId: user.id, credentialsVersion: 2 } }),
    );
    // The kit's registry, fed by that event, is what the other services check.
    const oldClaims: TokenClaims = { sub: user.id, role: 'user', ver: 1 };
    expect(identity.app.credentials.accepts(oldClaims)).toBe(false);
    expect(identity.app.credentials.accepts({ ...oldClaims, ver: 2 })).toBe(true);
  });

  // OWASP ASVS 2.1.6: a stolen token alone must not become the account for good.
  it('a token alone changes nothing: the current password is required', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const response = await changePassword(headers, { email: user.email, password: 'tomadaPorSiempre1' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "Falta el campo obligatorio 'currentPassword'." });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(200);
    expect(await login(identity.app, user.email, user.password)).toEqual(expect.any(String));
  });

  it('refuses the same password again, and tells the owner of a change by an event (mailed by notification)', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const same = await changePassword(headers, { email: user.email, password: user.password, currentPassword: user.password });

    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ statusCode: 400, error: 'La nueva contraseña debe ser distinta de la actual.' });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(200);

    await changePassword(headers, { email: user.email, password: 'distinta2026', currentPassword: user.password });
    await publishOutbox(identity.app);
    expect(identity.published).toContainEqual(
      expect.objectContaining({
        type: 'password.changed',
        data: { userId: user.id, email: user.email, username: user.username, changedAt: expect.any(String), by: 'user' },
      }),
    );
  });

  it('a wrong current password is a 400 in Spanish and changes nothing', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const response = await changePassword(headers, { email: user.email, password: 'tomadaPorSiempre1', currentPassword: 'adivinanza123' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'La contraseña actual no es correcta.' });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(200);
    expect(await login(identity.app, user.email, user.password)).toEqual(expect.any(String));
    await expect(login(identity.app, user.email, 'tomadaPorSiempre1')).rejects.toThrow('401');
  });

  it('an admin changing their own password gives the current one too', async () => {
    const admin = await signedInAdmin(identity.app);

    const wrong = await changePassword(admin.headers, {
      email: ADMIN.email,
      password: 'OtraDeAdmin2026',
      currentPassword: 'noEsLaMia2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ statusCode: 400, error: 'La contraseña actual no es correcta.' });
    expect(await login(identity.app, ADMIN.email, ADMIN.password)).toEqual(expect.any(String));

    // Put back as it was, with the admin's current password both times: the other tests log in with ADMIN.
    expect(
      (await changePassword(admin.headers, { email: ADMIN.email, password: 'OtraDeAdmin2026', currentPassword: ADMIN.password }))
        .statusCode,
    ).toBe(200);
    const again = auth(await login(identity.app, ADMIN.email, 'OtraDeAdmin2026'));
    expect(
      (await changePassword(again, { email: ADMIN.email, password: ADMIN.password, currentPassword: 'OtraDeAdmin2026' })).statusCode,
    ).toBe(200);
  });

  it('takes 5 wrong current passwords per account in 15 minutes, so a stolen token cannot guess it', async () => {
    const { user, headers } = await signedInUser(identity.app);
    const guess = (currentPassword: string) =>
      changePassword(headers, { email: user.email, password: 'tomadaPorSiempre1', currentPassword });

    const statuses = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) statuses.push((await guess(`adivinanza${attempt}`)).statusCode);
    const sixth = await guess(user.password);

    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      statusCode: 429,
      error: expect.stringMatching(/^Demasiados intentos de cambiar la contraseña\. Espera \d+ minutos y vuelve a intentarlo\.$/),
    });
    expect(await login(identity.app, user.email, user.password)).toEqual(expect.any(String));
    // Another account is not held back by this one's attempts.
    const other = await signedInUser(identity.app);
    expect(
      (await changePassword(other.headers, { email: other.user.email, password: 'otraClave2026', currentPassword: other.user.password }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a user changing someone else's password with 403", async () => {
    const victim = await signedInUser(identity.app);
    const attacker = await signedInUser(identity.app);

    const response = await changePassword(attacker.headers, {
      email: victim.user.email,
      password: 'robada12345',
      currentPassword: attacker.user.password,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Solo puedes cambiar tu propia contraseña.' });
    expect(await login(identity.app, victim.user.email, victim.user.password)).toEqual(expect.any(String));
  });

  it("lets an admin change anyone's password with the admin's own password (not the user's), ending that user's sessions", async () => {
    const admin = await signedInAdmin(identity.app);
    const { user, headers } = await signedInUser(identity.app);

    const withUsersPassword = await changePassword(admin.headers, {
      email: user.email,
      password: 'nuevaDeAdmin1',
      currentPassword: user.password,
    });
    expect(withUsersPassword.statusCode).toBe(400);
    expect(withUsersPassword.json()).toEqual({ statusCode: 400, error: 'La contraseña actual no es correcta.' });

    const response = await changePassword(admin.headers, {
      email: user.email.toUpperCase(),
      password: 'nuevaDeAdmin1',
      currentPassword: ADMIN.password,
    });

    expect(response.statusCode).toBe(200);
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(401);
    expect(await login(identity.app, user.email, 'nuevaDeAdmin1')).toEqual(expect.any(String));
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers: admin.headers })).statusCode).toBe(200);
  });

  it('answers 404 to an admin naming an unknown e-mail', async () => {
    const admin = await signedInAdmin(identity.app);

    const response = await changePassword(admin.headers, {
      email: 'nadie@cine.test',
      password: 'cualquiera123',
      currentPassword: ADMIN.password,
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'No existe un usuario con ese e-mail.' });
  });

  it('refuses a short password and a guest', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const short = await changePassword(headers, { email: user.email, password: '1234567', currentPassword: user.password });
    const guest = await changePassword(undefined, { email: user.email, password: 'sinSesion123', currentPassword: user.password });

    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ statusCode: 400, error: "El campo 'password' debe tener al menos 8 caracteres." });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ statusCode: 401, error: 'Debes iniciar sesión.' });
  });
});

describe('revocation under a backlog of other events', () => {
  it('a password change is heard by every service before it answers, however many recovery mails wait in the outbox', async () => {
    const { user, headers } = await signedInUser(identity.app);
    // A service's revocation consumer, and a slow mail consumer fed by an anonymous burst of recovery requests.
    const revokedAt: number[] = [];
    await identity.context.bus.subscribe('probe.credentials', ['user.credentials-changed'], async (event) => {
      if (event.data.userId === user.id) revokedAt.push(Date.now());
    });
    await identity.context.bus.subscribe(
      'probe.slow-mail',
      ['password.recovery-requested'],
      () => new Promise((resolve) => setTimeout(resolve, 100)),
    );
    const victims = await Promise.all(Array.from({ length: 15 }, () => signedInUser(identity.app)));
    await publishOutbox(identity.app);
    await Promise.all(
      victims.map(({ user: victim }) =>
        identity.app.inject({ method: 'POST', url: '/mailing/recuperarpassword', payload: { email: victim.email } }),
      ),
    );

    const started = Date.now();
    const changed = await changePassword(headers, { email: user.email, password: 'otraClave2026', currentPassword: user.password });
    const answeredAt = Date.now();

    expect(changed.statusCode).toBe(200);
    // 15 recovery mails at 100 ms each are 1.5 s of backlog; the revocation did not wait for them.
    expect(revokedAt.length).toBeGreaterThanOrEqual(1);
    expect(revokedAt[0]).toBeLessThanOrEqual(answeredAt);
    expect(answeredAt - started).toBeLessThan(1_000);
    await publishOutbox(identity.app);
  }, 30_000);
});
