import {
  FIRST_CINEMA_ID,
  PROMO_MESSAGES,
  promoExpiredMessage,
  promoMinTicketsMessage,
  promoNotForFormatMessage,
  promoNotYetMessage,
  type CartView,
  type CheckoutResponse,
  type OrderView,
  type PromotionInput,
  type PromotionView,
} from '@cine/contracts';
import { bearer } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { addDays, localToday } from '../src/shows/cinema-time';
import {
  applyCode as applyCodeOf,
  createdPromotion,
  createPromotion as createPromotionOf,
  newCode,
  promotionInput,
} from './promotion-helpers';
import { adminHeaders, cartOf, checkout, createShow, hold, newUser, startBooking, type BookingUnderTest } from './checkout-helpers';

type User = ReturnType<typeof newUser>;

let booking: BookingUnderTest;

beforeAll(async () => {
  booking = await startBooking();
});
afterAll(() => booking.close());

const created = (fields: Partial<PromotionInput> = {}) => createdPromotion(booking, fields);
const createPromotion = (fields: Partial<PromotionInput> = {}, headers?: { authorization: string }) =>
  createPromotionOf(booking, fields, headers);
const applyCode = (user: User, code: string) => applyCodeOf(booking, user, code);

async function buyerHolding(seats = 2, show?: { id: string }) {
  const theShow = show ?? (await createShow(booking));
  const user = newUser(booking.app);
  const held = await hold(booking, user, theShow.id, seats);
  expect(held.statusCode).toBe(200);
  return { user, show: theShow, seatLabels: held.json<{ seatLabels: string[] }>().seatLabels };
}

const promotionDoc = (code: string) => booking.context.db.collection('promotions').findOne({ _id: code } as never);
const useOf = (orderId: string) => booking.context.db.collection('promotion_uses').findOne({ _id: orderId } as never);

function managerHeaders(cinemaIds: string[]) {
  return bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'manager', cin: cinemaIds });
}

