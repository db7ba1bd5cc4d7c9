import type { CineEvent, ClubPassSummary, PassPlanView, PassResponse, RenewalsReport } from '@cine/contracts';
import { CLUB_MESSAGES } from '@cine/contracts';
import { InProcessEventBus, type ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildBookingApp } from '../src';
import { OfflinePaymentProvider, type PaymentProvider } from '../src/payments';
import type { ChargeOutcome, SavedChargeRequest } from '../src/payments/payment-provider';
import { dayOf } from '../src/club/pass/periods';
import { RENEW_PASSES, type ClubPassOptions } from '../src/plugins/club-pass';

/**
 * Issue 41: the Cine Pase on the real (embedded) database: plans, subscribing (the first month charged at once),
 * the renewal job raced by two instances and retried after a crash (one charge a period), a declined renewal
 * through its grace to lapsed, a new card in grace, and a cancelled pass kept until its period ends.
 */
jest.setTimeout(60_000);

type TestContext = Awaited<ReturnType<typeof createTestContext>>;
let context: TestContext;
const running: ServiceApp[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const app of running.splice(0)) await app.close();
});
afterAll(() => context.dropDatabase());

/** The offline provider, counting the saved cards' charges by key; `crashAfter` loses the answer of that many charges; `gate` holds them. */
class CountingProvider implements PaymentProvider {
  readonly name = 'counting';
  readonly savedCharges: string[] = [];
  crashAfter = 0;
  gate: Promise<void> | undefined;
  constructor(private readonly provider: PaymentProvider) {}
  charge(request: Parameters<PaymentProvider['charge']>[0]) {
    return this.provider.charge(request);
  }
  refund(request: Parameters<PaymentProvider['refund']>[0]) {
    return this.provider.refund(request);
  }
  saveCard(request: Parameters<PaymentProvider['saveCard']>[0]) {
    return this.provider.saveCard(request);
  }
  async chargeSaved(request: SavedChargeRequest): Promise<ChargeOutcome> {
    this.savedCharges.push(request.idempotencyKey);
    await this.gate;
    const outcome = await this.provider.chargeSaved(request);
    if (this.crashAfter > 0) {
      this.crashAfter -= 1;
      throw new Error('simulated crash after the charge');
    }
    return outcome;
  }
}

interface Instance {
  app: ServiceApp;
  events: CineEvent[];
}

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

async function start(provider: PaymentProvider, clubPass: ClubPassOptions = {}): Promise<Instance> {
  const bus = new InProcessEventBus();
  const events: CineEvent[] = [];
  await bus.subscribe('test.club', ['club.pass-charged', 'club.pass-declined', 'club.pass-changed'], async (event) => {
    events.push(event);
  });
  const app = await buildBookingApp({
    ...context,
    bus,
    seedShows: false,
    holdLimits: { perAddress: 1_000_000 },
    clock: now,
    scheduler: { processEveryMs: 50 },
    paymentProvider: provider,
    // The job off (the tests run it by hand) unless a test schedules it.
    clubPass: { renewalEveryMs: 0, renewalLeaseMs: 60_000, ...clubPass },
  });
  await app.ready();
  running.push(app);
  return { app, events };
}

const admin = (app: ServiceApp) => bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });

async function member(app: ServiceApp): Promise<{ id: string; headers: { authorization: string } }> {
  const id = new Types.ObjectId().toHexString();
  const headers = bearer(app, { sub: id, role: 'user' });
  expect((await app.inject({ method: 'POST', url: '/club/join', headers })).statusCode).toBe(201);
  return { id, headers };
}

let planCount = 0;
async function plan(app: ServiceApp, overrides: Record<string, unknown> = {}): Promise<PassPlanView> {
  planCount += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/club/plans',
    headers: admin(app),
    payload: { name: `Pase ${planCount}`, monthlyPrice: 2500, ticketsPerMonth: 4, formats: ['2D'], active: true, ...overrides },
  });
  expect(response.statusCode).toBe(201);
  return response.json<PassPlanView>();
}

