import type { OrderPaid, OrderRefunded, OrderRefundState, OrderShowMoved, OrderView, TicketsIssued } from '@cine/contracts';
import { createEvent, isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Collection, type Model, type UpdateQuery } from 'mongoose';
import {
  IN_PROGRESS_STATES,
  type OrderCandyLine,
  type OrderDocument,
  type OrderRefund,
  type OrderState,
  type PendingRefund,
  type RefundStep,
} from './order-model';
import { refundPreview } from './refund-rules';

export type StoredOrder = Omit<OrderDocument, 'outbox'>;

const REFUNDED_SEATS = { refunds: 1, refunding: 1 };
type RefundedSeatsOf = Pick<StoredOrder, 'refunds' | 'refunding'>;

/** Seats of the order refunded, or being refunded now. */
function refundedSeats(order: RefundedSeatsOf | null): string[] {
  return [...(order?.refunds ?? []), ...(order?.refunding ? [order.refunding] : [])].flatMap((refund) => refund.seatLabels);
}
export type NewOrder = Omit<StoredOrder, '_id' | 'state' | 'lock' | 'createdAt' | 'updatedAt'>;

const WITHOUT_OUTBOX = { outbox: 0 };

/** Candidate codes tried per order before giving up (each one taken has a chance of 1 in 850 billion). */
const CODE_ATTEMPTS = 8;

interface OrderCodeClaim {
  /** The code. */
  _id: string;
  orderId: string;
}

interface InProgressMark {
  _id: Types.ObjectId;
  /** When the order was inserted. */
  since: Date;
}

/** Every seat and candy line refunded: 'refunded'; some: 'partially_refunded'. */
function refundStateOf(order: StoredOrder): OrderRefundState {
  const refunded = order.refundedAmount ?? 0;
  if (refunded === 0) return 'paid';
  return refunded >= order.total ? 'refunded' : 'partially_refunded';
}

/** The order as the API shows it, with its code; the buyer may cancel it until `cancellableUntil`; `admittedSeats` were used at the door. */
export function orderViewOf(order: StoredOrder & { code: string }, cancellableUntil: Date, admittedSeats: readonly string[]): OrderView {
  const { lines: _lines, ...refundable } = refundPreview(order, admittedSeats);
  return {
    id: order._id.toHexString(),
    code: order.code,
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
    state: refundStateOf(order),
    refundedAmount: order.refundedAmount ?? 0,
    refunds: (order.refunds ?? []).map((refund) => ({
      id: refund.id,
      seatLabels: refund.seatLabels,
      candy: refund.candy.map(({ candyId, name, quantity, totalPrice }) => ({ id: candyId, name, quantity, totalPrice })),
      amount: refund.amount,
      by: refund.by,
      refundedAt: (refund.refundedAt ?? refund.requestedAt).toISOString(),
    })),
    cancellableUntil: cancellableUntil.toISOString(),
    refundable,
  };
}

/** The order and its show, as order.paid and order.refunded both tell them. */
function orderFacts(order: StoredOrder) {
  return {
    orderId: order._id.toHexString(),
    ...(order.code === undefined ? {} : { orderCode: order.code }),
    userId: order.userId,
    movieId: order.movieId,
    title: order.title,
    showId: order.showId,
    date: order.date,
    schedule: order.schedule,
    roomId: order.roomId,
    type: order.type,
    ...(order.capacity === undefined ? {} : { capacity: order.capacity }),
  };
}

/** A candy line as the events carry it (the order's lines hold more). */
function paidCandyLine({ candyId, name, quantity, unitPrice, totalPrice }: OrderCandyLine) {
  return { candyId, name, quantity, unitPrice, totalPrice };
}

export function orderPaidEvent(order: StoredOrder, paidAt: Date): OrderPaid {
  return createEvent('order.paid', {
    ...orderFacts(order),
    seats: order.seatLabels.length,
    seatLabels: order.seatLabels,
    ticketTotal: order.ticketTotal,
    candy: order.candy.map(paidCandyLine),
    total: order.total,
    paidAt: paidAt.toISOString(),
  });
}

export function orderRefundedEvent(order: StoredOrder, refund: OrderRefund, refundedAt: Date): OrderRefunded {
  const ticketAmount = refund.seatLabels.length * order.unitPrice;
  return createEvent('order.refunded', {
    refundId: refund.id,
    ...orderFacts(order),
    paidAt: (order.paidAt ?? order.updatedAt).toISOString(),
    seatLabels: refund.seatLabels,
    ticketAmount,
    candy: refund.candy.map(paidCandyLine),
    amount: refund.amount,
    reason: refund.reason,
    by: refund.by,
    refundedAt: refundedAt.toISOString(),
  });
}

