import { subscribeIdempotent, type EventBus } from '@cine/service-kit';
import type { Connection } from 'mongoose';

/** Shown for an author this service has not heard of (registered before it ran, or deleted). */
const UNKNOWN_USERNAME = 'Usuario';

/**
 * Catalog's projection of identity's users: id → username, fed by
 * user.registered, so showing comments never calls identity.
 */
export class UserNames {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<{ _id: string; username: string }>('users');
  }

  async subscribe(bus: EventBus, db: Connection): Promise<void> {
    await subscribeIdempotent(bus, db, 'catalog.users', ['user.registered'], async (event) => {
      await this.remember(event.data.userId, event.data.username);
    });
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
