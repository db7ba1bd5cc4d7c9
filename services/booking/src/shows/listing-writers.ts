import { Types, type Connection } from 'mongoose';

/** A booking process that writes shows, as the registry keeps it. */
interface WriterEntry {
  _id: Types.ObjectId;
  /** Its last heartbeat (its wall clock). */
  seenAt: Date;
  /** When it closed; absent while it runs, or when it crashed. */
  leftAt?: Date;
}

export interface ListingWritersOptions {
  /** Wall clock (tests move it). */
  now?: () => number;
  /** How often a process says it is still running. */
  heartbeatMs?: number;
}

/** How long after its last heartbeat a process that never said it left may still have a write landing. */
const WRITE_AFTER_HEARTBEAT_MS = 5_000;
/** Allowance for the wall clocks of two machines. */
const CLOCK_SKEW_MS = 2_000;
/** Entries of processes gone for this long are deleted. */
const FORGOTTEN_AFTER_MS = 60 * 60_000;

/**
 * The booking processes that write shows on this database
 * (`show_listing_writers`), so that a process can tell whether any other
 * could have written since a given instant: when none could, its own copy of
 * the show summaries, which its own writes keep, is exact, and the listings
 * need no new read of every summary (show-listing.ts).
 *
 * A process joins before it serves (its entry is written before any of its
 * writes), says it is running every `heartbeatMs`, and marks when it leaves.
 * Another process could have written at or after instant T when its entry
 * exists and it left at or after T, or, never having left, its last
 * heartbeat plus WRITE_AFTER_HEARTBEAT_MS (a crashed process) is at or after
 * T, with CLOCK_SKEW_MS of allowance either way.
 */
export class ListingWriters {
  readonly id = new Types.ObjectId();
  private readonly collection;
  private readonly now: () => number;
  private readonly heartbeatMs: number;
  private heartbeat?: NodeJS.Timeout;

  constructor(db: Connection, { now = Date.now, heartbeatMs = 1_000 }: ListingWritersOptions = {}) {
    this.collection = db.collection<WriterEntry>('show_listing_writers');
    this.now = now;
    this.heartbeatMs = heartbeatMs;
  }

  /** Registers this process (before it writes anything) and starts its heartbeat; forgets processes long gone. */
  async join(): Promise<void> {
    await this.beat();
    await this.collection.deleteMany({ seenAt: { $lt: new Date(this.now() - FORGOTTEN_AFTER_MS) } });
    this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Marks this process gone: the others read every summary once more, then no longer count it. */
  async leave(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.collection.updateOne({ _id: this.id }, { $set: { leftAt: new Date(this.now()) } });
  }

  /** Whether another process may have written a show at or after `since` (wall clock ms). */
  async othersWroteSince(since: number): Promise<boolean> {
    const entries = await this.collection.find({ _id: { $ne: this.id } }).toArray();
    return entries.some((entry) => lastPossibleWrite(entry) + CLOCK_SKEW_MS >= since);
  }

  private async beat(): Promise<void> {
    await this.collection.updateOne({ _id: this.id }, { $set: { seenAt: new Date(this.now()) } }, { upsert: true });
  }
}

function lastPossibleWrite(entry: WriterEntry): number {
  return entry.leftAt ? entry.leftAt.getTime() : entry.seenAt.getTime() + WRITE_AFTER_HEARTBEAT_MS;
}
