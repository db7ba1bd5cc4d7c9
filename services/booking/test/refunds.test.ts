import type { OrderRefunded, OrderView, RefundResponse } from '@cine/contracts';
import { InProcessEventBus } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { OfflinePaymentProvider, type ChargeRequest, type PaymentProvider, type RefundRequest } from '../src/payments';
import {
  addCandy,
  adminHeaders,
  cancelShow,
  checkout,
  createShow,
  hold,
  newUser,
  publishCandy,
  seatsOf,
  startBooking,
  type BookingUnderTest,
  type TestContext,
} from './checkout-helpers';

// Each test buys before it refunds: on a loaded machine that passes jest's 5 s.
jest.setTimeout(30_000);

type User = ReturnType<typeof newUser>;

/** The offline provider with faults switched on and off by the test: an outage before refunding, or the answer lost after it. */
class FaultyProvider implements PaymentProvider {
  readonly name = 'faulty';
  fault: 'none' | 'outage' | 'answer-lost' = 'none';
  /** Held until released: a provider that answers slowly. */
  slow: Promise<void> | undefined;
  refundCalls = 0;
  constructor(private readonly provider: PaymentProvider) {}
  charge(request: ChargeRequest) {
    return this.provider.charge(request);
  }
  saveCard(request: Parameters<PaymentProvider['saveCard']>[0]) {
    return this.provider.saveCard(request);
  }
  chargeSaved(request: Parameters<PaymentProvider['chargeSaved']>[0]) {
    return this.provider.chargeSaved(request);
  }
  async refund(request: RefundRequest) {
    this.refundCalls += 1;
    await this.slow;
    if (this.fault === 'outage') throw new Error('provider unreachable');
    const outcome = await this.provider.refund(request);
    if (this.fault === 'answer-lost') throw new Error('timeout after the provider refunded');
    return outcome;
  }
}

let context: TestContext;
const running: BookingUnderTest[] = [];

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const booking of running.splice(0)) await booking.close();
});
afterAll(() => context.dropDatabase());

/** The service on the shared database, its own bus (a process), recording order.refunded. */
async function start(options: Parameters<typeof startBooking>[0] = {}) {
  const bus = new InProcessEventBus();
  const refunded: OrderRefunded[] = [];
  await bus.subscribe('test.order-refunded', ['order.refunded'], async (event) => {
    refunded.push(event);
  });
  const booking = await startBooking(options, { ...context, bus });
  running.push(booking);
  return Object.assign(booking, { refunded });
}

type Booking = Awaited<ReturnType<typeof start>>;

const refundRecords = () => context.db.collection('payment_refunds');
const candyStock = async (candyId: string) => (await context.db.collection('candy').findOne({ _id: candyId } as never))?.stock as number;

/** A paid order of `seats` tickets and `nachos` candy units. */
async function paidOrder(booking: Booking, { seats = 2, nachos = 1, paymentMethodId = 'pm_card_visa' } = {}) {
  const show = await createShow(booking);
  const candy = await publishCandy(booking, { quantity: 10, price: 1250 });
  const user = newUser(booking.app);
  expect((await hold(booking, user, show.id, seats)).statusCode).toBe(200);
  if (nachos > 0) expect((await addCandy(booking, user, candy.candyId, nachos)).statusCode).toBe(200);
  const paid = await checkout(booking, user, { show: show.id, ticket: seats, paymentMethodId });
  expect(paid.statusCode).toBe(200);
  return { show, candy, user, order: paid.json<{ order: OrderView }>().order };
}

function cancel(booking: Booking, user: Pick<User, 'headers'>, orderId: string) {
  return booking.app.inject({ method: 'POST', url: `/orders/${orderId}/cancel`, headers: user.headers });
}

function refund(booking: Booking, orderId: string, body: { seatLabels?: string[]; candyIds?: string[]; reason?: string } = {}) {
  return booking.app.inject({
    method: 'POST',
    url: `/orders/${orderId}/refund`,
    headers: adminHeaders(booking.app),
    payload: { reason: 'Pedido del cliente', ...body },
  });
}

async function soldLabels(booking: Booking, showId: string) {
  return (await seatsOf(booking, showId)).filter((seat) => seat.state === 'sold').map((seat) => seat.label);
}

