import type { OrderShowMoved } from '@cine/contracts';
import { createEvent, type OutboxRelay } from '@cine/service-kit';
import { weekdayOf } from '../shows/cinema-time';
import type { PendingShowMoves } from '../shows/pending-moves';
import type { ShowDocument } from '../shows/show-model';
import type { PendingAnnouncements } from '../tickets/pending-announcements';
import { IN_PROGRESS_STATES } from './order-states';
import type { StoredOrder } from './order-model';
import type { OrdersRepository } from './orders-repository';

/** The show as it is after the admin's move. */
export interface MovedShow {
  showId: string;
  date: string;
  day: StoredOrder['day'];
  schedule: string;
  startsAt: Date;
  endsAt: Date;
}

/** The show as stored, as its orders follow it. */
export function movedShowOf(show: Pick<ShowDocument, 'date' | 'schedule' | 'startsAt' | 'endsAt'>, showId: string): MovedShow {
  return { showId, date: show.date, day: weekdayOf(show.date), schedule: show.schedule, startsAt: show.startsAt, endsAt: show.endsAt };
}

/** Seats of the order neither refunded nor being refunded: the ones whose buyer is told. */
function seatsStillPaid(order: StoredOrder): string[] {
  const gone = new Set([...(order.refunds ?? []), ...(order.refunding ? [order.refunding] : [])].flatMap((refund) => refund.seatLabels));
  return order.seatLabels.filter((label) => !gone.has(label));
}

/** The paid order's event: what its buyer's mail says. */
function showMovedEvent(order: StoredOrder, show: MovedShow, now: Date): OrderShowMoved {
  return createEvent('order.show-moved', {
    orderId: order._id.toHexString(),
    userId: order.userId,
    showId: order.showId,
    movieId: order.movieId,
    title: order.title,
    roomId: order.roomId,
    ...(order.cinema ? { cinema: order.cinema } : {}),
    type: order.type,
    seatLabels: seatsStillPaid(order),
    from: { date: order.date, schedule: order.schedule },
    to: { date: show.date, schedule: show.schedule },
    startsAt: show.startsAt.toISOString(),
    endsAt: show.endsAt.toISOString(),
    movedAt: now.toISOString(),
  });
}

/**
 * A show moved after its seats were sold takes its orders along: each order of the show (paid, or still
 * being paid) gets the new date and time, which carry its cancellation deadline and its view; a paid order
 * that still has seats records order.show-moved in its outbox for the buyer's mail. The door's window and
 * the tickets follow the show itself (read at each scan). Repeating it changes nothing: an order already on
 * the show's slot is left alone.
 */
export class ShowMoves {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly ordersOutbox: OutboxRelay,
    private readonly pending: PendingAnnouncements,
    private readonly marks: PendingShowMoves,
    /** The show as stored now; null when it is gone or cancelled (its orders are refunded, not moved). */
    private readonly showOf: (showId: string) => Promise<MovedShow | null>,
  ) {}

  /**
   * Carries the orders of the moves marked before `before` that a stopped process left half done (or never
   * began), to where each show is now; answers how many shows it finished.
   */
  async finishPending(before: Date, now: Date): Promise<number> {
    let finished = 0;
    for (const mark of await this.marks.olderThan(before)) {
      const show = await this.showOf(mark.showId);
      if (show) await this.carry(show, now);
      await this.marks.done(mark);
      finished += 1;
    }
    return finished;
  }

  /** Answers how many paid orders were moved (and their buyers told). */
  async carry(show: MovedShow, now: Date): Promise<number> {
    const orders = [...(await this.orders.paidOfShow(show.showId)), ...(await this.orders.payingOfShow(show.showId))];
    let told = 0;
    for (const order of orders) {
      if (order.date === show.date && order.schedule === show.schedule) continue;
      const slot = { date: show.date, day: show.day, schedule: show.schedule };
      if (IN_PROGRESS_STATES.includes(order.state) || seatsStillPaid(order).length === 0) {
        // Being paid: order.paid will carry the new slot. Wholly refunded: nobody to tell.
        await this.orders.moveToSlot(order, slot, now);
        continue;
      }
      const event = showMovedEvent(order, show, now);
      const orderId = order._id.toHexString();
      const mark = await this.pending.mark('order', orderId, now);
      if (await this.orders.moveToSlot(order, slot, now, event)) {
        this.ordersOutbox.nudge(order._id, [event]);
        told += 1;
      } else {
        await this.pending.drop(mark);
      }
    }
    return told;
  }
}
