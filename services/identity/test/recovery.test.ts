import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PasswordRecoveryRequested } from '@cine/contracts';
import { buildNotificationApp, readOutbox } from '@cine/notification-service';
import type { ServiceApp } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { auth, login, register, signedInUser, startIdentity, type IdentityUnderTest, publishOutbox } from './helpers';

const SAME_ANSWER = { message: 'Si el e-mail está registrado, recibirás un código para recuperar tu contraseña.' };
const INVALID_CODE = { statusCode: 400, error: 'El código no es válido o expiró.' };

function requestRecovery(app: ServiceApp, email: string) {
  return app.inject({ method: 'POST', url: '/mailing/recuperarpassword', payload: { email } });
}

function resetPassword(app: ServiceApp, payload: { email: string; code: string; password: string }) {
  return app.inject({ method: 'POST', url: '/mailing/resetpassword', payload });
}

describe('password recovery, end to end through the bus into the notification service', () => {
  let identity: IdentityUnderTest;
  let notification: ServiceApp;
  let notificationContext: Awaited<ReturnType<typeof createTestContext>>;
  let outboxDir: string;

  beforeAll(async () => {
    const identityContext = await createTestContext('identity');
    notificationContext = await createTestContext('notification');
    outboxDir = await mkdtemp(path.join(tmpdir(), 'cine-identity-outbox-'));
    // One in-process bus for both services, as in the embedded default; the consumer subscribes first.
    notification = await buildNotificationApp({
      ...notificationContext,
      bus: identityContext.bus,
      mail: { smtpUrl: undefined, outboxDir },
    });
    identity = await startIdentity(identityContext);
  });

  afterAll(async () => {
    await identity.close();
    await notification.close();
    await notificationContext.dropDatabase();
    await rm(outboxDir, { recursive: true, force: true });
  });

  async function mailsTo(email: string) {
    await publishOutbox(identity.app);
    return (await readOutbox(outboxDir)).filter((mail) => mail.to === email);
  }

  it('welcomes a new user by mail', async () => {
    const user = await register(identity.app);

    const [welcome] = await mailsTo(user.email);
    expect(welcome?.subject).toBe('¡Te damos la bienvenida a Cine!');
    expect(welcome?.text).toContain(`Hola ${user.username}:`);
  });

  it('mails a code that sets a new password; old sessions and the old password stop working', async () => {
    const { user, headers } = await signedInUser(identity.app);

    const requested = await requestRecovery(identity.app, user.email);

    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual(SAME_ANSWER);
    const codeMail = (await mailsTo(user.email)).find((mail) => mail.subject.includes('recuperar la contraseña'));
    expect(codeMail?.text).toContain('Vence en 15 minutos.');
    const code = /^(\d{6})$/m.exec(codeMail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const reset = await resetPassword(identity.app, { email: user.email, code: code ?? '', password: 'recuperada2026' });

    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Contraseña actualizada. Ya puedes iniciar sesión.' });
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(401);
    const oldPassword = await identity.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const token = await login(identity.app, user.email, 'recuperada2026');
    expect((await identity.app.inject({ method: 'GET', url: '/auth/me', headers: auth(token) })).json()).toMatchObject({ id: user.id });
    const reused = await resetPassword(identity.app, { email: user.email, code: code ?? '', password: 'otraVez2026' });
    expect(reused.json()).toEqual(INVALID_CODE);
  });

  it("mails the account's owner when its password changes, whoever changed it", async () => {
    const { user, headers } = await signedInUser(identity.app);

    const changed = await identity.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers,
      payload: { email: user.email, password: 'cambiada2026', currentPassword: user.password },
    });

    expect(changed.statusCode).toBe(200);
    const notice = (await mailsTo(user.email)).find((mail) => mail.subject.startsWith('Cambiaste la contraseña'));
    expect(notice?.text).toContain(`Hola ${user.username}:`);
    expect(notice?.text).toContain('desde tu cuenta');
    expect(notice?.text).toContain('Si no fuiste tú');
  });

  it('answers an unknown e-mail exactly like a known one, and mails nothing', async () => {
    const published = identity.published.length;

    const response = await requestRecovery(identity.app, 'desconocida@cine.test');

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SAME_ANSWER);
    expect(await mailsTo('desconocida@cine.test')).toEqual([]);
    expect(identity.published.slice(published)).toEqual([]);
  });
});