const storedOrder = async (id: string) =>
  context.db.collection('orders').findOne({ _id: new (await import('mongoose')).Types.ObjectId(id) });

describe('the buyer cancels an order', () => {
  it('gives the money back once, the seats back on sale, the candy back to stock, and publishes one order.refunded', async () => {
    const booking = await start();
    const { show, candy, user, order } = await paidOrder(booking);
    expect(order).toMatchObject({ state: 'paid', refundedAmount: 0, refunds: [] });
    expect(await candyStock(candy.candyId)).toBe(9);

    const response = await cancel(booking, user, order.id);
    expect(response.statusCode).toBe(200);
    const { message, order: cancelled } = response.json<RefundResponse>();
    expect(message).toBe('Compra reembolsada.');
    expect(cancelled).toMatchObject({ state: 'refunded', refundedAmount: order.total, total: order.total });
    expect(cancelled.refunds).toEqual([
      {
        id: expect.any(String),
        seatLabels: order.seatLabels,
        lines: order.lines,
        candy: [{ id: candy.candyId, name: candy.name, quantity: 1, totalPrice: 1250 }],
        amount: order.total,
        by: 'buyer',
        refundedAt: expect.any(String),
      },
    ]);
    expect(await soldLabels(booking, show.id)).toEqual([]);
    expect(await candyStock(candy.candyId)).toBe(10);
    await booking.app.ordersOutbox.flush();
    expect(booking.refunded.map((event) => event.data)).toEqual([
      expect.objectContaining({
        orderId: order.id,
        userId: user.id,
        seatLabels: order.seatLabels,
        ticketAmount: 2 * show.price,
        amount: order.total,
        by: 'buyer',
      }),
    ]);
    expect(await refundRecords().countDocuments({ paymentId: (await storedOrder(order.id))?.paymentId })).toBe(1);

    // The history and the confirmation page show it refunded; a second cancellation refunds nothing.
    const history = await booking.app.inject({ method: 'POST', url: '/cart/tickets', headers: user.headers, payload: { idUser: user.id } });
    expect(history.json<OrderView[]>()[0]).toEqual(cancelled);
    expect((await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: user.headers })).json()).toMatchObject(
      cancelled,
    );
    const again = await cancel(booking, user, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ statusCode: 409, error: 'Esta compra ya fue reembolsada por completo.' });
    expect(await refundRecords().countDocuments({ paymentId: (await storedOrder(order.id))?.paymentId })).toBe(1);
  });

  it('the same seats can be bought again with the same card once the order is cancelled', async () => {
    const booking = await start();
    const { show, user, order } = await paidOrder(booking, { nachos: 0, seats: 1 });
    expect((await cancel(booking, user, order.id)).statusCode).toBe(200);
    const again = await booking.app.inject({
      method: 'POST',
      url: '/tickets/addTickets',
      headers: user.headers,
      payload: { userId: user.id, seats: 1, showId: show.id, seatLabels: order.seatLabels },
    });
    expect(again.statusCode).toBe(200);
    const bought = await checkout(booking, user, { show: show.id, ticket: 1 });
    expect(bought.statusCode).toBe(200);
    expect(bought.json<{ order: OrderView }>().order).toMatchObject({ seatLabels: order.seatLabels, state: 'paid' });
    expect(bought.json<{ order: OrderView }>().order.id).not.toBe(order.id);
  });

  it('refuses another user (404, as an unknown order) and a guest (401)', async () => {
    const booking = await start();
    const { order } = await paidOrder(booking, { nachos: 0 });
    const stranger = await cancel(booking, newUser(booking.app), order.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ statusCode: 404, error: 'No existe la compra.' });
    expect((await booking.app.inject({ method: 'POST', url: `/orders/${order.id}/cancel` })).statusCode).toBe(401);
    expect((await cancel(booking, newUser(booking.app), 'zzz')).statusCode).toBe(400);
  });

  it('is refused one second inside the window before the show, in Spanish; an admin is not bound by it', async () => {
    const booking = await start();
    const { user, order } = await paidOrder(booking, { nachos: 0 });
    const until = Date.parse(order.cancellableUntil);
    expect(until).toBe(Date.parse(`${order.date}T${order.schedule}:00-03:00`) - 120 * 60_000);

    booking.advance(until + 1000 - Date.now());
    const late = await cancel(booking, user, order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      statusCode: 409,
      error: 'Ya no se puede cancelar esta compra: se puede cancelar hasta 120 minutos antes de la función.',
    });
    // An admin is not bound by the window.
    expect((await refund(booking, order.id)).statusCode).toBe(200);
  });

  it('is refused while the order is still being paid', async () => {
    let release: () => void = () => undefined;
    let charging: () => void = () => undefined;
    // Resolved once the card is being charged (the order is reserved by then), with `release` set: polling the
    // order's state instead could release the charge before it began, and the checkout would wait for ever.
    const charged = new Promise<void>((resolve) => (charging = resolve));
    const offline = new OfflinePaymentProvider(context.db);
    const slowCharge: PaymentProvider = {
      name: 'slow-charge',
      charge: async (request) => {
        const released = new Promise<void>((resolve) => (release = resolve));
        charging();
        await released;
        return offline.charge(request);
      },
      refund: (request) => offline.refund(request),
    };
    const booking = await start({ paymentProvider: slowCharge });
    const show = await createShow(booking);
    const user = newUser(booking.app);
    await hold(booking, user, show.id, 1);
    const paying = checkout(booking, user, { show: show.id, ticket: 1 });
    await charged;
    const order = (await context.db.collection('orders').findOne({ userId: user.id })) as { _id: { toHexString(): string }; state: string };
    expect(order.state).toBe('reserved');

    const during = await cancel(booking, user, order._id.toHexString());
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ statusCode: 409, error: 'La compra todavía se está pagando; espera a que termine para reembolsarla.' });
    release();
    expect((await paying).statusCode).toBe(200);
    expect((await cancel(booking, user, order._id.toHexString())).statusCode).toBe(200);
  });
});