async function subscribe(app: ServiceApp, user: { headers: Record<string, string> }, planId: string, paymentMethodId = 'pm_card_visa') {
  return app.inject({ method: 'POST', url: '/club/pass', headers: user.headers, payload: { planId, paymentMethodId } });
}

/** A member of a new instance subscribed to a new plan (first month paid by pm_card_visa), its saved charges counted. */
async function subscribed(clubPass: ClubPassOptions = {}) {
  const provider = new CountingProvider(new OfflinePaymentProvider(context.db));
  const instance = await start(provider, clubPass);
  const { app } = instance;
  const offer = await plan(app);
  const user = await member(app);
  const { pass } = (await subscribe(app, user, offer.id)).json<PassResponse>();
  return { provider, instance, app, offer, user, pass };
}

/** POST /club/pass/card: the card later renewals charge (in grace, the period due at once). */
const changeCard = (app: ServiceApp, user: { headers: Record<string, string> }, paymentMethodId: string) =>
  app.inject({ method: 'POST', url: '/club/pass/card', headers: user.headers, payload: { paymentMethodId } });

/** The instances' clock `ms` after `instant` (before it, when negative). */
const clockAt = (instant: string, ms: number) => {
  offsetMs = new Date(instant).getTime() - Date.now() + ms;
};

const summaryOf = (app: ServiceApp, userId: string): Promise<ClubPassSummary | undefined> => app.clubPasses.summaryFor(userId, now());

/** The charges the provider recorded for a key (the offline provider keeps one per key: a second would be a double charge). */
const paymentsWithKeyPrefix = (prefix: string) =>
  context.db.collection<{ _id: string }>('payments').countDocuments({ _id: { $regex: `^${prefix}` } } as never);

/** The events published, once each (the relay publishes at least once: a consumer counts an event id once). */
async function settled(instance: Instance): Promise<CineEvent[]> {
  await instance.app.clubPassesOutbox.flush();
  return [...new Map(instance.events.map((event) => [event.id, event])).values()];
}

beforeEach(async () => {
  offsetMs = 0;
  // Each test's passes alone are due (one database for the file); the job scheduled afresh at each test's pace.
  for (const name of ['club_passes', 'club_pass_holders', 'club_renewals', 'club_renewal_runs'])
    await context.db.collection(name).deleteMany({});
  await context.db.collection('agendaJobs').deleteMany({ name: RENEW_PASSES });
});

