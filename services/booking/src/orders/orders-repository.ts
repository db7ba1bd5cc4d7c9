import type { OrderShowMoved, TicketsIssued } from '@cine/contracts';
import { findEachById, isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Collection, type Model, type mongo, type UpdateQuery } from 'mongoose';
import { InProgressMarks } from './in-progress-marks';
import type { OrderChange } from './order';
import { IN_PROGRESS_STATES } from './order-states';
import { OrderCodes } from './order-codes';
import type { NewOrder, OrderDocument, StoredOrder } from './order-model';

const REFUNDED_SEATS = { refunds: 1, refunding: 1 };
type RefundedSeatsOf = Pick<StoredOrder, 'refunds' | 'refunding'>;

/** Seats of the order refunded, or being refunded now. */
function refundedSeats(order: RefundedSeatsOf | null): string[] {
  return [...(order?.refunds ?? []), ...(order?.refunding ? [order.refunding] : [])].flatMap((refund) => refund.seatLabels);
}

const WITHOUT_OUTBOX = { outbox: 0 };

/** The fields without those set to undefined (the driver would write them as null; mongoose's casting drops them). */
function definedFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

interface RefundMark {
  /** The order's id. */
  _id: Types.ObjectId;
  /** The refund that wrote it last: its end removes it, not another's. */
  refundId: string;
  since: Date;
}

/**
 * Every read and write of the orders collection; each state change is one
 * write of one order, made only if the order is still in the state it
 * changes from.
 */
export class OrdersRepository {
  /** The marks of the orders in progress (in-progress-marks.ts), for the sweep and the relay. */
  private readonly inProgress: InProgressMarks;

  /** One document per order with a refund under way (`_id` the order's), for the sweep, as `inProgress` for checkouts. */
  private readonly refundsInProgress: Collection<RefundMark>;

  /** The orders' short codes. */
  private readonly codes: OrderCodes;

  /** The orders' collection, through the driver alone. */
  private readonly orders: Collection<OrderDocument>;

  constructor(
    private readonly model: Model<OrderDocument>,
    /** The order's candidate codes, derived from its id (attempt 0 first): deterministic, so claiming again finds the same. */
    codeFor: (orderId: string, attempt: number) => string,
  ) {
    this.inProgress = new InProgressMarks(model.db);
    this.refundsInProgress = model.db.collection<RefundMark>('refunds_in_progress');
    this.codes = new OrderCodes(model.db, codeFor);
    this.orders = model.db.collection<OrderDocument>(model.collection.collectionName);
  }

  /** The order's code, claimed for it (order-codes.ts); an order paid before orders had codes gets its code on its first read. */
  async codeOf(order: Pick<StoredOrder, '_id' | 'code'>): Promise<string> {
    if (order.code) return order.code;
    const code = await this.codes.claim(order._id);
    await this.model.updateOne({ _id: order._id, code: { $exists: false } }, { $set: { code } });
    return code;
  }

  /** The order's code, claimed now when it has none (the move that pays the order writes it). */
  async claimCode(order: Pick<StoredOrder, '_id' | 'code'>): Promise<string> {
    return order.code ?? this.codes.claim(order._id);
  }

  /** The id of the order of this code (typed: capitals), or null. */
  orderOfCode(code: string): Promise<string | null> {
    return this.codes.orderOf(code);
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
    await this.inProgress.add(stored._id, now);
    try {
      await this.model.create({ ...stored, outbox: [] });
      return stored;
    } catch (error) {
      if (!isDuplicateKeyError(error)) {
        // Any other failure (a cut connection, the database killed) says nothing of whether the order was
        // written: its mark stays, and the sweep drives the order if it exists or drops the mark if not.
        throw error;
      }
      await this.ended(stored._id);
      return null;
    }
  }

  /**
   * The orders are over (or were never written; a paid one's order.paid is
   * published): they leave the orders in progress, in one round trip of one
   * delete by `_id` each (an `$in` filter would read every mark on FerretDB).
   */
  async ended(...ids: Types.ObjectId[]): Promise<void> {
    await this.inProgress.remove(ids);
  }

  findById(id: Types.ObjectId): Promise<StoredOrder | null> {
    return this.model.findById(id, WITHOUT_OUTBOX).lean<StoredOrder>();
  }

