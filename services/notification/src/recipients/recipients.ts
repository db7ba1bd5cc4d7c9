import type { EventOfType } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Connection } from 'mongoose';

/** Where a user's mail goes. */
export interface Recipient {
  email: string;
  username: string;
}

/** A known user, or a deleted one (only the id is kept), or one never announced. */
export type RecipientLookup = { state: 'known'; recipient: Recipient } | { state: 'deleted' } | { state: 'unknown' };

interface RecipientDocument {
  _id: string;
  email?: string;
  username?: string;
  /** Set by user.deleted: the address and name are dropped, the id stays so a late event is recognised. */
  deletedAt?: Date;
  /** occurredAt of the user.registered or user.updated applied last: an older one arriving late changes nothing. */
  asOf?: string;
}

/**
 * Notification's projection of identity's users: id → e-mail and username,
 * fed by user.registered and user.updated and emptied by user.deleted, so a mail about an
 * order (whose event carries only the user id) never calls identity.
 */
export class Recipients {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<RecipientDocument>('recipients');
  }

  /** The consumer of subscriptions.recipients. */
  async handle(event: EventOfType<'user.registered' | 'user.updated' | 'user.deleted'>): Promise<void> {
    if (event.type === 'user.deleted') await this.forget(event.data.userId);
    else await this.remember(event.data.userId, { email: event.data.email, username: event.data.username }, event.occurredAt);
  }

  /** Stores the user's address, unless the user was deleted already or a newer event was applied (a late or redelivered one). */
  async remember(userId: string, recipient: Recipient, asOf: string): Promise<void> {
    try {
      await this.collection.updateOne(
        { _id: userId, deletedAt: { $exists: false }, $or: [{ asOf: { $exists: false } }, { asOf: { $lte: asOf } }] },
        { $set: { ...recipient, asOf } },
        { upsert: true },
      );
    } catch (error) {
      // The upsert found the deleted user's tombstone, or a newer address, under this id: nothing to remember.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Drops the user's address and name, keeping the id as deleted. */
  async forget(userId: string): Promise<void> {
    await this.collection.updateOne(
      { _id: userId },
      { $set: { deletedAt: new Date() }, $unset: { email: '', username: '' } },
      { upsert: true },
    );
  }

  async lookup(userId: string): Promise<RecipientLookup> {
    const found = await this.collection.findOne({ _id: userId });
    if (!found) return { state: 'unknown' };
    if (found.deletedAt || !found.email) return { state: 'deleted' };
    return { state: 'known', recipient: { email: found.email, username: found.username ?? '' } };
  }
}
