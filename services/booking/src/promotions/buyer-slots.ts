import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, mongo } from 'mongoose';

/**
 * A buyer's slots of a code under its per-person limit (issue 39): `code:userId:n` for n < `limits.perUser`,
 * each held by at most one use (a unique index on `slot`). A use held or counted sits in one of them, or
 * outside them when it was taken under another limit: in a slot at or past a perUser lowered since (3 → 1
 * leaves slots 1 and 2 outside), or in its order's own slot (a code that had no per-person limit).
 */
export interface SlottedUse {
  /** The order's id. */
  _id: string;
  code: string;
  userId: string;
  state: 'held' | 'counted' | 'released';
  slot: string;
}

/** The buyer's slots of the code under a per-person limit of `perUser`, lowest first. */
export function buyerSlots(code: string, userId: string, perUser: number): string[] {
  return Array.from({ length: perUser }, (_, n) => `${code}:${userId}:${n}`);
}

const LIVE = ['held', 'counted'] as const;

/**
 * Moves each of the buyer's uses held or counted outside `slots` into a free one of them, lowest first: each move is
 * one conditional update under the unique slot index, so racing checkouts of the buyer move a use once and never
 * into a slot taken meanwhile. Once moved, the uses taken under a higher limit fill the slots of the current one, so
 * a new use finds no free slot while they already reach it; a use that finds no slot free stays outside (the buyer is
 * over the lowered limit until uses are given back).
 */
export async function gatherIntoSlots<T extends SlottedUse>(
  uses: Collection<T>,
  code: string,
  userId: string,
  slots: string[],
): Promise<void> {
  const live = await uses.find({ code, userId, state: { $in: [...LIVE] } } as mongo.Filter<T>).toArray();
  const inside = new Set(slots);
  const occupied = new Set(live.map((use) => use.slot).filter((slot) => inside.has(slot)));
  const free = slots.filter((slot) => !occupied.has(slot));
  for (const use of live.filter((one) => !inside.has(one.slot))) {
    while (free.length > 0) {
      const slot = free.shift() as string;
      try {
        const moved = await uses.updateOne(
          { _id: use._id, slot: use.slot, state: { $in: [...LIVE] } } as mongo.Filter<T>,
          {
            $set: { slot },
          } as mongo.UpdateFilter<T>,
        );
        // Not moved: another checkout moved it, or it was given back; the slot is still free for the next one.
        if (moved.matchedCount === 0) free.unshift(slot);
        break;
      } catch (error) {
        // Taken meanwhile (a racing checkout's new use, or a use it moved): try the next.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }
}
