import type { OrderPaid, OrderView, TicketsIssued } from '@cine/contracts';
import { createEvent, isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Collection, type Model, type UpdateQuery } from 'mongoose';
import { IN_PROGRESS_STATES, type OrderDocument, type OrderState } from './order-model';

export type StoredOrder = Omit<OrderDocument, 'outbox'>;
export type NewOrder = Omit<StoredOrder, '_id' | 'state' | 'lock' | 'createdAt' | 'updatedAt'>;

const WITHOUT_OUTBOX = { outbox: 0 };

interface InProgressMark {
  _id: Types.ObjectId;
  /** When the order was inserted. */
  since: Date;
}

export function orderViewOf(order: StoredOrder): OrderView {
  return {
    id: order._id.toHexString(),
    movieId: order.movieId,
    title: order.title,
    showId: order.showId,
    date: order.date,
    day: order.day,
    schedule: order.schedule,
    roomId: order.roomId,
    type: order.type,
    seats: order.seatLabels.length,
    seatLabels: order.seatLabels,
    ticketTotal: order.ticketTotal,
    candy: order.candy.map(({ candyId, name, picture, quantity, unitPrice, totalPrice }) => ({
      id: candyId,
      name,
      picture,
      quantity,
      unitPrice,
      totalPrice,
    })),
    total: order.total,
    paidAt: (order.paidAt ?? order.updatedAt).toISOString(),
  };
}

export function orderPaidEvent(order: StoredOrder, paidAt: Date): OrderPaid {
  return createEvent('order.paid', {
    orderId: order._id.toHexString(),
    userId: order.userId,
    movieId: order.movieId,
    title: order.title,
    showId: order.showId,
    date: order.date,
    schedule: order.schedule,
    roomId: order.roomId,
    type: order.type,
    seats: order.seatLabels.length,
    seatLabels: order.seatLabels,
    ticketTotal: order.ticketTotal,
    candy: order.candy.map(({ candyId, name, quantity, unitPrice, totalPrice }) => ({ candyId, name, quantity, unitPrice, totalPrice })),
    total: order.total,
    paidAt: paidAt.toISOString(),
  });
}

/**
 * Every read and write of the orders collection; each state change is one
 * write of one order, made only if the order is still in the state it
 * changes from.
 */
export class OrdersRepository {
  /**
   * One small document per order in progress (`_id` the order's), so the
   * recovery sweep finds them without reading every order ever made (on
   * FerretDB any filter but `_id` reads the whole collection). Written before
   * the order and removed once it is over, a paid order's once its
   * order.paid is published (the relay never looks through the orders): an
   * order in progress or with an event to publish always has one.
   */
  private readonly inProgress: Collection<InProgressMark>;

  constructor(private readonly model: Model<OrderDocument>) {
    this.inProgress = model.db.collection<InProgressMark>('orders_in_progress');
  }

