import {
  GIFT_CARD_MESSAGES,
  type CheckoutResponse,
  type GiftCardIssued,
  type GiftCardLedgerEntry,
  type GiftCardPage,
  type GiftCardView,
  type OrderPaid,
  type OrderRefunded,
} from '@cine/contracts';
import { bearer } from '@cine/service-kit/testing';
import { InProcessEventBus } from '@cine/service-kit';
import { Types } from 'mongoose';
import { OfflinePaymentProvider, type ChargeRequest, type PaymentProvider, type RefundRequest } from '../src/payments';
import {
  adminHeaders,
  checkout,
  createShow,
  hold,
  newUser,
  startBooking,
  type BookingUnderTest,
  type TestContext,
} from './checkout-helpers';
import { createTestContext } from '@cine/service-kit/testing';

let context: TestContext;
const running: BookingUnderTest[] = [];
/** Every gift-card.issued the service published (the only place a code is: the recipient's mail). */
const issued: GiftCardIssued[] = [];
const refunded: OrderRefunded[] = [];

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const booking of running.splice(0)) await booking.close();
});
afterAll(() => context.dropDatabase());

async function start(options: Parameters<typeof startBooking>[0] = {}): Promise<BookingUnderTest> {
  // Each start is a new process: its own bus, the same database.
  const bus = new InProcessEventBus();
  await bus.subscribe('test.gift-cards', ['gift-card.issued', 'order.refunded'], async (event) => {
    if (event.type === 'gift-card.issued') issued.push(event);
    if (event.type === 'order.refunded') refunded.push(event);
  });
  const booking = await startBooking(options, { ...context, bus });
  running.push(booking);
  return booking;
}

/** An admin issues a card of `amount`; answers its code (from the mail's event) and its view. */
async function issueCard(booking: BookingUnderTest, amount: number): Promise<{ code: string; card: GiftCardView }> {
  const response = await booking.app.inject({
    method: 'POST',
    url: '/gift-cards/issue',
    headers: adminHeaders(booking.app),
    payload: { amount, recipientEmail: 'ana@example.com', reason: 'Compensación' },
  });
  expect(response.statusCode).toBe(201);
  const card = response.json<GiftCardView>();
  await booking.app.giftCardsOutbox.flush();
  const event = issued.find((one) => one.data.cardId === card.id);
  if (!event) throw new Error('no gift-card.issued');
  return { code: event.data.code, card };
}

const balanceOf = async (booking: BookingUnderTest, code: string) => booking.app.inject({ method: 'GET', url: `/gift-cards/${code}` });

async function ledgerOf(booking: BookingUnderTest, cardId: string): Promise<GiftCardLedgerEntry[]> {
  const response = await booking.app.inject({ method: 'GET', url: `/gift-cards/${cardId}/ledger`, headers: adminHeaders(booking.app) });
  expect(response.statusCode).toBe(200);
  return response.json<GiftCardLedgerEntry[]>();
}

/** The ledger is a running sum that never goes below zero. */
function expectConsistent(entries: readonly GiftCardLedgerEntry[]) {
  let sum = 0;
  for (const entry of entries) {
    sum += entry.amount;
    expect(entry.balance).toBe(sum);
    expect(entry.balance).toBeGreaterThanOrEqual(0);
  }
}

async function buyer(booking: BookingUnderTest, showId: string, seats: number) {
  const user = newUser(booking.app);
  expect((await hold(booking, user, showId, seats)).statusCode).toBe(200);
  return user;
}

function giftCheckout(
  booking: BookingUnderTest,
  user: { id: string; headers: Record<string, string> },
  body: { show: string; ticket: number; giftCardCode: string; paymentMethodId?: string },
) {
  return booking.app.inject({ method: 'POST', url: '/movies/checkout', headers: user.headers, payload: { idUser: user.id, ...body } });
}

