import type { EventOfType, OrderBuyer } from '@cine/contracts';
import { findEachById, isDuplicateKeyError, searchKey } from '@cine/service-kit';
import type { Connection } from 'mongoose';

interface BuyerDocument {
  _id: string;
  email?: string;
  username?: string;
  /** searchKey of the e-mail and of the name, which the order search matches. */
  emailKey?: string;
  nameKey?: string;
  /** occurredAt of the event applied last; a deleted user's sorts after every instant. */
  asOf: string;
}

/** The asOf of a deleted user: a late registration or rename never brings the address back. */
const DELETED = '\uffff';

/** How long the buyers' keys read for a text search stand for the collection (a search finding none reads it again). */
const DIRECTORY_TTL_MS = 30_000;

interface DirectoryEntry {
  _id: string;
  emailKey: string;
  nameKey: string;
}

/**
 * Booking's projection of identity's users: id → e-mail and name, fed by user.registered and
 * user.updated and emptied by user.deleted, so the back office's order search and order page
 * never call identity. Users known before booking heard of them come with identity's
 * `POST /admin/users/replay` (user.updated for every user; applying it twice changes nothing).
 */
export class Buyers {
  private readonly collection;
  /**
   * Every known buyer's keys, as read for the last text search: on the embedded FerretDB a `$regex`
   * reads the whole collection anyway, so one read serves the searches of the next DIRECTORY_TTL_MS.
   * An event this process applies drops it; one applied by another instance shows at the latest
   * then, or at once for a search that found no one.
   */
  private directory: { readAt: number; entries: DirectoryEntry[] } | undefined;
  /** Events applied here so far: a read that an event overtook is not kept. */
  private applied = 0;

  constructor(db: Connection) {
    this.collection = db.collection<BuyerDocument>('buyers');
  }

  /** The consumer of subscriptions.buyers. */
  async handle(event: EventOfType<'user.registered' | 'user.updated' | 'user.deleted'>): Promise<void> {
    this.directory = undefined;
    this.applied += 1;
    const { userId } = event.data;
    if (event.type === 'user.deleted') {
      await this.collection.updateOne(
        { _id: userId },
        { $set: { asOf: DELETED }, $unset: { email: '', username: '', emailKey: '', nameKey: '' } },
        { upsert: true },
      );
      return;
    }
    const { email, username } = event.data;
    try {
      await this.collection.updateOne(
        { _id: userId, asOf: { $lte: event.occurredAt } },
        { $set: { email, username, emailKey: searchKey(email), nameKey: searchKey(username), asOf: event.occurredAt } },
        { upsert: true },
      );
    } catch (error) {
      // The upsert met this user with a newer event applied (or deleted): this one is stale.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Ids of the buyers whose e-mail or name contains `text` (literal text), ignoring case and accents. */
  async matching(text: string): Promise<string[]> {
    const key = searchKey(text);
    const matches = (entries: readonly DirectoryEntry[]) =>
      entries.filter((entry) => entry.emailKey.includes(key) || entry.nameKey.includes(key)).map((entry) => entry._id);
    const cached = this.directory;
    if (cached && Date.now() - cached.readAt < DIRECTORY_TTL_MS) {
      const found = matches(cached.entries);
      if (found.length > 0) return found;
    }
    const readAt = Date.now();
    const before = this.applied;
    const entries = await this.collection
      .find<DirectoryEntry>({ emailKey: { $exists: true } }, { projection: { _id: 1, emailKey: 1, nameKey: 1 } })
      .toArray();
    if (this.applied === before) this.directory = { readAt, entries };
    return matches(entries);
  }

  /** Each known buyer of `userIds` (absent: deleted or never announced), one read by `_id` each (findEachById). */
  async of(userIds: Iterable<string>): Promise<Map<string, NonNullable<OrderBuyer>>> {
    const found = await findEachById(userIds, (_id) => this.collection.findOne({ _id }));
    const buyers = new Map<string, NonNullable<OrderBuyer>>();
    for (const buyer of found.values()) if (buyer.email) buyers.set(buyer._id, { name: buyer.username ?? '', email: buyer.email });
    return buyers;
  }
}
