import type { ShowCancellationView } from '@cine/contracts';
import { InProcessEventBus } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { OfflinePaymentProvider, type ChargeRequest, type PaymentProvider, type RefundRequest } from '../src/payments';
import {
  adminHeaders,
  cancellationDone,
  checkout,
  createShow,
  hold,
  newUser,
  startBooking,
  type BookingUnderTest,
  type TestContext,
} from './checkout-helpers';

jest.setTimeout(60_000);

/** The offline provider whose `stopAt`-th refund waits for `release()` (before or after the money went back), then throws. */
class StoppingProvider implements PaymentProvider {
  readonly name = 'stopping';
  refunds = 0;
  release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  constructor(
    private readonly provider: PaymentProvider,
    private readonly stopAt: number,
    private readonly when: 'before' | 'after',
  ) {}
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
    this.refunds += 1;
    if (this.refunds !== this.stopAt) return this.provider.refund(request);
    if (this.when === 'after') await this.provider.refund(request);
    await this.gate;
    if (this.when === 'before') return this.provider.refund(request);
    throw new Error('the process stopped');
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

async function start(paymentProvider: PaymentProvider): Promise<BookingUnderTest> {
  const booking = await startBooking({ paymentProvider }, { ...context, bus: new InProcessEventBus() });
  running.push(booking);
  return booking;
}

/** A show with `buyers` paid orders of one seat each. */
async function soldShow(booking: BookingUnderTest, buyers: number) {
  const show = await createShow(booking);
  const orders: string[] = [];
  for (let i = 0; i < buyers; i++) {
    const user = newUser(booking.app);
    expect((await hold(booking, user, show.id, 1)).statusCode).toBe(200);
    const paid = await checkout(booking, user, { show: show.id, ticket: 1 });
    expect(paid.statusCode).toBe(200);
    orders.push(paid.json<{ order: { id: string } }>().order.id);
  }
  return { show, orders };
}

const progressOf = async (booking: BookingUnderTest, showId: string) =>
  (
    await booking.app.inject({ method: 'GET', url: `/show/one/${showId}/cancel`, headers: adminHeaders(booking.app) })
  ).json<ShowCancellationView>();

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('never happened');
}

/** Each order refunded whole, once: one refund on the order, one succeeded refund at the provider. */
async function refundedOnce(orderIds: string[]) {
  for (const id of orderIds) {
    const order = await context.db.collection('orders').findOne({ _id: new Types.ObjectId(id) });
    expect(order?.refunds).toHaveLength(1);
    expect(order?.refundedAmount).toBe(order?.total);
    expect(
      await context.db.collection('payment_refunds').countDocuments({ paymentId: order?.paymentId, 'outcome.status': 'succeeded' }),
    ).toBe(1);
  }
}

describe("a show's cancellation runs as a background job", () => {
  it('answers 202 with the job at once; the GET tells how many are refunded of how many, then the outcome', async () => {
    const provider = new StoppingProvider(new OfflinePaymentProvider(context.db), 2, 'before');
    const booking = await start(provider);
    const { show, orders } = await soldShow(booking, 3);

    const queued = await booking.app.inject({
      method: 'POST',
      url: `/show/one/${show.id}/cancel`,
      headers: adminHeaders(booking.app),
      payload: { reason: 'Falla del proyector' },
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ jobId: show.id, showId: show.id, reason: 'Falla del proyector', failed: [] });
    expect(['queued', 'running']).toContain(queued.json<ShowCancellationView>().state);

    // The second refund waits at the provider: one of three so far.
    await until(async () => provider.refunds === 2);
    expect(await progressOf(booking, show.id)).toMatchObject({
      state: 'running',
      total: 3,
      refunded: 1,
      message: 'Función cancelada: reembolsando las compras.',
    });
    provider.release();
    expect(await cancellationDone(booking, show.id)).toMatchObject({
      state: 'done',
      total: 3,
      refunded: 3,
      failed: [],
      message: 'Función cancelada: compras reembolsadas.',
      finishedAt: expect.any(String),
    });
    await refundedOnce(orders);
  });

  it('is taken over after a restart mid-way and ends without refunding anything twice', async () => {
    // The second refund's money goes back, then the process stops before recording it.
    const stopping = new StoppingProvider(new OfflinePaymentProvider(context.db), 2, 'after');
    const first = await start(stopping);
    const { show, orders } = await soldShow(first, 4);
    const queued = await first.app.inject({
      method: 'POST',
      url: `/show/one/${show.id}/cancel`,
      headers: adminHeaders(first.app),
      payload: { reason: 'Falla del proyector' },
    });
    expect(queued.statusCode).toBe(202);
    await until(async () => stopping.refunds === 2);
    await first.close();
    running.splice(running.indexOf(first), 1);

    const second = await start(new OfflinePaymentProvider(context.db));
    const done = await cancellationDone(second, show.id);
    // The first process's run, woken after the takeover, writes nothing more.
    stopping.release();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(done).toMatchObject({ state: 'done', total: 4, refunded: 4, failed: [] });
    expect(await progressOf(second, show.id)).toMatchObject({ state: 'done', total: 4, refunded: 4, failed: [] });
    await refundedOnce(orders);
  });

  it('is refused to a user (403) and unknown for a show never cancelled (404)', async () => {
    const booking = await start(new OfflinePaymentProvider(context.db));
    const show = await createShow(booking);
    const user = newUser(booking.app);
    expect((await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}/cancel`, headers: user.headers })).statusCode).toBe(403);
    const unknown = await booking.app.inject({ method: 'GET', url: `/show/one/${show.id}/cancel`, headers: adminHeaders(booking.app) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Esta función no fue cancelada.' });
  });
});