describe('POST/PUT/GET /promotions', () => {
  it('creates a code upper-case, refuses a taken one (any case) and answers it in the list with its uses', async () => {
    const code = newCode('verano');
    const response = await createPromotion({ code: code.toLowerCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ code, uses: 0, held: 0, kind: 'percent', value: 20 });

    const again = await createPromotion({ code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PROMO_MESSAGES.codeTaken);

    const list = await booking.app.inject({ method: 'GET', url: '/promotions', headers: adminHeaders(booking.app) });
    expect(list.statusCode).toBe(200);
    expect(list.json<PromotionView[]>().find((one) => one.code === code)).toMatchObject({ uses: 0, held: 0 });
  });

  it('refuses bad bodies in Spanish: the code, a percent above 100, reversed dates and times', async () => {
    const badCode = await createPromotion({ code: 'ab' });
    expect(badCode.statusCode).toBe(400);
    const percent = await createPromotion({ value: 101 });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().error).toBe(PROMO_MESSAGES.notAPercent);
    const dates = await createPromotion({ appliesTo: { from: '2026-12-10', to: '2026-12-01' } });
    expect(dates.json().error).toBe(PROMO_MESSAGES.datesReversed);
    const times = await createPromotion({ appliesTo: { timeFrom: '20:00', timeTo: '18:00' } });
    expect(times.json().error).toBe(PROMO_MESSAGES.timesReversed);
    const extra = await booking.app.inject({
      method: 'POST',
      url: '/promotions',
      headers: adminHeaders(booking.app),
      payload: { ...promotionInput(), limits: { total: 0 } },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('PUT replaces the fields and keeps the uses; an unknown code is 404', async () => {
    const { code } = await created({ maxTicketsPerOrder: 2 });
    const { code: _code, ...fields } = promotionInput({ name: 'Otro nombre', kind: 'amount', value: 300 });
    const put = await booking.app.inject({
      method: 'PUT',
      url: `/promotions/${code.toLowerCase()}`,
      headers: adminHeaders(booking.app),
      payload: fields,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ code, name: 'Otro nombre', kind: 'amount', value: 300, uses: 0 });
    expect(put.json()).not.toHaveProperty('maxTicketsPerOrder');
    const unknown = await booking.app.inject({
      method: 'PUT',
      url: '/promotions/NO-EXISTE-1',
      headers: adminHeaders(booking.app),
      payload: fields,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PROMO_MESSAGES.notFound);
  });

  it('buyers may not; a manager only for their cinemas, and lists only theirs', async () => {
    const buyer = newUser(booking.app);
    expect((await createPromotion({}, buyer.headers)).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'GET', url: '/promotions', headers: buyer.headers })).statusCode).toBe(403);
    expect((await booking.app.inject({ method: 'GET', url: '/promotions' })).statusCode).toBe(401);

    const manager = managerHeaders([FIRST_CINEMA_ID]);
    const everywhere = await createPromotion({}, manager);
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().error).toBe(PROMO_MESSAGES.otherCinema);
    const other = await createPromotion({ appliesTo: { cinemaIds: [FIRST_CINEMA_ID, new Types.ObjectId().toHexString()] } }, manager);
    expect(other.statusCode).toBe(403);
    const mine = await createPromotion({ appliesTo: { cinemaIds: [FIRST_CINEMA_ID] } }, manager);
    expect(mine.statusCode).toBe(201);
    const chainWide = await created();

    const list = (await booking.app.inject({ method: 'GET', url: '/promotions', headers: manager })).json<PromotionView[]>();
    expect(list.map((one) => one.code)).toContain(mine.json<PromotionView>().code);
    expect(list.map((one) => one.code)).not.toContain(chainWide.code);
    expect(list.every((one) => one.appliesTo.cinemaIds?.every((id) => id === FIRST_CINEMA_ID))).toBe(true);

    const { code: _code, ...fields } = promotionInput();
    const put = await booking.app.inject({ method: 'PUT', url: `/promotions/${chainWide.code}`, headers: manager, payload: fields });
    expect(put.statusCode).toBe(403);
  });
});

describe('POST/DELETE /cart/promo', () => {
  it('shows the lines it discounts, by how much, and the net total; DELETE takes it away', async () => {
    const { code } = await created({ kind: 'percent', value: 15 });
    const { user } = await buyerHolding(2);
    const applied = await applyCode(user, ` ${code.toLowerCase()} `);
    expect(applied.statusCode).toBe(200);
    const cart = applied.json<CartView>();
    // 900 a seat: 15 % = 135 each.
    expect(cart.tickets[0]?.lines.map((line) => line.discount)).toEqual([135, 135]);
    expect(cart.promo).toEqual({ code, name: 'Martes 2x1', discount: 270 });
    expect(cart.orderPrice).toBe(1800 - 270);
    expect(await cartOf(booking, user)).toEqual(cart);

    const removed = await booking.app.inject({ method: 'DELETE', url: '/cart/promo', headers: user.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CartView>()).not.toHaveProperty('promo');
    expect(removed.json<CartView>().orderPrice).toBe(1800);
  });

  it('refuses every code that gives nothing, in Spanish and specifically', async () => {
    const { user, show } = await buyerHolding(2);
    const today = localToday(new Date());
    const refusal = async (fields: Partial<PromotionInput>) => {
      const { code } = await created(fields);
      const response = await applyCode(user, code);
      return { status: response.statusCode, message: response.json<{ error: string }>().error };
    };
    expect(await refusal({ appliesTo: { to: addDays(today, -1) } })).toEqual({
      status: 409,
      message: promoExpiredMessage(addDays(today, -1)),
    });
    expect(await refusal({ appliesTo: { from: addDays(today, 30) } })).toEqual({
      status: 409,
      message: promoNotYetMessage(addDays(today, 30)),
    });
    expect(await refusal({ appliesTo: { movieIds: [new Types.ObjectId().toHexString()] } })).toEqual({
      status: 409,
      message: PROMO_MESSAGES.notForMovie,
    });
    expect(await refusal({ appliesTo: { cinemaIds: [new Types.ObjectId().toHexString()] } })).toEqual({
      status: 409,
      message: PROMO_MESSAGES.notForCinema,
    });
    expect(await refusal({ appliesTo: { formats: ['3D'] } })).toEqual({ status: 409, message: promoNotForFormatMessage('2D') });
    expect(await refusal({ appliesTo: { ticketTypes: ['jubilado'] } })).toEqual({ status: 409, message: PROMO_MESSAGES.notForTypes });
    expect(await refusal({ minTickets: 3 })).toEqual({ status: 409, message: promoMinTicketsMessage(3) });
    expect(await refusal({ active: false })).toEqual({ status: 409, message: PROMO_MESSAGES.inactive });
    expect(await refusal({ appliesTo: { timeFrom: '00:00', timeTo: '00:01' } })).toEqual({
      status: 409,
      message: PROMO_MESSAGES.notForTime,
    });

    const unknown = await applyCode(user, 'NADA-DE-NADA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PROMO_MESSAGES.unknown);
    const badFormat = await applyCode(user, 'no!');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error).toBe(PROMO_MESSAGES.badFormat);

    const { code } = await created();
    const empty = await applyCode(newUser(booking.app), code);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe(PROMO_MESSAGES.noTickets);
    // None of the refused codes stuck to the cart.
    expect(await cartOf(booking, user)).not.toHaveProperty('promo');
    expect(show.id).toBeDefined();
  });

  it('refuses a code whose uses are taken, and one the buyer used as often as allowed', async () => {
    const exhausted = await created({ limits: { total: 1 } });
    const first = await buyerHolding(1);
    expect((await applyCode(first.user, exhausted.code)).statusCode).toBe(200);
    expect((await checkout(booking, first.user, { show: first.show.id, ticket: 1 })).statusCode).toBe(200);
    const second = await buyerHolding(1);
    const refused = await applyCode(second.user, exhausted.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Se agotaron los usos de este código');

    const perUser = await created({ limits: { perUser: 1 } });
    expect((await applyCode(second.user, perUser.code)).statusCode).toBe(200);
    expect((await checkout(booking, second.user, { show: second.show.id, ticket: 1 })).statusCode).toBe(200);
    const again = await hold(booking, second.user, (await createShow(booking)).id, 1);
    expect(again.statusCode).toBe(200);
    const mine = await applyCode(second.user, perUser.code);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error).toBe(PROMO_MESSAGES.perUser);
  });
});

describe('an order with a code', () => {
  it('stores the discount on its lines, charges the net total, counts one use and tells order.paid', async () => {
    const { code } = await created({ kind: 'fixedPrice', value: 500, maxTicketsPerOrder: 1, name: 'Entrada a $ 5' });
    const { user, show } = await buyerHolding(2);
    expect((await applyCode(user, code)).statusCode).toBe(200);
    const response = await checkout(booking, user, { show: show.id, ticket: 2 });
    expect(response.statusCode).toBe(200);
    const { order } = response.json<CheckoutResponse>();
    expect(order.discount).toBe(400);
    expect(order.promo).toEqual({ code, name: 'Entrada a $ 5' });
    expect(order.total).toBe(1800 - 400);
    expect(order.ticketTotal).toBe(1800);
    expect(order.lines.map((line) => line.discount ?? 0).sort()).toEqual([0, 400]);
    const charged = await booking.context.db.collection('payments').findOne({ _id: order.id } as never);
    expect(JSON.stringify(charged)).toContain('1400');

    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1, holding: [] });
    expect(await useOf(order.id)).toMatchObject({ state: 'counted', userId: user.id });
    // One code per order: the paid order took it out of the cart.
    expect(await cartOf(booking, user)).not.toHaveProperty('promo');

    await booking.app.ordersOutbox.flush();
    const event = booking.paid.find((paid) => paid.data.orderId === order.id);
    expect(event?.data).toMatchObject({ discount: 400, promo: { code, name: 'Entrada a $ 5' }, total: 1400 });

    const page = await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: user.headers });
    expect(page.json<OrderView>()).toMatchObject({ discount: 400, promo: { code }, total: 1400 });
  });

  it('a declined card gives its use back', async () => {
    const { code } = await created({ limits: { total: 5 } });
    const { user, show } = await buyerHolding(1);
    expect((await applyCode(user, code)).statusCode).toBe(200);
    const declined = await checkout(booking, user, { show: show.id, ticket: 1, paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(await promotionDoc(code)).toMatchObject({ uses: 0, taken: 0, holding: [] });
  });

  it('refunds what was paid for the lines; a partial refund keeps the use, the whole one gives it back', async () => {
    const { code } = await created({ kind: 'amount', value: 250 });
    const { user, show, seatLabels } = await buyerHolding(2);
    expect((await applyCode(user, code)).statusCode).toBe(200);
    const { order } = (await checkout(booking, user, { show: show.id, ticket: 2 })).json<CheckoutResponse>();
    expect(order.total).toBe(2 * (900 - 250));
    expect(order.refundable.seats.map((seat) => seat.amount)).toEqual([650, 650]);

    const refund = (body: object) =>
      booking.app.inject({
        method: 'POST',
        url: `/orders/${order.id}/refund`,
        headers: adminHeaders(booking.app),
        payload: { reason: 'Prueba', ...body },
      });
    const partial = await refund({ seatLabels: [seatLabels[0]] });
    expect(partial.statusCode).toBe(200);
    expect(partial.json<{ order: OrderView }>().order.refundedAmount).toBe(650);
    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1 });
    expect(await useOf(order.id)).toMatchObject({ state: 'counted' });

    const rest = await refund({});
    expect(rest.statusCode).toBe(200);
    const after = rest.json<{ order: OrderView }>().order;
    expect(after.refundedAmount).toBe(1300);
    expect(after.state).toBe('refunded');
    expect(await promotionDoc(code)).toMatchObject({ uses: 0, taken: 0, holding: [], returning: [] });
    expect(await useOf(order.id)).toMatchObject({ state: 'released' });
    // Giving it back again (a repeated step) changes nothing.
    await booking.app.promotions.releaseCounted({ orderId: order.id, code, userId: user.id });
    expect(await promotionDoc(code)).toMatchObject({ uses: 0, taken: 0 });
  });

  it('a code that stopped applying refuses the checkout before anything is charged', async () => {
    const { code } = await created();
    const { user, show } = await buyerHolding(1);
    expect((await applyCode(user, code)).statusCode).toBe(200);
    const { code: _code, ...fields } = promotionInput({ active: false });
    await booking.app.inject({ method: 'PUT', url: `/promotions/${code}`, headers: adminHeaders(booking.app), payload: fields });
    expect((await cartOf(booking, user)).promo).toMatchObject({ code, discount: 0, problem: PROMO_MESSAGES.inactive });
    const refused = await checkout(booking, user, { show: show.id, ticket: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PROMO_MESSAGES.inactive);
    expect(await booking.context.db.collection('orders').countDocuments({ userId: user.id })).toBe(0);
  });
});

