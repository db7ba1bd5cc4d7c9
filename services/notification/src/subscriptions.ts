import { subscription } from '@cine/service-kit';

/**
 * Every event notification consumes, one durable consumer each (README, "Events"); the
 * mail consumers plugin subscribes them at start. Also, as in every service, the kit's auth
 * plugin consumes user.credentials-changed and user.deleted ('notification.credentials').
 * Notification produces no events.
 */
export const subscriptions = {
  /** Who a mail about a user id goes to. */
  recipients: subscription('notification.recipients', ['user.registered', 'user.updated', 'user.deleted']),
  welcome: subscription('notification.welcome', ['user.registered']),
  recovery: subscription('notification.recovery', ['password.recovery-requested']),
  /** Tells an account's owner their password changed (whoever changed it). */
  passwordChanged: subscription('notification.password-changed', ['password.changed']),
  /** The receipt with the tickets' QR codes, once booking issued them. */
  receipt: subscription('notification.receipt', ['tickets.issued']),
  refund: subscription('notification.refund', ['order.refunded']),
  /** Issue 39: a gift card sold or issued: its recipient gets the code (and a QR of it). */
  giftCard: subscription('notification.gift-card', ['gift-card.issued']),
  /** Issue 41: a Cine Pase renewal declined (change your card before the grace ends) and a pass that lapsed. */
  clubPass: subscription('notification.club-pass', ['club.pass-declined', 'club.pass-changed']),
  /** The show of a paid order was moved: its buyer hears the new time. */
  showMoved: subscription('notification.show-moved', ['order.show-moved']),
};
