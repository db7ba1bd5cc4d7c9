import { subscription } from '@cine/service-kit';

/**
 * Every event booking consumes, one durable consumer each (README, "Events"); the plugins
 * subscribe them at start with the projection's `handle`. Also, as in every service, the
 * kit's auth plugin consumes user.credentials-changed and user.deleted ('booking.credentials')
 * to refuse revoked tokens. Booking produces order.paid, tickets.issued and order.refunded from the
 * order's outbox, ticket.checked_in from the ticket's, and show.seats-changed after each write of a
 * show's seats (no outbox: see shows/seat-changes.ts).
 */
export const subscriptions = {
  /** Titles and runtimes of shows, and the demo seed of new movies. */
  movies: subscription('booking.movies', ['movie.created', 'movie.updated', 'movie.deleted']),
  /** The cart's candy prices and the stock it reserves at checkout. */
  candy: subscription('booking.candy', ['candy.created', 'candy.updated', 'candy.deleted']),
  /** The live seat maps: heard by every instance (a fan-out, `everyInstance`), not kept for it while it is down. */
  seatChanges: subscription('booking.seat-maps', ['show.seats-changed']),
  /** The buyers' e-mails and names, which the back office's order search and order page show. */
  buyers: subscription('booking.buyers', ['user.registered', 'user.updated', 'user.deleted']),
  /** The back office's index of paid orders: heard by every instance (a fan-out, `everyInstance`), each keeping its own copy. */
  orderSearch: subscription('booking.order-search', ['order.paid']),
  /** One ticket per seat of each paid order, refused at the door once refunded (booking hears its own order events, as every consumer does). */
  tickets: subscription('booking.tickets', ['order.paid', 'order.refunded']),
  /** Issue 41: Cine Club's points earned on each paid order and taken back on its refunds (once each, by the ledger's keys). */
  club: subscription('booking.club', ['order.paid', 'order.refunded']),
};
