import type { EventOfType } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Connection } from 'mongoose';

/** Shown for an author this service has not heard of (registered before it ran, or deleted). */
const UNKNOWN_USERNAME = 'Usuario';

/** The asOf of a deleted user: sorts after every ISO instant. */
const DELETED = '\uffff';

/**
 * Catalog's projection of identity's users: id → username, fed by
 * user.registered and user.updated (an admin renamed the user), emptied by user.deleted, so
 * showing comments never calls identity.
 */
export class UserNames {
  private readonly collection;

  constructor(db: Connection) {
    // asOf: occurredAt of the event applied last, so a late older event changes nothing.
    this.collection = db.collection<{ _id: string; username?: string; asOf?: string }>('users');
  }

  /** The consumer of subscriptions.users. */
  async handle(event: EventOfType<'user.registered' | 'user.updated' | 'user.deleted'>): Promise<void> {
    if (event.type === 'user.deleted') {
      // A tombstone newer than any event: a late registration or rename never brings the name back.
      await this.collection.updateOne({ _id: event.data.userId }, { $set: { asOf: DELETED }, $unset: { username: '' } }, { upsert: true });
    } else {
      await this.remember(event.data.userId, event.data.username, event.occurredAt);
    }
  }

  /** Stores the username unless an event newer than `asOf` was applied already. */
  async remember(userId: string, username: string, asOf: string): Promise<void> {
    try {
      await this.collection.updateOne(
        { _id: userId, $or: [{ asOf: { $exists: false } }, { asOf: { $lte: asOf } }] },
        { $set: { username, asOf } },
        { upsert: true },
      );
    } catch (error) {
      // The upsert met this user with a newer asOf: the event is stale.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Username of each id; unknown ids get UNKNOWN_USERNAME. */
  async of(userIds: Iterable<string>): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    const names = new Map<string, string>(ids.map((id) => [id, UNKNOWN_USERNAME]));
    if (ids.length === 0) return names;
    for (const user of await this.collection.find({ _id: { $in: ids } }).toArray()) if (user.username) names.set(user._id, user.username);
    return names;
  }
}
