import type { ServiceDefinition } from '@cine/service-kit';
import { buildNotificationApp } from './app';

export const notificationService: ServiceDefinition = { name: 'notification', build: buildNotificationApp };

export { buildNotificationApp, type NotificationContext } from './app';
export {
  CINEMA_NAME,
  DEFAULT_MAIL_FROM,
  mailSettingsFromEnv,
  newsletterSettingsFromEnv,
  type MailSettings,
  type NewsletterSettings,
} from './settings';
export { parseEml, readOutbox, type OutboxMail } from './mail/outbox-reader';
