import type { CandyView, OrderPaid, OrderRefunded, PaidCandyLine } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { Types } from 'mongoose';
import { listCandy, startCandy, type CandyUnderTest } from './helpers';

describe('stock after a paid order', () => {
  let candy: CandyUnderTest;
  let items: Map<string, CandyView>;

  beforeEach(async () => {
    candy = await startCandy();
    items = new Map((await listCandy(candy.app)).map((item) => [item.name, item]));
  });
  afterEach(() => candy.close());

  function line(name: string, quantity: number): PaidCandyLine {
    const item = items.get(name) as CandyView;
    return { candyId: item.id, name, quantity, unitPrice: item.price, totalPrice: item.price * quantity };
  }

  function orderPaid(candyLines: PaidCandyLine[]): OrderPaid {
    const candyTotal = candyLines.reduce((sum, paid) => sum + paid.totalPrice, 0);
    return createEvent('order.paid', {
      orderId: new Types.ObjectId().toHexString(),
      userId: new Types.ObjectId().toHexString(),
      movieId: new Types.ObjectId().toHexString(),
      title: 'La Noche del Proyector',
      showId: new Types.ObjectId().toHexString(),
      date: '2026-11-24',
      schedule: '20:30',
      roomId: 3,
      type: '2D',
      seats: 2,
      seatLabels: ['F7', 'F8'],
      ticketTotal: 1800,
      candy: candyLines,
      total: 1800 + candyTotal,
      paidAt: new Date().toISOString(),
    });
  }

  async function stockOf(name: string) {
    return (await listCandy(candy.app)).find((item) => item.name === name)?.quantity;
  }

  it('takes each line off the stock, once, however often the event is delivered, and publishes nothing', async () => {
    const before = candy.published.length;
    const paid = orderPaid([line('COMBO NACHOS', 2), line('cafe', 3)]);

    await candy.context.bus.publish(paid);
    await candy.context.bus.publish(paid);
    await candy.context.bus.publish(paid);
    await candy.app.outboxRelay.flush();

    expect(await stockOf('COMBO NACHOS')).toBe(498);
    expect(await stockOf('cafe')).toBe(497);
    expect(await stockOf('hotdog')).toBe(500);
    expect(candy.published.slice(before)).toEqual([]);
    expect(candy.context.bus.deadLetters).toEqual([]);
  });

  it('takes an order once even when it is handled again after a crash before the consumer marked it handled', async () => {
    const paid = orderPaid([line('COMBO ICEE', 4), line('cafe', 1)]);

    await candy.app.candy.takeSoldStock(paid.data);
    await candy.app.candy.takeSoldStock(paid.data);
    await candy.context.bus.publish(paid);

    expect(await stockOf('COMBO ICEE')).toBe(496);
    expect(await stockOf('cafe')).toBe(499);
  });

  function orderRefunded(paid: OrderPaid, candyLines: PaidCandyLine[]): OrderRefunded {
    const { seats: _seats, ticketTotal: _ticketTotal, total: _total, ...order } = paid.data;
    return createEvent('order.refunded', {
      ...order,
      refundId: new Types.ObjectId().toHexString(),
      seatLabels: [],
      ticketAmount: 0,
      candy: candyLines,
      amount: candyLines.reduce((sum, refunded) => sum + refunded.totalPrice, 0),
      reason: 'Pedido del cliente',
      by: 'admin',
      refundedAt: new Date().toISOString(),
    });
  }

  it("gives a refund's candy back to the stock once per refund, however often it is delivered; a replay gives nothing", async () => {
    const paid = orderPaid([line('COMBO NACHOS', 3), line('cafe', 2)]);
    await candy.context.bus.publish(paid);
    const refunded = orderRefunded(paid, [line('COMBO NACHOS', 3)]);
    await candy.context.bus.publish(refunded);
    await candy.context.bus.publish(createEvent('order.refunded', refunded.data));
    await candy.app.candy.giveBackRefundedStock(refunded.data);
    await candy.context.bus.publish(createEvent('order.refunded', { ...orderRefunded(paid, [line('cafe', 2)]).data, republished: true }));

    expect(await stockOf('COMBO NACHOS')).toBe(500);
    expect(await stockOf('cafe')).toBe(498);
    // A second refund (another id) gives back its own lines.
    await candy.context.bus.publish(orderRefunded(paid, [line('cafe', 2)]));
    expect(await stockOf('cafe')).toBe(500);
  });

  it('leaves the stock alone for an order republished by a sales replay (its candy left when it was paid)', async () => {
    const paid = orderPaid([line('COMBO GRANDE', 2)]);
    await candy.context.bus.publish(paid);
    await candy.context.bus.publish(createEvent('order.paid', { ...paid.data, republished: true }));
    await candy.context.bus.publish(createEvent('order.paid', { ...orderPaid([line('COMBO GRANDE', 5)]).data, republished: true }));
    expect(await stockOf('COMBO GRANDE')).toBe(498);
  });

  it('adds up lines of the same item in one order', async () => {
    await candy.context.bus.publish(orderPaid([line('hotdog', 2), line('hotdog', 3)]));
    expect(await stockOf('hotdog')).toBe(495);
  });

  it('takes every order that is a different event', async () => {
    await candy.context.bus.publish(orderPaid([line('hotdog', 1)]));
    await candy.context.bus.publish(orderPaid([line('hotdog', 4)]));
    expect(await stockOf('hotdog')).toBe(495);
  });

  it('never goes below 0, and logs when a sale exceeded the stock', async () => {
    const warnings: unknown[] = [];
    const warn = candy.app.log.warn.bind(candy.app.log);
    candy.app.log.warn = ((...args: unknown[]) => {
      warnings.push(args[0]);
    }) as typeof candy.app.log.warn;
    try {
      await candy.context.bus.publish(orderPaid([line('refresco', 499)]));
      await candy.context.bus.publish(orderPaid([line('refresco', 3)]));
    } finally {
      candy.app.log.warn = warn;
    }

    expect(await stockOf('refresco')).toBe(0);
    expect(warnings).toEqual([expect.objectContaining({ candyId: items.get('refresco')?.id, sold: 3 })]);
    expect(candy.context.bus.deadLetters).toEqual([]);
  });

  it('an order with no candy, or with an item this service does not know, changes nothing and does not fail', async () => {
    const stranger: PaidCandyLine = {
      candyId: new Types.ObjectId().toHexString(),
      name: 'pizza',
      quantity: 1,
      unitPrice: 900,
      totalPrice: 900,
    };
    await candy.context.bus.publish(orderPaid([]));
    await candy.context.bus.publish(orderPaid([stranger, line('cafe', 1)]));

    expect(candy.context.bus.deadLetters).toEqual([]);
    expect((await listCandy(candy.app)).map((item) => item.quantity)).toEqual(
      [...items.values()].map((item) => (item.name === 'cafe' ? 499 : 500)),
    );
  });
});

