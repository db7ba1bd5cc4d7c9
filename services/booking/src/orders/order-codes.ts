import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, Connection, Types } from 'mongoose';

/** Candidate codes tried per order before giving up (each one taken has a chance of 1 in 850 billion). */
const CODE_ATTEMPTS = 8;

interface OrderCodeClaim {
  /** The code. */
  _id: string;
  orderId: string;
}

/**
 * The orders' short codes, one document each (`_id` the code): the unique `_id` keeps two orders from one
 * code (FerretDB v1 has no sparse unique index for the orders' optional `code`), and the search finds an
 * order by its code with a read by `_id`.
 */
export class OrderCodes {
  private readonly codes: Collection<OrderCodeClaim>;

  constructor(
    db: Connection,
    /** The order's candidate codes, derived from its id (attempt 0 first): deterministic, so claiming again finds the same. */
    private readonly codeFor: (orderId: string, attempt: number) => string,
  ) {
    this.codes = db.collection<OrderCodeClaim>('order_codes');
  }

  /**
   * Claims the order's code (the caller writes it on the order): its first candidate not claimed by
   * another order (a repeat, or another process claiming for the same order at once, finds its own claim).
   */
  async claim(id: Types.ObjectId): Promise<string> {
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

  /** The id of the order of this code, or null. */
  async orderOf(code: string): Promise<string | null> {
    return (await this.codes.findOne({ _id: code }))?.orderId ?? null;
  }
}
