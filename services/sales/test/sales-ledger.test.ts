import type { OrderRefunded } from '@cine/contracts';
import { createEvent, metricsRegistry } from '@cine/service-kit';
import type { mongo } from 'mongoose';
import { SalesLedger } from '../src/sales/sales-ledger';
import { SalesReports } from '../src/sales/sales-reports';
import { openSalesStore, type SalesStore } from '../src/sales/sales-store';
import { candyLine, newId, paidOrder, refundedOrder, startSales, type SalesUnderTest } from './helpers';

describe('sales ledger (consumer of order.paid)', () => {
  let sales: SalesUnderTest;

  beforeEach(async () => {
    sales = await startSales();
  });
  afterEach(async () => {
    await sales.close();
  });

  const figures = async () => ({
    summary: await sales.app.salesReports.summaries(),
    detail: await sales.app.salesReports.detail({}),
    candy: await sales.app.salesReports.candy({}),
  });

  it('observes the size of each batch it records (cine_sales_ledger_batch_size), an order sent twice in a batch once', async () => {
    const batches = async () => {
      const values = (await metricsRegistry.getSingleMetric('cine_sales_ledger_batch_size')?.get())?.values ?? [];
      const series = (name: string) => values.find((value) => (value as { metricName?: string }).metricName === name)?.value ?? 0;
      return { count: series('cine_sales_ledger_batch_size_count'), sum: series('cine_sales_ledger_batch_size_sum') };
    };
    const before = await batches();
    const twice = paidOrder();
    await new SalesLedger(await openSalesStore(sales.context.db)).record([paidOrder(), twice, twice, paidOrder()]);
    expect(await batches()).toEqual({ count: before.count + 1, sum: before.sum + 3 });
  });

  it("writes a show's facts once while they stay the same: a batch of the same show's orders skips the write, a moved show is written", async () => {
    const store = await openSalesStore(sales.context.db);
    const ledger = new SalesLedger(store);
    const writes = jest.spyOn(store.shows, 'bulkWrite');
    const show = { showId: newId(), movieId: newId(), date: '2026-11-21', schedule: '18:00' };

    await ledger.record([paidOrder(show), paidOrder(show)]);
    await ledger.record([paidOrder(show)]);
    expect(writes).toHaveBeenCalledTimes(1);

    await ledger.record([paidOrder({ ...show, schedule: '21:30' })]);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(await store.shows.findOne({ _id: show.showId })).toMatchObject({ date: '2026-11-21', schedule: '21:30' });
    writes.mockRestore();
  });

  it('counts one paid order as one sale: tickets in its movie × type × month, candy per item and day, kept apart', async () => {
    const popcorn = newId();
    const order = paidOrder({ seats: 3, ticketTotal: 2700, candy: [candyLine(popcorn, 'COMBO NACHOS', 2, 1500)] });
    await sales.pay(order);

    const { summary, detail, candy } = await figures();
    expect(summary).toEqual([
      {
        movieId: order.movieId,
        title: 'Relatos del Proyector',
        type: '2D',
        month: '2026-11',
        monthName: 'Nov',
        seats: 3,
        totalPrice: 2700,
        netPrice: 1620,
        refundedSeats: 0,
        refundedPrice: 0,
      },
    ]);
    expect(detail).toEqual([
      {
        orderId: order.orderId,
        movieId: order.movieId,
        title: 'Relatos del Proyector',
        type: '2D',
        seats: 3,
        date: order.paidAt,
        day: '2026-11-20',
        totalPrice: 2700,
        netPrice: 1620,
        refundedSeats: 0,
        refundedPrice: 0,
      },
    ]);
    expect(candy).toEqual([
      { itemId: popcorn, name: 'COMBO NACHOS', day: '2026-11-20', quantity: 2, totalPrice: 3000, refundedQuantity: 0, refundedPrice: 0 },
    ]);
  });

  it('counts the same event delivered twice once', async () => {
    const event = createEvent('order.paid', paidOrder());
    await sales.context.bus.publish(event);
    await sales.context.bus.publish(event);
    const { summary, detail } = await figures();
    expect(summary.map((row) => row.seats)).toEqual([2]);
    expect(detail).toHaveLength(1);
  });

  it('counts the same order under two event ids once, also when both are handled at the same time', async () => {
    const popcorn = newId();
    const order = paidOrder({ candy: [candyLine(popcorn, 'COMBO GRANDE', 1, 2000)] });
    await Promise.all([sales.pay(order), sales.pay(order), sales.pay(order)]);
    await sales.pay(order);
    // Two consumers (two instances of the service) writing the same order at once.
    const store = await openSalesStore(sales.context.db);
    await Promise.all([new SalesLedger(store).record([order]), new SalesLedger(store).record([order])]);
    const { summary, detail, candy } = await figures();
    expect(summary.map((row) => [row.seats, row.totalPrice])).toEqual([[2, 1800]]);
    expect(detail).toHaveLength(1);
    expect(candy.map((row) => [row.quantity, row.totalPrice])).toEqual([[1, 2000]]);
  });

  it('takes the month and day of the paid-at instant in the cinema time zone (America/Argentina/Buenos_Aires)', async () => {
    // 01:30 UTC on 1 December is 22:30 on 30 November in Buenos Aires.
    const order = paidOrder({ paidAt: '2026-12-01T01:30:00.000Z' });
    await sales.pay(order);
    const { summary, detail } = await figures();
    expect(summary[0]).toMatchObject({ month: '2026-11', monthName: 'Nov' });
    expect(detail[0]).toMatchObject({ day: '2026-11-30', date: '2026-12-01T01:30:00.000Z' });
  });

  it('adds the orders of one show, and keeps 60 % per sale as its net (a summary is the sum of its sales)', async () => {
    const movieId = newId();
    const showId = newId();
    const orders = [
      paidOrder({ movieId, showId, seats: 1, ticketTotal: 1001 }),
      paidOrder({ movieId, showId, seats: 1, ticketTotal: 1001 }),
      paidOrder({ movieId, seats: 4, ticketTotal: 3600 }),
    ];
    for (const order of orders) await sales.pay(order);
    const { summary, detail } = await figures();
    expect(detail.map((row) => row.netPrice).sort()).toEqual([2160, 601, 601]);
    expect(summary).toEqual([expect.objectContaining({ seats: 6, totalPrice: 5602, netPrice: 601 + 601 + 2160 })]);
  });

  it('completes a sale that a crash interrupted between its writes when the order is delivered again, counting it once', async () => {
    const store = await openSalesStore(sales.context.db);
    const popcorn = newId();
    const order = paidOrder({ seats: 2, candy: [candyLine(popcorn, 'COMBO ICEE', 3, 1000)] });

    // The process "dies" after the show-day was written, before the counters and the sale record.
    const crashing: SalesStore = { ...store, movieMonths: failingBulkWrite(store.movieMonths) };
    await expect(new SalesLedger(crashing).record([order])).rejects.toThrow('crash');
    const reports = new SalesReports(store);
    expect(await reports.summaries()).toEqual([]);
    // No report shows a sale the others have not counted yet.
    expect(await reports.detail({})).toEqual([]);

    await sales.pay(order);
    const { summary, detail, candy } = await figures();
    expect(summary.map((row) => row.seats)).toEqual([2]);
    expect(detail).toHaveLength(1);
    expect(candy.map((row) => row.quantity)).toEqual([3]);
  });

  it('leaves every figure unchanged when all paid orders are replayed, in any order', async () => {
    const movieA = newId();
    const movieB = newId();
    const combo = newId();
    const orders = [
      paidOrder({ movieId: movieA, title: 'Amanecer', seats: 2, candy: [candyLine(combo, 'COMBO TRADICIONAL', 1, 1200)] }),
      paidOrder({ movieId: movieA, title: 'Amanecer', type: '3D', seats: 1, paidAt: '2026-10-03T20:00:00.000Z' }),
      paidOrder({
        movieId: movieB,
        title: 'Bruma',
        seats: 5,
        paidAt: '2026-09-15T20:00:00.000Z',
        candy: [candyLine(combo, 'COMBO TRADICIONAL', 2, 1200)],
      }),
    ];
    for (const order of orders) await sales.pay(order);
    const before = await figures();

    await Promise.all([...orders].reverse().map((order) => sales.pay(order)));
    expect(await figures()).toEqual(before);
    expect(before.summary).toHaveLength(3);
  });

  it('shows the current title: movie.updated renames a movie in every report, an older sale does not rename it back', async () => {
    const order = paidOrder({ title: 'Título Provisorio', paidAt: '2026-11-20T14:00:00.000Z' });
    await sales.pay(order);
    await sales.context.bus.publish({
      ...createEvent('movie.updated', { movieId: order.movieId, title: 'Título Final', runtime: 100, type: '2D', release: '2026-11-01' }),
      occurredAt: '2026-11-20T16:00:00.000Z',
    });
    // A replay of the earlier sale carries the old title.
    await sales.pay(order);
    await sales.pay(paidOrder({ movieId: order.movieId, title: 'Título Provisorio', paidAt: '2026-11-20T15:00:00.000Z' }));
    const { summary, detail } = await figures();
    expect(summary.map((row) => row.title)).toEqual(['Título Final']);
    expect(detail.map((row) => row.title)).toEqual(['Título Final', 'Título Final']);
  });

  it('dead-letters an order.paid whose ids cannot be recorded, without failing the orders handled with it', async () => {
    const good = paidOrder();
    await Promise.all([sales.pay(paidOrder({ orderId: 'o.$bad' })), sales.pay(good)]);
    expect(sales.context.bus.deadLetters.map((letter) => letter.consumer)).toEqual(['sales.orders']);
    expect((await figures()).detail.map((row) => row.orderId)).toEqual([good.orderId]);
  });
});

