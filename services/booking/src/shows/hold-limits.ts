import { isDuplicateKeyError } from '@cine/service-kit';
import type { Connection } from 'mongoose';
import { KeyedBatches, KeyedLock } from '../keyed-lock';
import { refused } from '../refusal';
import type { UserHolds } from './user-holds';

/**
 * Limits that keep a few people from emptying a show by holding seats they
 * never pay (README, "Limits on holding"; docs/security.md):
 * - an account holds seats of one show at a time, at most MAX_SEATS_PER_PURCHASE
 *   (a new hold releases the account's other holds);
 * - one client (`clientKey`: an IPv4 address, or an IPv6 address's /64) holds at most
 *   `perAddress` seats at once, across its accounts and shows;
 * - a hold lasts HOLD_MINUTES from each renewal, but an account's holds on one show
 *   end `maxMinutes` after the first at the latest (each show its own window, kept
 *   while the account holds others); then that account must wait HOLD_MINUTES
 *   before holding seats of that show again, so the seats go back on sale.
 */
export interface HoldLimitSettings {
  perAddress: number;
  maxMinutes: number;
}

function tooManySeatsFromAddress(limit: number): string {
  return `Desde tu conexión ya hay demasiados asientos reservados a la vez (máximo ${limit}). Completa o libera una compra antes de reservar más.`;
}

function holdRenewalsExhausted(minutes: number): string {
  return `Tu reserva de esta función ya se renovó el máximo permitido. Podrás elegir asientos de nuevo en ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}.`;
}

/**
 * A user id as a key of an address's `holders`: an admin may hold seats for any user id, and a key
 * may not carry what a user id may (`.`, `$`, NUL).
 */