describe('buying a gift card (POST /gift-cards, the order moves of the checkout)', () => {
  it('paid: 201 with the last four characters; the code goes only in gift-card.issued, the sale in the ledger; the buyer sees it', async () => {
    const booking = await start();
    const user = newUser(booking.app);
    const response = await booking.app.inject({
      method: 'POST',
      url: '/gift-cards',
      headers: user.headers,
      payload: {
        amount: 5_000,
        recipientEmail: 'Luz@Example.com',
        recipientName: 'Luz',
        message: '¡Feliz cumpleaños!',
        paymentMethodId: 'pm_card_visa',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ orderId: string; giftCard: { last4: string; amount: number; expiresAt: string } }>();
    expect(body.giftCard.amount).toBe(5_000);
    await booking.app.giftCardsOutbox.flush();
    const event = issued.filter((one) => one.data.orderId === body.orderId);
    expect(event).toHaveLength(1);
    const code = event[0]?.data.code as string;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{16}$/);
    expect(code.slice(-4)).toBe(body.giftCard.last4);
    expect(event[0]?.data).toMatchObject({
      origin: 'sold',
      amount: 5_000,
      buyerId: user.id,
      recipientEmail: 'luz@example.com',
      message: '¡Feliz cumpleaños!',
    });
    // The database keeps no code in clear.
    const stored = await context.db.collection('gift_cards').findOne({ _id: new Types.ObjectId(event[0]?.data.cardId) });
    expect(JSON.stringify({ ...stored, outbox: [] })).not.toContain(code);

    const balance = await balanceOf(
      booking,
      code
        .toLowerCase()
        .replace(/(.{4})/g, '$1-')
        .slice(0, -1),
    );
    expect(balance.statusCode).toBe(200);
    expect(balance.json()).toMatchObject({ balance: 5_000, expiresAt: body.giftCard.expiresAt });

    const mine = await booking.app.inject({ method: 'GET', url: '/gift-cards/mine', headers: user.headers });
    expect(mine.json()).toEqual([expect.objectContaining({ orderId: body.orderId, last4: body.giftCard.last4, amount: 5_000 })]);
    expect((await ledgerOf(booking, event[0]?.data.cardId as string)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['sale', 5_000],
    ]);
  });

  it('declined: 402 in Spanish, no card, nothing issued; an amount out of bounds: 400 in Spanish', async () => {
    const booking = await start();
    const user = newUser(booking.app);
    const before = issued.length;
    const declined = await booking.app.inject({
      method: 'POST',
      url: '/gift-cards',
      headers: user.headers,
      payload: { amount: 2_000, recipientEmail: 'luz@example.com', paymentMethodId: 'pm_card_chargeDeclined' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'card_declined' });
    const tooSmall = await booking.app.inject({
      method: 'POST',
      url: '/gift-cards',
      headers: user.headers,
      payload: { amount: 999, recipientEmail: 'luz@example.com', paymentMethodId: 'pm_card_visa' },
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error).toMatch(/^El monto de una tarjeta regalo va de /);
    await booking.app.giftCardsOutbox.flush();
    expect(issued.length).toBe(before);
    const mine = await booking.app.inject({ method: 'GET', url: '/gift-cards/mine', headers: user.headers });
    expect(mine.json()).toEqual([]);
  });
});

describe('balance check and admin', () => {
  it('a code of no card, a void card and a malformed code answer 404 alike', async () => {
    const booking = await start();
    const { code, card } = await issueCard(booking, 3_000);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 3_000 });
    const unknown = await balanceOf(booking, 'ABCD-EFGH-JKMN-PQRS');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(GIFT_CARD_MESSAGES.notFound);

    const voided = await booking.app.inject({
      method: 'POST',
      url: `/gift-cards/${card.id}/void`,
      headers: adminHeaders(booking.app),
      payload: { reason: 'Robada' },
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ state: 'void', balance: 0 });
    const again = await booking.app.inject({
      method: 'POST',
      url: `/gift-cards/${code}/void`,
      headers: adminHeaders(booking.app),
      payload: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(GIFT_CARD_MESSAGES.alreadyVoid);
    const afterVoid = await balanceOf(booking, code);
    expect(afterVoid.statusCode).toBe(404);
    expect(afterVoid.json()).toEqual(unknown.json());
    expect((await ledgerOf(booking, card.id)).map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['issue', 3_000, 3_000],
      ['void', -3_000, 0],
    ]);
  });

  it('search by whole code, last four and e-mail; managers and buyers get 403', async () => {
    const booking = await start();
    const { code, card } = await issueCard(booking, 1_500);
    const search = async (q: string) =>
      (
        await booking.app.inject({ method: 'GET', url: `/gift-cards?q=${encodeURIComponent(q)}`, headers: adminHeaders(booking.app) })
      ).json<GiftCardPage>();
    expect((await search(code)).items.map((item) => item.id)).toEqual([card.id]);
    expect((await search(code.slice(-4))).items.map((item) => item.id)).toContain(card.id);
    expect((await search('ana@example')).items.map((item) => item.id)).toContain(card.id);
    expect(card).toMatchObject({ origin: 'issued', reason: 'Compensación', balance: 1_500, state: 'active' });
    const manager = bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'manager', cinemaIds: ['x'] } as never);
    expect((await booking.app.inject({ method: 'GET', url: '/gift-cards', headers: manager })).statusCode).toBe(403);
    const user = newUser(booking.app);
    expect((await booking.app.inject({ method: 'GET', url: `/gift-cards/${card.id}/ledger`, headers: user.headers })).statusCode).toBe(403);
  });
});

