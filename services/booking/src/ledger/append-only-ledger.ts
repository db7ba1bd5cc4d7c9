import { createHash } from 'node:crypto';
import { findEachById, isDuplicateKeyError } from '@cine/service-kit';
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
/** The second marker: every head has its entries' ids and its summary (`built`), set once over the ledger written before. */
const HEADS_INDEXED = '~heads-indexed';

/** How many times an append re-reads and retries after losing its place to another writer. */
const MAX_ATTEMPTS = 500;

/**
 * What an owner's entries add up to besides the balance, kept on its head and written with it (a member's open
 * lots of points): a reader gets it by `_id` instead of reading the owner's entries. `add` folds one more entry
 * into it (pure: the head's copy is never changed); `empty` is an owner's before any entry.
 */
export interface LedgerSummary<E, S> {
  empty: S;
  add(summary: S, entry: E): S;
}

/**
 * Where an owner's ledger stands (`<ledger>_heads`, `_id` the owner): its last entry's seq and balance, each
 * entry's `_id` by its seq and the summary of them all, read by `_id` (FerretDB reads any other filter through
 * the whole collection). Written after each entry, so it may lag behind one written by a process that died in
 * between: the next append finds the place taken, reads the owner's entries once and sets it right. `legacy`:
 * the owner had entries before heads existed (their ids are not derived from their keys, so a key is looked
 * for by its field). `built`: the seq through which `ids` and `summary` are whole (a head moved by a writer
 * that kept neither is behind `seq`: rebuilt from the entries when next read).
 */
interface LedgerHead<S> {
  _id: string;
  seq: number;
  balance: number;
  legacy?: boolean;
  built?: number;
  /** Each entry's `_id` by its seq, under `s<seq>`. */
  ids?: Record<string, Types.ObjectId>;
  summary?: S;
}

/** An owner's head as a reader sees it. */
export interface OwnerHead<S> {
  seq: number;
  balance: number;
  summary: S;
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
 * sweep racing the request finds the entry written before. The owner's head (LedgerHead) has what a reader
 * needs by `_id`: the balance, the summary (LedgerSummary, when the ledger keeps one) and the entries' ids.
 */
export class AppendOnlyLedger<E extends AppendedEntry, S = undefined> {
  private readonly heads: Collection<LedgerHead<S>>;

