import { createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { AppendOnlyLedger, type AppendedEntry, type LedgerSummary } from '../src/ledger/append-only-ledger';

/**
 * The append-only ledger on a real database, read by `_id` (an entry's id derived from its key, each owner's
 * head by the owner): writers racing for one owner, the same key twice, a head left behind by a writer that
 * died between its entry and its head, and a ledger written before heads existed.
 */
jest.setTimeout(30_000);

interface Entry extends AppendedEntry {
  owner: string;
  value: number;
}

let context: Awaited<ReturnType<typeof createTestContext>>;
let run = 0;

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterAll(() => context.dropDatabase());

async function ledgerOn(name: string): Promise<AppendOnlyLedger<Entry>> {
  const ledger = new AppendOnlyLedger<Entry>(
    context.db.collection(name),
    { owner: 'owner', value: 'value' },
    context.db.collection(`${name}_heads`),
  );
  await ledger.createIndexes(name);
  return ledger;
}

const credit = (value: number) => () => ({ value, fields: {} });

/** A summary kept on the heads: the keys of the credits, in order, and how many debits. */
interface Tally {
  credits: string[];
  debits: number;
}
const tally: LedgerSummary<Entry, Tally> = {
  empty: { credits: [], debits: 0 },
  add: (sum, entry) => (entry.value > 0 ? { ...sum, credits: [...sum.credits, entry.key] } : { ...sum, debits: sum.debits + 1 }),
};

async function summarizedOn(name: string): Promise<AppendOnlyLedger<Entry, Tally>> {
  const ledger = new AppendOnlyLedger<Entry, Tally>(
    context.db.collection(name),
    { owner: 'owner', value: 'value' },
    context.db.collection(`${name}_heads`),
    tally,
  );
  await ledger.createIndexes(name);
  return ledger;
}
const now = new Date('2026-11-28T12:00:00Z');

describe('the append-only ledger', () => {
  it('writers racing for one owner each get their own place; the same key twice is one entry', async () => {
    const name = `ledger_race_${++run}`;
    const ledger = await ledgerOn(name);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => ledger.append('a', `credit:${i}`, credit(5), now)),
      ...Array.from({ length: 4 }, () => ledger.append('a', 'credit:0', credit(5), now)),
    ]);
    const entries = await ledger.entriesOf('a');
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(entries.map((entry) => entry.balance)).toEqual(Array.from({ length: 12 }, (_, i) => 5 * (i + 1)));
    expect(await ledger.balanceOf('a')).toBe(60);
    expect((await ledger.find('a', 'credit:7'))?.value).toBe(5);
    expect(await ledger.find('a', 'credit:99')).toBeNull();
  });

  it('a head left behind (its writer died before moving it) is set right by the next append', async () => {
    const name = `ledger_lag_${++run}`;
    const ledger = await ledgerOn(name);
    await ledger.append('b', 'credit:1', credit(10), now);
    await ledger.append('b', 'credit:2', credit(10), now);
    // The crash: the second entry written, its head never moved.
    await context.db.collection(`${name}_heads`).updateOne({ _id: 'b' as never }, { $set: { seq: 1, balance: 10 } });
    const third = await ledger.append('b', 'debit:3', (balance) => ({ value: -balance, fields: {} }), now);
    expect(third).toMatchObject({ seq: 3, value: -20, balance: 0 });
    expect(await ledger.balanceOf('b')).toBe(0);
  });

  it('a ledger written before heads: its owners get heads once, its keys are still found and never written twice', async () => {
    const name = `ledger_legacy_${++run}`;
    // As the ledger wrote them before: ids of their own.
    await context.db.collection(name).insertMany([
      { _id: new Types.ObjectId(), owner: 'c', seq: 1, key: 'sale', value: 50, balance: 50, at: now },
      { _id: new Types.ObjectId(), owner: 'c', seq: 2, key: 'debit:o1', value: -20, balance: 30, at: now },
    ]);
    const ledger = await ledgerOn(name);
    expect(await ledger.balanceOf('c')).toBe(30);
    expect((await ledger.find('c', 'debit:o1'))?.seq).toBe(2);
    // The same debit again (a step repeated after the upgrade): the entry written before.
    expect((await ledger.append('c', 'debit:o1', credit(-20), now)).seq).toBe(2);
    expect(await ledger.append('c', 'debit:o2', credit(-5), now)).toMatchObject({ seq: 3, balance: 25 });
    // A second start builds nothing again.
    await ledgerOn(name);
    expect(await ledger.balanceOf('c')).toBe(25);
  });

  it('keeps a summary and each entry’s id on the head: read by _id, set right after a crash between an entry and its head', async () => {
    const name = `ledger_summary_${++run}`;
    const ledger = await summarizedOn(name);
    await Promise.all(Array.from({ length: 6 }, (_, i) => ledger.append('d', `credit:${i}`, credit(10), now)));
    await ledger.append('d', 'debit:1', credit(-5), now);
    const head = await ledger.headOf('d');
    expect(head).toMatchObject({ seq: 7, balance: 55, summary: { debits: 1 } });
    expect([...head.summary.credits].sort()).toEqual(Array.from({ length: 6 }, (_, i) => `credit:${i}`));
    const { entries } = await ledger.entriesAt('d', () => [7, 2, 99]);
    expect(entries.map((entry) => [entry.seq, entry.owner])).toEqual([
      [7, 'd'],
      [2, 'd'],
    ]);

    // The crash: the entry written, its head (summary, ids) never moved. Readers see the ledger as before it.
    const heads = context.db.collection(`${name}_heads`);
    const before = await heads.findOne({ _id: 'd' as never });
    await ledger.append('d', 'credit:lost', credit(1), now);
    await heads.replaceOne({ _id: 'd' as never }, before as never);
    expect(await ledger.headOf('d')).toMatchObject({ seq: 7, balance: 55 });
    expect((await ledger.entriesAt('d', () => [8])).entries).toEqual([]);
    // The next append finds its place taken and sets the head right from the entries: the lost one counted once.
    await ledger.append('d', 'debit:2', credit(-1), now);
    const healed = await ledger.headOf('d');
    expect(healed).toMatchObject({ seq: 9, balance: 55, summary: { debits: 2 } });
    expect(healed.summary.credits.at(-1)).toBe('credit:lost');
    expect((await ledger.entriesAt('d', () => [9, 8])).entries.map((entry) => entry.key)).toEqual(['debit:2', 'credit:lost']);

    // A head moved by a writer that kept no summary (an older process): rebuilt from the entries when read.
    await heads.updateOne({ _id: 'd' as never }, { $set: { seq: 10, balance: 65 } });
    await context.db
      .collection(name)
      .insertOne({ _id: new Types.ObjectId(), owner: 'd', seq: 10, key: 'credit:old', value: 10, balance: 65, at: now });
    const rebuilt = await ledger.headOf('d');
    expect(rebuilt).toMatchObject({ seq: 10, balance: 65, summary: { debits: 2 } });
    expect(rebuilt.summary.credits.at(-1)).toBe('credit:old');
    expect((await ledger.entriesAt('d', () => [10])).entries.map((entry) => entry.key)).toEqual(['credit:old']);
  });

  it('heads built before they kept ids and a summary get them once at start, legacy entries too', async () => {
    const name = `ledger_indexed_${++run}`;
    await context.db.collection(name).insertMany([
      { _id: new Types.ObjectId(), owner: 'e', seq: 1, key: 'sale', value: 50, balance: 50, at: now },
      { _id: AppendOnlyLedger.idOf('f', 'sale'), owner: 'f', seq: 1, key: 'sale', value: 30, balance: 30, at: now },
      { _id: AppendOnlyLedger.idOf('f', 'debit:o1'), owner: 'f', seq: 2, key: 'debit:o1', value: -20, balance: 10, at: now },
    ]);
    // As the heads were: seq and balance only (`e` from before heads, `f` written with them).
    await context.db.collection(`${name}_heads`).insertMany([
      { _id: '~heads-built', seq: 0, balance: 0 },
      { _id: 'e', seq: 1, balance: 50, legacy: true },
      { _id: 'f', seq: 2, balance: 10 },
    ] as never);
    const ledger = await summarizedOn(name);
    expect(await ledger.headOf('e')).toEqual({ seq: 1, balance: 50, summary: { credits: ['sale'], debits: 0 } });
    expect(await ledger.headOf('f')).toEqual({ seq: 2, balance: 10, summary: { credits: ['sale'], debits: 1 } });
    expect((await ledger.entriesAt('e', () => [1])).entries.map((entry) => entry.key)).toEqual(['sale']);
    expect((await ledger.entriesAt('f', () => [2, 1])).entries.map((entry) => entry.key)).toEqual(['debit:o1', 'sale']);
    // Still legacy: its keys are looked for by their field.
    expect((await ledger.append('e', 'sale', credit(50), now)).seq).toBe(1);
    expect(await ledger.append('e', 'debit:o2', credit(-5), now)).toMatchObject({ seq: 2, balance: 45 });
    expect((await ledger.entriesAt('e', () => [2, 1])).entries.map((entry) => entry.key)).toEqual(['debit:o2', 'sale']);
  });

  it('a background pass over every owner sets right the heads left behind, with no append of theirs', async () => {
    const name = `ledger_heal_${++run}`;
    const ledger = await summarizedOn(name);
    await ledger.append('g', 'credit:1', credit(10), now);
    await ledger.append('h', 'credit:1', credit(20), now);
    const heads = context.db.collection(`${name}_heads`);
    const before = await heads.findOne({ _id: 'g' as never });
    await ledger.append('g', 'credit:2', credit(5), now);
    await heads.replaceOne({ _id: 'g' as never }, before as never);
    // The crash of the owner's first entry: no head at all.
    await heads.deleteOne({ _id: 'h' as never });
    expect(await ledger.headOf('g')).toMatchObject({ seq: 1, balance: 10 });

    const every = await ledger.everyOwnerHealed();
    expect(every.get('g')?.map((entry) => entry.key)).toEqual(['credit:1', 'credit:2']);
    expect(await ledger.headOf('g')).toEqual({ seq: 2, balance: 15, summary: { credits: ['credit:1', 'credit:2'], debits: 0 } });
    expect(await ledger.headOf('h')).toEqual({ seq: 1, balance: 20, summary: { credits: ['credit:1'], debits: 0 } });
    expect((await ledger.entriesAt('g', () => [2])).entries.map((entry) => entry.key)).toEqual(['credit:2']);
  });
});
