import { createEvent } from '@cine/service-kit';
import { parseEml, readOutbox } from '../src';
import { startFakeSmtpServer } from './fake-smtp-server';
import { startNotification, type NotificationUnderTest } from './helpers';

describe('mails asked for through events', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  const mailsTo = (address: string) => notification.mailsTo(address);

  it('welcomes a registered user once, however often the event is delivered', async () => {
    const registered = createEvent('user.registered', { userId: 'u-1', email: 'nueva@cine.test', username: 'Nueva' });

    await notification.context.bus.publish(registered);
    await notification.context.bus.publish(registered);

    const mails = await mailsTo('nueva@cine.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('¡Te damos la bienvenida a Cine!');
    expect(mails[0]?.text).toContain('Hola Nueva:');
    expect(mails[0]?.text).toContain('Tu cuenta en Cine ya está lista.');
    expect(mails[0]?.html).toContain('<p>Hola Nueva:</p>');
    expect(notification.context.bus.deadLetters).toEqual([]);
  });

  it('shows a username as text in the HTML part, never as markup', async () => {
    await notification.context.bus.publish(
      createEvent('user.registered', { userId: 'u-2', email: 'html@cine.test', username: '<img src=x onerror=alert(1)>' }),
    );

    const [mail] = await mailsTo('html@cine.test');
    expect(mail?.text).toContain('Hola <img src=x onerror=alert(1)>:');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('mails the recovery code with its validity', async () => {
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    await notification.context.bus.publish(
      createEvent('password.recovery-requested', { email: 'olvido@cine.test', username: 'Olvido', code: '042917', expiresAt }),
    );

    const [mail] = await mailsTo('olvido@cine.test');
    expect(mail?.subject).toBe('Tu código para recuperar la contraseña de Cine');
    expect(mail?.text).toMatch(/^042917$/m);
    expect(mail?.text).toContain('Vence en 15 minutos.');
    expect(mail?.text).toContain('Si no lo pediste, ignora este mensaje');
    expect(mail?.html).toContain('042917</p>');
  });

  it('does not mail a code that has already expired', async () => {
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    await notification.context.bus.publish(
      createEvent('password.recovery-requested', { email: 'tarde@cine.test', username: 'Tarde', code: '111111', expiresAt }),
    );

    expect(await mailsTo('tarde@cine.test')).toEqual([]);
  });
});

describe('mail settings', () => {
  it('uses MAIL_FROM when given', async () => {
    const notification = await startNotification({ mail: { from: 'Cine Centro <hola@cine.test>' } });
    try {
      await notification.app.inject({ method: 'POST', url: '/mailing/newsletter', payload: { email: 'from@cine.test' } });
      const [mail] = await readOutbox(notification.outboxDir);
      expect(mail?.from).toBe('Cine Centro <hola@cine.test>');
    } finally {
      await notification.close();
    }
  });

  it('sends through SMTP when SMTP_URL is given, and writes no .eml file', async () => {
    const smtp = await startFakeSmtpServer();
    const notification = await startNotification({ mail: { smtpUrl: smtp.url } });
    try {
      const response = await notification.app.inject({ method: 'POST', url: '/mailing/newsletter', payload: { email: 'smtp@cine.test' } });

      expect(response.statusCode).toBe(202);
      expect(smtp.messages).toHaveLength(1);
      const mail = parseEml(smtp.messages[0] ?? '');
      expect(mail.to).toBe('smtp@cine.test');
      expect(mail.subject).toBe('Confirma tu suscripción al newsletter de Cine');
      expect(mail.text).toContain('los próximos estrenos');
      expect(await readOutbox(notification.outboxDir)).toEqual([]);
    } finally {
      await notification.close();
      await smtp.close();
    }
  });

  it('forgets a confirmation link that could not be sent, so it can be tried again', async () => {
    const notification = await startNotification({ mail: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      const response = await notification.app.inject({ method: 'POST', url: '/mailing/newsletter', payload: { email: 'caido@cine.test' } });

      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, error: 'Error interno del servidor. Intenta de nuevo más tarde.' });
      expect(await notification.app.newsletter.count('caido@cine.test')).toBe(0);
      expect(await notification.context.db.collection('newsletter_confirmations').countDocuments({ email: 'caido@cine.test' })).toBe(0);
    } finally {
      await notification.close();
    }
  });
});
