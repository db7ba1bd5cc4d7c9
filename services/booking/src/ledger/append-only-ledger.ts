import { isDuplicateKeyError } from '@cine/service-kit';
import type { Collection, mongo } from 'mongoose';

/** What every entry of an append-only ledger has, whatever it counts (a gift card's cents, a member's points). */
export interface AppendedEntry {
  /** 1, 2, 3… per owner: unique with the owner, so two writers racing for the same place cannot both write. */
  seq: number;
  /** What makes it once-only per owner (unique with the owner). */
  key: string;
  /** The balance after it (the sum of the owner's entries up to it). */
  balance: number;
  at: Date;
}

/** An append's entry, decided on the balance it follows: its signed value and its own fields (the ledger adds owner, seq, key, value, balance, at). */
export interface Decided<E> {
  value: number;
  fields: Partial<Omit<E, keyof AppendedEntry>>;
}

/** A move that would leave the balance below zero (only moves asked to may: a club's reversal, a debt). */
export class BelowZeroError extends Error {
  constructor(
    readonly owner: string,
    readonly balance: number,
    readonly value: number,
  ) {
    super(`ledger of ${owner}: an entry of ${value} would leave ${balance + value}`);
  }
}

/** How many times an append re-reads and retries after losing its place to another writer. */
const MAX_ATTEMPTS = 500;

export interface LedgerShape {
  /** The collection's field naming the owner (a card's `cardId`, a member's `userId`). */
  owner: string;
  /** The field holding each entry's signed value (`amount` cents, `points`). */
  value: string;
}

/**
 * THE append-only ledger (gift cards' money, issue 39; Cine Club's points, issue 41). An owner's balance is its
 * last entry's running balance (= the sum of its entries); an entry is decided on that balance and written at
 * the next sequence number, under a unique index on (owner, seq): of two writers deciding on the same balance
 * one wins, the other re-reads and decides again, so no debit ever takes more than there is. A second unique
 * index on (owner, key) makes every entry once-only: a step repeated after a crash, a redelivered event, or a
 * sweep racing the request finds the entry written before.
 */
export class AppendOnlyLedger<E extends AppendedEntry> {
  constructor(
    private readonly entries: Collection<mongo.Document>,
    private readonly shape: LedgerShape,
  ) {}

  /** The indexes the ledger stands on (names as the gift cards' ledger always had them: `<prefix>_seq`, `<prefix>_key`). */
  async createIndexes(prefix: string): Promise<void> {
    await this.entries.createIndex({ [this.shape.owner]: 1, seq: 1 }, { unique: true, name: `${prefix}_seq` });
    await this.entries.createIndex({ [this.shape.owner]: 1, key: 1 }, { unique: true, name: `${prefix}_key` });
  }

  /** The owner's entries, oldest first. */
  async entriesOf(owner: string): Promise<E[]> {
    const found = await this.entries.find({ [this.shape.owner]: owner }, { projection: { _id: 0, outbox: 0 } }).toArray();
    return (found as unknown as E[]).sort((a, b) => a.seq - b.seq);
  }

  /** Every owner's entries, oldest first each (one read of the whole ledger: a background job's, never a request's). */
  async everyOwner(): Promise<Map<string, E[]>> {
    const byOwner = new Map<string, E[]>();
    for (const entry of (await this.entries.find({}, { projection: { _id: 0, outbox: 0 } }).toArray()) as unknown as E[]) {
      const owner = String((entry as unknown as Record<string, unknown>)[this.shape.owner]);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), entry]);
    }
    for (const entries of byOwner.values()) entries.sort((a, b) => a.seq - b.seq);
    return byOwner;
  }

  async balanceOf(owner: string): Promise<number> {
    return (await this.last(owner))?.balance ?? 0;
  }

  /** The entry of this key, if written. */
  async find(owner: string, key: string): Promise<E | null> {
    return (await this.entries.findOne({ [this.shape.owner]: owner, key }, { projection: { _id: 0, outbox: 0 } })) as E | null;
  }

  /**
   * Appends the entry of `key` once (written before: that entry, unchanged). `decide` gets the balance it
   * follows; a balance that would go below zero is refused (BelowZeroError) unless `mayGoBelowZero`.
   * `extra` adds fields stored with it but not part of it (an outbox of the events it records).
   */
  async append(
    owner: string,
    key: string,
    decide: (balance: number) => Decided<E>,
    now: Date,
    { mayGoBelowZero = false, extra }: { mayGoBelowZero?: boolean; extra?: (entry: E) => Record<string, unknown> } = {},
  ): Promise<E> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [written, last] = await Promise.all([this.find(owner, key), this.last(owner)]);
      if (written) return written;
      const before = last?.balance ?? 0;
      const { value, fields } = decide(before);
      if (before + value < 0 && !mayGoBelowZero && value < 0) throw new BelowZeroError(owner, before, value);
      const next = {
        ...fields,
        [this.shape.owner]: owner,
        seq: (last?.seq ?? 0) + 1,
        key,
        [this.shape.value]: value,
        balance: before + value,
        at: now,
      } as unknown as E;
      try {
        await this.entries.insertOne({ ...next, ...(extra ? extra(next) : {}) });
        return next;
      } catch (error) {
        // Another writer took this place (or wrote this key): read again and decide again.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new Error(`ledger of ${owner}: too many writers at once`);
  }

  private async last(owner: string): Promise<E | null> {
    const found = await this.entries
      .find({ [this.shape.owner]: owner }, { projection: { _id: 0, outbox: 0 } })
      .sort({ seq: -1 })
      .limit(1)
      .next();
    return found as E | null;
  }
}
