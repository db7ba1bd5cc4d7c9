import { subscribeIdempotent, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { recoveryCodeMail, welcomeMail } from '../mail/templates';

/** The mails other services ask for through events: a welcome on registration, the recovery code. */
export const mailConsumersPlugin = fp<{ db: Connection; bus: EventBus }>(
  async (app, { db, bus }) => {
    await subscribeIdempotent(bus, db, 'notification.welcome', ['user.registered'], async ({ data }) => {
      await app.mailer.send(data.email, welcomeMail(data.username));
    });

    await subscribeIdempotent(bus, db, 'notification.recovery', ['password.recovery-requested'], async (event) => {
      const { email, username, code, expiresAt } = event.data;
      const msLeft = Date.parse(expiresAt) - Date.now();
      // A code that expires within the minute is of no use to anyone any more.
      if (msLeft < 60_000) {
        app.log.warn({ eventId: event.id }, 'recovery code expired before its mail could be sent');
        return;
      }
      await app.mailer.send(email, recoveryCodeMail(username, code, Math.round(msLeft / 60_000)));
    });
  },
  { name: 'notification-mail-consumers', dependencies: ['notification-mailer'] },
);
