import { localDateTime, type EventOfType } from '@cine/contracts';
import type { Collection, Connection } from 'mongoose';
import { batched } from './batching';
import type { EventBus } from './event-bus';
import type { Subscription } from './subscriptions';

/** What a service keeps of one of booking's paid orders: its seats, those refunded, and its show's local start. */
interface PaidOrderEntry {
  _id: string;
  movieId: string;
  userId: string;
  /** The show's start, 'yyyy-mm-dd HH:MM' in the cinema's time zone (compares as text). */
  startsAt: string;
  seatLabels: string[];
  refundedLabels: string[];
}

/** Paid orders of shows not yet started with a seat not refunded, and those seats. */
export interface PaidTicketCounts {
  orders: number;
  tickets: number;
}

/**
 * A projection of booking's order.paid and order.refunded (catalog by movie, identity by user), so a
 * delete that would lose a sale is refused without asking booking. Both events add to sets, so a
 * redelivery, a replay or a refund arriving before its sale leaves the same entry. It is as recent as
 * the events: an order paid in the last moment before a delete may not be counted yet.
 */
export class PaidTickets {
  private constructor(private readonly collection: Collection<PaidOrderEntry>) {}

  static async open(db: Connection): Promise<PaidTickets> {
    const collection = db.collection<PaidOrderEntry>('paid_tickets');
    await Promise.all([collection.createIndex({ movieId: 1, startsAt: 1 }), collection.createIndex({ userId: 1, startsAt: 1 })]);
    return new PaidTickets(collection);
  }

  /**
   * Consumes the service's paid-tickets subscription in batches. No processed-event reads and writes:
   * `handle` is idempotent itself (sets and upserts), so a redelivered batch writes the same entries.
   */
  async subscribe(bus: EventBus, { consumer, events }: Subscription<'order.paid' | 'order.refunded'>): Promise<void> {
    await bus.subscribe(
      consumer,
      events,
      batched((batch) => this.handle(batch)),
    );
  }

  /**
   * Applies a batch of events (`batched`, as the bus delivers a rush) in one `update` command: each
   * event an upsert of its order's entry, in the order given.
   */
  async handle(events: ReadonlyArray<EventOfType<'order.paid' | 'order.refunded'>>): Promise<void> {
    if (events.length === 0) return;
    await this.collection.bulkWrite(
      events.map((event) => {
        const { orderId, movieId, userId, date, schedule, seatLabels } = event.data;
        const field = event.type === 'order.paid' ? 'seatLabels' : 'refundedLabels';
        return {
          updateOne: {
            filter: { _id: orderId },
            update: {
              $set: { movieId, userId, startsAt: `${date} ${schedule}` },
              $addToSet: { [field]: { $each: seatLabels } },
              $setOnInsert: { [field === 'seatLabels' ? 'refundedLabels' : 'seatLabels']: [] },
            },
            upsert: true,
          },
        };
      }),
      { ordered: true },
    );
  }

  /** The paid, unrefunded tickets of the movie's (or the user's) shows that start after `now`. */
  async upcoming(of: { movieId: string } | { userId: string }, now: Date): Promise<PaidTicketCounts> {
    const local = localDateTime(now);
    const entries = await this.collection.find({ ...of, startsAt: { $gt: `${local.date} ${local.time}` } }).toArray();
    let orders = 0;
    let tickets = 0;
    for (const entry of entries) {
      const refunded = new Set(entry.refundedLabels);
      const left = entry.seatLabels.filter((label) => !refunded.has(label)).length;
      if (left === 0) continue;
      orders += 1;
      tickets += left;
    }
    return { orders, tickets };
  }
}
