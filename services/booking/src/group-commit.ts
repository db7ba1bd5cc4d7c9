import { KeyedBatches, type KeyedLock } from './keyed-lock';

/**
 * What one queued change decided on the document it was shown. `write`
 * replaces the part of the document the changes own (a show's seats): each
 * change of a batch is decided on what the previous ones chose, so the batch
 * writes the last `write` of it.
 */
export interface Decision<Doc, Update, T> {
  /** What to write; absent: this change writes nothing. */
  write?: Update;
  /** Runs before the batch's write, again each time a lost race makes the batch be decided again. */
  before?: () => Promise<void>;
  /** Runs once the batch's write matched, when this change wrote; before its `result`. */
  after?: (written: Doc) => Promise<void>;
  /** The change's answer, from the document as written (or as decided on, when the batch wrote nothing). */
  result: (doc: Doc) => T | Promise<T>;
}

/** The documents a GroupCommit decides on: read by key, and written only while the version they were read at is current. */
export interface VersionedDocuments<Doc, Update> {
  read(key: string): Promise<Doc | null>;
  /** The document as the batch's next change sees it, once `update` is chosen. */
  apply(doc: Doc, update: Update): Doc;
  /** Writes `update` if `doc`'s version is still the stored one: the document as written, or undefined when another writer was first. */
  writeIfCurrent(doc: Doc, update: Update): Promise<Doc | undefined>;
}

export interface GroupCommitOptions {
  /** Runs the batches of one key one at a time (shared with other work on the same keys). */
  lock: KeyedLock;
  /** Documents kept in memory as this process last read or wrote them (the oldest is forgotten first). */
  remembered: number;
  /** Writes of one batch tried while other writers keep winning the version race. */
  maxAttempts: number;
  /** The error of every change of a batch whose document does not exist. */
  notFound: () => Error;
  /** The error of every change of a batch that lost `maxAttempts` races. */
  busy: () => Error;
}

/** A queued change, waiting for its batch to be written. */
interface Queued<Doc, Update> {
  decide: (doc: Doc) => Decision<Doc, Update, unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Decided<Doc, Update> {
  queued: Queued<Doc, Update>;
  decision: Decision<Doc, Update, unknown>;
  /** What `decide` threw: this change is refused, the others of the batch stand. */
  refusal?: unknown;
}

/**
 * Group commit over versioned documents. Changes of one document are queued
 * in this process; the ones queued while its previous batch was being
 * written form the next batch. A batch is decided in queue order on the
 * document as this process last read or wrote it, each change on what the
 * previous ones chose, and written in ONE write guarded by the version it was
 * decided on: a rush makes a few writes of a document instead of one each.
 *
 * - A matched write proves that version was current, so every decision of the
 *   batch stands, refusals included.
 * - A lost race (another writer was first) decides the whole batch again on a
 *   fresh read, up to `maxAttempts` writes; then every change gets `busy()`.
 * - A batch that writes nothing and was decided on the remembered copy is
 *   decided again on a fresh read, so a refusal is never made on stale data.
 * - A failed read, write or `before` rejects every change of the batch with
 *   that error; a failed `after` or `result` rejects only its own change.
 */
export class GroupCommit<Doc, Update> {
  private readonly remembered = new Map<string, Doc>();
  private readonly batches: KeyedBatches<Queued<Doc, Update>>;

  constructor(
    private readonly documents: VersionedDocuments<Doc, Update>,
    private readonly options: GroupCommitOptions,
  ) {
    this.batches = new KeyedBatches(options.lock, (key, batch) => this.commit(key, batch));
  }

  /** Queues `decide` for the document's next batch; answers its `result` once the batch is written, or its refusal. */
  change<T>(key: string, decide: (doc: Doc) => Decision<Doc, Update, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.batches.add(key, { decide, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** The document as this process last read or wrote it, when still remembered (it may be stale). */
  lastKnown(key: string): Doc | undefined {
    return this.remembered.get(key);
  }

  private async commit(key: string, batch: readonly Queued<Doc, Update>[]): Promise<void> {
    try {
      let doc = this.remembered.get(key);
      let fresh = false;
      if (!doc) {
        doc = await this.read(key);
        fresh = true;
      }
      for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
        if (!doc) throw this.options.notFound();
        const { update, decided } = this.decideAll(doc, batch);
        if (update === undefined && !fresh) {
          doc = await this.read(key);
          fresh = true;
          continue;
        }
        if (update === undefined) return await answer(decided, doc);
        await Promise.all(decided.map(({ decision }) => decision.before?.()));
        const written = await this.documents.writeIfCurrent(doc, update);
        if (written) {
          this.remember(key, written);
          return await answer(decided, written, true);
        }
        // Two instances that keep colliding back off a little, at random, from the second loss on.
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        doc = await this.read(key);
        fresh = true;
      }
      throw this.options.busy();
    } catch (error) {
      for (const queued of batch) queued.reject(error);
    }
  }

  /** Decides the batch in order, each change on the document as the previous ones left it; `update`: the batch's write, when any change writes. */
  private decideAll(doc: Doc, batch: readonly Queued<Doc, Update>[]): { update?: Update; decided: Decided<Doc, Update>[] } {
    let update: Update | undefined;
    let current = doc;
    const decided = batch.map((queued): Decided<Doc, Update> => {
      try {
        const decision = queued.decide(current);
        if (decision.write !== undefined) {
          update = decision.write;
          current = this.documents.apply(doc, update);
        }
        return { queued, decision };
      } catch (refusal) {
        return { queued, decision: { result: () => undefined }, refusal };
      }
    });
    return update === undefined ? { decided } : { update, decided };
  }

  private async read(key: string): Promise<Doc | undefined> {
    const doc = await this.documents.read(key);
    this.remembered.delete(key);
    if (doc) this.remember(key, doc);
    return doc ?? undefined;
  }

  private remember(key: string, doc: Doc): void {
    this.remembered.delete(key);
    this.remembered.set(key, doc);
    if (this.remembered.size > this.options.remembered) this.remembered.delete(this.remembered.keys().next().value as string);
  }
}

/** Answers each change of a batch from the document (after the writers' `after`, when `written`). */
async function answer<Doc, Update>(decided: readonly Decided<Doc, Update>[], doc: Doc, written = false): Promise<void> {
  await Promise.all(
    decided.map(async ({ queued, decision, refusal }) => {
      try {
        if (refusal !== undefined) throw refusal;
        if (written && decision.write !== undefined) await decision.after?.(doc);
        queued.resolve(await decision.result(doc));
      } catch (error) {
        queued.reject(error);
      }
    }),
  );
}