  /** The order's room (which names its cinema), or undefined for an unknown order or id. */
  async roomOf(id: string): Promise<number | undefined> {
    if (!Types.ObjectId.isValid(id) || !/^[0-9a-f]{24}$/i.test(id)) return undefined;
    return (await this.model.findById(id, { roomId: 1 }).lean<Pick<StoredOrder, 'roomId'>>())?.roomId;
  }

  /** The orders of these ids, in that order (unknown ones left out), one read by `_id` each: an `$in` filter reads every order on FerretDB. */
  async findByIds(ids: readonly string[]): Promise<StoredOrder[]> {
    return [...(await findEachById(ids, (id) => this.findById(new Types.ObjectId(id)))).values()];
  }

  findByKey(key: string): Promise<StoredOrder | null> {
    return this.model.findOne({ key }, WITHOUT_OUTBOX).lean<StoredOrder>();
  }

  /** The user's latest order for the show with this card since `since` (a repeated request after its seats were sold). */
  latestFor(userId: string, showId: string, paymentMethodId: string | undefined, since: Date): Promise<StoredOrder | null> {
    return this.model
      .findOne({ userId, showId, paymentMethodId: paymentMethodId ?? { $exists: false }, createdAt: { $gte: since } }, WITHOUT_OUTBOX)
      .sort({ createdAt: -1 })
      .lean<StoredOrder>();
  }

  /** Paid orders of the user, newest first. */
  paidOf(userId: string): Promise<StoredOrder[]> {
    return this.model.find({ userId, state: 'paid' }, WITHOUT_OUTBOX).sort({ paidAt: -1 }).lean<StoredOrder[]>();
  }

  /** Paid orders of a show (refunded ones included). */
  paidOfShow(showId: string): Promise<StoredOrder[]> {
    return this.model.find({ showId, state: 'paid' }, WITHOUT_OUTBOX).lean<StoredOrder[]>();
  }

  /**
   * The order follows its show to a new local date and time, written only while it still has the slot it
   * was read with (so a repeat, or two moves racing, write each order once per slot), with the event of a
   * paid order (order.show-moved) in its outbox. Answers whether it was written.
   */
  async moveToSlot(
    order: StoredOrder,
    slot: Pick<StoredOrder, 'date' | 'day' | 'schedule'>,
    now: Date,
    event?: OrderShowMoved,
  ): Promise<boolean> {
    const written = await this.model.updateOne(
      { _id: order._id, showId: order.showId, date: order.date, schedule: order.schedule },
      { $set: { ...slot, showMovedAt: now }, ...(event ? { $push: { outbox: event } } : {}) },
    );
    return written.modifiedCount === 1;
  }

