import { isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Connection } from 'mongoose';
import type { ListingWriters } from './listing-writers';
import type { ShowDocument } from './show-model';

/** Held seats of a show that lapse together. */
interface LapsingHolds {
  /** heldUntil (null: a held seat without one, free in every read). */
  until: Date | null;
  seats: number;
}

/**
 * A show as the listings read it: the show without its seats, with its held
 * seats counted by the time they lapse, so the free seats of any instant are
 * known without the seat list.
 */
export interface ListedShow extends Omit<ShowDocument, 'seats' | 'holdsExpireAt'> {
  holds: LapsingHolds[];
}

export interface ShowListingOptions {
  /** How old (ms) the database read behind an answer may be: the bound on how far behind the writes a listing is. */
  maxAgeMs?: number;
  /** Wall clock of that bound (tests move it). */
  now?: () => number;
  /** The cinema's clock, which tells the shows long past (the service's clock). */
  clock?: () => Date;
  /** The registry of the processes writing shows: while no other process writes, this one's own copy is exact and no summary is read again. Without it, every refresh reads every summary. */
  writers?: ListingWriters;
}

/** How long after its start a show keeps its summary (read by id for a day, as a buyer looks back); older ones are deleted. */
const KEPT_AFTER_START_MS = 24 * 60 * 60_000;
/** How often a process deletes the summaries of shows past that. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** Every show in one read, and when that read started. */
interface Snapshot {
  /** The instant this copy is exact as of: its read of every summary, or a later check that no other process wrote since. */
  readAt: number;
  /** When the read of every summary behind it started. */
  fullReadAt: number;
  byId: Map<string, ListedShow>;
  /** By startsAt, then room (built on first use). */
  sorted?: ListedShow[];
}

/** The listing's own copy of a show as written: the seats taken now, holds counted by when they lapse. */
function listedShowOf(show: ShowDocument): ListedShow {
  const { seats, holdsExpireAt: _earliest, ...fields } = show;
  const lapsing = new Map<number, number>();
  for (const seat of seats) {
    if (seat.state === 'held') lapsing.set(seat.heldUntil?.getTime() ?? 0, (lapsing.get(seat.heldUntil?.getTime() ?? 0) ?? 0) + 1);
  }
  return {
    ...fields,
    available: show.capacity - seats.length,
    holds: [...lapsing].map(([until, count]) => ({ until: until === 0 ? null : new Date(until), seats: count })),
  };
}

/** Seats free at `now`: the stored count plus the holds that have lapsed since. */
export function freeSeatsAt(show: ListedShow, now: Date): number {
  return show.available + show.holds.reduce((lapsed, hold) => lapsed + (hold.until === null || hold.until <= now ? hold.seats : 0), 0);
}

/**
 * The read model of the show listings (`show_summaries`): one small document
 * per show, written after each write of the show (seats, admin's edits), so
 * the listings never read the seat lists. FerretDB decodes a whole document
 * even when a projection leaves its seats out, and a filter other than by
 * _id reads every document of the collection.
 *
 * Staleness: every process answers from its last read of the whole
 * collection, as long as that read STARTED at most `maxAgeMs` (1 s) before
 * the request arrived; otherwise the request waits for a new read (one at a
 * time, shared; past half that age the next read starts in the background).
 * A write committed before that read started is in it, so
 * whatever instance wrote it, a listing is at most `maxAgeMs` behind the
 * writes. This process's own writes show at once (read your writes).
 * While no other process writes shows on the database (listing-writers.ts:
 * the embedded default, one booking container), a read of the small registry
 * of writing processes stands for the read of every summary: the copy, kept
 * by this process's own writes, is exact as of that check.
 * Summaries are written after their show with its version, and a summary
 * never replaces a newer one; start-up rebuilds any that a crash left behind.
 * A show's summary is deleted a day after the show started (the listings show
 * upcoming shows), so the collection every read goes through does not grow
 * with the cinema's past.
 */
export class ShowListing {
  private readonly collection;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly clock: () => Date;
  private readonly writers?: ListingWriters;
  private snapshot?: Snapshot;
  /** When this process last deleted the summaries of past shows (wall clock). */
  private prunedAt = Number.NEGATIVE_INFINITY;
  private refreshing?: { startedAt: number; done: Promise<Snapshot> };
  /** This process's writes, by when they completed: replayed over a read that started before them. */
  private recentWrites: Array<{ at: number; id: string; show: ListedShow | null }> = [];

  constructor(db: Connection, { maxAgeMs = 1000, now = Date.now, clock = () => new Date(), writers }: ShowListingOptions = {}) {
    this.collection = db.collection<ListedShow>('show_summaries');
    this.maxAgeMs = maxAgeMs;
    this.now = now;
    this.clock = clock;
    this.writers = writers;
  }

  /** When the read behind the last answer of all() started (it changes with each new read, not with this process's writes). */
  get readAt(): number | undefined {
    return this.snapshot?.readAt;
  }

  /** Every show listed, by start then room. */
  async all(): Promise<readonly ListedShow[]> {
    const snapshot = await this.current();
    snapshot.sorted ??= [...snapshot.byId.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.roomId - b.roomId);
    return snapshot.sorted;
  }

  /** One show as the last read of all has it; null when it has not seen it (created meanwhile by another instance, or long past). */
  async one(id: string): Promise<ListedShow | null> {
    return (await this.current()).byId.get(id) ?? null;
  }

