import { readOutbox } from '../src';
import { startNotification, type NotificationUnderTest } from './helpers';

let notification: NotificationUnderTest;

beforeAll(async () => {
  notification = await startNotification();
});
afterAll(() => notification.close());

function subscribe(payload: unknown) {
  return notification.app.inject({ method: 'POST', url: '/mailing/newsletter', payload: payload as object });
}

describe('POST /mailing/newsletter', () => {
  it('stores the subscription and mails a Spanish confirmation with text and HTML parts', async () => {
    const response = await subscribe({ email: 'cinefila@cine.test' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'El usuario ha sido añadido al newsletter' });
    expect(await notification.app.newsletter.count('cinefila@cine.test')).toBe(1);
    const mails = (await readOutbox(notification.outboxDir)).filter((mail) => mail.to === 'cinefila@cine.test');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.from).toBe('Cine <no-reply@cine.local>');
    expect(mail?.subject).toBe('Te suscribiste al newsletter de Cine');
    expect(mail?.text).toContain('recibirás en cinefila@cine.test los próximos estrenos');
    expect(mail?.html).toContain('<h1');
    expect(mail?.html).toContain('Cine</h1>');
    expect(mail?.html).toContain('próximos estrenos');
  });

  it('answers a second subscription of the same address (any case) with 200 without storing or mailing it again', async () => {
    await subscribe({ email: 'repetida@cine.test' });
    const second = await subscribe({ email: 'Repetida@Cine.TEST' });

    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: 'El usuario ha sido añadido al newsletter' });
    expect(await notification.app.newsletter.count('repetida@cine.test')).toBe(1);
    const mails = (await readOutbox(notification.outboxDir)).filter((mail) => mail.to.toLowerCase() === 'repetida@cine.test');
    expect(mails).toHaveLength(1);
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

    expect((await subscribe({ email: 'despues@cine.test' })).statusCode).toBe(200);
  });
});