function holderKey(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

interface Held {
  seats: number;
  until: Date;
}

interface QueuedClaim {
  userId: string;
  count: number;
  until: Date;
  now: Date;
  resolve: (previous: Held | undefined) => void;
  reject: (reason: unknown) => void;
}

/** A user's count at an address put back (`previous`) or dropped, waiting for the address's next batch. */
interface QueuedRestore {
  userId: string;
  previous: Held | undefined;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

/** One entry per client address: the seats each of its accounts holds and until when (read and written by _id only: fast on FerretDB). */
interface AddressEntry {
  _id: string;
  holders: Record<string, Held>;
  /** Up by one with every write (absent on entries written before it was kept): guards the writes made from this process's copy. */
  version?: number;
}

/** An address's entry as this process last read or wrote it. */
interface KnownEntry {
  holders: Record<string, Held>;
  /** 0: no entry stored, or one without a version. */
  version: number;
}

/** Addresses whose entries this process remembers (the most recently written). */
const REMEMBERED_ADDRESSES = 1000;
/** Tries of a batch whose write lost to another instance (each after reading the entry again). */
const WRITE_ATTEMPTS = 5;

/**
 * The hold ledger, in booking's database so every instance sees it. A hold
 * is counted against its address before its seats are written (claims of
 * one address in batches in this process: a read and a write each), and the
 * count is put back when the seats cannot be had; two instances may each
 * admit one simultaneous hold from the same address. Counts given back
 * (a failed hold, a release, a sale) are batched per address too, one write
 * each batch, under the same per-address lock as the claims, so a claim's
 * rewrite of the entry never undoes them in this process.
 */
export class HoldLimits {
  private readonly addresses;
  /** Entries as this process last wrote them, so a claim from an address counted here before reads nothing (the version guards the write). */
  private readonly known = new Map<string, KnownEntry>();
  /** Claims waiting for their address's next batch, by address. */
  private readonly addressLock = new KeyedLock();
  private readonly claims = new KeyedBatches<QueuedClaim>(this.addressLock, (address, batch) => this.countBatch(address, batch));
  /** Counts put back or dropped, waiting for their address's next batch. */
  private readonly restores = new KeyedBatches<QueuedRestore>(this.addressLock, (address, batch) => this.restoreBatch(address, batch));

  constructor(
    db: Connection,
    /** Where each account's entry (the address its seats count against) and its renewal windows are kept. */
    private readonly accounts: UserHolds,
    private readonly holdMinutes: number,
    readonly settings: HoldLimitSettings,
  ) {
    this.addresses = db.collection<AddressEntry>('hold_addresses');
  }

  /**
   * The renewal window of a new hold of the show by the user: since when the
   * account holds it and until when this hold may last (now + HOLD_MINUTES,
   * capped), and the account's windows of other shows that are over (the
   * hold's write drops them); refused (conflict) when its renewals are used up. Each show
   * keeps its own window: holding another show in between does not restart
   * it, and a buyer who changes their mind gets a whole window for the other
   * show (they hold one show at a time, so no show is kept off sale longer).
   */
  async window(userId: string, showId: string, now: Date): Promise<{ since: Date; until: Date; ended: string[]; shows: string[] }> {
    const { windows, shows } = await this.accounts.windowsOf(userId);
    const maxMs = this.settings.maxMinutes * 60_000;
    // A window and the wait after it: until then a new hold of the show continues it.
    const spanMs = maxMs + this.holdMinutes * 60_000;
    const isOver = (since: Date) => now.getTime() >= since.getTime() + spanMs;
    const started = windows[showId];
    const since = started && !isOver(started) ? started : now;
    if (now.getTime() >= since.getTime() + maxMs) {
      const waitMinutes = Math.ceil((since.getTime() + spanMs - now.getTime()) / 60_000);
      throw refused('conflict', holdRenewalsExhausted(waitMinutes));
    }
    const ended = Object.entries(windows)
      .filter(([id, start]) => id !== showId && isOver(start))
      .map(([id]) => id);
    return {
      since,
      until: new Date(Math.min(now.getTime() + this.holdMinutes * 60_000, since.getTime() + maxMs)),
      ended,
      // The shows the user may hold seats of (SeatHolds' one-cinema cart rule reads them from here: no second read).
      shows,
    };
  }

  /**
   * Counts `count` seats of the user against the address until `until`, or
   * throws a refusal (conflict) when the address would hold more than its limit. Answers the
   * user's previous count there, for `unclaim` when the hold then fails.
   * Claims of one address are queued in this process and counted in batches:
   * one read and one write of the address's entry for all the claims that
   * arrived while the previous batch was written (a rush from one address,
   * e.g. behind one NAT, does not make two round trips per buyer one after
   * another).
   */
  claim(userId: string, address: string, count: number, until: Date, now: Date): Promise<Held | undefined> {
    return new Promise((resolve, reject) => {
      this.claims.add(address, { userId, count, until, now, resolve, reject });
    });
  }

  private async countBatch(address: string, batch: readonly QueuedClaim[]): Promise<void> {
    try {
      const now = (batch[0] as QueuedClaim).now;
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
        // The entry as this process wrote it last (not read again), or as stored; a write that lost re-reads.
        const known = (attempt === 0 && this.known.get(address)) || (await this.read(address));
        const holders = { ...known.holders };
        // Rewritten whole, without lapsed holds, so the entry never grows past the address's live holders.
        const live = Object.fromEntries(Object.entries(holders).filter(([, entry]) => entry.until > now));
        const answers = batch.map((claim) => {
          const key = holderKey(claim.userId);
          const heldFromAddress = Object.entries(live).reduce((sum, [holder, held]) => (holder === key ? sum : sum + held.seats), 0);
          if (heldFromAddress + claim.count > this.settings.perAddress)
            return () => claim.reject(refused('conflict', tooManySeatsFromAddress(this.settings.perAddress)));
          const previous = holders[key];
          holders[key] = live[key] = { seats: claim.count, until: claim.until };
          return () => claim.resolve(previous);
        });
        if (!(await this.writeIfCurrent(address, known, live))) continue;
        for (const answer of answers) answer();
        return;
      }
      throw new Error(`hold ledger of ${address} kept changing`);
    } catch (error) {
      for (const claim of batch) claim.reject(error);
    }
  }

  /** The address's entry as stored. */
  private async read(address: string): Promise<KnownEntry> {
    const entry = await this.addresses.findOne({ _id: address });
    return { holders: entry?.holders ?? {}, version: entry?.version ?? 0 };
  }

  /**
   * Writes the address's holders if its entry is still the one `known` was (its version: another
   * instance's write moves it on), and remembers what it wrote; false (forgotten) when it was not.
   */
  private async writeIfCurrent(address: string, known: KnownEntry, holders: Record<string, Held>): Promise<boolean> {
    const version = known.version + 1;
    try {
      const written =
        known.version === 0
          ? await this.addresses.updateOne({ _id: address, version: { $exists: false } }, { $set: { holders, version } }, { upsert: true })
          : await this.addresses.updateOne({ _id: address, version: known.version }, { $set: { holders, version } });
      if (written.matchedCount + written.upsertedCount === 1) {
        this.remember(address, { holders, version });
        return true;
      }
    } catch (error) {
      // The upsert of an entry another instance wrote meanwhile (same _id, with a version).
      if (!isDuplicateKeyError(error)) throw error;
    }
    this.known.delete(address);
    return false;
  }

  private remember(address: string, entry: KnownEntry): void {
    this.known.delete(address);
    this.known.set(address, entry);
    if (this.known.size > REMEMBERED_ADDRESSES) this.known.delete(this.known.keys().next().value as string);
  }

  /** The hold `claim` counted failed: the user's previous count there is put back. */
  unclaim(userId: string, address: string, previous: Held | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.restores.add(address, { userId, previous, resolve, reject });
    });
  }

  /** One write for the batch: each user's count set back to `previous`, or dropped; the last of a user's wins. */
  private async restoreBatch(address: string, batch: readonly QueuedRestore[]): Promise<void> {
    try {
      const restored = new Map(batch.map(({ userId, previous }) => [holderKey(userId), previous]));
      // From the entry this process wrote last: the whole holders, guarded by its version.
      const known = this.known.get(address);
      if (known) {
        const holders = { ...known.holders };
        for (const [key, previous] of restored) {
          if (previous) holders[key] = previous;
          else delete holders[key];
        }
        if (await this.writeIfCurrent(address, known, holders)) {
          for (const restore of batch) restore.resolve();
          return;
        }
      }
      // Else field by field, without reading; the version moves on so the other instances' copies go stale.
      const set: Record<string, Held> = {};
      const unset: Record<string, ''> = {};
      for (const [key, previous] of restored) {
        if (previous) set[`holders.${key}`] = previous;
        else unset[`holders.${key}`] = '';
      }
      await this.addresses.updateOne(
        { _id: address },
        {
          ...(Object.keys(set).length > 0 ? { $set: set } : {}),
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
          $inc: { version: 1 },
        },
      );
      for (const restore of batch) restore.resolve();
    } catch (error) {
      for (const restore of batch) restore.reject(error);
    }
  }

  /** The user let the show's seats go: they no longer count, but the renewal window stays (no reset by release and hold). */
  async released(userId: string, showId: string, now: Date): Promise<void> {
    const entry = await this.accounts.released(userId, showId, now);
    if (entry) await this.forget(entry.address, userId);
  }

  /**
   * The account's seats no longer count at the address: its hold moved to
   * another address, or its entry ended with a sale (UserHolds, which keeps
   * the entries, says which).
   */
  forget(address: string, userId: string): Promise<void> {
    return this.unclaim(userId, address, undefined);
  }
}
