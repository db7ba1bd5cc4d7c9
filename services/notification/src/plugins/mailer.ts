import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer';
import { AttachmentRenderer } from '../mail/ticket-attachments';
import type { MailSettings } from '../settings';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Renders the receipts' QR codes and calendar entries in worker threads. */
    receiptAttachments: AttachmentRenderer;
  }
}

export const mailerPlugin = fp<MailSettings>(
  async (app, settings) => {
    const mailer = await createMailer(settings);
    app.log.info(settings.smtpUrl ? { transport: 'smtp' } : { transport: 'outbox', outboxDir: settings.outboxDir }, 'mailer ready');
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
    const renderer = new AttachmentRenderer(settings.renderThreads);
    app.decorate('receiptAttachments', renderer);
    app.addHook('onClose', () => renderer.close());
  },
  { name: 'notification-mailer' },
);
