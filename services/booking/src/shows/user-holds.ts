import type { Connection } from 'mongoose';

/** An account's entry in the hold limits (hold-limits.ts): the show it holds seats of, from which address, how many, since and until when. */
export interface HoldLedger {
  address: string;
  showId: string;
  seats: number;
  since: Date;
  until: Date;
}

interface UserHoldsDocument {
  _id: string;
  shows: string[];
  /** Absent once the account's seats were bought. */
  ledger?: HoldLedger;
}

/** A buyer whose held seats of a show were sold, and whether they still hold other seats of it. */
export interface SoldTo {
  userId: string;
  holdsMore: boolean;
}

/**
 * One document per user about their holds, read and written by user id:
 * - `shows`, which shows the user may hold seats in, so the cart does not
 *   scan every show's seats (FerretDB v1 cannot match array elements by
 *   several fields, and a scan of every show is slow). It is only a hint: a
 *   show is added before the seats are written and removed after, inside the
 *   show's queue, and readers check the seats themselves;
 * - `ledger`, the account's entry in the hold limits, written with the hint
 *   (one write per hold, one per sale).
 */
export class UserHolds {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<UserHoldsDocument>('user_holds');
  }

  /**
   * Adds the show to the user's and records the hold's ledger entry (before
   * the seats are written: a hold that then fails leaves an entry that
   * counts nothing, as its address claim is put back). Answers all the
   * user's shows and the entry this one replaced.
   */
  async add(userId: string, showId: string, ledger: HoldLedger): Promise<{ shows: string[]; replaced?: HoldLedger }> {
    const before = await this.collection.findOneAndUpdate({ _id: userId }, { $addToSet: { shows: showId }, $set: { ledger } }, { upsert: true, returnDocument: 'before' });
    return { shows: [...new Set([...(before?.shows ?? []), showId])], ...(before?.ledger ? { replaced: before.ledger } : {}) };
  }

  async remove(userIds: Iterable<string>, showId: string): Promise<void> {
    await Promise.all([...new Set(userIds)].map((userId) => this.collection.updateOne({ _id: userId }, { $pull: { shows: showId } })));
  }

  /** The buyers' held seats of the show were sold: their ledger entries end, and the show leaves the hint of those who hold none of it; answers the entries that ended. */
  async sold(buyers: readonly SoldTo[], showId: string): Promise<Array<{ userId: string; ledger: HoldLedger }>> {
    const ended = await Promise.all(
      buyers.map(async ({ userId, holdsMore }) => {
        const before = await this.collection.findOneAndUpdate({ _id: userId }, { $unset: { ledger: '' }, ...(holdsMore ? {} : { $pull: { shows: showId } }) });
        return before?.ledger ? [{ userId, ledger: before.ledger }] : [];
      }),
    );
    return ended.flat();
  }

  async showsOf(userId: string): Promise<string[]> {
    return (await this.collection.findOne({ _id: userId }))?.shows ?? [];
  }

  async ledgerOf(userId: string): Promise<HoldLedger | undefined> {
    return (await this.collection.findOne({ _id: userId }))?.ledger ?? undefined;
  }

  /** The user let the show's seats go: the entry counts no seats from now on, but keeps its renewal window; answers the entry as it was. */
  async released(userId: string, showId: string, now: Date): Promise<HoldLedger | undefined> {
    const before = await this.collection.findOneAndUpdate({ _id: userId, 'ledger.showId': showId }, { $set: { 'ledger.seats': 0, 'ledger.until': now } });
    return before?.ledger ?? undefined;
  }
}
