import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';
import { mailConsumersPlugin } from './plugins/mail-consumers';
import { mailerPlugin } from './plugins/mailer';
import { newsletterPlugin } from './plugins/newsletter';
import newsletterRoutes from './routes/newsletter';
import { mailSettingsFromEnv, newsletterSettingsFromEnv, type MailSettings, type NewsletterSettings } from './settings';

export interface NotificationContext extends ServiceContext {
  /** Overrides of SMTP_URL / MAIL_OUTBOX_DIR / MAIL_FROM. */
  mail?: Partial<MailSettings>;
  /** Overrides of PUBLIC_URL and the newsletter's limits. */
  newsletter?: Partial<NewsletterSettings>;
}

/** Notification: the platform's mails (welcome, recovery code, receipt) and the newsletter subscriptions (double opt-in). */
export async function buildNotificationApp(context: NotificationContext): Promise<ServiceApp> {
  const app = await createServiceApp(context);

  await app.register(mailerPlugin, { ...mailSettingsFromEnv(context.config.dataDir), ...context.mail });
  await app.register(newsletterPlugin, { db: context.db });
  const newsletter = { ...newsletterSettingsFromEnv(), ...context.newsletter };
  await app.register(mailConsumersPlugin, { db: context.db, bus: context.bus, publicUrl: newsletter.publicUrl });

  await app.register(newsletterRoutes, { prefix: '/mailing', ...newsletter });
  return app;
}
