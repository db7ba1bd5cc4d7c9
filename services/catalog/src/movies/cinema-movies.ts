import type { EventOfType } from '@cine/contracts';
import { isDuplicateKeyError, type EventBus, type Subscription } from '@cine/service-kit';
import type { Collection, Connection } from 'mongoose';

/** The movies with a show not yet ended at one cinema, as booking last told (`asOf`: that event's instant). */
interface CinemaMoviesEntry {
  _id: string;
  movieIds: string[];
  asOf: string;
}

/** Which movies play where: each cinema's set, and every movie that plays somewhere. */
export interface MoviesByCinema {
  of(cinemaId: string): ReadonlySet<string>;
  /** Movies with a show at any cinema (the premieres of a cinema also list those with none anywhere yet). */
  anywhere: ReadonlySet<string>;
}

/**
 * A projection of booking's `cinema.movies-changed` (the whole set of a cinema each time), so the billboard
 * and the premieres of `?cinemaId=` are filtered without asking booking. The latest event of a cinema wins:
 * a redelivery or an older event arriving late leaves the set as it is.
 */
export class CinemaMovies {
  private constructor(private readonly collection: Collection<CinemaMoviesEntry>) {}

  static open(db: Connection): CinemaMovies {
    return new CinemaMovies(db.collection<CinemaMoviesEntry>('cinema_movies'));
  }

  /** Consumes the subscription; `changed` runs after each set is written (the catalog drops its cached listings). */
  async subscribe(bus: EventBus, { consumer, events }: Subscription<'cinema.movies-changed'>, changed: () => void): Promise<void> {
    await bus.subscribe(consumer, events, async (event) => {
      await this.handle(event);
      changed();
    });
  }

  async handle(event: EventOfType<'cinema.movies-changed'>): Promise<void> {
    const { cinemaId, movieIds } = event.data;
    try {
      await this.collection.updateOne(
        { _id: cinemaId, asOf: { $lte: event.occurredAt } },
        { $set: { movieIds: [...new Set(movieIds)], asOf: event.occurredAt } },
        { upsert: true },
      );
    } catch (error) {
      // A newer set is stored (the filter missed it, the upsert met its _id): it stays.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Every cinema's set, read at once (a document per cinema). */
  async read(): Promise<MoviesByCinema> {
    const entries = await this.collection.find().toArray();
    const byCinema = new Map(entries.map((entry) => [entry._id, new Set(entry.movieIds)]));
    const none = new Set<string>();
    return {
      of: (cinemaId) => byCinema.get(cinemaId) ?? none,
      anywhere: new Set(entries.flatMap((entry) => entry.movieIds)),
    };
  }
}
