import { createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { AppendOnlyLedger, type AppendedEntry } from '../src/ledger/append-only-ledger';

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
});
