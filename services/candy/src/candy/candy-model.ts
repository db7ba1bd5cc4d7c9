import { outboxPlugin, type WithOutbox } from '@cine/service-kit';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface CandyDocument extends WithOutbox {
  _id: Types.ObjectId;
  name: string;
  /**
   * searchKey(name), unique: names are unique ignoring case and accents, and a
   * search matches part of it. A deleted item's key becomes `deleted:<id>` so
   * its name can be used again.
   */
  nameKey: string;
  /** In cents. */
  price: number;
  picture: string;
  /** Stock. */
  quantity: number;
  /**
   * The latest paid orders whose candy left this stock, in the same write as
   * the decrement: a redelivered order is recognised even after a crash
   * between the decrement and the consumer's "handled" mark.
   */
  soldOrders: string[];
  /** Set on deletion: the document stays as a tombstone carrying the candy.deleted event. */
  deletedAt?: Date;
}

const candySchema = new Schema<CandyDocument>(
  {
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    price: { type: Number, required: true },
    picture: { type: String, required: true },
    quantity: { type: Number, required: true },
    soldOrders: { type: [String], default: [] },
    deletedAt: { type: Date, required: false },
  },
  { collection: 'candy', timestamps: true, autoIndex: false },
);
candySchema.index({ nameKey: 1 }, { unique: true });
candySchema.plugin(outboxPlugin);

export async function candyModel(db: Connection): Promise<Model<CandyDocument>> {
  const model = (db.models.Candy as Model<CandyDocument> | undefined) ?? db.model<CandyDocument>('Candy', candySchema);
  await model.createIndexes();
  return model;
}