describe('paying with a gift card (split payment)', () => {
  it('the card covers the whole order: no bank card asked, nothing charged; payments and order.paid say so', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const { code, card } = await issueCard(booking, 5_000);
    const user = await buyer(booking, show.id, 2);
    const response = await giftCheckout(booking, user, { show: show.id, ticket: 2, giftCardCode: code });
    expect(response.statusCode).toBe(200);
    const { order } = response.json<CheckoutResponse>();
    expect(order.payments).toEqual([{ kind: 'gift_card', amount: 1_800, last4: card.last4 }]);
    await booking.app.ordersOutbox.flush();
    const paid = booking.paid.find((event: OrderPaid) => event.data.orderId === order.id);
    expect(paid?.data.payments).toEqual(order.payments);
    expect(await context.db.collection('payments').countDocuments({ _id: order.id } as never)).toBe(0);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 3_200 });
  });

  it('the card covers part: the rest to the bank card; without a bank card the checkout says so (400)', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const { code, card } = await issueCard(booking, 1_000);
    const user = await buyer(booking, show.id, 2);
    const refused = await giftCheckout(booking, user, { show: show.id, ticket: 2, giftCardCode: code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(GIFT_CARD_MESSAGES.paymentMethodNeeded);
    const response = await giftCheckout(booking, user, { show: show.id, ticket: 2, giftCardCode: code, paymentMethodId: 'pm_card_visa' });
    expect(response.statusCode).toBe(200);
    const { order } = response.json<CheckoutResponse>();
    expect(order.payments).toEqual([
      { kind: 'gift_card', amount: 1_000, last4: card.last4 },
      { kind: 'card', amount: 800 },
    ]);
    const charged = await context.db.collection('payments').findOne({ _id: order.id } as never);
    expect((charged?.request as { amount: number } | undefined)?.amount ?? (charged as { amount?: number } | null)?.amount).toBe(800);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 0 });
  });

  it('a declined bank card releases the gift card’s debit: the balance is back, the ledger says debit then release', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const { code, card } = await issueCard(booking, 1_000);
    const user = await buyer(booking, show.id, 2);
    const response = await giftCheckout(booking, user, {
      show: show.id,
      ticket: 2,
      giftCardCode: code,
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(response.statusCode).toBe(402);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 1_000 });
    const entries = await ledgerOf(booking, card.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['issue', 1_000],
      ['debit', -1_000],
      ['release', 1_000],
    ]);
    expectConsistent(entries);
    // The hold is back: paying with another card works and spends the card again.
    const retried = await giftCheckout(booking, user, { show: show.id, ticket: 2, giftCardCode: code, paymentMethodId: 'pm_card_visa' });
    expect(retried.statusCode).toBe(200);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 0 });
  });

  it('a card with nothing left: 409 in Spanish before anything is charged; the order goes through without it', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const { code } = await issueCard(booking, 900);
    const first = await buyer(booking, show.id, 1);
    expect((await giftCheckout(booking, first, { show: show.id, ticket: 1, giftCardCode: code })).statusCode).toBe(200);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 0 });
    const second = await buyer(booking, show.id, 1);
    const charges = await context.db.collection('payments').countDocuments();
    const refused = await giftCheckout(booking, second, { show: show.id, ticket: 1, giftCardCode: code, paymentMethodId: 'pm_card_visa' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(GIFT_CARD_MESSAGES.empty);
    expect(await context.db.collection('payments').countDocuments()).toBe(charges);
    expect((await checkout(booking, second, { show: show.id, ticket: 1 })).statusCode).toBe(200);
  });

  it('an unknown gift card code: 404, nothing held is touched', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const user = await buyer(booking, show.id, 1);
    const response = await giftCheckout(booking, user, {
      show: show.id,
      ticket: 1,
      giftCardCode: 'ABCD-EFGH-JKMN-PQRS',
      paymentMethodId: 'pm_card_visa',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(GIFT_CARD_MESSAGES.notFound);
    expect((await checkout(booking, user, { show: show.id, ticket: 1 })).statusCode).toBe(200);
  });

  it('one card in 50 parallel checkouts: it pays exactly what it had, never below zero', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 900 });
    // 11 tickets and 100 cents.
    const { code, card } = await issueCard(booking, 10_000);
    const users = [];
    for (let i = 0; i < 50; i++) users.push(await buyer(booking, show.id, 1));
    const responses = await Promise.all(users.map((user) => giftCheckout(booking, user, { show: show.id, ticket: 1, giftCardCode: code })));
    const paid = responses.filter((response) => response.statusCode === 200);
    expect(paid).toHaveLength(11);
    for (const response of responses.filter((one) => one.statusCode !== 200)) {
      expect([400, 409]).toContain(response.statusCode);
      expect([GIFT_CARD_MESSAGES.paymentMethodNeeded, GIFT_CARD_MESSAGES.spentMeanwhile]).toContain(response.json().error);
    }
    const spent = paid.map((response) => response.json<CheckoutResponse>().order.payments[0]?.amount ?? 0);
    expect(spent.reduce((sum, amount) => sum + amount, 0)).toBe(9_900);
    const entries = await ledgerOf(booking, card.id);
    expectConsistent(entries);
    expect(entries.at(-1)?.balance).toBe(100);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 100 });
  }, 120_000);
});