describe('the stock consumer’s inbox', () => {
  let candy: CandyUnderTest;

  beforeAll(async () => {
    candy = await startCandy();
  });
  afterAll(() => candy.close());

  it('neither looks up nor records an event with nothing to take or give back (an order of seats alone, a replay)', async () => {
    const seatsAlone = createEvent('order.paid', {
      orderId: new Types.ObjectId().toHexString(),
      userId: new Types.ObjectId().toHexString(),
      movieId: new Types.ObjectId().toHexString(),
      title: 'La Noche del Proyector',
      showId: new Types.ObjectId().toHexString(),
      date: '2026-11-24',
      schedule: '20:30',
      roomId: 3,
      type: '2D',
      seats: 1,
      seatLabels: ['F7'],
      ticketTotal: 900,
      candy: [],
      total: 900,
      paidAt: new Date().toISOString(),
    });
    await candy.context.bus.publish(seatsAlone);
    await candy.context.bus.publish(
      createEvent('order.paid', { ...seatsAlone.data, orderId: new Types.ObjectId().toHexString(), republished: true }),
    );

    const remembered = await candy.context.db.collection('processed_events').countDocuments({ consumer: 'candy.stock' });
    expect(remembered).toBe(0);
    expect(candy.context.bus.deadLetters).toEqual([]);
  });
});
