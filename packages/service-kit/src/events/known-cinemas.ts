import type { EventOfType } from '@cine/contracts';
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '../database';
import type { EventBus } from './event-bus';
import type { Subscription } from './subscriptions';

/** What a service keeps of one of booking's cinemas (`cinema.saved`): enough to check an id and name it. */
export interface KnownCinema {
  id: string;
  slug: string;
  name: string;
  city: string;
  address: string;
  timeZone: string;
}

interface KnownCinemaEntry extends Omit<KnownCinema, 'id'> {
  _id: string;
  /** The `occurredAt` of the event the entry was written from: an older event arriving late changes nothing. */
  savedAt: string;
}

/**
 * A projection of booking's `cinema.saved` (identity checks the cinemas of staff and managers with it,
 * sales names the cinemas of its reports). Each event is the whole cinema, so the latest one wins: a
 * redelivery or an older event arriving late leaves the entry as it is. Reads go to the database (a
 * handful of cinemas), so every instance of a service sees what any one of them was told.
 */
export class KnownCinemas {
  private constructor(private readonly collection: Collection<KnownCinemaEntry>) {}

  static open(db: Connection): KnownCinemas {
    return new KnownCinemas(db.collection<KnownCinemaEntry>('known_cinemas'));
  }

  /** Consumes the service's cinemas subscription; no processed-event ids: `handle` is idempotent itself. */
  async subscribe(bus: EventBus, { consumer, events }: Subscription<'cinema.saved'>): Promise<void> {
    await bus.subscribe(consumer, events, (event) => this.handle(event));
  }

  async handle(event: EventOfType<'cinema.saved'>): Promise<void> {
    const { cinemaId, slug, name, city, address, timeZone } = event.data;
    try {
      await this.collection.updateOne(
        { _id: cinemaId, $or: [{ savedAt: { $lte: event.occurredAt } }, { savedAt: { $exists: false } }] },
        { $set: { slug, name, city, address, timeZone, savedAt: event.occurredAt } },
        { upsert: true },
      );
    } catch (error) {
      // The entry exists and is newer than this event (the filter missed it, the upsert met its _id).
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async find(cinemaId: string): Promise<KnownCinema | null> {
    const entry = await this.collection.findOne({ _id: cinemaId });
    return entry ? toKnownCinema(entry) : null;
  }

  /** Every cinema heard of, by id. */
  async all(): Promise<KnownCinema[]> {
    return (await this.collection.find().sort({ _id: 1 }).toArray()).map(toKnownCinema);
  }
}

function toKnownCinema({ _id, slug, name, city, address, timeZone }: KnownCinemaEntry): KnownCinema {
  return { id: _id, slug, name, city, address, timeZone };
}
