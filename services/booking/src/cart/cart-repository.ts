import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';

export interface CandyLine {
  candyId: string;
  quantity: number;
}

/** A user's cart aggregate: the candy lines (tickets are the user's seat holds, kept on the shows). */
export interface CartDocument {
  _id: string;
  candy: CandyLine[];
  /** Issue 39: the promo code applied to the cart (upper-case), one at a time. */
  promo?: string;
  /** Optimistic concurrency: every write is guarded by the version it read. */
  version: number;
}

/** Attempts of a read → change → guarded write before giving up (only under heavy contention on one user's cart). */
const MAX_ATTEMPTS = 20;

export class CartRepository {
  private readonly carts: Collection<CartDocument>;

  constructor(db: Connection) {
    this.carts = db.collection<CartDocument>('carts');
  }

  async candyOf(userId: string): Promise<CandyLine[]> {
    return (await this.contentsOf(userId)).candy;
  }

  /** The cart's candy lines and its promo code (issue 39), in one read. */
  async contentsOf(userId: string): Promise<{ candy: CandyLine[]; promo?: string }> {
    const cart = await this.carts.findOne({ _id: userId });
    return { candy: cart?.candy ?? [], ...(cart?.promo === undefined ? {} : { promo: cart.promo }) };
  }

  /** The cart's code (replacing any other); its candy lines and their version are untouched. */
  async setPromo(userId: string, code: string): Promise<void> {
    await this.carts.updateOne({ _id: userId }, { $set: { promo: code }, $setOnInsert: { candy: [], version: 1 } }, { upsert: true });
  }

  /** Removes the cart's code (`only`: only while it is that code, as a paid order takes its own away). */
  async clearPromo(userId: string, only?: string): Promise<void> {
    await this.carts.updateOne({ _id: userId, ...(only === undefined ? {} : { promo: only }) }, { $unset: { promo: '' } });
  }

  /** Sets the quantity of one candy line (adding the line when new). */
  setCandy(userId: string, candyId: string, quantity: number): Promise<CandyLine[]> {
    return this.change(userId, (lines) =>
      lines.some((line) => line.candyId === candyId)
        ? lines.map((line) => (line.candyId === candyId ? { candyId, quantity } : line))
        : [...lines, { candyId, quantity }],
    );
  }

  removeCandy(userId: string, candyId: string): Promise<CandyLine[]> {
    return this.change(userId, (lines) => lines.filter((line) => line.candyId !== candyId));
  }

  /** After a payment: removes the lines it paid, unless the user changed a line's quantity meanwhile. */
  async removePaid(userId: string, paid: readonly CandyLine[]): Promise<void> {
    if (paid.length === 0) return;
    await this.change(userId, (lines) =>
      lines.filter((line) => !paid.some((sold) => sold.candyId === line.candyId && sold.quantity === line.quantity)),
    );
  }

  private async change(userId: string, apply: (lines: CandyLine[]) => CandyLine[]): Promise<CandyLine[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const cart = await this.carts.findOne({ _id: userId });
      const before = cart?.candy ?? [];
      const candy = apply(before);
      if (sameLines(before, candy)) return candy;
      if (!cart) {
        try {
          await this.carts.insertOne({ _id: userId, candy, version: 1 });
          return candy;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          continue;
        }
      }
      const written = await this.carts.updateOne({ _id: userId, version: cart.version }, { $set: { candy }, $inc: { version: 1 } });
      if (written.matchedCount === 1) return candy;
    }
    throw new Error(`the cart of ${userId} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
  }
}

function sameLines(a: readonly CandyLine[], b: readonly CandyLine[]): boolean {
  return a.length === b.length && a.every((line, i) => line.candyId === b[i]?.candyId && line.quantity === b[i]?.quantity);
}
