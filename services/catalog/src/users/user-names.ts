import type { EventOfType } from '@cine/contracts';
import type { Connection } from 'mongoose';

/** Shown for an author this service has not heard of (registered before it ran, or deleted). */
const UNKNOWN_USERNAME = 'Usuario';

/**
 * Catalog's projection of identity's users: id → username, fed by
 * user.registered and emptied by user.deleted, so showing comments never calls identity.
 */
export class UserNames {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<{ _id: string; username: string }>('users');
  }

  /** The consumer of subscriptions.users. */
  async handle(event: EventOfType<'user.registered' | 'user.deleted'>): Promise<void> {
    if (event.type === 'user.registered') await this.remember(event.data.userId, event.data.username);
    else await this.collection.deleteOne({ _id: event.data.userId });
  }

  async remember(userId: string, username: string): Promise<void> {
    await this.collection.updateOne({ _id: userId }, { $set: { username } }, { upsert: true });
  }

  /** Username of each id; unknown ids get UNKNOWN_USERNAME. */
  async of(userIds: Iterable<string>): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    const names = new Map<string, string>(ids.map((id) => [id, UNKNOWN_USERNAME]));
    if (ids.length === 0) return names;
    for (const user of await this.collection.find({ _id: { $in: ids } }).toArray()) names.set(user._id, user.username);
    return names;
  }
}
