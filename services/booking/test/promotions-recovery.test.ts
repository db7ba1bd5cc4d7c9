import type { PromotionInput } from '@cine/contracts';
import { InProcessEventBus } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
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

/*
 * Issue 39: a crash between the charge and the count of a promo code's use neither loses nor doubles the
 * use; the restarted service's recovery sweep finishes the order and counts the use once.
 */

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

async function start(clockOffsetMs = 0): Promise<BookingUnderTest> {
  const booking = await startBooking({ clockOffsetMs }, { ...context, bus: new InProcessEventBus() });
  running.push(booking);
  return booking;
}

async function restart(crashed: BookingUnderTest): Promise<BookingUnderTest> {
  await crashed.close();
  running.splice(running.indexOf(crashed), 1);
  return start(TWO_MINUTES);
}

const orders = () => context.db.collection('orders');
const promotionDoc = (code: string) => context.db.collection('promotions').findOne({ _id: code } as never);

async function settled(userId: string, state: string) {
  for (let i = 0; i < 200; i++) {
    const order = await orders().findOne({ userId });
    if (order?.state === state) return order;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the order of ${userId} never became ${state}`);
}

let codes = 0;
async function buyerWithCode(booking: BookingUnderTest) {
  codes += 1;
  const code = `CRASH-${codes}-${Date.now().toString(36)}`.toUpperCase();
  const promotion: PromotionInput = { code, name: 'Caída', kind: 'amount', value: 200, appliesTo: {}, limits: { total: 3 }, active: true };
  expect(
    (await booking.app.inject({ method: 'POST', url: '/promotions', headers: adminHeaders(booking.app), payload: promotion })).statusCode,
  ).toBe(201);
  const show = await createShow(booking);
  const user = newUser(booking.app);
  expect((await hold(booking, user, show.id, 2)).statusCode).toBe(200);
  expect((await booking.app.inject({ method: 'POST', url: '/cart/promo', headers: user.headers, payload: { code } })).statusCode).toBe(200);
  return { code, show, user };
}

describe('a crash between the charge and the count of a code', () => {
  it('before the count: the order stays reserved with its use held; the sweep charges once, counts once and pays it', async () => {
    const first = await start();
    const { code, show, user } = await buyerWithCode(first);
    first.app.promotions.count = async () => {
      throw new Error('simulated crash before the count');
    };
    expect((await checkout(first, user, { show: show.id, ticket: 2 })).statusCode).toBe(500);
    const crashed = await orders().findOne({ userId: user.id });
    expect(crashed?.state).toBe('reserved');
    expect(await promotionDoc(code)).toMatchObject({ uses: 0, taken: 1, holding: [crashed?._id.toHexString()] });

    const second = await restart(first);
    const order = await settled(user.id, 'paid');
    expect(order.total).toBe(2 * 900 - 2 * 200);
    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1, holding: [] });
    expect(await context.db.collection('payments').countDocuments({ _id: order._id.toHexString() } as never)).toBe(1);
    expect(await second.app.orderRecovery.sweep()).toBe(0);
    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1 });
  });

  it('after the count, before the paid write: the sweep pays the order without counting the use again', async () => {
    const first = await start();
    const { code, show, user } = await buyerWithCode(first);
    first.app.ordersRepository.claimCode = async () => {
      throw new Error('simulated crash after the count');
    };
    expect((await checkout(first, user, { show: show.id, ticket: 2 })).statusCode).toBe(500);
    expect((await orders().findOne({ userId: user.id }))?.state).toBe('reserved');
    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1, holding: [] });

    await restart(first);
    await settled(user.id, 'paid');
    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1, holding: [] });
    const order = await orders().findOne({ userId: user.id });
    expect(await context.db.collection('promotion_uses').findOne({ _id: order?._id.toHexString() } as never)).toMatchObject({
      state: 'counted',
    });
  });

  it('after the claim, before the reserved write: the sweep takes the order on with the use it holds, claimed once', async () => {
    const first = await start();
    const { code, show, user } = await buyerWithCode(first);
    const write = first.app.ordersRepository.write.bind(first.app.ordersRepository);
    first.app.ordersRepository.write = async (order, change) => {
      if (change.from === 'pending' && change.to === 'reserved') throw new Error('simulated crash after the claim');
      return write(order, change);
    };
    expect((await checkout(first, user, { show: show.id, ticket: 2 })).statusCode).toBe(500);
    const crashed = await orders().findOne({ userId: user.id });
    expect(crashed?.state).toBe('pending');
    expect(await promotionDoc(code)).toMatchObject({ uses: 0, taken: 1, holding: [crashed?._id.toHexString()] });

    await restart(first);
    await settled(user.id, 'paid');
    expect(await promotionDoc(code)).toMatchObject({ uses: 1, taken: 1, holding: [] });
  });
});
