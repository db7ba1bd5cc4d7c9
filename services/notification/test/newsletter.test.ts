import { readOutbox, type OutboxMail } from '../src';
import { startNotification, type NotificationUnderTest } from './helpers';

let notification: NotificationUnderTest;

// Small limits, so the tests reach them; each test subscribes from its own client address.
const PER_ADDRESS = 3;
const PER_CLIENT = 5;

beforeAll(async () => {
  notification = await startNotification({
    newsletter: {
      publicUrl: 'https://cine.test',
      perAddress: { max: PER_ADDRESS, windowMs: 24 * 60 * 60_000 },
      perClient: { max: PER_CLIENT, windowMs: 60 * 60_000 },
    },
  });
});
afterAll(() => notification.close());

let clients = 0;
/** A client address of its own for each test, so the per-client limit of one does not touch the others. */
function newClient(): string {
  clients += 1;
  return `198.51.100.${clients}`;
}

function subscribe(payload: unknown, client = newClient()) {
  return notification.app.inject({
    method: 'POST',
    url: '/mailing/newsletter',
    payload: payload as object,
    headers: { 'x-forwarded-for': client },
  });
}

async function mailsTo(email: string): Promise<OutboxMail[]> {
  return (await readOutbox(notification.outboxDir)).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/** The token of the confirmation link in the newest mail to that address. */
async function confirmationToken(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = /https:\/\/cine\.test\/api\/mailing\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!link?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
  return link[1];
}

const CONFIRMATION_SENT =
  'Te enviamos un correo para confirmar la suscripción al newsletter. Si ya estabas suscripto, no necesitas hacer nada.';

describe('POST /mailing/newsletter (double opt-in)', () => {
  it('mails a Spanish confirmation link, and subscribes nothing until it is followed', async () => {
    const response = await subscribe({ email: 'cinefila@cine.test' });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: CONFIRMATION_SENT });
    expect(await notification.app.newsletter.count('cinefila@cine.test')).toBe(0);
    const [mail, ...others] = await mailsTo('cinefila@cine.test');
    expect(others).toEqual([]);
    expect(mail?.from).toBe('Cine <no-reply@cine.local>');
    expect(mail?.subject).toBe('Confirma tu suscripción al newsletter de Cine');
    expect(mail?.text).toContain('cinefila@cine.test');
    expect(mail?.text).toContain('Si no lo pediste, ignora este correo');
    expect(mail?.html).toContain('<h1');
    expect(mail?.html).toMatch(/<a href="https:\/\/cine\.test\/api\/mailing\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}"/);
  });

  it('the link opens a page whose button confirms (a mail scanner following links subscribes no one)', async () => {
    await subscribe({ email: 'boton@cine.test' });
    const token = await confirmationToken('boton@cine.test');

    const page = await notification.app.inject({ method: 'GET', url: `/mailing/newsletter/confirm?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('boton@cine.test');
    expect(page.body).toContain('<form method="post" action="confirm">');
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(page.body).toContain('Confirmar suscripción');
    expect(await notification.app.newsletter.count('boton@cine.test')).toBe(0);

    const confirmed = await notification.app.inject({
      method: 'POST',
      url: '/mailing/newsletter/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(confirmed.body).toContain('El usuario ha sido añadido al newsletter');
    expect(await notification.app.newsletter.count('boton@cine.test')).toBe(1);
  });

  it('POST /mailing/newsletter/confirm with JSON subscribes once; the used token is then refused', async () => {
    await subscribe({ email: 'json@cine.test' });
    const token = await confirmationToken('json@cine.test');
    const confirm = () => notification.app.inject({ method: 'POST', url: '/mailing/newsletter/confirm', payload: { token } });

    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'El usuario ha sido añadido al newsletter' });
    expect(await notification.app.newsletter.count('json@cine.test')).toBe(1);

    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ statusCode: 400, error: 'El enlace de confirmación no es válido o venció. Suscríbete nuevamente.' });
    const page = await notification.app.inject({ method: 'GET', url: `/mailing/newsletter/confirm?token=${token}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('El enlace de confirmación no es válido o venció.');
    expect(page.body).not.toContain('<form');
  });

  it('a cut or unknown link opens a page that says so', async () => {
    for (const url of [
      '/mailing/newsletter/confirm',
      '/mailing/newsletter/confirm?token=abc',
      `/mailing/newsletter/confirm?token=${'A'.repeat(43)}`,
    ]) {
      const page = await notification.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(400);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('El enlace de confirmación no es válido o venció.');
    }
  });

  it('refuses an unknown or malformed token', async () => {
    const unknown = await notification.app.inject({
      method: 'POST',
      url: '/mailing/newsletter/confirm',
      payload: { token: 'A'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ statusCode: 400, error: 'El enlace de confirmación no es válido o venció. Suscríbete nuevamente.' });
    const malformed = await notification.app.inject({
      method: 'POST',
      url: '/mailing/newsletter/confirm',
      payload: { token: { $ne: '' } },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('an address already subscribed gets the same answer and no mail', async () => {
    await subscribe({ email: 'repetida@cine.test' });
    const token = await confirmationToken('repetida@cine.test');
    await notification.app.inject({ method: 'POST', url: '/mailing/newsletter/confirm', payload: { token } });

    const second = await subscribe({ email: 'Repetida@Cine.TEST' });

    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({ message: CONFIRMATION_SENT });
    expect(await notification.app.newsletter.count('repetida@cine.test')).toBe(1);
    expect(await mailsTo('repetida@cine.test')).toHaveLength(1);
  });

  it(`mails one address at most ${PER_ADDRESS} times a day, whatever its case or plus-part`, async () => {
    const variants = ['limite@cine.test', 'LIMITE+a@cine.test', 'limite+b@cine.test', 'limite+c@cine.test', 'Limite@Cine.Test'];
    const statuses = [];
    for (const email of variants) statuses.push((await subscribe({ email })).statusCode);

    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = await subscribe({ email: 'limite+d@cine.test' });
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Ya enviamos varios correos de confirmación a esa dirección. Revisa tu casilla o inténtalo mañana.',
    });
    const mailed = (await readOutbox(notification.outboxDir)).filter((mail) => /^limite(\+[a-z])?@cine\.test$/i.test(mail.to));
    expect(mailed).toHaveLength(PER_ADDRESS);
  });

  it(`takes at most ${PER_CLIENT} subscriptions an hour from one client (an IPv6 client by its /64)`, async () => {
    const statuses = [];
    for (let n = 1; n <= PER_CLIENT + 1; n += 1) {
      const client = n % 2 === 0 ? '2001:db8:1:1::6' : '2001:db8:1:1::7';
      statuses.push((await subscribe({ email: `vecino${n}@cine.test` }, client)).statusCode);
    }

    expect(statuses).toEqual([...Array(PER_CLIENT).fill(202), 429]);
    const refused = await subscribe({ email: 'vecino99@cine.test' }, '2001:db8:1:1::8');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Demasiadas suscripciones desde tu conexión\. Intenta de nuevo en \d+ minutos\.$/);
    expect(await mailsTo('vecino99@cine.test')).toEqual([]);
    expect((await subscribe({ email: 'vecino99@cine.test' }, '2001:db8:1:2::6')).statusCode).toBe(202);
  });

  it.each([
    ['a missing e-mail', {}, "Falta el campo obligatorio 'email'."],
    ['a number for the e-mail', { email: 12345 }, "El campo 'email' debe ser texto."],
    ['a MongoDB operator for the e-mail', { email: { $gt: '' } }, "El campo 'email' debe ser texto."],
    ['text that is no e-mail', { email: 'no-es-un-mail' }, "El campo 'email' debe ser un e-mail válido."],
    ['an unknown field', { email: 'extra@cine.test', admin: true }, "El campo 'admin' no está permitido."],
    ['a list for the body', [{ email: 'lista@cine.test' }], "El campo 'body' debe ser objeto."],
  ])('refuses %s with 400 and a Spanish message', async (_case, payload, message) => {
    const response = await subscribe(payload);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message });
  });

  it('refuses a body that is not JSON, or over 64 KiB, and keeps serving', async () => {
    const broken = await notification.app.inject({
      method: 'POST',
      url: '/mailing/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ statusCode: 400, error: 'El cuerpo no es un JSON válido.' });

    const oversized = await subscribe({ email: `${'a'.repeat(70 * 1024)}@cine.test` });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ statusCode: 413, error: 'El cuerpo de la solicitud es demasiado grande.' });

    const plainText = await notification.app.inject({
      method: 'POST',
      url: '/mailing/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=x@cine.test',
    });
    expect(plainText.statusCode).toBe(415);
    expect(plainText.json()).toEqual({ statusCode: 415, error: 'Tipo de contenido no admitido.' });

    expect((await subscribe({ email: 'despues@cine.test' })).statusCode).toBe(202);
  });
});
