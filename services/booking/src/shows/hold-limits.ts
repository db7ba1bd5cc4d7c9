import { readEnv } from '@cine/service-kit';
import type { Connection } from 'mongoose';
import { BookingError } from './booking-errors';

/**
 * Limits that keep a few people from emptying a show by holding seats they
 * never pay (README, "Security"):
 * - an account holds seats of one show at a time, at most MAX_SEATS_PER_PURCHASE
 *   (a new hold releases the account's other holds);
 * - one client address holds at most `perAddress` seats at once, across its accounts and shows;
 * - a hold lasts HOLD_MINUTES from each renewal, but an account's holds on one show
 *   end `maxMinutes` after the first at the latest; then that account must wait
 *   HOLD_MINUTES before holding seats of that show again, so the seats go back on sale.
 */
export interface HoldLimitSettings {
  perAddress: number;
  maxMinutes: number;
}

export const DEFAULT_HELD_SEATS_PER_ADDRESS = 20;

function positiveInteger(name: string, fallback: number): number {
  const text = readEnv(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not '${text}'`);
  return value;
}

/** MAX_HELD_SEATS_PER_ADDRESS (default 20) and HOLD_MAX_MINUTES (default twice HOLD_MINUTES). */
export function holdLimitsFromEnv(holdMinutes: number): HoldLimitSettings {
  return {
    perAddress: positiveInteger('MAX_HELD_SEATS_PER_ADDRESS', DEFAULT_HELD_SEATS_PER_ADDRESS),
    maxMinutes: Math.max(holdMinutes, positiveInteger('HOLD_MAX_MINUTES', 2 * holdMinutes)),
  };
}

export function tooManySeatsFromAddress(limit: number): string {
  return `Desde tu conexión ya hay demasiados asientos reservados a la vez (máximo ${limit}). Completa o libera una compra antes de reservar más.`;
}

export function holdRenewalsExhausted(minutes: number): string {
  return `Tu reserva de esta función ya se renovó el máximo permitido. Podrás elegir asientos de nuevo en ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}.`;
}

/** One entry per account: the show it holds seats of, from which address, since when and until when. */
export interface LedgerEntry {
  _id: string;
  address: string;
  showId: string;
  seats: number;
  since: Date;
  until: Date;
}

/**
 * A user id as a key of an address's `holders`: an admin may hold seats for any user id, and a key
 * may not carry what a user id may (`.`, `$`, NUL).
 */
function holderKey(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

/** One entry per client address: the seats each of its accounts holds and until when (read and written by _id only: fast on FerretDB). */
interface AddressEntry {
  _id: string;
  holders: Record<string, { seats: number; until: Date }>;
}

/**
 * The hold ledger, in booking's database so every instance sees it. A hold
 * is admitted and recorded before its seats are written (one address at a
 * time in this process, SeatInventory), and the entry is put back when the
 * seats cannot be had; two instances may each admit one simultaneous hold
 * from the same address.
 */
export class HoldLimits {
  private readonly accounts;
  private readonly addresses;

  constructor(
    db: Connection,
    private readonly holdMinutes: number,
    readonly settings: HoldLimitSettings,
  ) {
    this.accounts = db.collection<LedgerEntry>('hold_ledger');
    this.addresses = db.collection<AddressEntry>('hold_addresses');
  }

  /**
   * When a new hold of `count` seats of the show by the user from the address
   * may last until (now + HOLD_MINUTES, capped by the renewal limit); throws
   * 409 when the address holds too many seats or the renewals are used up.
   */
  async admit(userId: string, address: string, showId: string, count: number, now: Date): Promise<{ since: Date; until: Date }> {
    const mine = await this.accounts.findOne({ _id: userId });
    const maxMs = this.settings.maxMinutes * 60_000;
    const cooldownMs = this.holdMinutes * 60_000;
    const continuing = mine !== null && mine.showId === showId && now.getTime() < mine.since.getTime() + maxMs + cooldownMs;
    const since = continuing ? mine.since : now;
    if (now.getTime() >= since.getTime() + maxMs) {
      const waitMinutes = Math.ceil((since.getTime() + maxMs + cooldownMs - now.getTime()) / 60_000);
      throw new BookingError(409, holdRenewalsExhausted(waitMinutes));
    }
    const holders = (await this.addresses.findOne({ _id: address }))?.holders ?? {};
    const heldFromAddress = Object.entries(holders)
      .filter(([holder, held]) => holder !== holderKey(userId) && held.until > now)
      .reduce((sum, [, held]) => sum + held.seats, 0);
    if (heldFromAddress + count > this.settings.perAddress) throw new BookingError(409, tooManySeatsFromAddress(this.settings.perAddress));
    const until = new Date(Math.min(now.getTime() + this.holdMinutes * 60_000, since.getTime() + maxMs));
    return { since, until };
  }

  /**
   * Writes the account's entry (its seats counted against the address from
   * now on) and answers the entry it replaced, for `restore` when the hold
   * then fails.
   */
  async record(userId: string, address: string, showId: string, seats: number, since: Date, until: Date, now: Date): Promise<LedgerEntry | null> {
    const previous = await this.accounts.findOneAndUpdate({ _id: userId }, { $set: { address, showId, seats, since, until } }, { upsert: true });
    if (previous && previous.address !== address) await this.forget(previous.address, userId);
    await this.setHolder(address, userId, { seats, until }, now);
    return previous;
  }

  /** Puts back the account's entry `record` replaced (the hold it was written for failed). */
  async restore(userId: string, address: string, previous: LedgerEntry | null, now: Date): Promise<void> {
    if (!previous) {
      await this.accounts.deleteOne({ _id: userId });
      await this.forget(address, userId);
      return;
    }
    await this.accounts.replaceOne({ _id: userId }, previous, { upsert: true });
    if (previous.address !== address) await this.forget(address, userId);
    await this.setHolder(previous.address, userId, { seats: previous.seats, until: previous.until }, now);
  }

  /** The address's entry is rewritten whole, without lapsed holds, so it never grows past its live holders. */
  private async setHolder(address: string, userId: string, held: { seats: number; until: Date }, now: Date): Promise<void> {
    const holders = (await this.addresses.findOne({ _id: address }))?.holders ?? {};
    const key = holderKey(userId);
    const live = Object.fromEntries(Object.entries(holders).filter(([holder, entry]) => holder !== key && entry.until > now));
    await this.addresses.updateOne({ _id: address }, { $set: { holders: { ...live, [key]: held } } }, { upsert: true });
  }

  /** The user let the show's seats go: they no longer count, but the renewal window stays (no reset by release and hold). */
  async released(userId: string, showId: string, now: Date): Promise<void> {
    const entry = await this.accounts.findOneAndUpdate({ _id: userId, showId }, { $set: { seats: 0, until: now } });
    if (entry) await this.forget(entry.address, userId);
  }

  /** The users bought their held seats: nothing of theirs is held any more. */
  async sold(userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) {
      const entry = await this.accounts.findOneAndDelete({ _id: userId });
      if (entry) await this.forget(entry.address, userId);
    }
  }

  private async forget(address: string, userId: string): Promise<void> {
    await this.addresses.updateOne({ _id: address }, { $unset: { [`holders.${holderKey(userId)}`]: '' } });
  }
}