  /** Orders of the show still being paid (their card may be charged yet). */
  payingOfShow(showId: string): Promise<StoredOrder[]> {
    return this.model.find({ showId, state: { $in: IN_PROGRESS_STATES } }, WITHOUT_OUTBOX).lean<StoredOrder[]>();
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
    const marks = (await this.inProgress.all()).filter((mark) => mark.since < before).sort((a, b) => a.since.getTime() - b.since.getTime());
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

  /** Seats of the order refunded, or being refunded now. */
  async refundedSeatsOf(id: string): Promise<string[]> {
    return refundedSeats(await this.model.findById(id, REFUNDED_SEATS).lean<RefundedSeatsOf>());
  }

  /**
   * Records tickets.issued in the paid order's outbox, once: answers the order's seats refunded by then
   * (read in the same write), or null when it was recorded before, or when the order was refunded whole
   * before its tickets were issued (no receipt for an order that is all given back: the refund mail said so).
   */
  async recordTicketsIssued(event: TicketsIssued, now: Date): Promise<string[] | null> {
    // Through the driver (mongoose would cast a date, an id and a Mixed event to themselves), answering the refunds only.
    const update: mongo.UpdateFilter<OrderDocument> = { $set: { ticketsIssuedAt: now }, $push: { outbox: event } };
    const before = await this.orders.findOneAndUpdate(
      {
        _id: new Types.ObjectId(event.data.orderId),
        state: 'paid',
        ticketsIssuedAt: { $exists: false },
        $or: [{ refundedAmount: { $exists: false } }, { refundedAmount: { $lt: event.data.total } }],
      },
      update,
    );
    return before ? refundedSeats(before) : null;
  }

  /** Whether the order still has events for the relay to publish. */
  async hasPendingEvents(id: string): Promise<boolean> {
    const order = await this.model.findById(id, { outbox: 1 }).lean<{ outbox?: unknown[] }>();
    return (order?.outbox?.length ?? 0) > 0;
  }

  /**
   * THE write of an order's move (order.ts): its fields and events in one conditional update, made only
   * while the order is still where the move was decided (its state; for a refund's move, the refund at
   * its step, or for a new refund none under way and nothing refunded since). False when another driver
   * (the request, the sweep, another instance) moved it first. A refund under way is marked for the sweep
   * before it begins and unmarked once it ends; a refund's event marks the order for the relay's sweep.
   */
  async write(order: StoredOrder, change: OrderChange): Promise<boolean> {
    const refund = change.refund;
    const push = change.events.length === 0 ? {} : { $push: { outbox: { $each: change.events } } };
    if (!refund) {
      // The checkout's moves set scalars, dates and the Mixed gift card and points, and push Mixed events: mongoose's
      // casting of them changes nothing but the undefined fields it leaves out, so they are left out here, and the
      // update goes to the driver as it is (each purchase makes two).
      const update: mongo.UpdateFilter<OrderDocument> = { $set: definedFields(change.set), ...push };
      const written = await this.orders.updateOne({ _id: order._id, state: change.from }, update);
      return written.matchedCount === 1;
    }
    if (refund.from === 'none') {
      const requestedAt = refund.refunding?.requestedAt ?? change.after.updatedAt;
      await this.refundsInProgress.updateOne(
        { _id: order._id },
        // A request refused below must not take over the mark of the refund under way.
        { $setOnInsert: { refundId: refund.id, since: requestedAt } },
        { upsert: true },
      );
      // A refused lock leaves the mark: another refund may be under way; the sweep removes it otherwise.
      const refundedAmount = order.refundedAmount === undefined ? { $exists: false } : order.refundedAmount;
      return this.changeIfIn(
        order._id,
        { state: order.state, refunding: { $exists: false }, refundedAmount },
        { $set: { ...change.set, refunding: refund.refunding } },
      );
    }
    const atStep = { 'refunding.id': refund.id, 'refunding.step': refund.from };
    if (refund.refunding) {
      const fields = Object.entries(refund.refunding).map(([key, value]) => [`refunding.${key}`, value]);
      return this.changeIfIn(order._id, atStep, { $set: { ...change.set, ...Object.fromEntries(fields) } });
    }
    if (change.events.length > 0) {
      await this.inProgress.ensure(order._id, change.after.updatedAt);
    }
    const ended = { $unset: { refunding: '' }, ...(Object.keys(change.set).length > 0 ? { $set: change.set } : {}), ...push };
    const written = await this.changeIfIn(order._id, atStep, ended);
    await this.refundsInProgress.deleteOne({ _id: order._id, refundId: refund.id });
    return written;
  }

  /** A request stopped waiting for the provider: the same request again may take the refund forward. */
  async interruptRefund(order: StoredOrder, id: string): Promise<void> {
    await this.model.updateOne({ _id: order._id, 'refunding.id': id }, { $set: { 'refunding.interrupted': true } });
  }

  /** Orders whose refund is under way and unchanged since `before` (a crash, a provider outage), oldest first; stale marks go. */
  async refundsLeftBehindSince(before: Date, limit: number): Promise<StoredOrder[]> {
    const marks = (await this.refundsInProgress.find({}).toArray()).filter((mark) => mark.since < before);
    const stuck: StoredOrder[] = [];
    for (const mark of marks) {
      if (stuck.length >= limit) break;
      const order = await this.findById(mark._id);
      if (!order?.refunding) await this.refundsInProgress.deleteOne({ _id: mark._id, refundId: mark.refundId });
      else if (order.refunding.updatedAt < before) stuck.push(order);
    }
    return stuck.sort((a, b) => (a.refunding?.updatedAt.getTime() ?? 0) - (b.refunding?.updatedAt.getTime() ?? 0));
  }

  /** Applies `update` if the order still matches `where` (one conditional update, atomic on MongoDB and on our FerretDB build, which narrows by `_id`: infra/ferretdb/patches). */
  private async changeIfIn(id: Types.ObjectId, where: object, update: UpdateQuery<OrderDocument>): Promise<boolean> {
    const written = await this.model.updateOne({ _id: id, ...where }, update);
    return written.matchedCount === 1;
  }
}