describe('refunds back to where the money came from', () => {
  it('refunds by part split between the gift card and the bank card, adding up to what each paid', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 1_000 });
    const { code, card } = await issueCard(booking, 1_000);
    const user = await buyer(booking, show.id, 3);
    const response = await giftCheckout(booking, user, { show: show.id, ticket: 3, giftCardCode: code, paymentMethodId: 'pm_card_visa' });
    expect(response.statusCode).toBe(200);
    const { order } = response.json<CheckoutResponse>();
    expect(order.payments).toEqual([
      { kind: 'gift_card', amount: 1_000, last4: card.last4 },
      { kind: 'card', amount: 2_000 },
    ]);
    const admin = adminHeaders(booking.app);
    const refundSeat = (label: string) =>
      booking.app.inject({
        method: 'POST',
        url: `/orders/${order.id}/refund`,
        headers: admin,
        payload: { seatLabels: [label], reason: 'Pedido' },
      });
    const [a, b, c] = order.seatLabels as [string, string, string];
    expect((await refundSeat(a)).statusCode).toBe(200);
    // A third of each seat back to the gift card (333), the rest to the bank card.
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 333 });
    expect((await refundSeat(b)).statusCode).toBe(200);
    const last = await refundSeat(c);
    expect(last.statusCode).toBe(200);
    const refunds = last.json<CheckoutResponse>().order.refunds;
    const parts = refunds.flatMap((refund) => refund.payments ?? []);
    const sum = (kind: string) => parts.filter((part) => part.kind === kind).reduce((total, part) => total + part.amount, 0);
    expect(sum('gift_card')).toBe(1_000);
    expect(sum('card')).toBe(2_000);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 1_000 });
    const refundEntries = (await ledgerOf(booking, card.id)).filter((entry) => entry.kind === 'refund');
    expect(refundEntries).toHaveLength(3);
    // The bank card got back only its part, through the provider, once per refund.
    const refundIds = refunds.map((refund) => `refund:${refund.id}`);
    const providerRefunds = await context.db.collection('payment_refunds').find({}).toArray();
    const ours = providerRefunds.filter((record) => refundIds.includes(String(record._id)));
    expect(ours.reduce((total, record) => total + (record.amount as number), 0)).toBe(2_000);
    await booking.app.ordersOutbox.flush();
    const events = refunded.filter((event) => event.data.orderId === order.id);
    expect(
      events
        .flatMap((event) => event.data.payments ?? [])
        .filter((part) => part.kind === 'gift_card')
        .reduce((s, p) => s + p.amount, 0),
    ).toBe(1_000);
  });
});

