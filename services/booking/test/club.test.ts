import { randomUUID } from 'node:crypto';
import {
  CLUB_MESSAGES,
  type ClubAdjustResponse,
  type ClubLedgerPage,
  type ClubMe,
  type ClubMemberPage,
  type ClubPointsMoved,
  type CheckoutResponse,
  type OrderPaid,
  type OrderRefunded,
} from '@cine/contracts';
import { createEvent, InProcessEventBus } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { OfflinePaymentProvider, type ChargeRequest, type PaymentProvider } from '../src/payments';
import {
  addCandy,
  adminHeaders,
  cartOf,
  createShow,
  hold,
  newUser,
  publishCandy,
  startBooking,
  type BookingUnderTest,
  type TestContext,
} from './checkout-helpers';

type User = { id: string; headers: Record<string, string> };

let context: TestContext;
const running: BookingUnderTest[] = [];
const moved: ClubPointsMoved[] = [];
const refunded: OrderRefunded[] = [];
/** Every charge the bank card provider was asked for. */
const charges: ChargeRequest[] = [];

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const booking of running.splice(0)) await booking.close();
});
afterAll(() => context.dropDatabase());

function countingProvider(): PaymentProvider {
  const offline = new OfflinePaymentProvider(context.db);
  const charge = offline.charge.bind(offline);
  offline.charge = async (request: ChargeRequest) => {
    charges.push(request);
    return charge(request);
  };
  return offline;
}

async function start(options: Parameters<typeof startBooking>[0] = {}): Promise<BookingUnderTest> {
  const bus = new InProcessEventBus();
  await bus.subscribe('test.club', ['club.points-moved', 'order.refunded'], async (event) => {
    if (event.type === 'club.points-moved') moved.push(event);
    if (event.type === 'order.refunded') refunded.push(event);
  });
  const booking = await startBooking({ paymentProvider: countingProvider(), ...options }, { ...context, bus });
  running.push(booking);
  return booking;
}

const join = (booking: BookingUnderTest, user: User) => booking.app.inject({ method: 'POST', url: '/club/join', headers: user.headers });

/** A new user who joined the club, with `points` by an admin's adjustment when given. */
async function newMember(booking: BookingUnderTest, points = 0): Promise<User> {
  const user = newUser(booking.app);
  expect((await join(booking, user)).statusCode).toBe(201);
  if (points > 0) expect((await adjust(booking, user.id, points)).statusCode).toBe(201);
  return user;
}

/** An admin's refund of the order (all of it unless `lines` names seats or candy), for the reason 'Prueba'. */
const refundOrder = (booking: BookingUnderTest, orderId: string, lines: { seatLabels?: string[]; candyIds?: string[] } = {}) =>
  booking.app.inject({
    method: 'POST',
    url: `/orders/${orderId}/refund`,
    headers: adminHeaders(booking.app),
    payload: { ...lines, reason: 'Prueba' },
  });