describe('recovery codes', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  /** Asks for a code and reads it from the published event (what the mail carries); the one-a-minute pace is waived. */
  async function codeFor(email: string): Promise<string> {
    await identity.app.sharedCounters.reset(`recovery-codes:${email.toLowerCase()}`);
    await requestRecovery(identity.app, email);
    await publishOutbox(identity.app);
    const event = identity.published
      .filter((e): e is PasswordRecoveryRequested => e.type === 'password.recovery-requested' && e.data.email === email)
      .at(-1);
    if (!event) throw new Error(`no recovery code was published for ${email}`);
    return event.data.code;
  }

  function otherCode(code: string): string {
    return code === '000000' ? '000001' : '000000';
  }

  it('is stored only as a keyed hash and expires 15 minutes after the request', async () => {
    const user = await register(identity.app);

    const before = Date.now();
    const code = await codeFor(user.email);

    const stored = await identity.context.db.collection('users').findOne({ email: user.email });
    expect(stored?.recovery).toEqual({ codeHash: expect.stringMatching(/^[0-9a-f]{64}$/), expiresAt: expect.any(Date), attemptsLeft: 5 });
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    const validFor = (stored?.recovery.expiresAt as Date).getTime() - before;
    expect(validFor).toBeGreaterThan(14.9 * 60_000);
    expect(validFor).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it('refuses a wrong code, and after 5 wrong attempts the right one too', async () => {
    const user = await register(identity.app);
    const code = await codeFor(user.email);

    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await resetPassword(identity.app, { email: user.email, code: otherCode(code), password: 'intento12345' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(INVALID_CODE);
    }
    const right = await resetPassword(identity.app, { email: user.email, code, password: 'intento12345' });

    expect(right.json()).toEqual(INVALID_CODE);
    expect(await login(identity.app, user.email, user.password)).toEqual(expect.any(String));
  });

  it('accepts the right code after fewer than 5 wrong attempts', async () => {
    const user = await register(identity.app);
    const code = await codeFor(user.email);

    for (let attempt = 0; attempt < 4; attempt++) {
      await resetPassword(identity.app, { email: user.email, code: otherCode(code), password: 'intento12345' });
    }

    expect((await resetPassword(identity.app, { email: user.email, code, password: 'alFin123456' })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await register(identity.app);
    const code = await codeFor(user.email);
    await identity.context.db
      .collection('users')
      .updateOne({ email: user.email }, { $set: { 'recovery.expiresAt': new Date(Date.now() - 1000) } });

    const response = await resetPassword(identity.app, { email: user.email, code, password: 'tarde123456' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_CODE);
  });

  it('replaces the previous code when a new one is requested', async () => {
    const user = await register(identity.app);
    const first = await codeFor(user.email);
    let second = await codeFor(user.email);
    while (second === first) second = await codeFor(user.email);

    const withFirst = await resetPassword(identity.app, { email: user.email, code: first, password: 'primera1234' });
    const withSecond = await resetPassword(identity.app, { email: user.email, code: second, password: 'segunda1234' });

    expect(withFirst.json()).toEqual(INVALID_CODE);
    expect(withSecond.statusCode).toBe(200);
    expect(await login(identity.app, user.email, 'segunda1234')).toEqual(expect.any(String));
  });

  it('answers a code for an e-mail that asked for none, or is unknown, the same way', async () => {
    const user = await register(identity.app);

    const noCode = await resetPassword(identity.app, { email: user.email, code: '123456', password: 'nuevaClave123' });
    const unknown = await resetPassword(identity.app, { email: 'nadie@cine.test', code: '123456', password: 'nuevaClave123' });

    expect(noCode.json()).toEqual(INVALID_CODE);
    expect(unknown.json()).toEqual(INVALID_CODE);
  });

  it("keeps every write to a user while the relay is publishing that user's earlier events", async () => {
    // On FerretDB an unserialized relay update of the same document used to undo these writes.
    const users = await Promise.all(Array.from({ length: 10 }, () => register(identity.app)));
    await Promise.all(users.map((user) => requestRecovery(identity.app, user.email)));
    await publishOutbox(identity.app);

    for (const user of users) {
      const stored = await identity.context.db.collection('users').findOne({ email: user.email });
      expect(stored?.recovery).toEqual(expect.objectContaining({ attemptsLeft: 5 }));
      expect(stored?.outbox).toEqual([]);
      expect(identity.published).toContainEqual(
        expect.objectContaining({ type: 'password.recovery-requested', data: expect.objectContaining({ email: user.email }) }),
      );
    }
  });

  it('refuses a short new password before looking at the code', async () => {
    const user = await register(identity.app);
    const code = await codeFor(user.email);

    const response = await resetPassword(identity.app, { email: user.email, code, password: 'corta' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: "El campo 'password' debe tener al menos 8 caracteres." });
    expect((await resetPassword(identity.app, { email: user.email, code, password: 'largaSuficiente' })).statusCode).toBe(200);
  });

  function codeMailsTo(email: string): number {
    return identity.published.filter((e) => e.type === 'password.recovery-requested' && e.data.email === email).length;
  }

  it('counts guesses per account across codes: a new code does not buy new attempts', async () => {
    const user = await register(identity.app);
    let code = await codeFor(user.email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      // A fresh code after each 5 wrong guesses, as an attacker would ask for.
      if (attempt === 5) code = await codeFor(user.email);
      statuses.push((await resetPassword(identity.app, { email: user.email, code: otherCode(code), password: 'intento12345' })).statusCode);
    }
    code = await codeFor(user.email);

    const right = await resetPassword(identity.app, { email: user.email, code, password: 'intento12345' });

    expect(statuses).toEqual(Array.from({ length: 10 }, () => 400));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      statusCode: 429,
      error: expect.stringMatching(/^Demasiados intentos con códigos de recuperación\. Espera (59|60) minutos y vuelve a intentarlo\.$/),
    });
    expect(await login(identity.app, user.email, user.password)).toEqual(expect.any(String));
  });

  it('limits an unknown e-mail the same way, so the limit tells nothing about who is registered', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (await resetPassword(identity.app, { email: 'Nadie.Mas@cine.test', code: '123456', password: 'intento12345' })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
  });

  it('mails at most one code a minute per account, answering the same', async () => {
    const user = await register(identity.app);
    await codeFor(user.email);

    const again = await requestRecovery(identity.app, user.email);
    await publishOutbox(identity.app);

    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(SAME_ANSWER);
    expect(codeMailsTo(user.email)).toBe(1);
  });

  it('mails at most 5 codes a day to one mailbox, plus-address variants included', async () => {
    const first = await register(identity.app, { email: 'buzon@cine.test', username: 'buzon1', password: 'palomitas123' });
    const variant = await register(identity.app, { email: 'buzon+otra@cine.test', username: 'buzon2', password: 'palomitas123' });
    for (let request = 0; request < 4; request++) await codeFor(first.email);
    await codeFor(variant.email);

    await identity.app.sharedCounters.reset('recovery-codes:buzon@cine.test');
    const sixth = await requestRecovery(identity.app, first.email);
    await publishOutbox(identity.app);

    expect(sixth.statusCode).toBe(202);
    expect(sixth.json()).toEqual(SAME_ANSWER);
    expect(codeMailsTo(first.email) + codeMailsTo(variant.email)).toBe(5);
  });
});
