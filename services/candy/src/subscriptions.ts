import { subscription } from '@cine/service-kit';

/**
 * Every event candy consumes (README, "Events"); the candy plugin subscribes it at start.
 * Also, as in every service, the kit's auth plugin consumes user.credentials-changed and
 * user.deleted ('candy.credentials'). Candy produces candy.created, candy.updated and
 * candy.deleted, from each item's outbox.
 */
export const subscriptions = {
  /** Paid orders take their candy from the stock; refunds give it back. */
  stock: subscription('candy.stock', ['order.paid', 'order.refunded']),
};
