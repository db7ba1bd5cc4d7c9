import {
  normalizePromoCode,
  PROMO_MESSAGES,
  promotionFieldsProblem,
  type PromotionFields,
  type PromotionInput,
  type PromotionView,
} from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';
import { isRefusal, refuse, type Result } from '../refusal';
import { buyerSlots, gatherIntoSlots, type SlottedUse } from './buyer-slots';

/**
 * The promotions (issue 39) and their uses. A promotion is one document keyed by its code (upper-case)
 * with its counters: `taken` (uses held by checkouts under way plus uses counted), `uses` (counted: paid
 * orders) and `holding`, the ids of the orders holding a use now. Every move of a use is ONE conditional
 * update of that document keyed by the order id (its presence in `holding`, or in `returning` for a
 * counted use given back), so a step repeated after a crash, or raced by the sweep, moves it once:
 *
 * - claim (the checkout's pending → reserved): `taken < limits.total` and the order not in `holding` in
 *   the filter, `$inc taken` and `$push holding` in the update: never read-then-write.
 * - count (before the paid write): the order out of `holding`, `$inc uses`.
 * - release of a held use (declined, expired, failed, unfulfilled): the order out of `holding`, `$inc taken -1`.
 * - release of a counted use (a refund of the whole order): the order into `returning` (once), `$inc uses
 *   -1, taken -1`; then the order's use is marked released and it leaves `returning`.
 *
 * `promotion_uses` keeps each order's use (held → counted → released), so that a counted use is given
 * back once, and holds the buyer's per-person limit: a use held or counted takes one of the buyer's
 * `limits.perUser` slots of the code (`slot`, under a unique index), taken by inserting the use, so two
 * checkouts of one buyer racing for their last use cannot both take it; a use released frees its slot.
 * A perUser lowered after the buyer used the code (issue 39) leaves uses outside the current slots: a
 * new use that finds the buyer at the limit once its slot is taken gives it back (`takeSlot`).
 */

export interface PromotionDocument extends PromotionFields {
  /** The code, upper-case. */
  _id: string;
  taken: number;
  uses: number;
  holding: string[];
  returning: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type PromotionUseState = 'held' | 'counted' | 'released';

interface PromotionUseDocument extends SlottedUse {
  state: PromotionUseState;
  /** Unique: `code:userId:n` (n < limits.perUser) while held or counted under a per-person limit; else the order's own. */
  slot: string;
  updatedAt: Date;
}

/** The slot of a use that takes none of the buyer's (released, or a code without a per-person limit). */
const ownSlot = (orderId: string) => `order:${orderId}`;

/** What an order's use of a promotion is keyed by. */
export interface PromoUser {
  orderId: string;
  code: string;
  userId: string;
}

const NO_CODE_OF = (fields: PromotionFields): PromotionFields => {
  const { name, kind, value, appliesTo, minTickets, maxTicketsPerOrder, limits, active } = fields;
  return {
    name,
    kind,
    value,
    appliesTo,
    ...(minTickets === undefined ? {} : { minTickets }),
    ...(maxTicketsPerOrder === undefined ? {} : { maxTicketsPerOrder }),
    limits,
    active,
  };
};

function promotionViewOf(promotion: PromotionDocument): PromotionView {
  return {
    code: promotion._id,
    ...NO_CODE_OF(promotion),
    uses: promotion.uses,
    held: promotion.holding.length,
    createdAt: promotion.createdAt.toISOString(),
  };
}

export class Promotions {
  private readonly promotions: Collection<PromotionDocument>;
  private readonly uses: Collection<PromotionUseDocument>;

  constructor(
    db: Connection,
    private readonly clock: () => Date,
  ) {
    this.promotions = db.collection<PromotionDocument>('promotions');
    this.uses = db.collection<PromotionUseDocument>('promotion_uses');
  }

  async init(): Promise<void> {
    await this.uses.createIndex({ code: 1, userId: 1 });
    await this.uses.createIndex({ slot: 1 }, { unique: true });
  }

  /** The promotion of this code (any case), or null. */
  find(code: string): Promise<PromotionDocument | null> {
    return this.promotions.findOne({ _id: normalizePromoCode(code) });
  }

