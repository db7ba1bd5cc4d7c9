import type { CandyFacts, EventOfType } from '@cine/contracts';
import type { Collection, Connection } from 'mongoose';

/** A candy item as the cart knows it (from the candy service's events); `price` in cents. */
export interface CandyItem {
  _id: string;
  name: string;
  price: number;
  picture: string;
  /** Stock left to sell: the candy service's quantity less what orders here have reserved since. */
  stock: number;
  /** Orders holding part of the stock (checkout in progress or paid, until committed); makes reserving idempotent. Absent until the first reservation. */
  reservations?: string[];
}

export interface CandyReservationLine {
  candyId: string;
  name: string;
  quantity: number;
}

export type StockReservation = { ok: true } | { ok: false; item: CandyReservationLine; available: number };

/**
 * The candy projection of the booking service (consumer 'booking.candy'):
 * prices the cart's candy lines and reserves stock at checkout.
 *
 * Stock: the candy service decrements its own stock from order.paid and
 * publishes candy.updated only for admin edits, whose quantity then replaces
 * the stock here. A reservation is `$inc` guarded by `stock >= q` in one
 * update of one document, and tags the document with the order id, so
 * repeating it (a retry, the recovery sweep) changes nothing, and releasing it
 * gives the units back only once.
 */
export class CandyProjection {
  private readonly items: Collection<CandyItem>;

  constructor(db: Connection) {
    this.items = db.collection<CandyItem>('candy');
  }

  /** The consumer of subscriptions.candy. */
  async handle(event: EventOfType<'candy.created' | 'candy.updated' | 'candy.deleted'>): Promise<void> {
    if (event.type === 'candy.deleted') await this.items.deleteOne({ _id: event.data.candyId });
    else await this.upsert(event.data);
  }

  async upsert({ candyId, name, price, picture, quantity }: CandyFacts): Promise<void> {
    await this.items.updateOne({ _id: candyId }, { $set: { name, price, picture, stock: quantity } }, { upsert: true });
  }

  async find(candyId: string): Promise<CandyItem | null> {
    return this.items.findOne({ _id: candyId });
  }

  async findMany(candyIds: readonly string[]): Promise<Map<string, CandyItem>> {
    if (candyIds.length === 0) return new Map();
    const found = await this.items.find({ _id: { $in: [...candyIds] } }).toArray();
    return new Map(found.map((item) => [item._id, item]));
  }

  /** Takes every line's quantity from the stock for the order, or none of them (the first short line is answered). */
  async reserve(orderId: string, lines: readonly CandyReservationLine[]): Promise<StockReservation> {
    for (const line of lines) {
      const taken = await this.items.updateOne(
        { _id: line.candyId, stock: { $gte: line.quantity }, reservations: { $ne: orderId } },
        { $inc: { stock: -line.quantity }, $push: { reservations: orderId } },
      );
      if (taken.matchedCount === 1) continue;
      const item = await this.items.findOne({ _id: line.candyId });
      if (item?.reservations?.includes(orderId)) continue;
      await this.release(orderId, lines);
      return { ok: false, item: line, available: Math.max(0, item?.stock ?? 0) };
    }
    return { ok: true };
  }

  /** Gives back what the order reserved (each line at most once). */
  async release(orderId: string, lines: readonly CandyReservationLine[]): Promise<void> {
    for (const line of lines) {
      await this.items.updateOne(
        { _id: line.candyId, reservations: orderId },
        { $inc: { stock: line.quantity }, $pull: { reservations: orderId } },
      );
    }
  }

  /**
   * A refund: its lines go back to the stock, each at most once (tagged with
   * `refund:<id>`; the tag stays, so two drivers of one refund, the request and
   * the sweep, cannot both give back). An item deleted since gets nothing back.
   */
  async giveBack(refundId: string, lines: readonly CandyReservationLine[]): Promise<void> {
    const tag = refundTag(refundId);
    for (const line of lines) {
      await this.items.updateOne(
        { _id: line.candyId, reservations: { $ne: tag } },
        { $inc: { stock: line.quantity }, $push: { reservations: tag } },
      );
    }
  }

  /** The order is paid: its units stay taken and the tags go (so the list does not grow). */
  async commit(orderId: string, lines: readonly CandyReservationLine[]): Promise<void> {
    for (const line of lines) {
      await this.items.updateOne({ _id: line.candyId, reservations: orderId }, { $pull: { reservations: orderId } });
    }
  }
}

const refundTag = (refundId: string) => `refund:${refundId}`;
