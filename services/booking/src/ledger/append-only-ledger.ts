import { createHash } from 'node:crypto';
import { isDuplicateKeyError } from '@cine/service-kit';
import { Types, type Collection, type mongo } from 'mongoose';

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

/** The heads' marker: every owner with entries has a head (an owner without one has none). */
const HEADS_BUILT = '~heads-built';

/** How many times an append re-reads and retries after losing its place to another writer. */
const MAX_ATTEMPTS = 500;

/**
 * Where an owner's ledger stands (`<ledger>_heads`, `_id` the owner): its last entry's seq and balance, read by
 * `_id` (FerretDB reads any other filter through the whole collection). Written after each entry, so it may lag
 * behind one written by a process that died in between: the next append finds the place taken, reads the
 * owner's entries once and sets it right. `legacy`: the owner had entries before heads existed (their ids are
 * not derived from their keys, so a key is looked for by its field).
 */
interface LedgerHead {
  _id: string;
  seq: number;
  balance: number;
  legacy?: boolean;
}

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
  private readonly heads: Collection<LedgerHead>;

  /** `heads`: the owners' heads (the ledger's collection name with `_heads`). */
  constructor(
    private readonly entries: Collection<mongo.Document>,
    private readonly shape: LedgerShape,
    heads: Collection<mongo.Document>,
  ) {
    this.heads = heads as unknown as Collection<LedgerHead>;
  }

  /**
   * An entry's `_id`, derived from its owner and key: finding a key is a read by `_id`, and the same entry written
   * twice (a step repeated, a redelivered event) collides on it.
   */
  static idOf(owner: string, key: string): Types.ObjectId {
    return new Types.ObjectId(createHash('sha256').update(`${owner}\u0000${key}`).digest().subarray(0, 12));
  }

  /**
   * The indexes the ledger stands on (names as the gift cards' ledger always had them: `<prefix>_seq`, `<prefix>_key`),
   * and the heads of owners whose entries were written before heads existed (once: one read of the whole ledger).
   */
  async createIndexes(prefix: string): Promise<void> {
    await this.entries.createIndex({ [this.shape.owner]: 1, seq: 1 }, { unique: true, name: `${prefix}_seq` });
    await this.entries.createIndex({ [this.shape.owner]: 1, key: 1 }, { unique: true, name: `${prefix}_key` });
    if (await this.heads.findOne({ _id: HEADS_BUILT })) return;
    for (const [owner, entries] of await this.everyOwner()) {
      const last = entries.at(-1);
      if (!last) continue;
      try {
        await this.heads.insertOne({ _id: owner, seq: last.seq, balance: last.balance, legacy: true });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    try {
      await this.heads.insertOne({ _id: HEADS_BUILT, seq: 0, balance: 0 });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
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

  /** The balance as the owner's head has it (after a writer died between its entry and its head: until the next append). */
  async balanceOf(owner: string): Promise<number> {
    return (await this.head(owner)).balance;
  }

  /** The entry of this key, if written. */
  async find(owner: string, key: string): Promise<E | null> {
    const [byId, head] = await Promise.all([this.byId(owner, key), this.heads.findOne({ _id: owner })]);
    return byId ?? (head?.legacy ? this.byKeyField(owner, key) : null);
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
    { mayGoBelowZero = false, extra }: { mayGoBelowZero?: boolean; extra?: (entry: E, id: Types.ObjectId) => Record<string, unknown> } = {},
  ): Promise<E> {
    const id = AppendOnlyLedger.idOf(owner, key);
    let taken: number | undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [written, read] = await Promise.all([this.find(owner, key), this.head(owner)]);
      if (written) return written;
      // The place tried last time is still the head's next: a writer died before moving the head, or has not moved it yet.
      const head = taken === read.seq + 1 ? await this.repairHead(owner) : read;
      const before = head.balance;
      const { value, fields } = decide(before);
      if (before + value < 0 && !mayGoBelowZero && value < 0) throw new BelowZeroError(owner, before, value);
      const next = {
        ...fields,
        [this.shape.owner]: owner,
        seq: head.seq + 1,
        key,
        [this.shape.value]: value,
        balance: before + value,
        at: now,
      } as unknown as E;
      try {
        await this.entries.insertOne({ _id: id, ...next, ...(extra ? extra(next, id) : {}) });
      } catch (error) {
        // Another writer took this place (or wrote this key): read again and decide again.
        if (!isDuplicateKeyError(error)) throw error;
        taken = next.seq;
        continue;
      }
      await this.moveHead(owner, next.seq, next.balance);
      return next;
    }
    throw new Error(`ledger of ${owner}: too many writers at once`);
  }

  private async byId(owner: string, key: string): Promise<E | null> {
    return (await this.entries.findOne({ _id: AppendOnlyLedger.idOf(owner, key) }, { projection: { _id: 0, outbox: 0 } })) as E | null;
  }

  private async byKeyField(owner: string, key: string): Promise<E | null> {
    return (await this.entries.findOne({ [this.shape.owner]: owner, key }, { projection: { _id: 0, outbox: 0 } })) as E | null;
  }

  /** The owner's head (none: no entry yet, as `createIndexes` made one for every owner with entries). */
  private async head(owner: string): Promise<LedgerHead> {
    return (await this.heads.findOne({ _id: owner })) ?? { _id: owner, seq: 0, balance: 0 };
  }

  /** Sets the owner's head to its last entry, read from the entries themselves (the slow way: a lagging head). */
  private async repairHead(owner: string): Promise<LedgerHead> {
    const [last, stored] = await Promise.all([this.last(owner), this.heads.findOne({ _id: owner })]);
    const head: LedgerHead = { _id: owner, seq: last?.seq ?? 0, balance: last?.balance ?? 0, ...(stored?.legacy ? { legacy: true } : {}) };
    await this.moveHead(owner, head.seq, head.balance);
    return head;
  }

  /** Moves the head forward to `seq` (never back: a slower writer of an earlier entry leaves it where it is). */
  private async moveHead(owner: string, seq: number, balance: number): Promise<void> {
    const moved = await this.heads.updateOne({ _id: owner, seq: { $lt: seq } }, { $set: { seq, balance } });
    if (moved.matchedCount > 0) return;
    try {
      // The owner's first entry: its head.
      await this.heads.insertOne({ _id: owner, seq, balance });
    } catch (error) {
      // It has one already, at this place or further on.
      if (!isDuplicateKeyError(error)) throw error;
    }
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