describe('exactly once', () => {
  it('200 checkouts race for a code of 20 uses: exactly 20 get the discount, the others are refused before any charge', async () => {
    const { code } = await created({ kind: 'amount', value: 100, limits: { total: 20 } });
    const shows = [
      await createShow(booking, { roomId: 1 }),
      await createShow(booking, { roomId: 2 }),
      await createShow(booking, { roomId: 1 }),
    ];
    const buyers: Array<{ user: User; show: { id: string } }> = [];
    for (let i = 0; i < 200; i++) {
      const show = shows[i % 3] as { id: string };
      const user = newUser(booking.app);
      const held = await hold(booking, user, show.id, 1);
      expect([held.statusCode, i, held.body]).toEqual([200, i, held.body]);
      expect((await applyCode(user, code)).statusCode).toBe(200);
      buyers.push({ user, show });
    }
    const answers = await Promise.all(buyers.map(({ user, show }) => checkout(booking, user, { show: show.id, ticket: 1 })));
    const paid = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json<CheckoutResponse>().order);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(paid).toHaveLength(20);
    expect(paid.every((order) => order.discount === 100 && order.total === 800)).toBe(true);
    expect(refused).toHaveLength(180);
    expect(refused.every((answer) => answer.statusCode === 409 && answer.json().error === PROMO_MESSAGES.exhausted)).toBe(true);

    const userIds = buyers.map(({ user }) => user.id);
    const orders = await booking.context.db
      .collection('orders')
      .find({ userId: { $in: userIds } })
      .toArray();
    expect(orders.filter((order) => order.state === 'paid')).toHaveLength(20);
    expect(orders.filter((order) => order.state === 'failed')).toHaveLength(180);
    // No refused order was charged.
    const charged = await booking.context.db
      .collection('payments')
      .countDocuments({ _id: { $in: orders.map((order) => order._id.toHexString()) } } as never);
    expect(charged).toBe(20);
    expect(await promotionDoc(code)).toMatchObject({ uses: 20, taken: 20, holding: [] });
  }, 240_000);

  it("one buyer's claims race for a code of one use per person: one holds it, the others are refused; a release frees it", async () => {
    // Through the API a buyer holds one show's seats at a time (one checkout at a time): the store is raced directly.
    const { code } = await created({ kind: 'amount', value: 100, limits: { perUser: 1, total: 10 } });
    const userId = new Types.ObjectId().toHexString();
    const orderIds = Array.from({ length: 5 }, () => new Types.ObjectId().toHexString());
    const claims = await Promise.all(orderIds.map((orderId) => booking.app.promotions.claim({ orderId, code, userId })));
    const held = orderIds.filter((_, index) => claims[index]?.outcome === 'held');
    expect(held).toHaveLength(1);
    expect(claims.filter((claim) => claim.outcome === 'refused').map((claim) => 'message' in claim && claim.message)).toEqual(
      Array(4).fill(PROMO_MESSAGES.perUser),
    );
    expect(await promotionDoc(code)).toMatchObject({ taken: 1, holding: held });
    expect(await booking.app.promotions.usedBy(code, userId)).toBe(1);

    const winner = held[0] as string;
    // Claiming again for the same order answers the use it holds; another order of the buyer is still refused.
    expect(await booking.app.promotions.claim({ orderId: winner, code, userId })).toEqual({ outcome: 'held' });
    await booking.app.promotions.releaseHeld({ orderId: winner, code, userId });
    await booking.app.promotions.releaseHeld({ orderId: winner, code, userId });
    expect(await promotionDoc(code)).toMatchObject({ taken: 0, holding: [] });
    const next = orderIds.find((orderId) => orderId !== winner) as string;
    expect(await booking.app.promotions.claim({ orderId: next, code, userId })).toEqual({ outcome: 'held' });
    expect(await promotionDoc(code)).toMatchObject({ taken: 1, holding: [next] });
  });
});