describe('sales ledger (consumer of order.refunded)', () => {
  let sales: SalesUnderTest;

  beforeEach(async () => {
    sales = await startSales();
  });
  afterEach(async () => {
    await sales.close();
  });

  const refund = (event: OrderRefunded) => sales.context.bus.publish(event);

  const figures = async () => {
    const [summary, detail, months, candy, top, monthly] = await Promise.all([
      sales.app.salesReports.summaries(),
      sales.app.salesReports.detail({}),
      sales.app.salesReports.detailByMonth({}),
      sales.app.salesReports.candy({}),
      sales.app.salesReports.top(6),
      sales.app.salesReports.monthly(['2026-10', '2026-11']),
    ]);
    return { summary, detail, months, candy, top, monthly };
  };

  it('nets a refund out of every report: seats, gross and net less what was refunded, and the refund in columns of its own', async () => {
    const popcorn = newId();
    const order = paidOrder({ seats: 3, ticketTotal: 2700, candy: [candyLine(popcorn, 'COMBO NACHOS', 2, 1500)] });
    await sales.pay(order);
    await refund(refundedOrder(order, { seatLabels: ['F1'], candy: [candyLine(popcorn, 'COMBO NACHOS', 2, 1500)] }));

    const { summary, detail, months, candy, top, monthly } = await figures();
    const net = { seats: 2, totalPrice: 1800, netPrice: 1620 - 540, refundedSeats: 1, refundedPrice: 900 };
    expect(summary).toEqual([expect.objectContaining(net)]);
    expect(detail).toEqual([expect.objectContaining({ orderId: order.orderId, ...net })]);
    expect(months).toEqual([expect.objectContaining(net)]);
    expect(candy).toEqual([expect.objectContaining({ quantity: 0, totalPrice: 0, refundedQuantity: 2, refundedPrice: 3000 })]);
    expect(top).toEqual([expect.objectContaining({ seats: 2, totalPrice: 1800 })]);
    expect(monthly[1]).toMatchObject({ month: '2026-11', seats: 2, totalPrice: 1800 });
  });

  it('counts a refund once however often it is delivered, under one event id or several, also at the same time', async () => {
    const order = paidOrder({ seats: 2 });
    await sales.pay(order);
    const event = refundedOrder(order, { seatLabels: ['F2'] });
    await refund(event);
    await refund(event);
    await Promise.all([refund({ ...event, id: newId() }), refund({ ...event, id: newId() })]);
    const store = await openSalesStore(sales.context.db);
    await Promise.all([new SalesLedger(store).recordRefunds([event.data]), new SalesLedger(store).recordRefunds([event.data])]);

    const { summary, detail } = await figures();
    expect(summary.map((row) => [row.seats, row.totalPrice, row.refundedSeats, row.refundedPrice])).toEqual([[1, 900, 1, 900]]);
    expect(detail.map((row) => [row.seats, row.refundedSeats])).toEqual([[1, 1]]);
  });

  it('keeps a refund that arrives before its sale and applies it when the sale comes', async () => {
    const order = paidOrder({ seats: 2 });
    await refund(refundedOrder(order, { seatLabels: ['F1', 'F2'] }));
    const before = await figures();
    // Nothing sold yet: no negative figures, no row of a sale not seen.
    expect(before.summary).toEqual([]);
    expect(before.detail).toEqual([]);

    await sales.pay(order);
    const after = await figures();
    expect(after.summary.map((row) => [row.seats, row.totalPrice, row.netPrice, row.refundedSeats, row.refundedPrice])).toEqual([
      [0, 0, 0, 2, 1800],
    ]);
    expect(after.detail.map((row) => [row.seats, row.totalPrice, row.refundedPrice])).toEqual([[0, 0, 1800]]);
  });

  it('a replay of every order.paid and order.refunded, in any order, changes no figure', async () => {
    const orders = [paidOrder({ seats: 2 }), paidOrder({ seats: 3, paidAt: '2026-10-05T20:00:00.000Z' }), paidOrder({ seats: 1 })];
    const refunds = [refundedOrder(orders[0]!, { seatLabels: ['F1'] }), refundedOrder(orders[1]!, { seatLabels: ['F1', 'F2', 'F3'] })];
    for (const order of orders) await sales.pay(order);
    for (const event of refunds) await refund(event);
    const first = await figures();

    const replay = [
      ...orders.map((order) => createEvent('order.paid', { ...order, republished: true as const })),
      ...refunds.map((event) => ({
        ...event,
        id: newId(),
        data: { ...event.data, republished: true as const },
      })),
    ].reverse();
    for (const event of replay) await sales.context.bus.publish(event);
    expect(await figures()).toEqual(first);
    expect(first.summary.reduce((sum, row) => sum + row.refundedPrice, 0)).toBe(4 * 900);
    expect(first.summary.reduce((sum, row) => sum + row.totalPrice, 0)).toBe(2 * 900);
  });
});

/** The collection, except that its first bulkWrite throws as a crash would. */
function failingBulkWrite<T extends mongo.Document>(collection: mongo.Collection<T>): mongo.Collection<T> {
  let failed = false;
  return new Proxy(collection, {
    get(target, property, receiver) {
      if (property === 'bulkWrite' && !failed) {
        return async () => {
          failed = true;
          throw new Error('crash');
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
