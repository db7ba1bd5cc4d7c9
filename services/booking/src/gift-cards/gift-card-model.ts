import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A card as stored: never its code, only the code's hash and last four characters (codes.ts). Its balance is its ledger's. */
export interface GiftCardDocument extends WithOutbox {
  _id: Types.ObjectId;
  codeHash: string;
  last4: string;
  /** Cents: its value when sold or issued. */
  amount: number;
  currency: string;
  origin: 'sold' | 'issued';
  recipientEmail: string;
  recipientName?: string;
  /** A sold card: its buyer and the order that paid it. */
  buyerId?: string;
  orderId?: string;
  /** An issued card: why, and the admin who gave it. */
  reason?: string;
  by?: string;
  createdAt: Date;
  expiresAt: Date;
  voidedAt?: Date;
}

export type StoredGiftCard = Omit<GiftCardDocument, 'outbox'>;

const cardSchema = new Schema<GiftCardDocument>(
  {
    codeHash: { type: String, required: true },
    last4: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    origin: { type: String, required: true },
    recipientEmail: { type: String, required: true },
    recipientName: { type: String },
    buyerId: { type: String },
    orderId: { type: String },
    reason: { type: String },
    by: { type: String },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    voidedAt: { type: Date },
  },
  { collection: 'gift_cards', autoIndex: false, versionKey: false },
);
cardSchema.index({ codeHash: 1 }, { unique: true });
cardSchema.index({ buyerId: 1, createdAt: -1 });
cardSchema.plugin(outboxPlugin);

export async function giftCardModel(db: Connection): Promise<Model<GiftCardDocument>> {
  const model = (db.models.GiftCard as Model<GiftCardDocument> | undefined) ?? db.model<GiftCardDocument>('GiftCard', cardSchema);
  await model.createIndexes();
  return model;
}
