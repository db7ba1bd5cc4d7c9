import type { EventOfType, MovieFacts, ShowType } from '@cine/contracts';
import { isDuplicateKeyError } from '@cine/service-kit';
import type { Connection } from 'mongoose';

/** What booking keeps of a catalog movie. `release` is 'yyyy-mm-dd'. */
export interface ProjectedMovie {
  _id: string;
  title: string;
  runtime: number;
  type: ShowType;
  release: string;
  /** Set by movie.deleted, or while archived: the title stays for shows and orders already made. */
  deleted?: boolean;
  /** occurredAt of the event applied last: an older event arriving late changes nothing. */
  asOf: string;
}

const TITLE_MEMORY_MS = 30_000;
const REMEMBERED_TITLES = 1000;

/** Called after a movie event was applied (the shows and the demo seed listen). */
export type MovieListener = (movie: ProjectedMovie) => Promise<void>;

/**
 * The `movies` projection of the catalog's movie events (consumer
 * 'booking.movies'), so show views carry the title without calling the catalog.
 */
export class MovieProjection {
  private readonly collection;
  private readonly appliedListeners: MovieListener[] = [];
  private readonly createdListeners: MovieListener[] = [];
  /** Titles read lately: every hold and checkout shows one (forgotten when this process applies a change; another instance's change shows after TITLE_MEMORY_MS). */
  private readonly titles = new Map<string, { title: string; until: number }>();
  /** Bumped by each change this process applies (the show listings remember which movies are deleted until it moves). */
  revision = 0;

  constructor(db: Connection) {
    this.collection = db.collection<ProjectedMovie>('movies');
  }

  /** After every event applied (a redelivered one too: a listener must be idempotent). */
  onApplied(listener: MovieListener): void {
    this.appliedListeners.push(listener);
  }

  onCreated(listener: MovieListener): void {
    this.createdListeners.push(listener);
  }

  /** The consumer of subscriptions.movies. */
  async handle(event: EventOfType<'movie.created' | 'movie.updated' | 'movie.deleted'>): Promise<void> {
    // An archived movie is withdrawn as a deleted one is (its shows stop selling and leave the listings) until brought back.
    const applied = await this.apply(event.data, event.occurredAt, event.type === 'movie.deleted' || event.data.archived === true);
    if (!applied) return;
    for (const listener of this.appliedListeners) await listener(applied);
    if (event.type === 'movie.created') {
      for (const listener of this.createdListeners) await listener(applied);
    }
  }

  /** Stores the facts unless a newer event was applied already; answers the stored movie, or undefined when stale. */
  async apply(facts: MovieFacts, occurredAt: string, deleted: boolean): Promise<ProjectedMovie | undefined> {
    const movie: ProjectedMovie = {
      _id: facts.movieId,
      title: facts.title,
      runtime: facts.runtime,
      type: facts.type,
      release: facts.release,
      asOf: occurredAt,
      ...(deleted ? { deleted: true } : {}),
    };
    const { _id, ...fields } = movie;
    this.titles.delete(_id);
    this.revision += 1;
    try {
      await this.collection.updateOne(
        { _id, asOf: { $lte: occurredAt } },
        deleted ? { $set: fields } : { $set: fields, $unset: { deleted: '' } },
        { upsert: true },
      );
      return movie;
    } catch (error) {
      // The upsert met a document with a newer asOf (same _id): this event is older.
      if (isDuplicateKeyError(error)) return undefined;
      throw error;
    }
  }

  /** A movie that exists (not deleted). */
  async find(movieId: string): Promise<ProjectedMovie | null> {
    return this.collection.findOne({ _id: movieId, deleted: { $ne: true } });
  }

  /** Every movie that exists, by id. */
  async all(): Promise<ProjectedMovie[]> {
    return this.collection
      .find({ deleted: { $ne: true } })
      .sort({ _id: 1 })
      .toArray();
  }

  /** Title of each known movie among the ids (deleted ones too: their shows and orders keep it). */
  async titlesOf(ids: Iterable<string>): Promise<Map<string, string>> {
    const titles = new Map<string, string>();
    const now = Date.now();
    for (const id of new Set(ids)) {
      const remembered = this.titles.get(id);
      if (remembered && remembered.until > now) titles.set(id, remembered.title);
    }
    const missing = [...new Set(ids)].filter((id) => !titles.has(id));
    if (missing.length === 0) return titles;
    const movies = await this.collection.find({ _id: { $in: missing } }, { projection: { title: 1 } }).toArray();
    for (const movie of movies) {
      titles.set(movie._id, movie.title);
      this.titles.set(movie._id, { title: movie.title, until: now + TITLE_MEMORY_MS });
    }
    if (this.titles.size > REMEMBERED_TITLES) this.titles.clear();
    return titles;
  }

  /** Ids of deleted movies among the ids. */
  async deletedAmong(ids: Iterable<string>): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const movies = await this.collection.find({ _id: { $in: unique }, deleted: true }, { projection: { _id: 1 } }).toArray();
    return new Set(movies.map((movie) => movie._id));
  }
}