  /** After the show was written: its summary, unless a newer one is stored. */
  async save(show: ShowDocument): Promise<void> {
    const listed = listedShowOf(show);
    try {
      await this.collection.replaceOne({ _id: show._id, version: { $lt: show.version } }, listed, { upsert: true });
    } catch (error) {
      // A summary of a newer version is stored (same _id): this one is older.
      if (!isDuplicateKeyError(error)) throw error;
    }
    this.remember(show._id.toHexString(), listed);
  }

  /** After the show was deleted. */
  async remove(id: Types.ObjectId): Promise<void> {
    await this.collection.deleteOne({ _id: id });
    this.remember(id.toHexString(), null);
  }

  /**
   * The scheduled job (plugins/jobs.ts): deletes the summaries of the shows that started before the retention,
   * whether or not anyone reads the listings (a read prunes its own copy too). Answers how many went.
   */
  async prunePast(): Promise<number> {
    const keptFrom = this.keptFrom();
    const { deletedCount } = await this.collection.deleteMany({ startsAt: { $lt: keptFrom } });
    if (this.snapshot) {
      for (const [id, listed] of this.snapshot.byId) if (listed.startsAt < keptFrom) this.snapshot.byId.delete(id);
      this.snapshot.sorted = undefined;
    }
    return deletedCount;
  }

  /** Start-up: a summary for every show kept whose summary is missing or older (a crash between the two writes), none for shows gone or long past. */
  async rebuild(shows: AsyncIterable<ShowDocument>): Promise<number> {
    const keptFrom = this.keptFrom();
    const stored = new Map(
      (await this.collection.find({}, { projection: { version: 1 } }).toArray()).map((listed) => [listed._id.toHexString(), listed]),
    );
    let rebuilt = 0;
    for await (const show of shows) {
      const id = show._id.toHexString();
      if (show.startsAt < keptFrom) continue;
      const listed = stored.get(id);
      stored.delete(id);
      if (listed && listed.version >= show.version) continue;
      await this.save(show);
      rebuilt += 1;
    }
    for (const gone of stored.values()) await this.remove(gone._id);
    return rebuilt + stored.size;
  }

  /**
   * The last read of all when it started within maxAgeMs; else the read under way when it did; else a new one.
   * Past half its age a new read starts in the background, so a steady stream of requests seldom waits for one.
   */
  private current(): Promise<Snapshot> {
    const now = this.now();
    const oldest = now - this.maxAgeMs;
    if (this.snapshot && this.snapshot.readAt >= oldest) {
      if (this.snapshot.readAt < now - this.maxAgeMs / 2 && !this.refreshing) this.refresh().catch(() => undefined);
      return Promise.resolve(this.snapshot);
    }
    if (this.refreshing && this.refreshing.startedAt >= oldest) return this.refreshing.done;
    return this.refresh();
  }

  private refresh(): Promise<Snapshot> {
    const refreshing = { startedAt: this.now(), done: Promise.resolve() as unknown as Promise<Snapshot> };
    refreshing.done = this.read(refreshing.startedAt).finally(() => {
      if (this.refreshing === refreshing) this.refreshing = undefined;
    });
    this.refreshing = refreshing;
    return refreshing.done;
  }

  private async read(startedAt: number): Promise<Snapshot> {
    if (this.snapshot && this.writers && !(await this.writers.othersWroteSince(this.snapshot.fullReadAt))) {
      // No other process can have written a show since the last read of every summary (a later snapshot's is later
      // still): the copy, which this process's own writes keep (remember()), is exact as of startedAt.
      const current = this.snapshot;
      current.readAt = Math.max(current.readAt, startedAt);
      if (await this.prune(current.byId)) current.sorted = undefined;
      return current;
    }
    const byId = new Map((await this.collection.find({}).toArray()).map((listed) => [listed._id.toHexString(), listed]));
    // This process's writes that completed after the read started may be missing from it.
    this.recentWrites = this.recentWrites.filter((write) => write.at >= startedAt - this.maxAgeMs);
    for (const write of this.recentWrites) {
      if (write.at < startedAt) continue;
      if (write.show) byId.set(write.id, newer(byId.get(write.id), write.show));
      else byId.delete(write.id);
    }
    await this.prune(byId);
    const snapshot: Snapshot = { readAt: startedAt, fullReadAt: startedAt, byId };
    // Installed in the same turn as the replay: a write completing later updates it in remember().
    if (!this.snapshot || this.snapshot.readAt <= startedAt) this.snapshot = snapshot;
    return snapshot;
  }

  /** Shows that started before this are no longer kept. */
  private keptFrom(): Date {
    return new Date(this.clock().getTime() - KEPT_AFTER_START_MS);
  }

  /** At most every PRUNE_EVERY_MS: deletes the summaries in `byId` of shows no longer kept, and leaves them out of it; whether any were. */
  private async prune(byId: Map<string, ListedShow>): Promise<boolean> {
    if (this.now() - this.prunedAt < PRUNE_EVERY_MS) return false;
    this.prunedAt = this.now();
    const keptFrom = this.keptFrom();
    const past = [...byId.values()].filter((listed) => listed.startsAt < keptFrom).map((listed) => listed._id);
    if (past.length === 0) return false;
    await this.collection.deleteMany({ _id: { $in: past } });
    for (const id of past) byId.delete(id.toHexString());
    return true;
  }

  private remember(id: string, show: ListedShow | null): void {
    this.recentWrites.push({ at: this.now(), id, show });
    if (!this.snapshot) return;
    if (show) this.snapshot.byId.set(id, newer(this.snapshot.byId.get(id), show));
    else this.snapshot.byId.delete(id);
    this.snapshot.sorted = undefined;
  }
}

function newer(stored: ListedShow | undefined, written: ListedShow): ListedShow {
  return stored && stored.version > written.version ? stored : written;
}