describe('an admin refunds an order', () => {
  it('refunds one ticket of two: the order is partially refunded, that seat is on sale again, the other stays sold', async () => {
    const booking = await start();
    const { show, candy, order } = await paidOrder(booking);
    const [first, second] = order.seatLabels as [string, string];

    const partial = await refund(booking, order.id, { seatLabels: [first], reason: 'Butaca rota' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json<RefundResponse>()).toMatchObject({
      message: 'Reembolso realizado.',
      order: { state: 'partially_refunded', refundedAmount: show.price },
    });
    expect(await soldLabels(booking, show.id)).toEqual([second]);
    expect(await candyStock(candy.candyId)).toBe(9);

    const repeated = await refund(booking, order.id, { seatLabels: [first] });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toEqual({ statusCode: 409, error: `${first} ya fue reembolsado.` });
    const foreign = await refund(booking, order.id, { seatLabels: ['Z99'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ statusCode: 400, error: 'El asiento Z99 no es de esta compra.' });
    expect((await refund(booking, order.id, { seatLabels: [], candyIds: [] })).json()).toEqual({
      statusCode: 400,
      error: 'Elige al menos una entrada o un producto del candy para reembolsar.',
    });

    const candyOnly = await refund(booking, order.id, { candyIds: [candy.candyId] });
    expect(candyOnly.json<RefundResponse>().order).toMatchObject({ state: 'partially_refunded', refundedAmount: show.price + 1250 });
    expect(await candyStock(candy.candyId)).toBe(10);

    const rest = await refund(booking, order.id);
    expect(rest.json<RefundResponse>().order).toMatchObject({ state: 'refunded', refundedAmount: order.total });
    expect(await soldLabels(booking, show.id)).toEqual([]);
    await booking.app.ordersOutbox.flush();
    expect(booking.refunded.map((event) => [event.data.seatLabels, event.data.amount, event.data.by, event.data.reason])).toEqual([
      [[first], show.price, 'admin', 'Butaca rota'],
      [[], 1250, 'admin', 'Pedido del cliente'],
      [[second], show.price, 'admin', 'Pedido del cliente'],
    ]);
    // Never more than was charged: the provider was asked for exactly the total.
    const asked = await refundRecords()
      .find({ paymentId: (await storedOrder(order.id))?.paymentId })
      .toArray();
    expect(asked.reduce((sum, record) => sum + (record.amount as number), 0)).toBe(order.total);
  });

  it('two refunds of the same order at once: one wins, the other is told in Spanish; the money goes back once', async () => {
    const offline = new OfflinePaymentProvider(context.db);
    const provider = new FaultyProvider(offline);
    let release: () => void = () => undefined;
    provider.slow = new Promise<void>((resolve) => (release = resolve));
    const booking = await start({ paymentProvider: provider });
    const { user, order } = await paidOrder(booking, { nachos: 0 });

    const first = cancel(booking, user, order.id);
    while (provider.refundCalls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await refund(booking, order.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      statusCode: 409,
      error: 'Ya hay un reembolso en curso para esta compra; espera a que termine y vuelve a mirarla.',
    });
    release();
    expect((await first).statusCode).toBe(200);
    expect(provider.refundCalls).toBe(1);
    expect(await refundRecords().countDocuments({ paymentId: (await storedOrder(order.id))?.paymentId })).toBe(1);
  });

  it('cancelling a show refunds every paid order of it, and each buyer gets an order.refunded', async () => {
    const booking = await start();
    const { show, order } = await paidOrder(booking, { nachos: 0 });
    const other = newUser(booking.app);
    await hold(booking, other, show.id, 3);
    expect((await checkout(booking, other, { show: show.id, ticket: 3 })).statusCode).toBe(200);

    const remove = () => booking.app.inject({ method: 'DELETE', url: `/show/one/${show.id}`, headers: adminHeaders(booking.app) });
    expect((await remove()).json()).toMatchObject({ statusCode: 409, orders: 2, tickets: 5 });
    const cancelled = await cancelShow(booking, show.id);
    expect(cancelled).toMatchObject({
      message: 'Función cancelada: compras reembolsadas.',
      state: 'done',
      total: 2,
      refunded: 2,
      failed: [],
    });
    expect(await soldLabels(booking, show.id)).toEqual([]);
    await booking.app.ordersOutbox.flush();
    expect(booking.refunded.map((event) => [event.data.by, event.data.reason]).sort()).toEqual([
      ['show-cancelled', 'Falla del proyector'],
      ['show-cancelled', 'Falla del proyector'],
    ]);
    expect((await storedOrder(order.id))?.refundedAmount).toBe(order.total);
    // Again: nothing left to refund, and nothing refunded twice.
    expect(await cancelShow(booking, show.id)).toMatchObject({ total: 2, refunded: 2, failed: [] });
    await booking.app.ordersOutbox.flush();
    expect(booking.refunded).toHaveLength(2);
    // Its seats are free, and off sale: nobody buys a seat of a cancelled show.
    const late = await hold(booking, newUser(booking.app), show.id, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ statusCode: 409, error: 'La función fue cancelada: no se venden entradas.' });
    // Every order refunded: the show can go.
    expect((await remove()).json()).toEqual({ message: 'Función eliminada.' });
  });

  it('cancelling an unknown show is a 404', async () => {
    const booking = await start();
    const unknown = await booking.app.inject({
      method: 'POST',
      url: `/show/one/${new (await import('mongoose')).Types.ObjectId().toHexString()}/cancel`,
      headers: adminHeaders(booking.app),
      payload: { reason: 'Falla del proyector' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('an order charged but never fulfilled', () => {
  it('an admin refunds it whole: the money goes back once, the candy reserved for it returns to stock, no order.refunded', async () => {
    const booking = await start();
    const show = await createShow(booking);
    const candy = await publishCandy(booking, { quantity: 10, price: 1250 });
    const user = newUser(booking.app);
    expect((await hold(booking, user, show.id, 2)).statusCode).toBe(200);
    expect((await addCandy(booking, user, candy.candyId, 1)).statusCode).toBe(200);
    // The seats' reservation lapsed while the card was being charged (checkout.ts: 'unfulfilled').
    const sellForOrder = booking.app.seatInventory.sellForOrder.bind(booking.app.seatInventory);
    booking.app.seatInventory.sellForOrder = async () => [];
    expect((await checkout(booking, user, { show: show.id, ticket: 2 })).statusCode).toBe(409);
    booking.app.seatInventory.sellForOrder = sellForOrder;
    const charged = await context.db.collection('orders').findOne({ userId: user.id });
    expect(charged).toMatchObject({ state: 'unfulfilled', paymentId: expect.any(String) });
    const id = String(charged?._id);
    expect(await candyStock(candy.candyId)).toBe(9);

    expect((await refund(booking, id, { seatLabels: [charged?.seatLabels[0]] })).json()).toMatchObject({
      statusCode: 409,
      error: 'Esta compra se cobró pero no llegó a completarse: solo se puede reembolsar entera.',
    });
    const response = await refund(booking, id);
    expect(response.statusCode).toBe(200);
    expect(response.json<RefundResponse>().order).toMatchObject({ state: 'refunded', refundedAmount: charged?.total });
    expect(await refundRecords().countDocuments({ paymentId: charged?.paymentId, 'outcome.status': 'succeeded' })).toBe(1);
    expect(await candyStock(candy.candyId)).toBe(10);
    expect(await soldLabels(booking, show.id)).toEqual([]);
    // Refunded once: asking again is told so, and nothing goes back twice.
    expect((await refund(booking, id)).statusCode).toBe(409);
    expect(await candyStock(candy.candyId)).toBe(10);
    await booking.app.ordersOutbox.flush();
    expect(booking.refunded).toEqual([]);
  });
});

describe('when the provider fails', () => {
  it('refuses a card whose refunds fail (pm_card_refundFail): 502, the order stays paid with its seats sold', async () => {
    const booking = await start();
    const { show, user, order } = await paidOrder(booking, { nachos: 0, paymentMethodId: 'pm_card_refundFail' });
    const refused = await cancel(booking, user, order.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      statusCode: 502,
      error:
        'El proveedor de pagos no pudo devolver el dinero (refund_failed). La compra sigue pagada; puedes intentarlo de nuevo más tarde.',
    });
    expect((await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: user.headers })).json()).toMatchObject({
      state: 'paid',
      refundedAmount: 0,
    });
    expect((await soldLabels(booking, show.id)).sort()).toEqual([...order.seatLabels].sort());
    expect((await storedOrder(order.id))?.refunding).toBeUndefined();
    await booking.app.ordersOutbox.flush();
    expect(booking.refunded).toEqual([]);
  });

  it('an outage before the provider refunded: 503, the order stays paid; the same request again refunds it', async () => {
    const provider = new FaultyProvider(new OfflinePaymentProvider(context.db));
    const booking = await start({ paymentProvider: provider });
    const { show, user, order } = await paidOrder(booking, { nachos: 0 });
    provider.fault = 'outage';
    const down = await cancel(booking, user, order.id);
    expect(down.statusCode).toBe(503);
    expect(down.json<{ error: string }>().error).toBe(
      'No pudimos confirmar la devolución con el proveedor de pagos. La compra sigue pagada; intenta de nuevo: el dinero no se devolverá dos veces.',
    );
    expect((await booking.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: user.headers })).json()).toMatchObject({
      state: 'paid',
    });
    expect((await soldLabels(booking, show.id)).length).toBe(2);
    // Another refund is refused meanwhile: the interrupted one must finish first.
    expect((await refund(booking, order.id, { seatLabels: [order.seatLabels[0] as string] })).statusCode).toBe(409);

    provider.fault = 'none';
    const retried = await cancel(booking, user, order.id);
    expect(retried.statusCode).toBe(200);
    expect(await soldLabels(booking, show.id)).toEqual([]);
  });

  it('a timeout after the provider refunded: the retry is answered by the idempotency key, never refunding twice', async () => {
    const provider = new FaultyProvider(new OfflinePaymentProvider(context.db));
    const booking = await start({ paymentProvider: provider });
    const { user, order } = await paidOrder(booking, { nachos: 0 });
    const paymentId = (await storedOrder(order.id))?.paymentId;
    provider.fault = 'answer-lost';
    expect((await cancel(booking, user, order.id)).statusCode).toBe(503);
    expect(await refundRecords().countDocuments({ paymentId })).toBe(1);

    provider.fault = 'none';
    const retried = await cancel(booking, user, order.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<RefundResponse>().order).toMatchObject({ state: 'refunded', refundedAmount: order.total });
    expect(await refundRecords().countDocuments({ paymentId })).toBe(1);
    expect(provider.refundCalls).toBe(2);
  });

  it('the offline provider refuses more than was charged and answers a repeated key with its first outcome', async () => {
    const offline = new OfflinePaymentProvider(context.db);
    const charge = await offline.charge({
      amount: 1000,
      currency: 'usd',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: `charge-${Date.now()}`,
      description: 'test',
    });
    if (charge.status !== 'succeeded') throw new Error('not charged');
    const first = await offline.refund({ paymentId: charge.paymentId, amount: 600, idempotencyKey: `a-${charge.paymentId}` });
    expect(first.status).toBe('succeeded');
    expect(await offline.refund({ paymentId: charge.paymentId, amount: 600, idempotencyKey: `a-${charge.paymentId}` })).toEqual(first);
    expect(await offline.refund({ paymentId: charge.paymentId, amount: 500, idempotencyKey: `b-${charge.paymentId}` })).toEqual({
      status: 'failed',
      reason: 'Refund amount (500) is greater than unrefunded amount on charge (400)',
      code: 'amount_too_large',
    });
    await expect(offline.refund({ paymentId: charge.paymentId, amount: 1, idempotencyKey: `a-${charge.paymentId}` })).rejects.toThrow(
      /first used with other parameters/,
    );
  });
});

describe('recovery of refunds a crash left under way', () => {
  it("money returned, seats not yet: the restarted service's sweep finishes the refund once, with one order.refunded", async () => {
    const provider = new FaultyProvider(new OfflinePaymentProvider(context.db));
    const first = await start({ paymentProvider: provider });
    const { show, candy, user, order } = await paidOrder(first);
    provider.fault = 'answer-lost';
    expect((await cancel(first, user, order.id)).statusCode).toBe(503);
    // The crash came after the provider's answer was written down: the refund is at its second step.
    const stored = await storedOrder(order.id);
    await context.db
      .collection('orders')
      .updateOne({ _id: stored?._id }, { $set: { 'refunding.step': 'money-returned', 'refunding.providerRefundId': 're_crash' } });
    await first.close();
    running.splice(running.indexOf(first), 1);

    const second = await start({ clockOffsetMs: 2 * 60_000, orderRecovery: { intervalMs: 20 } });
    for (let i = 0; i < 200 && !(await storedOrder(order.id))?.refunds; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const done = await storedOrder(order.id);
    expect(done?.refunding).toBeUndefined();
    expect(done?.refunds).toHaveLength(1);
    expect(done?.refundedAmount).toBe(order.total);
    expect(await soldLabels(second, show.id)).toEqual([]);
    expect(await candyStock(candy.candyId)).toBe(10);
    await second.app.ordersOutbox.flush();
    expect(second.refunded.filter((event) => event.data.orderId === order.id)).toHaveLength(1);
    expect(await refundRecords().countDocuments({ paymentId: stored?.paymentId })).toBe(1);
  });

  it('the provider did not answer: the sweep asks it again with the same key once the refund is a minute old', async () => {
    const provider = new FaultyProvider(new OfflinePaymentProvider(context.db));
    const booking = await start({ paymentProvider: provider, orderRecovery: { intervalMs: 20 } });
    const { show, user, order } = await paidOrder(booking, { nachos: 0 });
    provider.fault = 'answer-lost';
    expect((await cancel(booking, user, order.id)).statusCode).toBe(503);
    provider.fault = 'none';
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Young: the request that began it may still be running.
    expect((await storedOrder(order.id))?.refunding).toBeDefined();

    booking.advance(2 * 60_000);
    for (let i = 0; i < 200 && (await storedOrder(order.id))?.refunding; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await storedOrder(order.id))?.refundedAmount).toBe(order.total);
    expect(await soldLabels(booking, show.id)).toEqual([]);
    expect(await refundRecords().countDocuments({ paymentId: (await storedOrder(order.id))?.paymentId })).toBe(1);
  });
});
