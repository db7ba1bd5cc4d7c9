import { randomUUID } from 'node:crypto';
import type { ClubLedgerPage, ClubMe } from '@cine/contracts';
import { Types } from 'mongoose';
import { entryView, type ClubEntry } from '../src/club/club-ledger';
import { expiringSoon, pointLots } from '../src/club/point-lots';
import { newUser, type BookingUnderTest } from './checkout-helpers';
import { startMonitoredBooking, type SentCommand } from './monitored-booking';

/**
 * GET /club/me and GET /club/me/ledger read by `_id` only (FerretDB answers any other filter by reading the whole
 * collection: a read by `userId` cost everyone's ledger), counted with the driver's command monitoring
 * (monitored-booking.ts, round-trips.test.ts's too); and they answer what the member's whole ledger says (worked out here the way the
 * routes did before, from every entry), for every page, and after a crash between an entry and its head.
 */
jest.setTimeout(60_000);

type User = ReturnType<typeof newUser>;

let booking: BookingUnderTest;
let commands: SentCommand[];

beforeAll(async () => {
  ({ booking, commands } = await startMonitoredBooking());
});
afterAll(async () => {
  await booking.close();
  await booking.context.dropDatabase();
});

const DAY = 86_400_000;

async function get<T>(user: User, url: string): Promise<T> {
  const response = await booking.app.inject({ method: 'GET', url, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

/** The member's entries, read the slow way (by `userId`: the whole ledger), oldest first. */
async function entriesOf(userId: string): Promise<ClubEntry[]> {
  const found = await booking.context.db
    .collection('club_ledger')
    .find({ userId }, { projection: { _id: 0, outbox: 0 } })
    .toArray();
  return (found as unknown as ClubEntry[]).sort((a, b) => a.seq - b.seq);
}

/** GET /club/me's points as the routes worked them out from every entry before. */
function pointsFrom(entries: ClubEntry[], now: Date) {
  const balance = entries.at(-1)?.balance ?? 0;
  const soon = expiringSoon(pointLots(entries).lots, now);
  return {
    points: Math.max(0, balance),
    debt: Math.max(0, -balance),
    pointsExpiringSoon: soon.points,
    ...(soon.nextExpiry ? { nextExpiry: soon.nextExpiry.toISOString() } : {}),
  };
}

/** GET /club/me/ledger as the routes worked it out from every entry before. */
function pageFrom(entries: ClubEntry[], page: number, pageSize: number): ClubLedgerPage {
  const expiries = new Map(pointLots(entries).lots.map((lot) => [lot.seq, lot.expiresAt]));
  const moves = entries.filter((entry) => entry.points !== 0).reverse();
  const items = moves
    .slice((page - 1) * pageSize, page * pageSize)
    .map((entry) => entryView(entry, entry.kind === 'earn' ? expiries.get(entry.seq) : undefined));
  return { items, total: moves.length, page, pageSize };
}

/** A member with a ledger of every kind: lots spent, expired and expiring soon, entries of no points, a debt paid. */
async function memberWithHistory(): Promise<User> {
  const user = newUser(booking.app);
  expect((await booking.app.inject({ method: 'POST', url: '/club/join', headers: user.headers })).statusCode).toBe(201);
  const ledger = booking.app.club.ledger;
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const move = (key: string, points: number, kind: ClubEntry['kind'], at: Date, fields: Partial<ClubEntry> = {}) =>
    ledger.append(user.id, key, () => ({ value: points, fields: { kind, ...fields } }), at, points < 0);
  await move('earn:o0', 15, 'earn', ago(800), { orderId: 'o0', paidCents: 1500, total: 1500 });
  await move('earn:o1', 80, 'earn', ago(400), { orderId: 'o1', orderCode: 'AB12CD', paidCents: 8000, total: 8000 });
  // The job's run of 395 days ago: the 15 of 800 days ago expire.
  expect(await booking.app.club.expire(ago(395))).toBe(15);
  await move('spend:o2', -30, 'spend', ago(390), { orderId: 'o2' });
  // An order paid all by points: a visit that earns nothing (not a move).
  await move('earn:o2', 0, 'earn', ago(390), { orderId: 'o2', paidCents: 0, total: 3000 });
  // The earning of o1 refunded after its points were spent: a debt, paid first by the next credit.
  await move('reversal:o1:r1', -70, 'reversal', ago(380), { orderId: 'o1', refundId: 'r1' });
  // 20 of them pay the debt; the other 20 expire within 30 days.
  await move('earn:o3', 40, 'earn', ago(345), { orderId: 'o3', paidCents: 4000, total: 4000 });
  await move('adjust:a1', 55, 'adjust', ago(100), { reason: 'Compensación', by: 'admin' });
  await move('spend:o5', 0, 'spend', ago(50), { orderId: 'o5' });
  await move('earn:o6', 12, 'earn', ago(10), { orderId: 'o6', paidCents: 1200, total: 1200 });
  return user;
}

async function expectAnswersOfTheWholeLedger(user: User): Promise<void> {
  const entries = await entriesOf(user.id);
  const me = await get<ClubMe>(user, '/club/me');
  const { pointsExpiringSoon: _soon, nextExpiry: _next, points: _points, debt: _debt, ...rest } = me;
  expect({ ...pointsFrom(entries, new Date()), ...rest }).toEqual(me);
  for (const pageSize of [1, 2, 3, 100]) {
    const pages = Math.ceil(entries.length / pageSize) + 1;
    for (let page = 1; page <= pages; page++) {
      expect(await get<ClubLedgerPage>(user, `/club/me/ledger?page=${page}&pageSize=${pageSize}`)).toEqual(
        pageFrom(entries, page, pageSize),
      );
    }
  }
}

/** An adjustment whose writer died between the entry and the head: the entry written, the head left as it was. */
async function adjustLost(user: User, key: string, points: number): Promise<void> {
  const heads = booking.context.db.collection('club_ledger_heads');
  const before = await heads.findOne({ _id: user.id as never });
  await booking.app.club.ledger.append(
    user.id,
    key,
    () => ({ value: points, fields: { kind: 'adjust', reason: 'x', by: 'admin' } }),
    new Date(),
  );
  await heads.replaceOne({ _id: user.id as never }, before as never);
}

describe('GET /club/me and GET /club/me/ledger', () => {
  it('read by _id only, and answer what the whole ledger says on every page', async () => {
    // Another member's ledger beside: read by `userId`, theirs would be read too.
    await memberWithHistory();
    const user = await memberWithHistory();
    const entries = await entriesOf(user.id);
    expect(entries.map((entry) => entry.kind)).toContain('expiry');
    expect(entries.filter((entry) => entry.points === 0)).toHaveLength(2);
    expect(await get<ClubMe>(user, '/club/me')).toMatchObject({ points: 87, debt: 0, pointsExpiringSoon: 20 });

    commands.length = 0;
    const me = await get<ClubMe>(user, '/club/me');
    const page = await get<ClubLedgerPage>(user, '/club/me/ledger?page=2&pageSize=3');
    const reads = commands.filter((command) => !['agendaJobs', 'show_listing_writers', 'presales'].includes(command.collection));
    expect(reads.filter((command) => ['aggregate', 'count', 'distinct', 'getMore'].includes(command.name))).toEqual([]);
    const finds = reads.filter((command) => command.name === 'find');
    expect(finds.length).toBeGreaterThan(0);
    for (const find of finds) {
      const filter = find.filter as Record<string, unknown>;
      expect([find.collection, Object.keys(filter)]).toEqual([find.collection, ['_id']]);
      // One document: an id, not an operator ($in reads the whole collection on FerretDB).
      expect([find.collection, typeof filter._id === 'string' || filter._id instanceof Types.ObjectId]).toEqual([find.collection, true]);
    }
    // The member, the head (and the pass's holder) for /club/me; the head and the page's three entries for the page.
    expect(finds.filter((find) => find.collection === 'club_ledger').length).toBe(3);
    expect(me.points).toBeGreaterThan(0);
    expect(page.items).toHaveLength(3);

    await expectAnswersOfTheWholeLedger(user);
  });

  it('a crash between an entry and its head: the reads show the member as before it, until the next move sets the head right', async () => {
    const user = await memberWithHistory();
    const meBefore = await get<ClubMe>(user, '/club/me');
    const pageBefore = await get<ClubLedgerPage>(user, '/club/me/ledger?pageSize=100');
    await adjustLost(user, 'adjust:lost', 7);
    expect(await get<ClubMe>(user, '/club/me')).toEqual(meBefore);
    expect(await get<ClubLedgerPage>(user, '/club/me/ledger?pageSize=100')).toEqual(pageBefore);

    // The next move finds the place taken, reads the member's entries once and sets the head right: nothing counted twice.
    await booking.app.club.adjust(user.id, 3, 'Compensación', 'admin', randomUUID(), new Date());
    const after = await get<ClubMe>(user, '/club/me');
    expect(after.points).toBe(meBefore.points + 10);
    const ledger = await get<ClubLedgerPage>(user, '/club/me/ledger?pageSize=100');
    expect(ledger.total).toBe(pageBefore.total + 2);
    expect(ledger.items.slice(0, 2).map((item) => item.points)).toEqual([3, 7]);
    await expectAnswersOfTheWholeLedger(user);

    // Another crash, and no move of the member's after it: the expiry job's next run sets the head right.
    await adjustLost(user, 'adjust:lost-again', 4);
    expect((await get<ClubMe>(user, '/club/me')).points).toBe(after.points);
    expect(await booking.app.club.expire(new Date())).toBe(0);
    expect((await get<ClubMe>(user, '/club/me')).points).toBe(after.points + 4);
    await expectAnswersOfTheWholeLedger(user);
  });
});