  /** The new pending order, or null when one with the same key, or in progress for the same user and show, exists. */
  async insertPending(order: NewOrder, now: Date): Promise<StoredOrder | null> {
    const stored: StoredOrder = {
      ...order,
      _id: new Types.ObjectId(),
      state: 'pending',
      lock: `${order.userId}:${order.showId}`,
      createdAt: now,
      updatedAt: now,
    };
    await this.inProgress.insertOne({ _id: stored._id, since: now });
    try {
      await this.model.create({ ...stored, outbox: [] });
      return stored;
    } catch (error) {
      await this.ended(stored._id);
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /**
   * The orders are over (or were never written; a paid one's order.paid is
   * published): they leave the orders in progress, in one round trip of one
   * delete by `_id` each (an `$in` filter would read every mark on FerretDB).
   */
  async ended(...ids: Types.ObjectId[]): Promise<void> {
    await this.inProgress.bulkWrite(
      ids.map((_id) => ({ deleteOne: { filter: { _id } } })),
      { ordered: false },
    );
  }

  findById(id: Types.ObjectId): Promise<StoredOrder | null> {
    return this.model.findById(id, WITHOUT_OUTBOX).lean<StoredOrder>();
  }

  findByKey(key: string): Promise<StoredOrder | null> {
    return this.model.findOne({ key }, WITHOUT_OUTBOX).lean<StoredOrder>();
  }

  /** The user's latest order for the show with this card since `since` (a repeated request after its seats were sold). */
  latestFor(userId: string, showId: string, paymentMethodId: string, since: Date): Promise<StoredOrder | null> {
    return this.model
      .findOne({ userId, showId, paymentMethodId, createdAt: { $gte: since } }, WITHOUT_OUTBOX)
      .sort({ createdAt: -1 })
      .lean<StoredOrder>();
  }

  /** Paid orders of the user, newest first. */
  paidOf(userId: string): Promise<StoredOrder[]> {
    return this.model.find({ userId, state: 'paid' }, WITHOUT_OUTBOX).sort({ paidAt: -1 }).lean<StoredOrder[]>();
  }

  /** Paid orders paid in [from, to) (either end open when left out), oldest first, read as they are needed. */
  paidBetween(from: Date | undefined, to: Date | undefined): AsyncIterable<StoredOrder> {
    const paidAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
    return this.model
      .find({ state: 'paid', ...(from || to ? { paidAt } : {}) }, WITHOUT_OUTBOX)
      .sort({ paidAt: 1 })
      .lean<StoredOrder[]>()
      .cursor();
  }

  /**
   * What a crash (or a slow provider or broker) left behind, found through
   * the small in-progress collection: `stuck`, orders in progress whose last
   * change is before `before`, oldest first; `unpublished`, orders paid
   * before `before` whose order.paid the relay has not settled. Marks left by
   * a crash after the order ended otherwise (or before it was written) are
   * removed on the way.
   */
  async leftBehindSince(before: Date, limit: number): Promise<{ stuck: StoredOrder[]; unpublished: Types.ObjectId[] }> {
    const marks = (await this.inProgress.find({}).toArray())
      .filter((mark) => mark.since < before)
      .sort((a, b) => a.since.getTime() - b.since.getTime());
    const stuck: StoredOrder[] = [];
    const unpublished: Types.ObjectId[] = [];
    for (const mark of marks) {
      if (stuck.length + unpublished.length >= limit) break;
      const order = await this.findById(mark._id);
      if (order?.state === 'paid') {
        if (order.updatedAt < before) unpublished.push(order._id);
      } else if (!order || !IN_PROGRESS_STATES.includes(order.state)) await this.ended(mark._id);
      else if (order.updatedAt < before) stuck.push(order);
    }
    return { stuck: stuck.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime()), unpublished };
  }

  /** Moves the order from `from` to an in-progress state; false when it was not in `from` any more. */
  async advance(order: StoredOrder, from: OrderState, to: OrderState, fields: Partial<StoredOrder>, now: Date): Promise<boolean> {
    return this.changeIfIn(order, from, { $set: { ...fields, state: to, updatedAt: now } });
  }

  /**
   * Ends the order: frees the user's slot for another checkout of the show and,
   * for an order that charged nothing and holds nothing (expired, failed), its
   * key, so the same request can be tried again.
   */
  async finish(
    order: StoredOrder,
    from: OrderState,
    to: Exclude<OrderState, 'pending' | 'reserved' | 'paid'>,
    fields: Partial<StoredOrder>,
    now: Date,
  ): Promise<boolean> {
    const id = order._id.toHexString();
    const freeKey = to === 'expired' || to === 'failed' ? { key: `${order.key}:${id}` } : {};
    return this.changeIfIn(order, from, { $set: { ...fields, ...freeKey, state: to, lock: id, updatedAt: now } });
  }

  /** The ONE write that makes the charged order paid and records order.paid in its outbox; answers that event, or null when the order was not reserved any more. */
  async markPaid(order: StoredOrder, paymentId: string, paidAt: Date): Promise<OrderPaid | null> {
    const event = orderPaidEvent(order, paidAt);
    const written = await this.changeIfIn(order, 'reserved', {
      $set: { state: 'paid', paymentId, paidAt, updatedAt: paidAt, lock: order._id.toHexString() },
      $push: { outbox: event },
    });
    return written ? event : null;
  }

  /** Records tickets.issued in the paid order's outbox, once: false when it was recorded before. */
  async recordTicketsIssued(event: TicketsIssued, now: Date): Promise<boolean> {
    const written = await this.model.updateOne(
      { _id: new Types.ObjectId(event.data.orderId), state: 'paid', ticketsIssuedAt: { $exists: false } },
      { $set: { ticketsIssuedAt: now }, $push: { outbox: event } },
    );
    return written.matchedCount === 1;
  }

  /** Whether the order still has events for the relay to publish. */
  async hasPendingEvents(id: string): Promise<boolean> {
    const order = await this.model.findById(id, { outbox: 1 }).lean<{ outbox?: unknown[] }>();
    return (order?.outbox?.length ?? 0) > 0;
  }

  /**
   * Applies `update` if the order is still in `from`; false when another
   * driver (the request, the recovery sweep, another instance) moved it
   * first. One conditional update, atomic on MongoDB and on our FerretDB
   * build (which narrows `{ _id, state }` by `_id`: infra/ferretdb/patches).
   */
  private async changeIfIn(order: StoredOrder, from: OrderState, update: UpdateQuery<OrderDocument>): Promise<boolean> {
    const written = await this.model.updateOne({ _id: order._id, state: from }, update);
    return written.matchedCount === 1;
  }
}
