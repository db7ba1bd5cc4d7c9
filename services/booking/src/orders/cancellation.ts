import { CINEMA_TIME_ZONE } from '@cine/contracts';
import { instantOf } from '../shows/cinema-time';
import type { OrderDocument } from './order-model';

const MINUTE_MS = 60_000;

/**
 * Until when the buyer may cancel the order (whole, full refund of what is left): the show's start less
 * CANCELLATION_WINDOW_MINUTES; once the admin moved the show after the sale, until its (new) start,
 * whatever the window: the buyer did not choose the new time. `timeZone`: the show's cinema's (its date and
 * schedule are that zone's wall time).
 */
export function buyerCancellableUntil(
  order: Pick<OrderDocument, 'date' | 'schedule' | 'showMovedAt'>,
  windowMinutes: number,
  timeZone: string = CINEMA_TIME_ZONE,
): Date {
  const startsAt = instantOf(order.date, order.schedule, timeZone);
  if (order.showMovedAt) return startsAt;
  return new Date(startsAt.getTime() - windowMinutes * MINUTE_MS);
}
