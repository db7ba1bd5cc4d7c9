import type { CheckoutResponse } from '@cine/contracts';
import { InProcessEventBus } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { mongo } from 'mongoose';
import { OfflinePaymentProvider, type ChargeRequest, type PaymentProvider, type RefundRequest } from '../src/payments';
import {
  addCandy,
  cartOf,
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

/** Charges the card, then loses the answer: a crash (or a cut connection) right after the provider charged. */
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

/** A broker that takes every event but order.paid. */
class BrokerRefusingPaid extends InProcessEventBus {
  override async publish(event: Parameters<InProcessEventBus['publish']>[0]): Promise<void> {
    if (event.type === 'order.paid') throw new Error('broker down');
    await super.publish(event);
  }
}

const TWO_MINUTES = 2 * 60_000;

let context: TestContext;
const running: BookingUnderTest[] = [];

beforeAll(async () => {
  context = await createTestContext('booking');
});
afterEach(async () => {
  for (const booking of running.splice(0)) await booking.close();
});
afterAll(() => context.dropDatabase());

async function start(options: Parameters<typeof startBooking>[0] = {}, bus = new InProcessEventBus()): Promise<BookingUnderTest> {
  // Each start is a new process: its own bus, the same database.
  const booking = await startBooking(options, { ...context, bus });
  running.push(booking);
  return booking;
}

/** The first service dies; a new one starts on the same database `clockOffsetMs` later. */
async function restart(crashed: BookingUnderTest, clockOffsetMs = TWO_MINUTES): Promise<BookingUnderTest> {
  await crashed.close();
  running.splice(running.indexOf(crashed), 1);
  return start({ clockOffsetMs });
}

const orders = () => context.db.collection('orders');
const payments = () => context.db.collection('payments');
const candyStock = async (candyId: string) => (await context.db.collection('candy').findOne({ _id: candyId } as never))?.stock as number;

async function orderOf(userId: string) {
  const found = await orders().find({ userId }).toArray();
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[number]>;
}

/** Waits until the order reaches one of the states (the start-up sweep runs on its own). */
async function settled(userId: string, states: string[]) {
  for (let i = 0; i < 200; i++) {
    const order = await orderOf(userId);
    if (states.includes(order.state as string)) return order;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`order of ${userId} never reached ${states.join('/')}`);
}

async function buyer(booking: BookingUnderTest, seats = 2, nachos = 1) {
  const show = await createShow(booking);
  const candy = await publishCandy(booking, { quantity: 10 });
  const user = newUser(booking.app);
  const held = await hold(booking, user, show.id, seats);
  expect(held.statusCode).toBe(200);
  if (nachos > 0) await addCandy(booking, user, candy.candyId, nachos);
  return { show, candy, user, seatLabels: held.json<{ seatLabels: string[] }>().seatLabels };
}

describe('recovery of orders a crash left in progress', () => {
  it("charged, seats not yet sold: the order stays 'reserved'; the restarted service gets the first payment back, sells the seats once, pays the order and publishes one order.paid", async () => {
    const first = await start();
    const { show, candy, user, seatLabels } = await buyer(first);
    first.app.seatInventory.sellForOrder = async () => {
      throw new Error('simulated crash before selling');
    };

    expect((await checkout(first, user, { show: show.id, ticket: 2 })).statusCode).toBe(500);
    const crashed = await orderOf(user.id);
    expect(crashed.state).toBe('reserved');
    const charged = await payments().findOne({ _id: crashed._id.toHexString() } as never);
    expect(charged).not.toBeNull();
    // A young order is not the sweep's: the request that made it may still be running.
    expect(await first.app.orderRecovery.sweep()).toBe(0);

    const second = await restart(first);
    const order = await settled(user.id, ['paid']);
    await second.app.ordersOutbox.flush();

    expect(order.paymentId).toBe((charged?.outcome as { paymentId: string }).paymentId);
    expect(await payments().countDocuments({ _id: order._id.toHexString() } as never)).toBe(1);
    expect(second.paid.map((event) => event.data.orderId)).toEqual([order._id.toHexString()]);
    expect(second.paid[0]?.data).toMatchObject({ userId: user.id, showId: show.id, seatLabels, seats: 2, total: 2 * 900 + candy.price });
    const sold = (await seatsOf(second, show.id)).filter((seat) => seat.state === 'sold');
    expect(sold.map((seat) => seat.label).sort()).toEqual([...seatLabels].sort());
    expect(sold.every((seat) => seat.orderId === order._id.toHexString())).toBe(true);
    expect(await candyStock(candy.candyId)).toBe(9);
    expect(await cartOf(second, user)).toEqual({ tickets: [], candy: [], orderPrice: 0 });

    // Sweeping again changes nothing, and the same request answers the paid order.
    expect(await second.app.orderRecovery.sweep()).toBe(0);
    const again = await checkout(second, user, { show: show.id, ticket: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutResponse>().order.id).toBe(order._id.toHexString());
    await second.app.ordersOutbox.flush();
    expect(second.paid).toHaveLength(1);
  });

  it("'reserved' after the provider charged but before the answer was recorded: charging again returns the first payment", async () => {
    const first = await start({ paymentProvider: new CrashAfterCharge(new OfflinePaymentProvider(context.db)) });
    const { show, user, seatLabels } = await buyer(first, 3, 0);

    expect((await checkout(first, user, { show: show.id, ticket: 3 })).statusCode).toBe(500);
    expect((await orderOf(user.id)).state).toBe('reserved');
    const charged = await payments().findOne({ _id: (await orderOf(user.id))._id.toHexString() } as never);

    const second = await restart(first);
    const order = await settled(user.id, ['paid']);
    await second.app.ordersOutbox.flush();

    expect(order.paymentId).toBe((charged?.outcome as { paymentId: string }).paymentId);
    expect(await payments().countDocuments({ _id: order._id.toHexString() } as never)).toBe(1);
    expect(second.paid).toHaveLength(1);
    expect(
      (await seatsOf(second, show.id))
        .filter((seat) => seat.state === 'sold')
        .map((seat) => seat.label)
        .sort(),
    ).toEqual([...seatLabels].sort());
  });

  it("'reserved' with a declined card: recovery gives the seats and stock back and records the decline", async () => {
    const first = await start({ paymentProvider: new CrashAfterCharge(new OfflinePaymentProvider(context.db)) });
    const { show, candy, user, seatLabels } = await buyer(first, 2, 4);

    expect((await checkout(first, user, { show: show.id, ticket: 2, paymentMethodId: 'pm_card_chargeDeclined' })).statusCode).toBe(500);
    expect(await candyStock(candy.candyId)).toBe(6);

    const second = await restart(first);
    const order = await settled(user.id, ['declined']);
    await second.app.ordersOutbox.flush();

    expect(order.declineReason).toBe('Your card was declined.');
    expect(await candyStock(candy.candyId)).toBe(10);
    const mine = (await seatsOf(second, show.id)).filter((seat) => seat.userId === user.id);
    expect(mine.map((seat) => [seat.label, seat.state, seat.orderId]).sort()).toEqual(
      [...seatLabels].sort().map((label) => [label, 'held', undefined]),
    );
    expect(second.paid).toEqual([]);
  });

  it("'pending' whose hold lapsed while the service was down: expired, nothing charged, the user may buy again", async () => {
    const first = await start();
    const { show, candy, user } = await buyer(first, 1, 2);
    first.app.seatInventory.reserveForOrder = async () => {
      throw new Error('simulated crash before reserving');
    };

    expect((await checkout(first, user, { show: show.id, ticket: 1 })).statusCode).toBe(500);
    expect((await orderOf(user.id)).state).toBe('pending');

    const second = await restart(first, 11 * 60_000);
    const order = await settled(user.id, ['expired']);

    expect(await payments().countDocuments({ _id: order._id.toHexString() } as never)).toBe(0);
    expect(await candyStock(candy.candyId)).toBe(10);
    expect((await seatsOf(second, show.id)).filter((seat) => seat.state === 'sold')).toEqual([]);
    expect((await checkout(second, user, { show: show.id, ticket: 1 })).json()).toEqual({
      statusCode: 409,
      error: 'Tu reserva expiró. Vuelve a elegir tus entradas.',
    });

    expect((await hold(second, user, show.id, 1)).statusCode).toBe(200);
    expect((await checkout(second, user, { show: show.id, ticket: 1 })).statusCode).toBe(200);
  });

  it("'pending' with the hold still valid: recovery completes the purchase the user asked for", async () => {
    const first = await start();
    const { show, user } = await buyer(first, 2, 0);
    first.app.seatInventory.reserveForOrder = async () => {
      throw new Error('simulated crash before reserving');
    };
    expect((await checkout(first, user, { show: show.id, ticket: 2 })).statusCode).toBe(500);

    const second = await restart(first);
    await settled(user.id, ['paid']);
    await second.app.ordersOutbox.flush();

    expect(second.paid).toHaveLength(1);
    expect((await seatsOf(second, show.id)).filter((seat) => seat.state === 'sold')).toHaveLength(2);
  });

  it("'pending' written by the database that died before answering: the order is not lost to the sweep, which completes it", async () => {
    const first = await start();
    const { show, user } = await buyer(first, 2, 0);
    // The order's insert reaches the database, and its answer is lost (the database killed right after the write).
    const model = (first.app.ordersRepository as unknown as { model: { create: (...args: unknown[]) => Promise<unknown> } }).model;
    const create = model.create.bind(model);
    model.create = async (...args: unknown[]) => {
      await create(...args);
      throw new mongo.MongoNetworkError('connection 7 to 127.0.0.1:27017 closed');
    };
    try {
      expect((await checkout(first, user, { show: show.id, ticket: 2 })).statusCode).toBe(500);
    } finally {
      // The model is the connection's, shared with the restarted service.
      model.create = create;
    }
    expect((await orderOf(user.id)).state).toBe('pending');

    const second = await restart(first);
    await settled(user.id, ['paid']);
    await second.app.ordersOutbox.flush();
    expect(second.paid).toHaveLength(1);
    expect((await seatsOf(second, show.id)).filter((seat) => seat.state === 'sold')).toHaveLength(2);
  });

  it('the periodic sweep takes over an order left by a provider outage once it is a minute old', async () => {
    let outage = true;
    const offline = new OfflinePaymentProvider(context.db);
    const flaky: PaymentProvider = {
      name: 'flaky',
      charge: async (request) => {
        if (outage) throw new Error('provider unreachable');
        return offline.charge(request);
      },
      refund: (request) => offline.refund(request),
    };
    const booking = await start({ paymentProvider: flaky, orderRecovery: { intervalMs: 20 } });
    const { show, user } = await buyer(booking, 1, 0);

    expect((await checkout(booking, user, { show: show.id, ticket: 1 })).statusCode).toBe(500);
    outage = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await orderOf(user.id)).state).toBe('reserved');

    booking.advance(TWO_MINUTES);
    await settled(user.id, ['paid']);
    await booking.app.ordersOutbox.flush();
    expect(booking.paid).toHaveLength(1);
  });

  it('paid, but order.paid never reached the broker before the crash: the paid order stays marked, and the restarted service publishes its order.paid once', async () => {
    const first = await start({}, new BrokerRefusingPaid());
    const { show, user } = await buyer(first, 1, 0);

    expect((await checkout(first, user, { show: show.id, ticket: 1 })).statusCode).toBe(200);
    await first.app.ordersOutbox.flush();
    const order = await orderOf(user.id);
    expect(order.state).toBe('paid');
    expect(order.outbox).toHaveLength(1);
    expect(await context.db.collection('orders_in_progress').countDocuments({ _id: order._id } as never)).toBe(1);

    const second = await restart(first);
    for (let waited = 0; second.paid.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await second.app.ordersOutbox.flush();
    expect(second.paid.map((event) => event.data.orderId)).toEqual([order._id.toHexString()]);
    for (
      let waited = 0;
      (await context.db.collection('orders_in_progress').countDocuments({ _id: order._id } as never)) > 0 && waited < 5000;
      waited += 20
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await context.db.collection('orders_in_progress').countDocuments({ _id: order._id } as never)).toBe(0);
    expect((await orderOf(user.id)).outbox).toEqual([]);
    expect(await second.app.orderRecovery.sweep()).toBe(0);
    await second.app.ordersOutbox.flush();
    expect(second.paid).toHaveLength(1);
  });

  it('a backlog of paid orders a crash left unpublished goes out in one sweep, batch after batch', async () => {
    const first = await start({}, new BrokerRefusingPaid());
    const userIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { show, user } = await buyer(first, 1, 0);
      expect((await checkout(first, user, { show: show.id, ticket: 1 })).statusCode).toBe(200);
      userIds.push(user.id);
    }
    await first.app.ordersOutbox.flush();
    await first.close();
    running.splice(running.indexOf(first), 1);

    // Batches of 2 and no second sweep within the test: only the start-up sweep can publish them.
    const second = await start({ clockOffsetMs: TWO_MINUTES, orderRecovery: { batchSize: 2, intervalMs: 3_600_000 } });
    for (let waited = 0; second.paid.length < 5 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const paidIds = await Promise.all(userIds.map(async (userId) => (await orderOf(userId))._id.toHexString()));
    expect(second.paid.map((event) => event.data.orderId).sort()).toEqual(paidIds.sort());
  });
});
