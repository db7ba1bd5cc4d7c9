import { subscribeTo, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import type { MailContent } from '../mail/mailer';
import { qrPng } from '../mail/attachments-worker';
import {
  giftCardMail,
  passDeclinedMail,
  passLapsedMail,
  passwordChangedMail,
  receiptMail,
  recoveryCodeMail,
  refundMail,
  showMovedMail,
  welcomeMail,
} from '../mail/templates';
import { Recipients } from '../recipients/recipients';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who a mail about a user id goes to (projection of identity's users). */
    recipients: Recipients;
  }
}

/** A tickets.issued or order.refunded whose user this service has not heard of yet: thrown so the bus delivers it again. */
class UnknownRecipientError extends Error {
  constructor(userId: string) {
    super(`no recipient known for user ${userId} yet`);
    this.name = 'UnknownRecipientError';
  }
}

/** The mails other services ask for through events: a welcome on registration, the recovery code, the receipt of a paid order, the refund's. */
export const mailConsumersPlugin = fp<{ db: Connection; bus: EventBus; publicUrl: string }>(
  async (app, { db, bus, publicUrl }) => {
    const recipients = new Recipients(db);
    await subscribeTo(bus, db, subscriptions.recipients, (event) => recipients.handle(event));
    app.decorate('recipients', recipients);

    await subscribeTo(bus, db, subscriptions.welcome, async ({ data }) => {
      await app.mailer.send(data.email, welcomeMail(data.username));
    });

    await subscribeTo(bus, db, subscriptions.recovery, async (event) => {
      const { email, username, code, expiresAt } = event.data;
      const msLeft = Date.parse(expiresAt) - Date.now();
      // A code that expires within the minute is of no use to anyone any more.
      if (msLeft < 60_000) {
        app.log.warn({ eventId: event.id }, 'recovery code expired before its mail could be sent');
        return;
      }
      await app.mailer.send(email, recoveryCodeMail(username, code, Math.round(msLeft / 60_000)));
    });

    await subscribeTo(bus, db, subscriptions.passwordChanged, async ({ data }) => {
      await app.mailer.send(data.email, passwordChangedMail(data.username, new Date(data.changedAt), data.by));
    });

    /**
     * Mails the user of an order: nothing once the user was deleted. A user not known yet (their
     * user.registered may still be on its way, on another queue) fails the delivery so the bus delivers
     * the event again; after the bus's attempts it is dead-lettered, kept for a replay, not dropped.
     */
    async function mailOrderUser(
      what: string,
      context: { eventId: string; userId: string; orderId?: string; refundId?: string; passId?: string },
      content: (username: string) => Promise<MailContent> | MailContent,
    ): Promise<void> {
      const found = await recipients.lookup(context.userId);
      if (found.state === 'deleted') {
        app.log.info(context, `${what} not sent: the user was deleted`);
        return;
      }
      if (found.state === 'unknown') {
        app.log.warn(context, `${what} not sent yet: user not known to notification`);
        throw new UnknownRecipientError(context.userId);
      }
      await app.mailer.send(found.recipient.email, await content(found.recipient.username));
    }

    // Booking announces an order's tickets once (not on a sales replay); its id comes from the order's.
    await subscribeTo(bus, db, subscriptions.receipt, async (event) => {
      const { orderId, userId } = event.data;
      await mailOrderUser('receipt', { eventId: event.id, orderId, userId }, (username) =>
        receiptMail(username, event.data, publicUrl, app.receiptAttachments),
      );
    });

    await subscribeTo(
      bus,
      db,
      subscriptions.refund,
      async (event) => {
        const { refundId, orderId, userId } = event.data;
        await mailOrderUser('refund mail', { eventId: event.id, orderId, refundId, userId }, (username) =>
          refundMail(username, event.data, publicUrl),
        );
      },
      // A replay for the sales reports: the buyer was told when the money went back (no inbox read or write either).
      { ignores: (event) => event.data.republished === true },
    );

    // Issue 39: the recipient's mail with the card's code, grouped and as a QR code (one image, ~0.5 ms: rendered here).
    // The code is never logged (a failed mail is logged by the bus with the event's id and type alone).
    await subscribeTo(bus, db, subscriptions.giftCard, async (event) => {
      await app.mailer.send(event.data.recipientEmail, giftCardMail(event.data, publicUrl, qrPng(event.data.code)));
    });

    // Issue 41: booking announces a declined renewal once per (pass, period) and each status change once; a change
    // to anything but 'lapsed' is no mail.
    await subscribeTo(
      bus,
      db,
      subscriptions.clubPass,
      async (event) => {
        const { passId, userId } = event.data;
        if (event.type === 'club.pass-declined') {
          const declined = event.data;
          await mailOrderUser('pass declined mail', { eventId: event.id, passId, userId }, (username) =>
            passDeclinedMail(username, declined, publicUrl),
          );
        } else {
          const changed = event.data;
          await mailOrderUser('pass lapsed mail', { eventId: event.id, passId, userId }, (username) =>
            passLapsedMail(username, changed, publicUrl),
          );
        }
      },
      { ignores: (event) => event.type === 'club.pass-changed' && event.data.status !== 'lapsed' },
    );

    await subscribeTo(bus, db, subscriptions.showMoved, async (event) => {
      const { orderId, userId } = event.data;
      await mailOrderUser('show moved mail', { eventId: event.id, orderId, userId }, (username) => showMovedMail(username, event.data));
    });
  },
  { name: 'notification-mail-consumers', dependencies: ['notification-mailer'] },
);
