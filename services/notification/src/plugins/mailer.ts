import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer';
import type { MailSettings } from '../settings';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<MailSettings>(
  async (app, settings) => {
    const mailer = await createMailer(settings);
    app.log.info(settings.smtpUrl ? { transport: 'smtp' } : { transport: 'outbox', outboxDir: settings.outboxDir }, 'mailer ready');
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'notification-mailer' },
);
