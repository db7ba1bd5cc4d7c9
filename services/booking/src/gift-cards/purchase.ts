import {
  formatMoney,
  giftCardAmountMessage,
  type GiftCardIssued,
  type GiftCardPurchaseRequest,
  type GiftCardPurchaseResponse,
  type MoneyFormat,
} from '@cine/contracts';
import { outboxPlugin, type OutboxRelay, type WithOutbox } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { declineMessage } from '../payments/decline-messages';
import type { PaymentProvider } from '../payments';
import { drive } from '../orders/drive';
import { canMove } from '../orders/order-states';
import { refuse, type Result } from '../refusal';
import type { GiftCards } from './gift-cards';

/** A gift card's purchase: an order of its own kind, moved by the ticket orders' moves (order.ts ORDER_MOVES). */
export interface GiftCardOrderDocument extends WithOutbox {
  _id: Types.ObjectId;
  kind: 'gift_card';
  state: 'pending' | 'reserved' | 'paid' | 'declined';
  userId: string;
  amount: number;
  recipientEmail: string;
  recipientName?: string;
  message?: string;
  paymentMethodId: string;
  /** The card it buys (written when paid, with this id: a repeat writes the same card). */
  cardId: Types.ObjectId;
  paymentId?: string;
  declineReason?: string;
  declineCode?: string;
  expiresAt?: Date;
  last4?: string;
  createdAt: Date;
  updatedAt: Date;
  paidAt?: Date;
}

export type GiftCardOrder = Omit<GiftCardOrderDocument, 'outbox'>;

const schema = new Schema<GiftCardOrderDocument>(
  {
    kind: { type: String, required: true },
    state: { type: String, required: true },
    userId: { type: String, required: true },
    amount: { type: Number, required: true },
    recipientEmail: { type: String, required: true },
    recipientName: { type: String },
    message: { type: String },
    paymentMethodId: { type: String, required: true },
    cardId: { type: Schema.Types.ObjectId, required: true },
    paymentId: { type: String },
    declineReason: { type: String },
    declineCode: { type: String },
    expiresAt: { type: Date },
    last4: { type: String },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    paidAt: { type: Date },
  },
  { collection: 'gift_card_orders', autoIndex: false, versionKey: false },
);
schema.index({ state: 1, updatedAt: 1 });
schema.plugin(outboxPlugin);

export async function giftCardOrderModel(db: Connection): Promise<Model<GiftCardOrderDocument>> {
  const model =
    (db.models.GiftCardOrder as Model<GiftCardOrderDocument> | undefined) ?? db.model<GiftCardOrderDocument>('GiftCardOrder', schema);
  await model.createIndexes();
  return model;
}

const WITHOUT_OUTBOX = { outbox: 0 };
const IN_PROGRESS = ['pending', 'reserved'] as const;

export interface GiftCardPurchaseSettings {
  minCents: number;
  maxCents: number;
  money: MoneyFormat;
}

/** The purchase paid (201), or why not: `declined` (402 as the checkout's), `invalid` (an amount out of bounds). */
export type PurchaseResult = Result<GiftCardPurchaseResponse>;

/**
 * POST /gift-cards: a card bought by bank card, through the order moves of the ticket checkout (order.ts
 * ORDER_MOVES and `drive`): pending → reserved (nothing to hold) → paid (charged with the order id as the
 * idempotency key, the card written with its `sale` entry, gift-card.issued in the order's outbox by the
 * paid write) or declined (nothing written but the order). Every step is idempotent, so the sweep
 * (`recover`) finishes a purchase a crash left in progress.
 */