  /** `heads`: the owners' heads (the ledger's collection name with `_heads`); `summary`: what the heads add up besides the balance. */
  constructor(
    private readonly entries: Collection<mongo.Document>,
    private readonly shape: LedgerShape,
    heads: Collection<mongo.Document>,
    private readonly summary?: LedgerSummary<E, S>,
  ) {
    this.heads = heads as unknown as Collection<LedgerHead<S>>;
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
   * and, once, the heads of a ledger written before them or before heads kept their entries' ids and summary
   * (one read of the whole ledger and of the heads).
   */
  async createIndexes(prefix: string): Promise<void> {
    await this.entries.createIndex({ [this.shape.owner]: 1, seq: 1 }, { unique: true, name: `${prefix}_seq` });
    await this.entries.createIndex({ [this.shape.owner]: 1, key: 1 }, { unique: true, name: `${prefix}_key` });
    if (await this.heads.findOne({ _id: HEADS_INDEXED }, { projection: { _id: 1 } })) return;
    const stored = new Map((await this.heads.find({}, { projection: { ids: 0, summary: 0 } }).toArray()).map((head) => [head._id, head]));
    // Before the first marker no owner had a head: every entry then had an id of its own.
    const legacyAll = !stored.has(HEADS_BUILT);
    for (const [owner, entries] of await this.everyOwnerWithIds()) {
      const head = stored.get(owner);
      if (head && head.built === head.seq) continue;
      await this.writeBuilt(owner, entries, legacyAll || head?.legacy === true);
    }
    for (const marker of [HEADS_BUILT, HEADS_INDEXED]) {
      try {
        await this.heads.insertOne({ _id: marker, seq: 0, balance: 0 });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  /** The owner's entries, oldest first (read by the owner: through the whole ledger on FerretDB). */
  async entriesOf(owner: string): Promise<E[]> {
    return (await this.withIds({ [this.shape.owner]: owner })).map(({ entry }) => entry);
  }

  /** Every owner's entries, oldest first each (one read of the whole ledger: a background job's, never a request's). */
  async everyOwner(): Promise<Map<string, E[]>> {
    return new Map([...(await this.everyOwnerWithIds())].map(([owner, entries]) => [owner, entries.map(({ entry }) => entry)]));
  }

  /**
   * Every owner's entries as everyOwner, and every head left behind its owner's last entry (a writer died in
   * between) set right from them: one read of the whole ledger and of the heads, a write only for a head behind
   * (a background job's, so that a head does not wait for its owner's next append).
   */
  async everyOwnerHealed(): Promise<Map<string, E[]>> {
    const byOwner = await this.everyOwnerWithIds();
    const heads = new Map(
      (await this.heads.find({}, { projection: { seq: 1, built: 1, legacy: 1 } }).toArray()).map((head) => [head._id, head]),
    );
    for (const [owner, entries] of byOwner) {
      const head = heads.get(owner);
      const last = entries.at(-1)?.entry.seq ?? 0;
      if (!head || head.seq < last || head.built !== head.seq) await this.writeBuilt(owner, entries, head?.legacy === true);
    }
    return new Map([...byOwner].map(([owner, entries]) => [owner, entries.map(({ entry }) => entry)]));
  }

  /** The balance as the owner's head has it (after a writer died between its entry and its head: until the next append). */
  async balanceOf(owner: string): Promise<number> {
    return (await this.head(owner)).balance;
  }

  /** The owner's seq, balance and summary, by `_id` (its head: after a writer died between its entry and its head, until the next append). */
  async headOf(owner: string): Promise<OwnerHead<S>> {
    return this.view(await this.head(owner));
  }

  /**
   * The owner's head and the entries of the seqs `pick` chooses on it, in the order picked, each read by `_id`
   * (a page of the ledger: two round trips, whatever the size of the ledger).
   */
  async entriesAt(owner: string, pick: (head: OwnerHead<S>) => number[]): Promise<{ head: OwnerHead<S>; entries: E[] }> {
    const head = await this.head(owner, true);
    const ids = pick(this.view(head)).flatMap((seq) => head.ids?.[`s${seq}`] ?? []);
    const found = await findEachById(ids, (_id) => this.entries.findOne({ _id }, { projection: { _id: 0, outbox: 0 } }));
    return { head: this.view(head), entries: ids.flatMap((id) => (found.get(id) as E | undefined) ?? []) };
  }

  /** The entry of this key, if written. */
  async find(owner: string, key: string): Promise<E | null> {
    const [byId, head] = await Promise.all([this.byId(owner, key), this.heads.findOne({ _id: owner }, { projection: { legacy: 1 } })]);
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
      const head = taken === read.seq + 1 ? await this.rebuild(owner) : read;
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
      await this.moveHead(owner, next, id, head);
      return next;
    }
    throw new Error(`ledger of ${owner}: too many writers at once`);
  }

  private view(head: LedgerHead<S>): OwnerHead<S> {
    return { seq: head.seq, balance: head.balance, summary: head.summary ?? (this.summary?.empty as S) };
  }

  private async byId(owner: string, key: string): Promise<E | null> {
    return (await this.entries.findOne({ _id: AppendOnlyLedger.idOf(owner, key) }, { projection: { _id: 0, outbox: 0 } })) as E | null;
  }

  private async byKeyField(owner: string, key: string): Promise<E | null> {
    return (await this.entries.findOne({ [this.shape.owner]: owner, key }, { projection: { _id: 0, outbox: 0 } })) as E | null;
  }

  /**
   * The owner's head (none: no entry yet, as `createIndexes` made one for every owner with entries), its ids only
   * when asked. One not built through its seq (moved by a writer that kept no ids or summary) is rebuilt first.
   */
  private async head(owner: string, ids = false): Promise<LedgerHead<S>> {
    const head = await this.heads.findOne({ _id: owner }, ids ? {} : { projection: { ids: 0 } });
    if (!head) return { _id: owner, seq: 0, balance: 0, built: 0, ids: {}, ...(this.summary ? { summary: this.summary.empty } : {}) };
    return head.built === head.seq ? head : this.rebuild(owner);
  }

  /** Sets the owner's head to its last entry, read from the entries themselves (the slow way: a lagging head). */
  private async rebuild(owner: string): Promise<LedgerHead<S>> {
    const [entries, stored] = await Promise.all([
      this.withIds({ [this.shape.owner]: owner }),
      this.heads.findOne({ _id: owner }, { projection: { legacy: 1 } }),
    ]);
    return this.writeBuilt(owner, entries, stored?.legacy === true);
  }

  /** Writes the head of these entries (all the owner's, oldest first), unless the head is further on already. */
  private async writeBuilt(owner: string, entries: Array<{ id: Types.ObjectId; entry: E }>, legacy: boolean): Promise<LedgerHead<S>> {
    const last = entries.at(-1)?.entry;
    const head: LedgerHead<S> = {
      _id: owner,
      seq: last?.seq ?? 0,
      balance: last?.balance ?? 0,
      built: last?.seq ?? 0,
      ids: Object.fromEntries(entries.map(({ id, entry }) => [`s${entry.seq}`, id])),
      ...(this.summary ? { summary: this.summarize(entries.map(({ entry }) => entry)) } : {}),
      ...(legacy ? { legacy: true } : {}),
    };
    const { _id, ...fields } = head;
    // At its place (the same entries: the same head) or behind it; never back.
    const moved = await this.heads.updateOne({ _id, seq: { $lte: head.seq } }, { $set: fields });
    if (moved.matchedCount > 0) return head;
    try {
      await this.heads.insertOne(head);
    } catch (error) {
      // Another writer moved it further on meanwhile.
      if (!isDuplicateKeyError(error)) throw error;
    }
    return head;
  }

  private summarize(entries: readonly E[]): S {
    const summary = this.summary as LedgerSummary<E, S>;
    return entries.reduce((sum, entry) => summary.add(sum, entry), summary.empty);
  }

  /** Moves the head forward to `entry`, written on `from` (never back: a slower writer of an earlier entry leaves it where it is). */
  private async moveHead(owner: string, entry: E, id: Types.ObjectId, from: LedgerHead<S>): Promise<void> {
    const summary = this.summary ? { summary: this.summary.add(from.summary ?? this.summary.empty, entry) } : {};
    const { seq, balance } = entry;
    const moved = await this.heads.updateOne(
      { _id: owner, seq: { $lt: seq } },
      { $set: { seq, balance, built: seq, [`ids.s${seq}`]: id, ...summary } },
    );
    if (moved.matchedCount > 0) return;
    try {
      // The owner's first entry: its head.
      await this.heads.insertOne({ _id: owner, seq, balance, built: seq, ids: { [`s${seq}`]: id }, ...summary });
    } catch (error) {
      // It has one already, at this place or further on.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Entries matching `filter` with their ids, oldest first. */
  private async withIds(filter: mongo.Filter<mongo.Document>): Promise<Array<{ id: Types.ObjectId; entry: E }>> {
    const found = await this.entries.find(filter, { projection: { outbox: 0 } }).toArray();
    return found
      .map(({ _id, ...entry }) => ({ id: _id as Types.ObjectId, entry: entry as unknown as E }))
      .sort((a, b) => a.entry.seq - b.entry.seq);
  }

  private async everyOwnerWithIds(): Promise<Map<string, Array<{ id: Types.ObjectId; entry: E }>>> {
    const byOwner = new Map<string, Array<{ id: Types.ObjectId; entry: E }>>();
    for (const one of await this.withIds({})) {
      const owner = String((one.entry as unknown as Record<string, unknown>)[this.shape.owner]);
      const entries = byOwner.get(owner);
      if (entries) entries.push(one);
      else byOwner.set(owner, [one]);
    }
    return byOwner;
  }
}
