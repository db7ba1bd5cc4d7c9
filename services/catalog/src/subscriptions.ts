import { subscription } from '@cine/service-kit';

/**
 * Every event the catalog consumes (README, "Events"); the catalog plugin subscribes it at
 * start. Also, as in every service, the kit's auth plugin consumes user.credentials-changed
 * and user.deleted ('catalog.credentials'). The catalog produces movie.created,
 * movie.updated and movie.deleted, from each movie's outbox.
 */
export const subscriptions = {
  /** The usernames shown with comments and feedback ('Usuario' once the account is deleted). */
  users: subscription('catalog.users', ['user.registered', 'user.updated', 'user.deleted']),
  /** Paid tickets of each movie's shows not yet started: a movie that has them is not deleted or archived. */
  paidTickets: subscription('catalog.paid-tickets', ['order.paid', 'order.refunded']),
  /** Which movies have a show not yet ended at each cinema: the billboard and premieres of `?cinemaId=`. */
  cinemaMovies: subscription('catalog.cinema-movies', ['cinema.movies-changed']),
};