describe('a gift card with a promo code, and a refund of an order the card paid whole', () => {
  it('the card pays the total net of the code’s discount; cancelling gives it all back to the card, nothing to the provider', async () => {
    const booking = await start();
    const show = await createShow(booking, { price: 900 });
    const promoCode = `REGALO-${Date.now().toString(36)}`.toUpperCase();
    const promotion = await booking.app.inject({
      method: 'POST',
      url: '/promotions',
      headers: adminHeaders(booking.app),
      payload: { code: promoCode, name: 'Entrada a $ 5', kind: 'fixedPrice', value: 500, appliesTo: {}, limits: {}, active: true },
    });
    expect(promotion.statusCode).toBe(201);
    const { code, card } = await issueCard(booking, 5_000);
    const user = await buyer(booking, show.id, 2);
    expect(
      (await booking.app.inject({ method: 'POST', url: '/cart/promo', headers: user.headers, payload: { code: promoCode } })).statusCode,
    ).toBe(200);
    const response = await giftCheckout(booking, user, { show: show.id, ticket: 2, giftCardCode: code });
    expect(response.statusCode).toBe(200);
    const { order } = response.json<CheckoutResponse>();
    expect(order).toMatchObject({ discount: 800, total: 1_000, payments: [{ kind: 'gift_card', amount: 1_000, last4: card.last4 }] });
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 4_000 });

    const cancelled = await booking.app.inject({ method: 'POST', url: `/orders/${order.id}/cancel`, headers: user.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<CheckoutResponse>().order.refunds[0]?.payments).toEqual([
      { kind: 'gift_card', amount: 1_000, last4: card.last4 },
    ]);
    expect((await balanceOf(booking, code)).json()).toMatchObject({ balance: 5_000 });
    const refundId = cancelled.json<CheckoutResponse>().order.refunds[0]?.id;
    expect(await context.db.collection('payment_refunds').countDocuments({ _id: `refund:${refundId}` } as never)).toBe(0);
    expectConsistent(await ledgerOf(booking, card.id));
  });

  it('an expired card answers as one that does not exist at the balance check', async () => {
    const booking = await start();
    const { code } = await issueCard(booking, 2_000);
    booking.advance(400 * 24 * 60 * 60_000);
    const expired = await balanceOf(booking, code);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe(GIFT_CARD_MESSAGES.notFound);
  });
});

/** Charges the card, then loses the answer: a crash right after the provider charged. */
class CrashAfterCharge implements PaymentProvider {
  readonly name = 'crash-after-charge';
  constructor(private readonly provider: PaymentProvider) {}
  async charge(request: ChargeRequest) {
    await this.provider.charge(request);
    throw new Error('simulated crash after the charge');
  }
  refund(request: RefundRequest) {
    return this.provider.refund(request);
  }
  saveCard(request: Parameters<PaymentProvider['saveCard']>[0]) {
    return this.provider.saveCard(request);
  }
  chargeSaved(request: Parameters<PaymentProvider['chargeSaved']>[0]) {
    return this.provider.chargeSaved(request);
  }
}

