import type { EventCinema, OrderPromo, PaymentPart, PricedLine, RefundOrigin, ShowType, Weekday } from '@cine/contracts';
import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { OrderGiftCard, OrderPass, OrderPoints } from '../gift-cards/payment-parts';
import { ORDER_STATES, type OrderState, type RefundStep } from './order-states';

/*
 * The order as stored: one document per purchase, with its refunds beside. Its states and the moves
 * between them are order-states.ts's (ORDER_MOVES, REFUND_MOVES); only the repository writes this document.
 */

export interface OrderCandyLine {
  candyId: string;
  name: string;
  picture: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  /** Issue 41: what the buyer's Cine Club tier took off the line (absent: nothing); the order's total is net of it. */
  discount?: number;
}

export interface OrderRefund {
  /** ObjectId text; the provider's idempotency key is derived from it. */
  id: string;
  seatLabels: string[];
  /** The refunded seats' lines as the order priced them (absent on refunds made before priced lines: order-lines.ts). */
  lines?: PricedLine[];
  candy: OrderCandyLine[];
  /** Cents: the seats' line totals (an order without lines: its unit price each) plus the candy lines. */
  amount: number;
  reason: string;
  by: RefundOrigin;
  /** Issue 39: where `amount` goes back to (gift_card part, card part); absent before gift cards: all to the bank card. */
  payments?: PaymentPart[];
  requestedAt: Date;
  providerRefundId?: string;
  refundedAt?: Date;
}

/** A refund under way (one per order at a time), at its step (order-states.ts: REFUND_MOVES). */
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
  /** The show's cinema when the order was made (issue 38; absent on older orders: the first cinema's, as their room says). */
  cinema?: EventCinema;
  type: ShowType;
  /** The show's seats when the order was made (absent on older orders); order.paid carries it to the sales reports' occupancy. */
  capacity?: number;
  unitPrice: number;
  seatLabels: string[];
  /** Each seat as priced when the order was made (type, category, base, surcharges); absent on orders made before priced lines (singlePriceLines). */
  lines?: PricedLine[];
  ticketTotal: number;
  candy: OrderCandyLine[];
  /** Issue 39: what the promo code took off the lines (the sum of their `discount`; absent: no code). */
  discount?: number;
  /** Issue 39: the cart's code the order was made with; its use is held, counted and released by the order's steps (promotions.ts). */
  promo?: OrderPromo;
  /** What is charged: the tickets less their discount, plus the candy. */
  total: number;
  /** The bank card (absent: a gift card pays the whole order). */
  paymentMethodId?: string;
  /** Issue 39: the gift card paying part (or all) of `total`. */
  giftCard?: OrderGiftCard;
  /** Issue 41: the Cine Club points paying part (or all) of `total`, after the gift card. */
  points?: OrderPoints;
  /** Issue 41: the member's Cine Pase covering one seat's General base (`usePass`). */
  pass?: OrderPass;
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

/** The order as read (without its outbox, which only the relay reads). */
export type StoredOrder = Omit<OrderDocument, 'outbox'>;

/** What a checkout decides of a new order; the repository adds its id, state, lock and times. */
export type NewOrder = Omit<StoredOrder, '_id' | 'state' | 'lock' | 'createdAt' | 'updatedAt'>;

const candyLineSchema = new Schema<OrderCandyLine>(
  {
    candyId: { type: String, required: true },
    name: { type: String, required: true },
    picture: { type: String, required: true },
    quantity: { type: Number, required: true },
    unitPrice: { type: Number, required: true },
    totalPrice: { type: Number, required: true },
    discount: { type: Number },
  },
  { _id: false },
);

const refundFields = {
  id: { type: String, required: true },
  seatLabels: { type: [String], required: true },
  lines: { type: [Schema.Types.Mixed], default: undefined },
  candy: { type: [candyLineSchema], default: [] },
  amount: { type: Number, required: true },
  reason: { type: String, required: true },
  by: { type: String, required: true },
  payments: { type: [Schema.Types.Mixed], default: undefined },
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
    state: { type: String, required: true, enum: [...ORDER_STATES] },
    userId: { type: String, required: true },
    showId: { type: String, required: true },
    movieId: { type: String, required: true },
    title: { type: String, required: true },
    date: { type: String, required: true },
    day: { type: String, required: true },
    schedule: { type: String, required: true },
    roomId: { type: Number, required: true },
    cinema: { type: Schema.Types.Mixed, required: false },
    type: { type: String, required: true },
    capacity: { type: Number },
    unitPrice: { type: Number, required: true },
    seatLabels: { type: [String], required: true },
    lines: { type: [Schema.Types.Mixed], default: undefined },
    ticketTotal: { type: Number, required: true },
    candy: { type: [candyLineSchema], default: [] },
    discount: { type: Number },
    promo: { type: Schema.Types.Mixed },
    total: { type: Number, required: true },
    paymentMethodId: { type: String },
    giftCard: { type: Schema.Types.Mixed },
    points: { type: Schema.Types.Mixed },
    pass: { type: Schema.Types.Mixed },
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
