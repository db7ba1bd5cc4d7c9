import type { ShowType, Weekday } from '@cine/contracts';
import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * pending  → inserted; nothing reserved yet (or partly, before a crash)
 * reserved → seats tagged with the order until `reservedUntil`, candy stock taken;
 *            the card is charged from here (the order id as idempotency key)
 * paid     → charged (`paymentId`), seats sold, order.paid in the outbox (terminal)
 * declined → the card was refused; seats back to the user's hold, stock given back (terminal)
 * expired  → the hold lapsed before checkout (terminal)
 * failed   → refused before charging (stock, seats changed); everything given back (terminal)
 * unfulfilled → charged (`paymentId`) but the seats could not be sold (their reservation lapsed while the service was down): needs a refund (terminal)
 *
 * A paid order stays `paid` here; its refunds (refunds.ts) are kept beside:
 * `refunding` while one is under way, `refunds` and `refundedAmount` once done.
 */
const orderStates = ['pending', 'reserved', 'paid', 'declined', 'expired', 'failed', 'unfulfilled'] as const;
export type OrderState = (typeof orderStates)[number];
export const IN_PROGRESS_STATES: readonly OrderState[] = ['pending', 'reserved'];

export interface OrderCandyLine {
  candyId: string;
  name: string;
  picture: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

/**
 * A refund under way (one per order at a time), by step:
 * requested      → decided and the order locked; the provider is asked (key `refund:<id>`)
 * money-returned → the provider refunded (`providerRefundId`); seats and candy go back,
 *                  then one write moves it to `refunds` with order.refunded in the outbox
 */
export type RefundStep = 'requested' | 'money-returned';

export type RefundedBy = 'buyer' | 'admin' | 'show-cancelled';

export interface OrderRefund {
  /** ObjectId text; the provider's idempotency key is derived from it. */
  id: string;
  seatLabels: string[];
  candy: OrderCandyLine[];
  /** Cents: the seats at the order's unit price plus the candy lines. */
  amount: number;
  reason: string;
  by: RefundedBy;
  requestedAt: Date;
  providerRefundId?: string;
  refundedAt?: Date;
}

export interface PendingRefund extends OrderRefund {
  step: RefundStep;
  /** Set when a request gave up waiting for the provider: the same request again (or the sweep) takes it forward. */
  interrupted?: boolean;
  updatedAt: Date;
}

export interface OrderDocument extends WithOutbox {
  _id: Types.ObjectId;
  /** Short code a person reads aloud, claimed when paid (absent before: see OrdersRepository.codeOf). */
  code?: string;
  /** Idempotency key: hash of user, show, seats, candy lines and payment method (unique). */
  key: string;
  /** `userId:showId` while in progress (unique: one checkout at a time per user and show); the order id once over. */
  lock: string;
  state: OrderState;
  userId: string;
  showId: string;
  movieId: string;
  title: string;
  date: string;
  day: Weekday;
  schedule: string;
  roomId: number;
  type: ShowType;
  /** The show's seats when the order was made (absent on older orders); order.paid carries it to the sales reports' occupancy. */
  capacity?: number;
  unitPrice: number;
  seatLabels: string[];
  ticketTotal: number;
  candy: OrderCandyLine[];
  total: number;
  paymentMethodId: string;
  /** The hold's end when checkout began: a decline gives the seats back to the user until then. */
  heldUntil: Date;
  reservedUntil?: Date;
  paymentId?: string;
  declineReason?: string;
  declineCode?: string;
  /** Why a failed/expired/unfulfilled order stopped, as told to the buyer. */
  failure?: string;
  createdAt: Date;
  /** Last state change: the recovery sweep takes orders in progress whose last change is old. */
  updatedAt: Date;
  paidAt?: Date;
  refunding?: PendingRefund;
  /** Refunds done, oldest first (absent before the first). */
  refunds?: OrderRefund[];
  /** Cents refunded so far (absent: none). */
  refundedAmount?: number;
  /** When its tickets were issued and tickets.issued recorded in the outbox (once per order). */
  ticketsIssuedAt?: Date;
  /** Last time an admin moved its show after the sale (date and schedule above are the new ones): the buyer may cancel until the start. */
  showMovedAt?: Date;
}

const candyLineSchema = new Schema<OrderCandyLine>(
  {
    candyId: { type: String, required: true },
    name: { type: String, required: true },
    picture: { type: String, required: true },
    quantity: { type: Number, required: true },
    unitPrice: { type: Number, required: true },
    totalPrice: { type: Number, required: true },
  },
  { _id: false },
);

const refundFields = {
  id: { type: String, required: true },
  seatLabels: { type: [String], required: true },
  candy: { type: [candyLineSchema], default: [] },
  amount: { type: Number, required: true },
  reason: { type: String, required: true },
  by: { type: String, required: true },
  requestedAt: { type: Date, required: true },
  providerRefundId: { type: String },
  refundedAt: { type: Date },
};
const refundSchema = new Schema<OrderRefund>(refundFields, { _id: false });
const pendingRefundSchema = new Schema<PendingRefund>(
  { ...refundFields, step: { type: String, required: true }, interrupted: { type: Boolean }, updatedAt: { type: Date, required: true } },
  { _id: false },
);

const orderSchema = new Schema<OrderDocument>(
  {
    code: { type: String },
    key: { type: String, required: true },
    lock: { type: String, required: true },
    state: { type: String, required: true, enum: orderStates },
    userId: { type: String, required: true },
    showId: { type: String, required: true },
    movieId: { type: String, required: true },
    title: { type: String, required: true },
    date: { type: String, required: true },
    day: { type: String, required: true },
    schedule: { type: String, required: true },
    roomId: { type: Number, required: true },
    type: { type: String, required: true },
    capacity: { type: Number },
    unitPrice: { type: Number, required: true },
    seatLabels: { type: [String], required: true },
    ticketTotal: { type: Number, required: true },
    candy: { type: [candyLineSchema], default: [] },
    total: { type: Number, required: true },
    paymentMethodId: { type: String, required: true },
    heldUntil: { type: Date, required: true },
    reservedUntil: { type: Date },
    paymentId: { type: String },
    declineReason: { type: String },
    declineCode: { type: String },
    failure: { type: String },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    paidAt: { type: Date },
    refunding: { type: pendingRefundSchema },
    refunds: { type: [refundSchema], default: undefined },
    refundedAmount: { type: Number },
    ticketsIssuedAt: { type: Date },
    showMovedAt: { type: Date },
  },
  { collection: 'orders', autoIndex: false, versionKey: false },
);
orderSchema.index({ key: 1 }, { unique: true });
orderSchema.index({ lock: 1 }, { unique: true });
orderSchema.index({ userId: 1, showId: 1, createdAt: -1 });
orderSchema.index({ state: 1, updatedAt: 1 });
// Read in full (paid orders, by paidAt) by the order search's index on its first search, and by the replay.
orderSchema.index({ state: 1, paidAt: 1 });
orderSchema.plugin(outboxPlugin);

export async function orderModel(db: Connection): Promise<Model<OrderDocument>> {
  const model = (db.models.Order as Model<OrderDocument> | undefined) ?? db.model<OrderDocument>('Order', orderSchema);
  await model.createIndexes();
  return model;
}