export class GiftCardPurchases {
  constructor(
    private readonly orders: Model<GiftCardOrderDocument>,
    private readonly giftCards: GiftCards,
    private readonly payments: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly settings: GiftCardPurchaseSettings,
    private readonly clock: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async purchase(userId: string, request: GiftCardPurchaseRequest): Promise<PurchaseResult> {
    const { minCents, maxCents, money } = this.settings;
    if (request.amount < minCents || request.amount > maxCents) {
      return refuse('invalid', giftCardAmountMessage(formatMoney(minCents, money), formatMoney(maxCents, money)));
    }
    const now = this.clock();
    const order: GiftCardOrder = {
      _id: new Types.ObjectId(),
      kind: 'gift_card',
      state: 'pending',
      userId,
      amount: request.amount,
      recipientEmail: request.recipientEmail.toLowerCase(),
      ...(request.recipientName ? { recipientName: request.recipientName } : {}),
      ...(request.message ? { message: request.message } : {}),
      paymentMethodId: request.paymentMethodId,
      cardId: new Types.ObjectId(),
      createdAt: now,
      updatedAt: now,
    };
    await this.orders.create({ ...order, outbox: [] });
    return this.drive(order);
  }

  /** Takes the purchase forward until it ends (throws when the provider fails: the sweep finishes it). */
  async drive(start: GiftCardOrder): Promise<PurchaseResult> {
    const ended = await drive<never, GiftCardOrder>(start, {
      underWay: (order) => (IN_PROGRESS as readonly string[]).includes(order.state),
      step: (order) => this.step(order),
      reload: (order) => this.orders.findById(order._id, WITHOUT_OUTBOX).lean<GiftCardOrder>(),
    });
    if ('stop' in ended) return ended.stop;
    const { order } = ended;
    if (order.state === 'declined') {
      const code = order.declineCode ?? 'card_declined';
      return refuse('declined', declineMessage(code), code);
    }
    return {
      orderId: order._id.toHexString(),
      giftCard: { last4: order.last4 ?? '', amount: order.amount, expiresAt: (order.expiresAt ?? order.updatedAt).toISOString() },
    };
  }

  /** Purchases a crash left in progress, unchanged since `staleAfterMs`: driven to their end. */
  async recover(staleAfterMs: number): Promise<number> {
    const before = new Date(this.clock().getTime() - staleAfterMs);
    const stuck = await this.orders
      .find({ state: { $in: [...IN_PROGRESS] }, updatedAt: { $lt: before } }, WITHOUT_OUTBOX)
      .lean<GiftCardOrder[]>();
    let driven = 0;
    for (const order of stuck) {
      try {
        await this.drive(order);
        driven += 1;
      } catch (error) {
        this.log?.warn(
          { orderId: order._id.toHexString(), err: (error as Error).message },
          'gift card purchase recovery failed; will retry',
        );
      }
    }
    return driven;
  }

  private async step(order: GiftCardOrder): Promise<GiftCardOrder | null> {
    const now = this.clock();
    if (order.state === 'pending') return this.write(order, 'reserved', {}, now);
    const charge = await this.payments.charge({
      amount: order.amount,
      currency: 'usd',
      paymentMethodId: order.paymentMethodId,
      idempotencyKey: order._id.toHexString(),
      description: `Cine: tarjeta regalo para ${order.recipientName ?? order.recipientEmail}`,
    });
    if (charge.status !== 'succeeded') {
      return this.write(order, 'declined', { declineReason: charge.reason, declineCode: charge.code }, now);
    }
    const issued = await this.giftCards.sell(
      {
        cardId: order.cardId,
        orderId: order._id.toHexString(),
        buyerId: order.userId,
        amount: order.amount,
        recipientEmail: order.recipientEmail,
        recipientName: order.recipientName,
        message: order.message,
      },
      now,
    );
    const set = { paymentId: charge.paymentId, paidAt: now, last4: issued.data.last4, expiresAt: new Date(issued.data.expiresAt) };
    return this.write(order, 'paid', set, now, issued);
  }

  /** The move, written only while the purchase is still where it was read (order.ts decides whether it may move). */
  private async write(
    order: GiftCardOrder,
    to: GiftCardOrder['state'],
    set: Partial<GiftCardOrder>,
    now: Date,
    event?: GiftCardIssued,
  ): Promise<GiftCardOrder | null> {
    if (!canMove(order.state, to)) throw new Error(`gift card order ${order._id.toHexString()}: ${order.state} → ${to}`);
    const fields = { ...set, state: to, updatedAt: now };
    const written = await this.orders.updateOne(
      { _id: order._id, state: order.state },
      { $set: fields, ...(event ? { $push: { outbox: event } } : {}) },
    );
    if (written.matchedCount !== 1) return null;
    if (event) this.relay.nudge(order._id);
    return { ...order, ...fields };
  }
}