/** A refund under way as `refunds` keeps it once done. */
export function completedRefund(refund: PendingRefund, refundedAt: Date): OrderRefund {
  const { step: _step, interrupted: _interrupted, updatedAt: _updatedAt, ...done } = refund;
  return { ...done, refundedAt };
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
  /**
   * One small document per order in progress (`_id` the order's), so the
   * recovery sweep finds them without reading every order ever made (on
   * FerretDB any filter but `_id` reads the whole collection). Written before
   * the order and removed once it is over, a paid order's once its
   * order.paid is published (the relay never looks through the orders): an
   * order in progress or with an event to publish always has one.
   */
  private readonly inProgress: Collection<InProgressMark>;

  /** One document per order with a refund under way (`_id` the order's), for the sweep, as `inProgress` for checkouts. */
  private readonly refundsInProgress: Collection<RefundMark>;

  /**
   * The orders' short codes, one document each (`_id` the code): the unique `_id` keeps two orders
   * from one code (FerretDB v1 has no sparse unique index for the orders' optional `code`), and the
   * search finds an order by its code with a read by `_id`.
   */
  private readonly codes: Collection<OrderCodeClaim>;

  constructor(
    private readonly model: Model<OrderDocument>,
    /** The order's candidate codes, derived from its id (attempt 0 first): deterministic, so claiming again finds the same. */
    private readonly codeFor: (orderId: string, attempt: number) => string,
  ) {
    this.inProgress = model.db.collection<InProgressMark>('orders_in_progress');
    this.refundsInProgress = model.db.collection<RefundMark>('refunds_in_progress');
    this.codes = model.db.collection<OrderCodeClaim>('order_codes');
  }

  /**
   * The order's code, claimed for it: its first candidate not claimed by another order (a repeat, or
   * another process claiming for the same order at once, finds its own claim). Codes are claimed when
   * an order is paid; an order paid before orders had codes gets its code here on its first read.
   */
  async codeOf(order: Pick<StoredOrder, '_id' | 'code'>): Promise<string> {
    if (order.code) return order.code;
    const code = await this.claimCode(order._id);
    await this.model.updateOne({ _id: order._id, code: { $exists: false } }, { $set: { code } });
    return code;
  }

  /** Claims the order's code in `order_codes` (the caller writes it on the order), as codeOf says. */
  private async claimCode(id: Types.ObjectId): Promise<string> {
    const orderId = id.toHexString();
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const code = this.codeFor(orderId, attempt);
      try {
        await this.codes.insertOne({ _id: code, orderId });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        if ((await this.codes.findOne({ _id: code }))?.orderId !== orderId) continue;
      }
      return code;
    }
    throw new Error(`no free code for order ${orderId}`);
  }

  /** The id of the order of this code (typed: capitals), or null. */
  async orderOfCode(code: string): Promise<string | null> {
    return (await this.codes.findOne({ _id: code }))?.orderId ?? null;
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
    await this.inProgress.bulkWrite(
      ids.map((_id) => ({ deleteOne: { filter: { _id } } })),
      { ordered: false },
    );
  }

  findById(id: Types.ObjectId): Promise<StoredOrder | null> {
    return this.model.findById(id, WITHOUT_OUTBOX).lean<StoredOrder>();
  }

  /** The orders of these ids, in that order (unknown ones left out), one read by `_id` each: an `$in` filter reads every order on FerretDB. */
  async findByIds(ids: readonly string[]): Promise<StoredOrder[]> {
    const found = await Promise.all(ids.map((id) => this.findById(new Types.ObjectId(id))));
    return found.filter((order): order is StoredOrder => order !== null);
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
    // The code is claimed here and written by the paid write itself (one round trip, not two).
    const code = order.code ?? (await this.claimCode(order._id));
    const event = orderPaidEvent({ ...order, code }, paidAt);
    const written = await this.changeIfIn(order, 'reserved', {
      $set: { state: 'paid', paymentId, paidAt, updatedAt: paidAt, lock: order._id.toHexString(), code },
      $push: { outbox: event },
    });
    return written ? event : null;
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
    const before = await this.model
      .findOneAndUpdate(
        {
          _id: new Types.ObjectId(event.data.orderId),
          state: 'paid',
          ticketsIssuedAt: { $exists: false },
          $or: [{ refundedAmount: { $exists: false } }, { refundedAmount: { $lt: event.data.total } }],
        },
        { $set: { ticketsIssuedAt: now }, $push: { outbox: event } },
      )
      .lean<RefundedSeatsOf>();
    return before ? refundedSeats(before) : null;
  }

  /** Whether the order still has events for the relay to publish. */
  async hasPendingEvents(id: string): Promise<boolean> {
    const order = await this.model.findById(id, { outbox: 1 }).lean<{ outbox?: unknown[] }>();
    return (order?.outbox?.length ?? 0) > 0;
  }

  /**
   * Locks the paid order for the refund: written only while no other refund
   * is under way and nothing was refunded since the order was read (the
   * refund was decided on it). Marked first for the sweep.
   */
  async beginRefund(order: StoredOrder, refund: PendingRefund): Promise<boolean> {
    await this.refundsInProgress.updateOne(
      { _id: order._id },
      // A request refused below must not take over the mark of the refund under way.
      { $setOnInsert: { refundId: refund.id, since: refund.requestedAt } },
      { upsert: true },
    );
    const written = await this.model.updateOne(
      {
        _id: order._id,
        state: order.state,
        refunding: { $exists: false },
        refundedAmount: order.refundedAmount === undefined ? { $exists: false } : order.refundedAmount,
      },
      { $set: { refunding: refund } },
    );
    // A refused lock leaves the mark: another refund may be under way; the sweep removes it otherwise.
    return written.matchedCount === 1;
  }

  /** Moves the refund `id` from `from` to `to`; false when it is not there any more (another driver moved it). */
  async advanceRefund(order: StoredOrder, id: string, from: RefundStep, to: RefundStep, fields: Partial<PendingRefund>, now: Date) {
    const set = Object.fromEntries(
      Object.entries({ ...fields, step: to, updatedAt: now }).map(([key, value]) => [`refunding.${key}`, value]),
    );
    const written = await this.model.updateOne({ _id: order._id, 'refunding.id': id, 'refunding.step': from }, { $set: set });
    return written.matchedCount === 1;
  }

  /** A request stopped waiting for the provider: the same request again may take the refund forward. */
  async interruptRefund(order: StoredOrder, id: string): Promise<void> {
    await this.model.updateOne({ _id: order._id, 'refunding.id': id }, { $set: { 'refunding.interrupted': true } });
  }

  /** The provider refused: the order is as before the refund (nothing went back). */
  async abandonRefund(order: StoredOrder, id: string): Promise<boolean> {
    const written = await this.model.updateOne(
      { _id: order._id, 'refunding.id': id, 'refunding.step': 'requested' },
      { $unset: { refunding: '' } },
    );
    await this.refundMarkEnded(order._id, id);
    return written.matchedCount === 1;
  }

  /**
   * The ONE write that ends a refund whose money and seats went back: it joins
   * `refunds`, the amount adds up, and order.refunded goes into the outbox.
   * The order is marked in progress again first, so the sweep nudges the relay
   * if that event is not published. Answers the event (none for an unfulfilled
   * order), or null when the refund was not at `money-returned` any more.
   */
  async markRefunded(order: StoredOrder, refund: PendingRefund, refundedAt: Date): Promise<{ event: OrderRefunded | null } | null> {
    const completed = completedRefund(refund, refundedAt);
    const whole = (order.refundedAmount ?? 0) + refund.amount >= order.total;
    // An unfulfilled order was never paid as far as the others know (no order.paid): its refund is not an event either.
    const event = order.state === 'paid' ? orderRefundedEvent(order, completed, refundedAt) : null;
    if (event) await this.inProgress.updateOne({ _id: order._id }, { $setOnInsert: { since: refundedAt } }, { upsert: true });
    const written = await this.model.updateOne(
      { _id: order._id, 'refunding.id': refund.id, 'refunding.step': 'money-returned' },
      {
        $unset: { refunding: '' },
        $push: event ? { refunds: completed, outbox: event } : { refunds: completed },
        $inc: { refundedAmount: refund.amount },
        // Wholly refunded, it frees its key: the same seats and card may be bought again as a new order.
        $set: { updatedAt: refundedAt, ...(whole ? { key: `${order.key}:refunded:${order._id.toHexString()}` } : {}) },
      },
    );
    if (written.matchedCount !== 1) return null;
    await this.refundMarkEnded(order._id, refund.id);
    return { event };
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

  private async refundMarkEnded(id: Types.ObjectId, refundId: string): Promise<void> {
    await this.refundsInProgress.deleteOne({ _id: id, refundId });
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
