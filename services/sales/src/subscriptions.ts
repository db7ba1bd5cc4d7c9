import { subscription } from '@cine/service-kit';

/**
 * Every event sales consumes (README, "Events"); the sales plugin subscribes them at start.
 * Also, as in every service, the kit's auth plugin consumes user.credentials-changed and
 * user.deleted ('sales.credentials'). Sales produces no events.
 */
export const subscriptions = {
  /** Paid orders and their refunds, the ledger's only input: counted once per order id and refund id, in batches (not per event id). */
  orders: subscription('sales.orders', ['order.paid', 'order.refunded']),
  /** Issue 39: gift cards sold, issued and voided (the discounts report's gift-card figures), once per card and kind. */
  giftCards: subscription('sales.gift-cards', ['gift-card.issued', 'gift-card.voided']),
  /** Issue 41: the club's points and passes (GET /sales/club), once per event key (entry; pass and period; pass, instant and status). */
  club: subscription('sales.club', ['club.points-moved', 'club.pass-charged', 'club.pass-declined', 'club.pass-changed']),
  /** The current titles, candy names and cinema names the reports show (the cinemas of `/sales/cinemas`). */
  names: subscription('sales.names', [
    'movie.created',
    'movie.updated',
    'movie.deleted',
    'candy.created',
    'candy.updated',
    'candy.deleted',
    'cinema.saved',
  ]),
};
