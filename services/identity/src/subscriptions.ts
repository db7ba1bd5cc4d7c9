import { subscription } from '@cine/service-kit';

/**
 * Every event identity consumes (README, "Events"), besides the kit's auth plugin's
 * 'identity.credentials'. Identity produces the user.* and password.* events from each user's outbox.
 */
export const subscriptions = {
  /** Paid tickets of each user's shows not yet started: a user who has them is not deleted. */
  paidTickets: subscription('identity.paid-tickets', ['order.paid', 'order.refunded']),
  /** The chain's cinemas (booking): a manager's or staff member's cinemas must be among them. */
  cinemas: subscription('identity.cinemas', ['cinema.saved']),
};