describe('Cine Pase plans', () => {
  it('admin creates and changes plans; anyone lists those on sale; a name is taken once', async () => {
    const { app } = await start(new OfflinePaymentProvider(context.db));
    const sold = await plan(app, { name: 'Pase Cinéfilo' });
    const retired = await plan(app, { active: false });
    const taken = await app.inject({
      method: 'POST',
      url: '/club/plans',
      headers: admin(app),
      payload: { name: 'pase cinéfilo', monthlyPrice: 2000, ticketsPerMonth: 2, formats: ['2D', '3D'], active: true },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(CLUB_MESSAGES.planNameTaken);

    const publicList = (await app.inject({ method: 'GET', url: '/club/plans' })).json<PassPlanView[]>().map((p) => p.id);
    expect(publicList).toContain(sold.id);
    expect(publicList).not.toContain(retired.id);
    const user = await member(app);
    expect((await app.inject({ method: 'GET', url: '/club/plans?all=true', headers: user.headers })).statusCode).toBe(403);
    const all = (await app.inject({ method: 'GET', url: '/club/plans?all=true', headers: admin(app) })).json<PassPlanView[]>();
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([sold.id, retired.id]));

    const changed = await app.inject({
      method: 'PUT',
      url: `/club/plans/${retired.id}`,
      headers: admin(app),
      payload: { name: retired.name, monthlyPrice: 3000, ticketsPerMonth: 5, formats: ['2D', '3D'], active: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ monthlyPrice: 3000, ticketsPerMonth: 5, active: true });
    const missing = await app.inject({
      method: 'PUT',
      url: `/club/plans/${new Types.ObjectId().toHexString()}`,
      headers: admin(app),
      payload: { name: 'Nadie', monthlyPrice: 3000, ticketsPerMonth: 5, formats: ['2D'], active: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(CLUB_MESSAGES.planNotFound);
  });
});

describe('subscribing', () => {
  it('a member subscribes: the card saved, the first month charged with the pass’s period key, one live pass', async () => {
    const provider = new CountingProvider(new OfflinePaymentProvider(context.db));
    const instance = await start(provider);
    const { app } = instance;
    const offer = await plan(app);
    const stranger = { headers: bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'user' }) };
    const refused = await subscribe(app, stranger, offer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CLUB_MESSAGES.notMember);

    const user = await member(app);
    const response = await subscribe(app, user, offer.id);
    expect(response.statusCode).toBe(201);
    const { pass } = response.json<PassResponse>();
    expect(pass).toMatchObject({ status: 'active', ticketsLeft: 4, cardLast4: '4242', plan: { id: offer.id, monthlyPrice: 2500 } });
    expect(provider.savedCharges).toEqual([`pass:${pass.id}:${dayOf(new Date(pass.periodStart))}`]);

    const again = await subscribe(app, user, offer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CLUB_MESSAGES.passAlready);
    const events = await settled(instance);
    expect(events.map((event) => event.type).sort()).toEqual(['club.pass-changed', 'club.pass-charged']);
  });

  it('a crash after the first month was charged: the member’s next subscription finishes that one, charged once', async () => {
    const provider = new CountingProvider(new OfflinePaymentProvider(context.db));
    const { app } = await start(provider);
    const offer = await plan(app);
    const user = await member(app);
    provider.crashAfter = 1;
    expect((await subscribe(app, user, offer.id)).statusCode).toBe(500);
    // Still under way for a while: nobody else subscribes meanwhile.
    expect((await subscribe(app, user, offer.id)).statusCode).toBe(409);
    offsetMs = 11 * 60_000;
    const again = await subscribe(app, user, offer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CLUB_MESSAGES.passAlready);
    const pass = await summaryOf(app, user.id);
    expect(pass).toMatchObject({ status: 'active', ticketsLeft: 4 });
    expect(provider.savedCharges).toEqual([
      `pass:${pass?.id}:${dayOf(new Date(pass?.periodStart ?? 0))}`,
      `pass:${pass?.id}:${dayOf(new Date(pass?.periodStart ?? 0))}`,
    ]);
    expect(await paymentsWithKeyPrefix(`pass:${pass?.id}:`)).toBe(1);
  });

  it('a declined first month answers 402 in Spanish and leaves no pass (the member may try another card)', async () => {
    const { app } = await start(new OfflinePaymentProvider(context.db));
    const offer = await plan(app);
    const user = await member(app);
    const declined = await subscribe(app, user, offer.id, 'pm_card_chargeCustomerFail');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.', code: 'card_declined' });
    expect(await summaryOf(app, user.id)).toBeUndefined();
    expect((await subscribe(app, user, offer.id, 'pm_card_chargeDeclined')).statusCode).toBe(402);
    expect((await subscribe(app, user, offer.id)).statusCode).toBe(201);
  });
});

describe('the renewal job', () => {
  it('two instances renewing at once charge a period once', async () => {
    const { provider, instance: first, user, pass } = await subscribed();
    const second = await start(provider);

    clockAt(pass.renewsAt, 1000);
    const runs = await Promise.all([first.app.clubRenewals.run(), second.app.clubRenewals.run(), first.app.clubRenewals.run()]);

    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(1);
    expect(provider.savedCharges.slice(1)).toEqual([`pass:${pass.id}:${dayOf(new Date(pass.renewsAt))}`]);
    expect(await summaryOf(first.app, user.id)).toMatchObject({ status: 'active', periodStart: pass.renewsAt });
    const charged = [...(await settled(first)), ...(await settled(second))].filter((event) => event.type === 'club.pass-charged');
    expect(charged.map((event) => (event.data as { kind: string }).kind).sort()).toEqual(['first', 'renewal']);
    // The next run finds nothing due.
    expect(await second.app.clubRenewals.run()).toMatchObject({ due: 0, charged: 0 });
  });

  it('the job on both instances’ schedulers renews a due pass once', async () => {
    const { provider, instance: first, offer, user, pass } = await subscribed({ renewalEveryMs: 100 });
    const second = await start(provider, { renewalEveryMs: 100 });
    clockAt(pass.renewsAt, 1000);
    const deadline = Date.now() + 15_000;
    while ((await summaryOf(second.app, user.id))?.periodStart !== pass.renewsAt) {
      if (Date.now() > deadline) throw new Error('not renewed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(provider.savedCharges).toHaveLength(2);
    const report = (await first.app.inject({ method: 'GET', url: '/club/renewals', headers: admin(first.app) })).json<RenewalsReport>();
    expect(report.job.everyMs).toBe(100);
    expect(report.job.nextRunAt).toEqual(expect.any(String));
    expect(report.job.lastRunAt).toEqual(expect.any(String));
    expect(report.runs.length).toBeGreaterThan(0);
    expect(report.renewals.filter((renewal) => renewal.passId === pass.id)).toEqual([
      expect.objectContaining({ outcome: 'charged', amount: 2500, attempts: 1, planName: offer.name }),
    ]);
  });

  it('a crash between the charge and its record: the next run charges again under the same key, paid once', async () => {
    const { provider, instance, app, user, pass } = await subscribed({ renewalLeaseMs: 60_000 });

    clockAt(pass.renewsAt, 1000);
    provider.crashAfter = 1;
    expect(await app.clubRenewals.run()).toMatchObject({ due: 1, failed: 1, charged: 0 });
    // Claimed by the run that stopped: nobody else charges it until its claim lapses.
    expect(await app.clubRenewals.run()).toMatchObject({ due: 1, charged: 0, failed: 0 });
    expect(provider.savedCharges).toHaveLength(2);

    offsetMs += 61_000;
    expect(await app.clubRenewals.run()).toMatchObject({ due: 1, charged: 1 });
    const [, crashed, retried] = provider.savedCharges;
    expect(retried).toBe(crashed);
    expect(await paymentsWithKeyPrefix(`pass:${pass.id}:`)).toBe(2); // the first month and this one
    expect(await summaryOf(app, user.id)).toMatchObject({ status: 'active', periodStart: pass.renewsAt });
    expect((await settled(instance)).filter((event) => event.type === 'club.pass-charged')).toHaveLength(2);
  });

  it('a declined renewal: grace for three days with club.pass-declined, then lapsed with club.pass-changed', async () => {
    const { instance, app, offer, user, pass } = await subscribed();
    // A card that is saved and then declined on every charge.
    expect((await changeCard(app, user, 'pm_card_chargeCustomerFail')).statusCode).toBe(200);

    clockAt(pass.renewsAt, 1000);
    expect(await app.clubRenewals.run()).toMatchObject({ declined: 1 });
    const inGrace = await summaryOf(app, user.id);
    expect(inGrace).toMatchObject({ status: 'grace', periodStart: pass.renewsAt, ticketsLeft: 4 });
    const graceUntil = new Date(inGrace?.graceUntil ?? 0).getTime();
    expect(graceUntil - now().getTime()).toBeGreaterThan(3 * DAY - 5_000);
    expect(graceUntil - now().getTime()).toBeLessThanOrEqual(3 * DAY);
    const declined = (await settled(instance)).filter((event) => event.type === 'club.pass-declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]?.data).toMatchObject({ passId: pass.id, amount: 2500, graceUntil: inGrace?.graceUntil });

    offsetMs += 2 * DAY;
    expect(await app.clubRenewals.run()).toMatchObject({ due: 0 });
    offsetMs += DAY;
    expect(await app.clubRenewals.run()).toMatchObject({ lapsed: 1 });
    expect(await summaryOf(app, user.id)).toMatchObject({ status: 'lapsed', ticketsLeft: 0 });
    const changed = (await settled(instance))
      .filter((event) => event.type === 'club.pass-changed')
      .map((event) => (event.data as { status: string }).status);
    expect(changed).toEqual(['active', 'grace', 'lapsed']);
    expect((await app.clubRenewals.run()).lapsed).toBe(0);
    // Lapsed: the member may subscribe again.
    expect((await subscribe(app, user, offer.id)).statusCode).toBe(201);
  });

  it('a new card in grace pays the period due at once', async () => {
    const { provider, instance, app, user, pass } = await subscribed();
    await changeCard(app, user, 'pm_card_chargeCustomerFail');
    clockAt(pass.renewsAt, 1000);
    await app.clubRenewals.run();

    expect((await changeCard(app, user, 'pm_card_chargeDeclined')).statusCode).toBe(402);
    const paid = await changeCard(app, user, 'pm_card_mastercard');
    expect(paid.statusCode).toBe(200);
    expect(paid.json<PassResponse>().pass).toMatchObject({ status: 'active', cardLast4: '4444', periodStart: pass.renewsAt });
    const period = dayOf(new Date(pass.renewsAt));
    // The declined renewal's key, then the new card's attempt (a key of its own: the first answered the decline).
    expect(provider.savedCharges.slice(1)).toEqual([`pass:${pass.id}:${period}`, `pass:${pass.id}:${period}:2`]);
    const types = (await settled(instance)).map((event) => event.type);
    expect(types.filter((type) => type === 'club.pass-charged')).toHaveLength(2);
    const report = await app.clubRenewals.report(undefined);
    expect(report.renewals.find((renewal) => renewal.passId === pass.id)).toMatchObject({ outcome: 'charged', attempts: 2 });
  });

  it('a cancelled pass books until its period ends, then ends without a charge', async () => {
    const { provider, instance, app, user, pass } = await subscribed();
    const cancelled = await app.inject({ method: 'DELETE', url: '/club/pass', headers: user.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<PassResponse>().pass).toMatchObject({ status: 'cancelling', renewsAt: pass.renewsAt, ticketsLeft: 4 });
    expect((await app.inject({ method: 'DELETE', url: '/club/pass', headers: user.headers })).statusCode).toBe(200);

    clockAt(pass.renewsAt, -60_000);
    expect(await app.clubRenewals.run()).toMatchObject({ due: 0 });
    expect(await summaryOf(app, user.id)).toMatchObject({ status: 'cancelling' });
    offsetMs += 120_000;
    expect(await app.clubRenewals.run()).toMatchObject({ ended: 1, charged: 0 });
    expect(await summaryOf(app, user.id)).toBeUndefined();
    expect(provider.savedCharges).toHaveLength(1);
    const statuses = (await settled(instance))
      .filter((event) => event.type === 'club.pass-changed')
      .map((event) => (event.data as { status: string }).status);
    expect(statuses).toEqual(['active', 'cancelling', 'ended']);
    expect((await app.inject({ method: 'DELETE', url: '/club/pass', headers: user.headers })).statusCode).toBe(404);
  });

  it('a plan is not changed while one of its renewals is being charged (409)', async () => {
    const { provider, app, offer, pass } = await subscribed();
    let release!: () => void;
    provider.gate = new Promise<void>((resolve) => (release = resolve));
    clockAt(pass.renewsAt, 1000);
    const run = app.clubRenewals.run();
    while (provider.savedCharges.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const body = { name: offer.name, monthlyPrice: 9900, ticketsPerMonth: 4, formats: ['2D'], active: true };
    const busy = await app.inject({ method: 'PUT', url: `/club/plans/${offer.id}`, headers: admin(app), payload: body });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe(CLUB_MESSAGES.renewalRunning);
    release();
    expect(await run).toMatchObject({ charged: 1 });
    expect((await app.inject({ method: 'PUT', url: `/club/plans/${offer.id}`, headers: admin(app), payload: body })).statusCode).toBe(200);
  });
});
