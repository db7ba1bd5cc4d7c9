import type { EventOfType, OrderBuyer } from '@cine/contracts';
import { escapeRegex, isDuplicateKeyError, searchKey } from '@cine/service-kit';
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

/** Most buyers a text search of the orders looks at (a search matching more is too broad to page through anyway). */
const MAX_MATCHING_BUYERS = 5_000;

/**
 * Booking's projection of identity's users: id → e-mail and name, fed by user.registered and
 * user.updated and emptied by user.deleted, so the back office's order search and order page
 * never call identity. Users known before booking heard of them come with identity's
 * `POST /admin/users/replay` (user.updated for every user; applying it twice changes nothing).
 */
export class Buyers {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<BuyerDocument>('buyers');
  }

  /** The consumer of subscriptions.buyers. */
  async handle(event: EventOfType<'user.registered' | 'user.updated' | 'user.deleted'>): Promise<void> {
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

  /** Ids of the buyers whose e-mail or name contains `text`, ignoring case and accents. */
  async matching(text: string): Promise<string[]> {
    const pattern = { $regex: escapeRegex(searchKey(text)) };
    const found = await this.collection
      .find({ $or: [{ emailKey: pattern }, { nameKey: pattern }] }, { projection: { _id: 1 } })
      .limit(MAX_MATCHING_BUYERS)
      .toArray();
    return found.map((buyer) => buyer._id);
  }

  /** Each known buyer of `userIds` (absent: deleted or never announced), one read by `_id` each (an `$in` filter reads them all on FerretDB). */
  async of(userIds: Iterable<string>): Promise<Map<string, NonNullable<OrderBuyer>>> {
    const found = await Promise.all([...new Set(userIds)].map((_id) => this.collection.findOne({ _id })));
    const buyers = new Map<string, NonNullable<OrderBuyer>>();
    for (const buyer of found) if (buyer?.email) buyers.set(buyer._id, { name: buyer.username ?? '', email: buyer.email });
    return buyers;
  }
}