  /** Every promotion, newest first; `inScope` keeps those a manager may see. */
  async list(inScope: (promotion: PromotionDocument) => boolean = () => true): Promise<PromotionView[]> {
    const all = await this.promotions.find({}).toArray();
    return all
      .filter(inScope)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map(promotionViewOf);
  }

  /** A new promotion; refused when its fields contradict themselves (400) or its code is taken (409). */
  async create(input: PromotionInput): Promise<Result<PromotionView>> {
    const problem = promotionFieldsProblem(input);
    if (problem) return refuse('invalid', problem);
    const now = this.clock();
    const { code, ...fields } = input;
    const document: PromotionDocument = {
      _id: normalizePromoCode(code),
      ...NO_CODE_OF(fields),
      taken: 0,
      uses: 0,
      holding: [],
      returning: [],
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.promotions.insertOne(document);
    } catch (error) {
      if (isDuplicateKeyError(error)) return refuse('conflict', PROMO_MESSAGES.codeTaken);
      throw error;
    }
    return promotionViewOf(document);
  }

  /** Replaces the promotion's fields (its uses stay); 404 for an unknown code. */
  async update(code: string, fields: PromotionFields): Promise<Result<PromotionView>> {
    const problem = promotionFieldsProblem(fields);
    if (problem) return refuse('invalid', problem);
    const { minTickets, maxTicketsPerOrder } = fields;
    const unset = {
      ...(minTickets === undefined ? { minTickets: '' as const } : {}),
      ...(maxTicketsPerOrder === undefined ? { maxTicketsPerOrder: '' as const } : {}),
    };
    const updated = await this.promotions.findOneAndUpdate(
      { _id: normalizePromoCode(code) },
      { $set: { ...NO_CODE_OF(fields), updatedAt: this.clock() }, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
      { returnDocument: 'after' },
    );
    return updated ? promotionViewOf(updated) : refuse('not-found', PROMO_MESSAGES.notFound);
  }

  /** The buyer's uses of the code held or counted by orders other than `exceptOrderId`. */
  usedBy(code: string, userId: string, exceptOrderId?: string): Promise<number> {
    return this.uses.countDocuments({
      code: normalizePromoCode(code),
      userId,
      state: { $in: ['held', 'counted'] },
      ...(exceptOrderId ? { _id: { $ne: exceptOrderId } } : {}),
    });
  }

  /**
   * The order takes one use of the code (the checkout's pending → reserved), or why not: inactive, or
   * every use taken. Claiming again for the same order answers the use it holds.
   */
  async claim(use: PromoUser): Promise<Result<{ outcome: 'held' }>> {
    const { orderId, code } = use;
    const promotion = await this.promotions.findOne({ _id: code });
    if (!promotion) return refuse('conflict', PROMO_MESSAGES.unknown);
    if (promotion.holding.includes(orderId)) return { outcome: 'held' };
    // The buyer's slot first (their per-person limit), then one of the code's uses.
    const slot = await this.takeSlot(use, promotion.limits.perUser);
    if (isRefusal(slot)) return slot;
    const total = promotion.limits.total;
    const claimed = await this.promotions.updateOne(
      { _id: code, active: true, holding: { $ne: orderId }, ...(total === undefined ? {} : { taken: { $lt: total } }) },
      { $inc: { taken: 1 }, $push: { holding: orderId } },
    );
    if (claimed.matchedCount === 1) return { outcome: 'held' };
    const now = await this.promotions.findOne({ _id: code });
    // A racing driver of the same order claimed it first.
    if (now?.holding.includes(orderId)) return { outcome: 'held' };
    await this.freeSlot(orderId, 'held');
    return refuse('conflict', now?.active === false ? PROMO_MESSAGES.inactive : PROMO_MESSAGES.exhausted);
  }

  /**
   * The order's use, held in one of the buyer's `perUser` slots of the code (an insert under the unique slot index:
   * never read-then-write), or perUser when every slot is taken. The order's use held already: that one.
   * A perUser lowered since the buyer used the code (issue 39) leaves uses outside the slots, so a free slot does
   * not mean a use left: once its slot is taken, the use counts the buyer's other uses and, when they reach perUser,
   * gives the slot back. Two racing checkouts may then both give theirs back; so, once, the buyer's uses outside
   * the slots are moved into free ones (buyer-slots.ts) and the slot is taken again: moved, they fill the slots a
   * use could take, and the slots alone admit exactly up to perUser.
   */
  private async takeSlot(use: PromoUser, perUser: number | undefined): Promise<Result<{ outcome: 'held' }>> {
    const { orderId, code, userId } = use;
    const existing = await this.uses.findOne({ _id: orderId });
    if (existing && existing.state !== 'released') return { outcome: 'held' };
    if (perUser === undefined) return this.insertIntoSlot(use, existing !== null, [ownSlot(orderId)]);
    const slots = buyerSlots(code, userId, perUser);
    for (const gather of [false, true]) {
      if (gather) await gatherIntoSlots(this.uses, code, userId, slots);
      // After a first try the order's use is there, released.
      const taken = await this.insertIntoSlot(use, existing !== null || gather, slots);
      if (isRefusal(taken)) return taken;
      // The buyer's other uses, not this use's state (which a racing driver of the same order may release).
      if ((await this.usedBy(code, userId, orderId)) < perUser) return taken;
      await this.freeSlot(orderId, 'held');
    }
    return refuse('conflict', PROMO_MESSAGES.perUser);
  }

  /** The order's use written into the first free of `slots` (again for a use `released` before), or perUser when none is free. */
  private async insertIntoSlot(
    { orderId, code, userId }: PromoUser,
    released: boolean,
    slots: string[],
  ): Promise<Result<{ outcome: 'held' }>> {
    for (const slot of slots) {
      const use = { code, userId, state: 'held' as const, slot, updatedAt: this.clock() };
      try {
        // A use released before (the order's earlier claim lost the race for the code's uses) is taken again.
        if (released) {
          if ((await this.uses.updateOne({ _id: orderId, state: 'released' }, { $set: use })).matchedCount === 1)
            return { outcome: 'held' };
        } else {
          await this.uses.insertOne({ _id: orderId, ...use });
          return { outcome: 'held' };
        }
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // The order's own use written meanwhile (a racing driver of the same order), or the slot is another order's.
        const mine = await this.uses.findOne({ _id: orderId });
        if (mine && mine.state !== 'released') return { outcome: 'held' };
      }
    }
    return refuse('conflict', PROMO_MESSAGES.perUser);
  }

  /** The order's use in `from` is released and frees the buyer's slot. */
  private async freeSlot(orderId: string, from: PromotionUseState): Promise<void> {
    await this.uses.updateOne(
      { _id: orderId, state: from },
      { $set: { state: 'released', slot: ownSlot(orderId), updatedAt: this.clock() } },
    );
  }

  /** The held use is counted (the order is being paid); again, nothing more. */
  async count({ orderId, code, userId }: PromoUser): Promise<void> {
    await this.promotions.updateOne({ _id: code, holding: orderId }, { $pull: { holding: orderId }, $inc: { uses: 1 } });
    try {
      await this.uses.updateOne(
        { _id: orderId, state: { $ne: 'released' } },
        { $set: { state: 'counted', updatedAt: this.clock() }, $setOnInsert: { code, userId, slot: ownSlot(orderId) } },
        { upsert: true },
      );
    } catch (error) {
      // Released already: a use counted is released only by a whole refund, after the order was paid.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** The held use goes back (the order ended without being paid); again, or never held, nothing. */
  async releaseHeld({ orderId, code }: PromoUser): Promise<void> {
    await this.promotions.updateOne({ _id: code, holding: orderId }, { $pull: { holding: orderId }, $inc: { taken: -1 } });
    await this.freeSlot(orderId, 'held');
  }

  /** The counted use goes back (the order was refunded whole); again, nothing more. */
  async releaseCounted({ orderId, code }: PromoUser): Promise<void> {
    const use = await this.uses.findOne({ _id: orderId });
    if (use?.state !== 'counted') {
      if (use?.state === 'released') await this.promotions.updateOne({ _id: code, returning: orderId }, { $pull: { returning: orderId } });
      return;
    }
    await this.promotions.updateOne(
      { _id: code, returning: { $ne: orderId } },
      { $push: { returning: orderId }, $inc: { uses: -1, taken: -1 } },
    );
    await this.freeSlot(orderId, 'counted');
    await this.promotions.updateOne({ _id: code, returning: orderId }, { $pull: { returning: orderId } });
  }
}
