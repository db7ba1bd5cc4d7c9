import type { Model } from 'mongoose';
import type { VersionedDocuments } from '../group-commit';
import { countHoldChanges } from './hold-metrics';
import type { SeatChangeFeed } from './seat-changes';
import { seatSummary } from './seats';
import type { ShowListing } from './show-listing';
import type { Seat, ShowDocument } from './show-model';

/**
 * The shows' seats as the group commit reads and writes them: the counts are recomputed on every write, the version goes up,
 * and the show's summary of the listings follows before the batch is answered.
 */
export function showSeats(
  shows: Model<ShowDocument>,
  listing: ShowListing,
  feed: SeatChangeFeed,
): VersionedDocuments<ShowDocument, Seat[]> {
  return {
    read: async (showId) => shows.findById(showId).lean<ShowDocument>(),
    apply: (show, seats) => ({ ...show, seats }),
    writeIfCurrent: async (show, seats) => {
      const summary = seatSummary(seats, show.capacity);
      const written = await shows.collection.updateOne(
        { _id: show._id, version: show.version },
        { $set: { seats, ...summary }, $inc: { version: 1 } },
      );
      if (written.matchedCount !== 1) return undefined;
      countHoldChanges(show.seats, seats, new Date());
      const stored = { ...show, seats, ...summary, version: show.version + 1 };
      feed.written(show, stored);
      await listing.save(stored);
      return stored;
    },
  };
}
