import { GroupCommit, type Decision, type VersionedDocuments } from '../src/group-commit';
import { KeyedLock } from '../src/keyed-lock';

/** A versioned document: `values` is what the changes write. */
interface Doc {
  key: string;
  version: number;
  values: number[];
}

class NotFound extends Error {}
class Busy extends Error {}

/** Documents in memory, with the database's version check, counters, and ways to fail or lose a race. */
class MemoryDocuments implements VersionedDocuments<Doc, number[]> {
  readonly stored = new Map<string, Doc>();
  reads = 0;
  /** Every write tried: the version it was guarded by and what it wrote. */
  readonly writes: Array<{ version: number; values: number[] }> = [];
  /** Another writer writes first this many times (it appends 99). */
  racesToLose = 0;
  /** While set, a write waits for it: the test queues changes while a write is in flight. */
  writeGate: Promise<void> | undefined;
  failRead: Error | undefined;
  failWrite: Error | undefined;

  constructor(...docs: Array<[string, number[]]>) {
    for (const [key, values] of docs) this.stored.set(key, { key, version: 1, values });
  }

  async read(key: string): Promise<Doc | null> {
    this.reads++;
    await Promise.resolve();
    if (this.failRead) throw this.failRead;
    const doc = this.stored.get(key);
    return doc ? { ...doc, values: [...doc.values] } : null;
  }

  apply(doc: Doc, values: number[]): Doc {
    return { ...doc, values };
  }

  async writeIfCurrent(doc: Doc, values: number[]): Promise<Doc | undefined> {
    this.writes.push({ version: doc.version, values });
    await (this.writeGate ?? Promise.resolve());
    if (this.failWrite) throw this.failWrite;
    if (this.racesToLose > 0) {
      this.racesToLose--;
      this.changeBehindTheBack(doc.key, [...(this.stored.get(doc.key) as Doc).values, 99]);
    }
    if ((this.stored.get(doc.key) as Doc).version !== doc.version) return undefined;
    const written = { ...doc, values, version: doc.version + 1 };
    this.stored.set(doc.key, written);
    return { ...written };
  }

  /** Another instance's write. */
  changeBehindTheBack(key: string, values: number[]): void {
    const current = this.stored.get(key) as Doc;
    this.stored.set(key, { ...current, values, version: current.version + 1 });
  }
}

function groupCommit(documents: MemoryDocuments, options: { maxAttempts?: number; remembered?: number } = {}) {
  return new GroupCommit(documents, {
    lock: new KeyedLock(),
    remembered: options.remembered ?? 10,
    maxAttempts: options.maxAttempts ?? 5,
    notFound: () => new NotFound('no such document'),
    busy: () => new Busy('too many lost races'),
  });
}

/** Appends `value` to what the change is shown; answers the values as written. */
function append(value: number, seen: number[][] = []): (doc: Doc) => Decision<Doc, number[], number[]> {
  return (doc) => {
    seen.push(doc.values);
    return { write: [...doc.values, value], result: (written) => written.values };
  };
}

/** Writes nothing; answers the values it was decided on. */
function look(seen: number[][] = []): (doc: Doc) => Decision<Doc, number[], number[]> {
  return (doc) => {
    seen.push(doc.values);
    return { result: (decided) => decided.values };
  };
}

function refuse(error: Error): (doc: Doc) => Decision<Doc, number[], never> {
  return () => {
    throw error;
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('batching and order', () => {
  it('writes the changes queued while a write is in flight together, in ONE write', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    let open: () => void = () => undefined;
    documents.writeGate = new Promise((resolve) => (open = resolve));
    const first = commit.change('show', append(1));
    await settle();
    expect(documents.writes).toHaveLength(1);
    const rest = [commit.change('show', append(2)), commit.change('show', append(3)), commit.change('show', append(4))];
    documents.writeGate = undefined;
    open();
    expect(await first).toEqual([1]);
    expect(await Promise.all(rest)).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ]);
    expect(documents.writes).toEqual([
      { version: 1, values: [1] },
      { version: 2, values: [1, 2, 3, 4] },
    ]);
    expect(documents.stored.get('show')).toEqual({ key: 'show', version: 3, values: [1, 2, 3, 4] });
  });

  it('decides a batch in queue order, each change on what the previous ones chose', async () => {
    const documents = new MemoryDocuments(['show', [0]]);
    const commit = groupCommit(documents);
    const seen: number[][] = [];
    await Promise.all([commit.change('show', append(1, seen)), commit.change('show', look(seen)), commit.change('show', append(2, seen))]);
    expect(seen).toEqual([[0], [0, 1], [0, 1]]);
    expect(documents.writes).toEqual([{ version: 1, values: [0, 1, 2] }]);
  });

  it('decides the next batch on the document as this process wrote it, without reading it again', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    await commit.change('show', append(1));
    expect(documents.reads).toBe(1);
    expect(await commit.change('show', append(2))).toEqual([1, 2]);
    expect(documents.reads).toBe(1);
    expect(commit.lastKnown('show')).toEqual({ key: 'show', version: 3, values: [1, 2] });
  });

  it('forgets the documents it has not touched for longest, past `remembered`', async () => {
    const documents = new MemoryDocuments(['a', []], ['b', []], ['c', []]);
    const commit = groupCommit(documents, { remembered: 2 });
    await commit.change('a', append(1));
    await commit.change('b', append(1));
    await commit.change('a', append(2));
    await commit.change('c', append(1));
    expect(commit.lastKnown('b')).toBeUndefined();
    expect(commit.lastKnown('a')?.values).toEqual([1, 2]);
    expect(commit.lastKnown('c')?.values).toEqual([1]);
  });
});

