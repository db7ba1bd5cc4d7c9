import type { ClubEntryKind, ClubSalesReport, PassStatus } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { bearer } from '@cine/service-kit/testing';
import { adminHeaders, newId, paidOrder, startSales, userHeaders, type SalesUnderTest } from './helpers';

/** GET /sales/club (issue 41) from the club's events, published through the bus as booking's outbox does. */
describe('GET /sales/club (issue 41)', () => {
  let sales: SalesUnderTest;
  let admin: { authorization: string };
  const member = newId();
  const passA = newId();
  const passB = newId();
  const passC = newId();

  const moved = (kind: ClubEntryKind, points: number, at: string, entryId = newId(), pointValueCents = 1) =>
    createEvent('club.points-moved', { entryId, userId: member, kind, points, pointValueCents, orderId: newId(), at });
  const charged = (passId: string, period: string, amount: number, kind: 'first' | 'renewal', at: string) =>
    createEvent('club.pass-charged', { passId, userId: member, planId: 'p1', planName: 'Pase 4', period, amount, kind, at });
  const declined = (passId: string, period: string, at: string) =>
    createEvent('club.pass-declined', {
      passId,
      userId: member,
      planName: 'Pase 4',
      period,
      amount: 2500,
      reason: 'card_declined',
      graceUntil: '2026-11-13T12:00:00.000Z',
      at,
    });
  const changed = (passId: string, status: PassStatus, at: string) =>
    createEvent('club.pass-changed', { passId, userId: member, planName: 'Pase 4', status, renewsAt: '2026-12-10T12:00:00.000Z', at });

  // 2026-10-31T23:00Z is still Oct 31 in Buenos Aires (the reporting zone: UTC−3) and 2026-12-01T02:00Z still Nov 30.
  const earnBefore = moved('earn', 500, '2026-10-20T15:00:00.000Z');
  const earn = moved('earn', 300, '2026-11-05T15:00:00.000Z');
  const spend = moved('spend', -200, '2026-11-06T15:00:00.000Z');
  const release = moved('release', 50, '2026-11-06T16:00:00.000Z');
  const refund = moved('refund', 30, '2026-11-08T15:00:00.000Z');
  const reversal = moved('reversal', -40, '2026-12-01T02:00:00.000Z');
  const expiry = moved('expiry', -10, '2026-11-10T15:00:00.000Z', newId(), 2);
  const earnAfter = moved('earn', 1000, '2026-12-02T15:00:00.000Z');

  beforeAll(async () => {
    sales = await startSales();
    admin = adminHeaders(sales.app);
    const { bus } = sales.context;
    for (const event of [earnBefore, earn, spend, release, refund, reversal, expiry, earnAfter]) await bus.publish(event);
    // Redelivered (the same event) and replayed (the same entry, another event id): counted once.
    await bus.publish(earn);
    await bus.publish(createEvent('club.points-moved', spend.data));
    // Passes: A subscribed in Oct, renewed in Nov (charged twice: once counted); B declined in Nov then lapsed in Dec;
    // C subscribed in Nov and ended in Nov.
    await bus.publish(charged(passA, '2026-10-10', 2500, 'first', '2026-10-10T15:00:00.000Z'));
    await bus.publish(changed(passA, 'active', '2026-10-10T15:00:00.000Z'));
    const renewal = charged(passA, '2026-11-10', 2500, 'renewal', '2026-11-10T15:00:00.000Z');
    await bus.publish(renewal);
    await bus.publish(createEvent('club.pass-charged', renewal.data));
    await bus.publish(charged(passB, '2026-10-12', 3000, 'first', '2026-10-12T15:00:00.000Z'));
    await bus.publish(changed(passB, 'active', '2026-10-12T15:00:00.000Z'));
    const declinedB = declined(passB, '2026-11-12', '2026-11-12T15:00:00.000Z');
    await bus.publish(declinedB);
    await bus.publish(createEvent('club.pass-declined', declinedB.data));
    const graceB = changed(passB, 'grace', '2026-11-12T15:00:00.000Z');
    await bus.publish(graceB);
    await bus.publish(createEvent('club.pass-changed', graceB.data));
    await bus.publish(changed(passB, 'lapsed', '2026-12-15T15:00:00.000Z'));
    await bus.publish(charged(passC, '2026-11-02', 2000, 'first', '2026-11-02T15:00:00.000Z'));
    await bus.publish(changed(passC, 'active', '2026-11-02T15:00:00.000Z'));
    await bus.publish(changed(passC, 'cancelling', '2026-11-03T15:00:00.000Z'));
    await bus.publish(changed(passC, 'ended', '2026-11-20T15:00:00.000Z'));
  });
  afterAll(async () => {
    await sales.close();
  });

  const get = (url: string, headers: Record<string, string> = admin) => sales.app.inject({ method: 'GET', url, headers });

  it("answers an admin the period's points, the liability and passes at its end, renewals and revenue, each event once", async () => {
    const response = await get('/sales/club?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    expect(response.json<ClubSalesReport>()).toEqual({
      // 300 earned less the 40 reversed on Nov 30 (reporting zone).
      pointsEarned: 300 - 40,
      // 200 spent less 50 released and 30 refunded.
      pointsSpent: 200 - 50 - 30,
      // Every entry up to Nov 30 at its point value: 500 + 300 − 200 + 50 + 30 − 40 at 1 cent, −10 at 2 cents.
      pointsLiability: 500 + 300 - 200 + 50 + 30 - 40 - 20,
      // A active, B in grace; C ended.
      activePasses: 2,
      renewals: { charged: 1, declined: 1 },
      passRevenue: 2500 + 2000,
    });
  });

  it('counts each period on its own: earlier months, later months and all time', async () => {
    expect((await get('/sales/club?from=2026-10-01&to=2026-10-31')).json<ClubSalesReport>()).toEqual({
      pointsEarned: 500,
      pointsSpent: 0,
      pointsLiability: 500,
      activePasses: 2,
      renewals: { charged: 0, declined: 0 },
      passRevenue: 2500 + 3000,
    });
    expect((await get('/sales/club?from=2026-12-01')).json<ClubSalesReport>()).toEqual({
      pointsEarned: 1000,
      pointsSpent: 0,
      pointsLiability: 500 + 300 - 200 + 50 + 30 - 40 - 20 + 1000,
      // B lapsed in December.
      activePasses: 1,
      renewals: { charged: 0, declined: 0 },
      passRevenue: 0,
    });
    expect((await get('/sales/club?to=2026-09-30')).json<ClubSalesReport>()).toEqual({
      pointsEarned: 0,
      pointsSpent: 0,
      pointsLiability: 0,
      activePasses: 0,
      renewals: { charged: 0, declined: 0 },
      passRevenue: 0,
    });
  });

  it('never answers a liability below 0 (a debt from reversals)', async () => {
    await sales.context.bus.publish(moved('reversal', -5000, '2027-01-05T15:00:00.000Z'));
    const report = (await get('/sales/club?from=2027-01-01&to=2027-01-31')).json<ClubSalesReport>();
    expect(report.pointsLiability).toBe(0);
    expect(report.pointsEarned).toBe(0);
  });

  it('keeps recording orders paid partly with points and a pass (their payment parts are known kinds)', async () => {
    const order = paidOrder({
      seats: 2,
      ticketTotal: 1800,
      total: 1800,
      payments: [
        { kind: 'pass', amount: 900 },
        { kind: 'points', amount: 300, points: 300 },
        { kind: 'card', amount: 600 },
      ],
    });
    await sales.pay(order);
    const totals = (await get('/sales/totals?from=2026-11-01&to=2026-11-30')).json<{ totalPrice: number }>();
    expect(totals.totalPrice).toBe(1800);
  });

  it('dead-letters a club event it cannot count (an unknown kind, points not whole), counting nothing of it', async () => {
    const before = (await get('/sales/club')).json<ClubSalesReport>();
    const bad = [
      createEvent('club.points-moved', { ...moved('earn', 10, '2026-11-05T15:00:00.000Z').data, kind: 'bonus' as ClubEntryKind }),
      createEvent('club.points-moved', { ...moved('earn', 10, '2026-11-05T15:00:00.000Z').data, points: 1.5 }),
    ];
    for (const event of bad) await sales.context.bus.publish(event);
    expect(sales.context.bus.deadLetters.map((letter) => letter.event.id)).toEqual(expect.arrayContaining(bad.map((event) => event.id)));
    expect((await get('/sales/club')).json<ClubSalesReport>()).toEqual(before);
  });

  it('refuses a guest (401), a user and a manager (403: the club is chain-wide) and a reversed period (400), in Spanish', async () => {
    expect((await get('/sales/club', {})).statusCode).toBe(401);
    expect((await get('/sales/club', userHeaders(sales.app))).statusCode).toBe(403);
    const manager = await get('/sales/club', bearer(sales.app, { sub: newId(), role: 'manager', cin: ['c1e000000000000000000002'] }));
    expect(manager.statusCode).toBe(403);
    expect(manager.json().error).toBe('Solo un administrador puede realizar esta acción.');
    const reversed = await get('/sales/club?from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toBe("La fecha 'from' debe ser anterior o igual a 'to'.");
    expect((await get('/sales/club?from=noviembre')).statusCode).toBe(400);
    expect((await get('/sales/club?cinemaId=x')).statusCode).toBe(400);
  });
});
