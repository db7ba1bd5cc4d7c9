import type { Connection } from 'mongoose';

/**
 * Which shows a user may hold seats in: a lookup by user id, so the cart
 * does not scan every show's seats (FerretDB v1 cannot match array elements
 * by several fields, and a scan of every show is slow). It is only a hint:
 * an entry is added before the seats are written and removed after, inside
 * the show's queue, and readers check the seats themselves.
 */
export class UserHolds {
  private readonly collection;

  constructor(db: Connection) {
    this.collection = db.collection<{ _id: string; shows: string[] }>('user_holds');
  }

  /** Adds the show to the user's; answers all the user's shows. */
  async add(userId: string, showId: string): Promise<string[]> {
    const entry = await this.collection.findOneAndUpdate({ _id: userId }, { $addToSet: { shows: showId } }, { upsert: true, returnDocument: 'after' });
    return entry?.shows ?? [showId];
  }

  async remove(userIds: Iterable<string>, showId: string): Promise<void> {
    await Promise.all([...new Set(userIds)].map((userId) => this.collection.updateOne({ _id: userId }, { $pull: { shows: showId } })));
  }

  async showsOf(userId: string): Promise<string[]> {
    return (await this.collection.findOne({ _id: userId }))?.shows ?? [];
  }
}
