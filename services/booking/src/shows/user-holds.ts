import type { Connection } from 'mongoose';

/** An account's entry in the hold limits (hold-limits.ts): the show it holds seats of, from which client, how many, and until when. */
export interface HoldLedger {
  address: string;
  showId: string;
  seats: number;
  until: Date;
}

/** Since when an account holds seats of each show it held lately: the start of each show's renewal window (hold-limits.ts). */
export type HoldWindows = Record<string, Date>;

/** A hold's renewal window as it is recorded: its start, and the windows of other shows that ended (dropped by the same write). */
export interface RecordedWindow {
  since: Date;
  ended: readonly string[];
}

interface UserHoldsDocument {
  _id: string;
  shows: string[];
  /** Absent once the account's seats were bought. */
  ledger?: HoldLedger;
  /** By show id; a show's entry goes when its window (and the wait after it) is over, or with a purchase of its seats. */
  windows?: HoldWindows;
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
 * - `ledger`, the account's entry in the hold limits, and `windows`, the
 *   renewal window of each show it held lately, written with the hint (one
 *   write per hold, one per sale).
 */
export class UserHolds {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<UserHoldsDocument>('user_holds');
  }

  /**
   * Adds the show to the user's and records the hold's ledger entry and the
   * show's renewal window (before the seats are written: a hold that then
   * fails leaves an entry that counts nothing, as its address claim is put
   * back). Answers all the user's shows and the entry this one replaced.
   */
  async add(
    userId: string,
    showId: string,
    ledger: HoldLedger,
    window: RecordedWindow,
  ): Promise<{ shows: string[]; replaced?: HoldLedger }> {
    const ended = Object.fromEntries(window.ended.filter((id) => id !== showId).map((id) => [`windows.${id}`, '' as const]));
    const before = await this.collection.findOneAndUpdate(
      { _id: userId },
      {
        $addToSet: { shows: showId },
        $set: { ledger, [`windows.${showId}`]: window.since },
        ...(Object.keys(ended).length > 0 ? { $unset: ended } : {}),
      },
      { upsert: true, returnDocument: 'before' },
    );
    return { shows: [...new Set([...(before?.shows ?? []), showId])], ...(before?.ledger ? { replaced: before.ledger } : {}) };
  }

  async remove(userIds: Iterable<string>, showId: string): Promise<void> {
    await Promise.all([...new Set(userIds)].map((userId) => this.collection.updateOne({ _id: userId }, { $pull: { shows: showId } })));
  }

  /**
   * The buyers' held seats of the show were sold: their ledger entries and their windows of the show end (their next
   * hold of it starts a new window), and the show leaves the hint of those who hold none of it; answers the entries that ended.
   */
  async sold(buyers: readonly SoldTo[], showId: string): Promise<Array<{ userId: string; ledger: HoldLedger }>> {
    const ended = await Promise.all(
      buyers.map(async ({ userId, holdsMore }) => {
        const before = await this.collection.findOneAndUpdate(
          { _id: userId },
          { $unset: { ledger: '', [`windows.${showId}`]: '' }, ...(holdsMore ? {} : { $pull: { shows: showId } }) },
        );
        return before?.ledger ? [{ userId, ledger: before.ledger }] : [];
      }),
    );
    return ended.flat();
  }

  async showsOf(userId: string): Promise<string[]> {
    return (await this.collection.findOne({ _id: userId }))?.shows ?? [];
  }

  /** The user's renewal windows, and the shows they may hold seats of (one read: a hold's cart rule needs them too). */
  async windowsOf(userId: string): Promise<{ windows: HoldWindows; shows: string[] }> {
    const entry = await this.collection.findOne({ _id: userId }, { projection: { windows: 1, shows: 1 } });
    return { windows: entry?.windows ?? {}, shows: entry?.shows ?? [] };
  }

  /** The user let the show's seats go: the entry counts no seats from now on, but keeps its renewal window; answers the entry as it was. */
  async released(userId: string, showId: string, now: Date): Promise<HoldLedger | undefined> {
    const before = await this.collection.findOneAndUpdate(
      { _id: userId, 'ledger.showId': showId },
      { $set: { 'ledger.seats': 0, 'ledger.until': now } },
    );
    return before?.ledger ?? undefined;
  }
}