describe('refusals and changes that write nothing', () => {
  it('refuses only the change whose decision threw; the others of its batch are written', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    const refusal = new Error('no seats');
    const results = await Promise.allSettled([
      commit.change('show', append(1)),
      commit.change('show', refuse(refusal)),
      commit.change('show', append(2)),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: [1, 2] },
      { status: 'rejected', reason: refusal },
      { status: 'fulfilled', value: [1, 2] },
    ]);
    expect(documents.writes).toHaveLength(1);
  });

  it('decides a batch that writes nothing again on a fresh read when it was decided on the remembered copy', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    await commit.change('show', append(1));
    documents.changeBehindTheBack('show', [1, 5]);
    const seen: number[][] = [];
    expect(await commit.change('show', look(seen))).toEqual([1, 5]);
    expect(seen).toEqual([[1], [1, 5]]);
    expect(documents.reads).toBe(2);
    expect(documents.writes).toHaveLength(1);
    expect(commit.lastKnown('show')?.values).toEqual([1, 5]);
  });

  it('answers a batch that writes nothing on a fresh read without writing', async () => {
    const documents = new MemoryDocuments(['show', [7]]);
    const commit = groupCommit(documents);
    const refusal = new Error('started');
    const results = await Promise.allSettled([commit.change('show', look()), commit.change('show', refuse(refusal))]);
    expect(results).toEqual([
      { status: 'fulfilled', value: [7] },
      { status: 'rejected', reason: refusal },
    ]);
    expect(documents.reads).toBe(1);
    expect(documents.writes).toEqual([]);
  });
});

describe('version conflicts', () => {
  it('decides the whole batch again on a fresh read when another writer was first, and runs `before` again', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    await commit.change('show', append(1));
    documents.racesToLose = 1;
    const seen: number[][] = [];
    let befores = 0;
    const result = await commit.change('show', (doc) => ({ ...append(2, seen)(doc), before: async () => void befores++ }));
    expect(seen).toEqual([[1], [1, 99]]);
    expect(befores).toBe(2);
    expect(result).toEqual([1, 99, 2]);
    expect(documents.writes.map((write) => write.version)).toEqual([1, 2, 3]);
    expect(documents.stored.get('show')?.values).toEqual([1, 99, 2]);
  });

  it('gives every change of the batch `busy()` after `maxAttempts` lost races', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents, { maxAttempts: 3 });
    documents.racesToLose = 1_000;
    const results = await Promise.allSettled([commit.change('show', append(1)), commit.change('show', append(2))]);
    expect(results.map((result) => result.status === 'rejected' && result.reason instanceof Busy)).toEqual([true, true]);
    expect(documents.writes).toHaveLength(3);
  });
});

describe('errors', () => {
  it('gives every change `notFound()` when the document does not exist, deciding nothing', async () => {
    const documents = new MemoryDocuments();
    const commit = groupCommit(documents);
    const seen: number[][] = [];
    const results = await Promise.allSettled([commit.change('gone', append(1, seen)), commit.change('gone', look(seen))]);
    expect(results.map((result) => result.status === 'rejected' && result.reason instanceof NotFound)).toEqual([true, true]);
    expect(seen).toEqual([]);
  });

  it.each([
    ['read', (documents: MemoryDocuments, error: Error) => (documents.failRead = error)],
    ['write', (documents: MemoryDocuments, error: Error) => (documents.failWrite = error)],
  ])('rejects every change of the batch with a failed %s', async (_what, fail) => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    const error = new Error('connection lost');
    fail(documents, error);
    const results = await Promise.allSettled([commit.change('show', append(1)), commit.change('show', look())]);
    expect(results).toEqual([
      { status: 'rejected', reason: error },
      { status: 'rejected', reason: error },
    ]);
  });

  it('rejects every change of the batch, and writes nothing, when a `before` fails', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    const error = new Error('ledger unavailable');
    const failing = (doc: Doc): Decision<Doc, number[], number[]> => ({
      ...append(1)(doc),
      before: () => Promise.reject(error),
    });
    const results = await Promise.allSettled([commit.change('show', failing), commit.change('show', append(2))]);
    expect(results).toEqual([
      { status: 'rejected', reason: error },
      { status: 'rejected', reason: error },
    ]);
    expect(documents.writes).toEqual([]);
  });

  it('runs `after` with the written document before the answer, only for changes that wrote; a failed one rejects its change only', async () => {
    const documents = new MemoryDocuments(['show', []]);
    const commit = groupCommit(documents);
    const events: string[] = [];
    const error = new Error('hint not removed');
    const tracked =
      (name: string, write: boolean, afterFails = false) =>
      (doc: Doc): Decision<Doc, number[], string> => ({
        ...(write ? { write: [...doc.values, name.length] } : {}),
        after: async (written) => {
          events.push(`after ${name} v${written.version}`);
          if (afterFails) throw error;
        },
        result: () => {
          events.push(`result ${name}`);
          return name;
        },
      });
    const results = await Promise.allSettled([
      commit.change('show', tracked('writer', true)),
      commit.change('show', tracked('reader', false)),
      commit.change('show', tracked('broken', true, true)),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'writer' },
      { status: 'fulfilled', value: 'reader' },
      { status: 'rejected', reason: error },
    ]);
    expect(events.indexOf('after writer v2')).toBeLessThan(events.indexOf('result writer'));
    expect(events).toContain('after broken v2');
    expect(events).not.toContain('result broken');
    expect(events.some((event) => event.startsWith('after reader'))).toBe(false);
  });
});