describe('crash recovery', () => {
  it('a crash after the bank card was charged: the sweep pays the order once; the ledger and the order agree', async () => {
    const first = await start({ paymentProvider: new CrashAfterCharge(new OfflinePaymentProvider(context.db)) });
    const show = await createShow(first);
    const { code, card } = await issueCard(first, 1_000);
    const user = await buyer(first, show.id, 2);
    expect(
      (await giftCheckout(first, user, { show: show.id, ticket: 2, giftCardCode: code, paymentMethodId: 'pm_card_visa' })).statusCode,
    ).toBe(500);
    const crashed = await context.db.collection('orders').findOne({ userId: user.id });
    expect(crashed?.state).toBe('reserved');
    expect(crashed?.giftCard).toMatchObject({ cardId: card.id, amount: 1_000 });

    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await start({ clockOffsetMs: 2 * 60_000 });
    let order = await context.db.collection('orders').findOne({ userId: user.id });
    for (let i = 0; i < 200 && order?.state !== 'paid'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      order = await context.db.collection('orders').findOne({ userId: user.id });
    }
    expect(order?.state).toBe('paid');
    const entries = await ledgerOf(second, card.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['issue', 1_000],
      ['debit', -1_000],
    ]);
    expect(order?.giftCard.amount).toBe(-(entries[1]?.amount ?? 0));
    expect(await context.db.collection('payments').countDocuments({ _id: String(order?._id) } as never)).toBe(1);
  });

  it('a crash before reserving, then the hold lapses: the order expires and its debit (if any) is released', async () => {
    const first = await start();
    const show = await createShow(first);
    const { code, card } = await issueCard(first, 5_000);
    const user = await buyer(first, show.id, 1);
    // The debit is written, then the process dies before the reserved move.
    const debit = first.app.giftCards.debit.bind(first.app.giftCards);
    first.app.giftCards.debit = async (...args) => {
      await debit(...args);
      throw new Error('simulated crash after the debit');
    };
    expect((await giftCheckout(first, user, { show: show.id, ticket: 1, giftCardCode: code })).statusCode).toBe(500);
    expect((await context.db.collection('orders').findOne({ userId: user.id }))?.state).toBe('pending');
    expect((await ledgerOf(first, card.id)).map((entry) => entry.kind)).toEqual(['issue', 'debit']);

    await first.close();
    running.splice(running.indexOf(first), 1);
    // Restarted an hour later: the hold lapsed.
    const second = await start({ clockOffsetMs: 60 * 60_000 });
    let order = await context.db.collection('orders').findOne({ userId: user.id });
    for (let i = 0; i < 200 && order?.state === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      order = await context.db.collection('orders').findOne({ userId: user.id });
    }
    expect(order?.state).toBe('expired');
    const entries = await ledgerOf(second, card.id);
    expect(entries.map((entry) => entry.kind)).toEqual(['issue', 'debit', 'release']);
    expectConsistent(entries);
    expect(entries.at(-1)?.balance).toBe(5_000);
  });
  it('a gift card purchase charged before a crash: the sweep pays it once, writes one sale and one gift-card.issued', async () => {
    const first = await start({ paymentProvider: new CrashAfterCharge(new OfflinePaymentProvider(context.db)) });
    const user = newUser(first.app);
    const bought = await first.app.inject({
      method: 'POST',
      url: '/gift-cards',
      headers: user.headers,
      payload: { amount: 3_000, recipientEmail: 'sol@example.com', paymentMethodId: 'pm_card_visa' },
    });
    expect(bought.statusCode).toBe(500);
    const crashed = await context.db.collection('gift_card_orders').findOne({ userId: user.id });
    expect(crashed?.state).toBe('reserved');

    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await start({ clockOffsetMs: 2 * 60_000 });
    let order = await context.db.collection('gift_card_orders').findOne({ userId: user.id });
    for (let i = 0; i < 200 && order?.state !== 'paid'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      order = await context.db.collection('gift_card_orders').findOne({ userId: user.id });
    }
    expect(order?.state).toBe('paid');
    await second.app.giftCardsOutbox.flush();
    const orderId = String(order?._id);
    expect(issued.filter((event) => event.data.orderId === orderId)).toHaveLength(1);
    expect(await context.db.collection('payments').countDocuments({ _id: orderId } as never)).toBe(1);
    const entries = await ledgerOf(second, String(order?.cardId));
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([['sale', 3_000]]);
    // The code the mail got is the card's.
    const code = issued.find((event) => event.data.orderId === orderId)?.data.code as string;
    expect((await balanceOf(second, code)).json()).toMatchObject({ balance: 3_000 });
  });
});

describe('the ledger once per order', () => {
  it('a debit released before a crash pays nothing when the order is reserved again: the card is never spent twice', async () => {
    const booking = await start();
    const { card } = await issueCard(booking, 2_000);
    const orderId = new Types.ObjectId().toHexString();
    const now = new Date();
    expect(await booking.app.giftCards.debit(card.id, orderId, 1_500, now)).toBe(1_500);
    // The same step again answers the first debit.
    expect(await booking.app.giftCards.debit(card.id, orderId, 1_500, now)).toBe(1_500);
    await booking.app.giftCards.release(card.id, orderId, now);
    await booking.app.giftCards.release(card.id, orderId, now);
    expect(await booking.app.giftCards.debit(card.id, orderId, 1_500, now)).toBe(0);
    const entries = await ledgerOf(booking, card.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['issue', 2_000],
      ['debit', -1_500],
      ['release', 1_500],
    ]);
    expectConsistent(entries);
  });

  it('50 debits of one card at once never take more than it has', async () => {
    const booking = await start();
    const { card } = await issueCard(booking, 1_000);
    const taken = await Promise.all(
      Array.from({ length: 50 }, () => booking.app.giftCards.debit(card.id, new Types.ObjectId().toHexString(), 70, new Date())),
    );
    expect(taken.reduce((sum, amount) => sum + amount, 0)).toBe(1_000);
    const entries = await ledgerOf(booking, card.id);
    expect(entries).toHaveLength(51);
    expectConsistent(entries);
  }, 60_000);
});