async function me(booking: BookingUnderTest, user: User): Promise<ClubMe> {
  const response = await booking.app.inject({ method: 'GET', url: '/club/me', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<ClubMe>();
}

async function ledger(booking: BookingUnderTest, user: User): Promise<ClubLedgerPage> {
  const response = await booking.app.inject({ method: 'GET', url: '/club/me/ledger?pageSize=100', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<ClubLedgerPage>();
}

function adjust(booking: BookingUnderTest, userId: string, points: number, headers = adminHeaders(booking.app)) {
  return booking.app.inject({
    method: 'POST',
    url: `/club/members/${userId}/adjust`,
    headers,
    payload: { points, reason: 'Compensación' },
  });
}

async function buy(booking: BookingUnderTest, user: User, showId: string, seats: number, extra: Record<string, unknown> = {}) {
  expect((await hold(booking, user, showId, seats)).statusCode).toBe(200);
  return booking.app.inject({
    method: 'POST',
    url: '/movies/checkout',
    headers: user.headers,
    payload: { idUser: user.id, show: showId, ticket: seats, paymentMethodId: 'pm_card_visa', ...extra },
  });
}

/** Waits until `check` holds (the relay and the consumer run after the request). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function settle(booking: BookingUnderTest) {
  await booking.app.ordersOutbox.flush();
  await booking.app.clubOutbox.flush();
}

describe('Cine Club members (POST /club/join, GET /club/me)', () => {
  it('joins once (201, then 409 in Spanish); before joining GET /club/me says not a member', async () => {
    const booking = await start();
    const user = newUser(booking.app);
    expect(await me(booking, user)).toMatchObject({ member: false, points: 0, tier: { id: 'clasico' } });
    const first = await join(booking, user);
    expect(first.statusCode).toBe(201);
    expect(first.json<ClubMe>()).toMatchObject({ member: true, points: 0, debt: 0, visits: 0, tier: { name: 'Clásico' } });
    const again = await join(booking, user);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(CLUB_MESSAGES.alreadyMember);
  });
});

describe('earning and taking back (the consumer booking.club)', () => {
  it('one earning per order under redelivery and replay of order.paid, one reversal per refund likewise; each announced once', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 1850 });
    const user = await newMember(booking);
    const paid = await buy(booking, user, show.id, 2);
    expect(paid.statusCode).toBe(200);
    const orderId = paid.json<CheckoutResponse>().order.id;
    await settle(booking);
    // $ 37,00 by bank card: 37 points, and a visit.
    let page = await eventually(
      () => ledger(booking, user),
      (one) => one.total === 1,
    );
    expect(page.items).toMatchObject([{ kind: 'earn', points: 37, balance: 37, orderId }]);
    expect(page.items[0]?.expiresAt).toBeDefined();

    // Redelivered as it was, and replayed (a new event id, `republished`): nothing more.
    const event = booking.paid.find((one) => one.data.orderId === orderId) as OrderPaid;
    // (The in-process bus answers once every consumer, booking.club among them, has handled the event.)
    await booking.context.bus.publish(event);
    await booking.context.bus.publish({ ...event, id: randomUUID(), data: { ...event.data, republished: true } });
    await settle(booking);
    page = await ledger(booking, user);
    expect(page.items.filter((item) => item.kind === 'earn')).toHaveLength(1);
    expect((await me(booking, user)).visits).toBe(1);

    // A partial refund (one seat of two): half the points back, once however often its event comes.
    const refund = await refundOrder(booking, orderId, { seatLabels: [paid.json<CheckoutResponse>().order.seatLabels[0]] });
    expect(refund.statusCode).toBe(200);
    await settle(booking);
    page = await eventually(
      () => ledger(booking, user),
      (one) => one.total === 2,
    );
    expect(page.items[0]).toMatchObject({ kind: 'reversal', points: -18, balance: 19 });
    const refundEvent = await eventually(
      async () => refunded.find((one) => one.data.orderId === orderId),
      (one) => one !== undefined,
    );
    await booking.context.bus.publish(refundEvent!);
    await booking.context.bus.publish({ ...refundEvent!, id: randomUUID(), data: { ...refundEvent!.data, republished: true } });
    await settle(booking);
    expect((await ledger(booking, user)).total).toBe(2);
    expect((await me(booking, user)).visits).toBe(1);

    // The rest refunded: the order earned nothing in the end, and is no longer a visit (no tier by buying and cancelling).
    const rest = await refundOrder(booking, orderId);
    expect(rest.statusCode).toBe(200);
    await settle(booking);
    page = await eventually(
      () => ledger(booking, user),
      (one) => one.total === 3,
    );
    expect(page.items[0]).toMatchObject({ kind: 'reversal', points: -19, balance: 0 });
    expect((await me(booking, user)).visits).toBe(0);

    const mine = moved.filter((one) => one.data.userId === user.id);
    expect(mine.map((one) => [one.data.kind, one.data.points])).toEqual([
      ['earn', 37],
      ['reversal', -18],
      ['reversal', -19],
    ]);
  });

  it('a purchase before joining earns nothing', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const user = newUser(booking.app);
    expect((await buy(booking, user, show.id, 1)).statusCode).toBe(200);
    await settle(booking);
    expect((await join(booking, user)).statusCode).toBe(201);
    const paid = booking.paid.filter((one) => one.data.userId === user.id);
    await eventually(
      async () => paid.length,
      (n) => n === 1,
    );
    await booking.app.club.earn(paid[0]!, new Date());
    expect((await me(booking, user)).points).toBe(0);
  });
});

describe('spending points at checkout', () => {
  it('refused before anything: not a member, more than the balance, more than the total; nothing charged', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 1000 });
    const stranger = newUser(booking.app);
    const before = charges.length;
    const notMember = await buy(booking, stranger, show.id, 1, { points: 10 });
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json<{ error: string }>().error).toBe(CLUB_MESSAGES.notMember);

    const user = await newMember(booking, 500);
    const tooMany = await buy(booking, user, show.id, 1, { points: 501 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ error: string }>().error).toBe(CLUB_MESSAGES.notEnoughPoints(500));

    const rich = await newMember(booking, 5000);
    const overTotal = await buy(booking, rich, show.id, 1, { points: 1001 });
    expect(overTotal.statusCode).toBe(400);
    expect(overTotal.json<{ error: string }>().error).toBe(CLUB_MESSAGES.pointsMoreThanTotal);
    const noCard = await buy(booking, rich, show.id, 1, { points: 400, paymentMethodId: undefined });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json<{ error: string }>().error).toBe(CLUB_MESSAGES.paymentMethodNeeded);

    expect(charges.length).toBe(before);
    expect((await me(booking, user)).points).toBe(500);
    expect((await me(booking, rich)).points).toBe(5000);
  });

  it('points pay part, the bank card the rest; a decline gives the points back', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 1000 });
    const user = await newMember(booking, 600);

    const declined = await buy(booking, user, show.id, 1, { points: 400, paymentMethodId: 'pm_card_visa_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect((await me(booking, user)).points).toBe(600);
    expect((await ledger(booking, user)).items.map((item) => [item.kind, item.points])).toEqual([
      ['release', 400],
      ['spend', -400],
      ['adjust', 600],
    ]);

    charges.length = 0;
    const paid = await buy(booking, user, show.id, 1, { points: 400 });
    expect(paid.statusCode).toBe(200);
    const order = paid.json<CheckoutResponse>().order;
    expect(order.payments).toEqual([
      { kind: 'points', amount: 400, points: 400 },
      { kind: 'card', amount: 600 },
    ]);
    expect(charges.map((charge) => charge.amount)).toEqual([600]);
    // Once order.paid is handled (after the answer: the relay publishes it): 400 spent, and the bank card's $ 6,00 earns 6.
    await settle(booking);
    expect((await me(booking, user)).points).toBe(206);
  });

  it('the whole order by points, no bank card; a partial refund gives its points part back as points', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 1000 });
    const user = await newMember(booking, 2000);
    charges.length = 0;
    const paid = await buy(booking, user, show.id, 2, { points: 2000, paymentMethodId: undefined });
    expect(paid.statusCode).toBe(200);
    expect(charges).toEqual([]);
    const order = paid.json<CheckoutResponse>().order;
    const refund = await refundOrder(booking, order.id, { seatLabels: [order.seatLabels[0]] });
    expect(refund.statusCode).toBe(200);
    const back = await eventually(
      () => me(booking, user),
      (one) => one.points === 1000,
    );
    expect(back.points).toBe(1000);
    const items = (await ledger(booking, user)).items;
    expect(items[0]).toMatchObject({ kind: 'refund', points: 1000, orderId: order.id });
    // Paid by points only: nothing earned, nothing to take back; still a visit.
    expect(items.some((item) => item.kind === 'earn' || item.kind === 'reversal')).toBe(false);
  });

  it('points spent and then their earning refunded: a debt that the next earning pays first', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 2000 });
    const user = await newMember(booking);
    const first = await buy(booking, user, show.id, 1);
    expect(first.statusCode).toBe(200);
    await settle(booking);
    await eventually(
      () => me(booking, user),
      (one) => one.points === 20,
    );
    // The 20 points spent on a $ 10,00 order (which earns 9 on the $ 9,80 its bank card paid), then the order that earned
    // them refunded whole: 20 - 20 + 9 - 20 = -11.
    const other = await createShow(booking, { price: 1000 });
    expect((await buy(booking, user, other.id, 1, { points: 20 })).statusCode).toBe(200);
    const refund = await refundOrder(booking, first.json<CheckoutResponse>().order.id);
    expect(refund.statusCode).toBe(200);
    await settle(booking);
    const inDebt = await eventually(
      () => me(booking, user),
      (one) => one.debt === 11,
    );
    expect(inDebt).toMatchObject({ points: 0, debt: 11 });
    // Spending is refused while in debt.
    const third = await createShow(booking, { price: 3000 });
    expect((await buy(booking, user, third.id, 1, { points: 1 })).statusCode).toBe(409);
    // The next earning ($ 30,00: 30 points) pays the debt first: 19 left.
    expect((await buy(booking, user, third.id, 1)).statusCode).toBe(200);
    await settle(booking);
    const after = await eventually(
      () => me(booking, user),
      (one) => one.debt === 0,
    );
    expect(after).toMatchObject({ points: 19, debt: 0 });
  });
});

describe('admin adjustments (POST /club/members/{userId}/adjust) and the member list', () => {
  it('audited with its reason and admin; zero 400, below zero 409, not a member 404, managers and buyers 403', async () => {
    const booking = await start();
    const user = await newMember(booking);
    const adminId = new Types.ObjectId().toHexString();
    const admin = bearer(booking.app, { sub: adminId, role: 'admin' });
    const added = await adjust(booking, user.id, 120, admin);
    expect(added.statusCode).toBe(201);
    expect(added.json<ClubAdjustResponse>()).toMatchObject({
      entry: { kind: 'adjust', points: 120, balance: 120, reason: 'Compensación', by: adminId },
      member: { userId: user.id, points: 120, tier: 'Clásico' },
    });
    expect((await ledger(booking, user)).items[0]).toMatchObject({ kind: 'adjust', reason: 'Compensación', by: adminId });

    // The same Idempotency-Key twice writes once.
    const keyed = { ...admin, 'idempotency-key': 'ajuste-0001' };
    expect((await adjust(booking, user.id, 5, keyed)).statusCode).toBe(201);
    expect((await adjust(booking, user.id, 5, keyed)).statusCode).toBe(201);
    expect((await me(booking, user)).points).toBe(125);

    const zero = await adjust(booking, user.id, 0, admin);
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ error: string }>().error).toBe(CLUB_MESSAGES.adjustZero);
    const below = await adjust(booking, user.id, -126, admin);
    expect(below.statusCode).toBe(409);
    expect(below.json<{ error: string }>().error).toBe(CLUB_MESSAGES.adjustBelowZero(125));
    expect((await adjust(booking, new Types.ObjectId().toHexString(), 10, admin)).statusCode).toBe(404);
    const manager = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'manager', cinemaIds: ['x'] } as never);
    expect((await adjust(booking, user.id, 10, manager)).statusCode).toBe(403);
    expect((await adjust(booking, user.id, 10, user.headers)).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'GET', url: '/club/members', headers: manager })).statusCode).toBe(403);
    expect((await me(booking, user)).points).toBe(125);

    const list = await booking.app.inject({ method: 'GET', url: '/club/members', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json<ClubMemberPage>().items.find((item) => item.userId === user.id)).toMatchObject({ points: 125, visits: 0 });

    // By part of the e-mail or the name, as the buyers' projection knows them (accents and case ignored).
    const email = `socia-${user.id}@example.com`;
    await booking.context.bus.publish(createEvent('user.registered', { userId: user.id, email, username: 'Begoña Ruiz' }));
    const byName = await booking.app.inject({ method: 'GET', url: '/club/members?q=begona', headers: admin });
    expect(byName.json<ClubMemberPage>().items).toEqual([expect.objectContaining({ userId: user.id, email, name: 'Begoña Ruiz' })]);
    const byEmail = await booking.app.inject({
      method: 'GET',
      url: `/club/members?q=${encodeURIComponent(`socia-${user.id}`)}`,
      headers: admin,
    });
    expect(byEmail.json<ClubMemberPage>().total).toBe(1);
    const nobody = await booking.app.inject({ method: 'GET', url: '/club/members?q=zzzz-nadie', headers: admin });
    expect(nobody.json<ClubMemberPage>()).toMatchObject({ items: [], total: 0 });
  });
});

describe('tiers: Oro (issue 41)', () => {
  const tiers = [
    { id: 'clasico', name: 'Clásico', minVisits: 0, candyDiscountPercent: 0, presalePriority: false },
    { id: 'oro', name: 'Oro', minVisits: 1, candyDiscountPercent: 10, presalePriority: true },
  ];

  it('a visit reaches Oro (CLUB_TIERS): candy 10 % off in the cart and on the order’s line, a refund of it returns what was paid', async () => {
    const booking = await start({ club: { tiers } });
    const show = await createShow(booking, { price: 1000 });
    const user = await newMember(booking);
    const other = newUser(booking.app);
    expect((await buy(booking, user, show.id, 1)).statusCode).toBe(200);
    await settle(booking);
    const oro = await eventually(
      () => me(booking, user),
      (one) => one.visits === 1,
    );
    expect(oro.tier).toMatchObject({ id: 'oro', candyDiscountPercent: 10 });
    expect(await booking.app.clubMembers.priorityOf([user.id, other.id])).toEqual(new Set([user.id]));

    const candy = await publishCandy(booking, { price: 1250 });
    await eventually(
      async () => (await addCandy(booking, user, candy.candyId, 2)).statusCode,
      (status) => status === 200,
    );
    expect((await hold(booking, user, show.id, 1)).statusCode).toBe(200);
    const cart = await cartOf(booking, user);
    expect(cart.candy[0]).toMatchObject({ totalPrice: 2500, discount: 250 });
    expect(cart.orderPrice).toBe(1000 + 2250);
    const paid = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers: user.headers,
      payload: { idUser: user.id, show: show.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);
    const order = paid.json<CheckoutResponse>().order;
    expect(order.total).toBe(3250);
    expect(order.candy[0]).toMatchObject({ totalPrice: 2500, discount: 250 });
    const refund = await refundOrder(booking, order.id, { candyIds: [candy.candyId], seatLabels: [] });
    expect(refund.statusCode).toBe(200);
    expect(refund.json<{ order: { refunds: Array<{ amount: number }> } }>().order.refunds.at(-1)?.amount).toBe(2250);
  });
});

describe('expiry (the Agenda job club-points.expire)', () => {
  it('writes off what is left of each lot 12 months old, oldest first, once', async () => {
    // A database of its own: the job's schedule (one document, kept across restarts) is not another test's hourly one.
    const booking = await startBooking({ scheduler: { processEveryMs: 50, clubExpiryEveryMs: 200 } });
    running.push(booking);
    const user = await newMember(booking);
    const yearAgo = new Date(Date.now() - 400 * 86_400_000);
    const ledgerOf = booking.app.club.ledger;
    await ledgerOf.append(user.id, 'earn:viejo', () => ({ value: 80, fields: { kind: 'earn', orderId: 'viejo' } }), yearAgo);
    await ledgerOf.append(user.id, 'spend:viejo2', () => ({ value: -30, fields: { kind: 'spend', orderId: 'viejo2' } }), yearAgo);
    expect((await adjust(booking, user.id, 25)).statusCode).toBe(201);
    // 80 earned 400 days ago, 30 of them spent: 50 expire; the 25 of today stay.
    const page = await eventually(
      () => ledger(booking, user),
      (one) => one.items.some((item) => item.kind === 'expiry'),
    );
    expect(page.items[0]).toMatchObject({ kind: 'expiry', points: -50, balance: 25 });
    expect(await booking.app.club.expire(new Date())).toBe(0);
    expect((await ledger(booking, user)).items.filter((item) => item.kind === 'expiry')).toHaveLength(1);
    expect((await me(booking, user)).points).toBe(25);
  });
});

/** Charges the card, then loses the answer: a crash right after the provider charged. */
class CrashAfterCharge implements PaymentProvider {
  readonly name = 'crash-after-charge';
  constructor(private readonly provider: PaymentProvider) {}
  async charge(request: ChargeRequest): Promise<never> {
    await this.provider.charge(request);
    throw new Error('simulated crash after the charge');
  }
  refund(request: Parameters<PaymentProvider['refund']>[0]) {
    return this.provider.refund(request);
  }
}

async function orderOf(userId: string, until: (state: string | undefined) => boolean) {
  let order = await context.db.collection('orders').findOne({ userId });
  for (let i = 0; i < 200 && !until(order?.state); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    order = await context.db.collection('orders').findOne({ userId });
  }
  return order;
}

describe('crash recovery with points', () => {
  it('a crash after the bank card was charged: the sweep pays the order once, the points spent once', async () => {
    const first = await start({ paymentProvider: new CrashAfterCharge(new OfflinePaymentProvider(context.db)) });
    const show = await createShow(first, { price: 1000 });
    const user = newUser(first.app);
    expect((await join(first, user)).statusCode).toBe(201);
    expect((await adjust(first, user.id, 300)).statusCode).toBe(201);
    expect((await buy(first, user, show.id, 1, { points: 300 })).statusCode).toBe(500);
    expect((await context.db.collection('orders').findOne({ userId: user.id }))?.state).toBe('reserved');

    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await start({ clockOffsetMs: 2 * 60_000 });
    const order = await orderOf(user.id, (state) => state === 'paid');
    expect(order?.state).toBe('paid');
    expect(order?.points).toMatchObject({ points: 300, amount: 300 });
    expect((await ledger(second, user)).items.map((item) => [item.kind, item.points]).slice(-2)).toEqual([
      ['spend', -300],
      ['adjust', 300],
    ]);
    expect(await context.db.collection('payments').countDocuments({ _id: String(order?._id) } as never)).toBe(1);
  });

  it('a crash after the spend, then the hold lapses: the order expires and its points come back', async () => {
    const first = await start();
    const show = await createShow(first, { price: 1000 });
    const user = newUser(first.app);
    expect((await join(first, user)).statusCode).toBe(201);
    expect((await adjust(first, user.id, 1000)).statusCode).toBe(201);
    const spend = first.app.club.spend.bind(first.app.club);
    first.app.club.spend = async (...args) => {
      await spend(...args);
      throw new Error('simulated crash after the spend');
    };
    expect((await buy(first, user, show.id, 1, { points: 1000, paymentMethodId: undefined })).statusCode).toBe(500);
    expect((await context.db.collection('orders').findOne({ userId: user.id }))?.state).toBe('pending');

    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await start({ clockOffsetMs: 60 * 60_000 });
    const order = await orderOf(user.id, (state) => state !== 'pending');
    expect(order?.state).toBe('expired');
    expect((await ledger(second, user)).items.map((item) => item.kind)).toEqual(['release', 'spend', 'adjust']);
    expect((await me(second, user)).points).toBe(1000);
  });
});
