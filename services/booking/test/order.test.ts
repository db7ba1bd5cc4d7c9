import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLUB_MESSAGES, type ShowView } from '@cine/contracts';
import { Types } from 'mongoose';
import { isRefusal, type Result } from '../src/refusal';
import { pointsToSpend } from '../src/gift-cards/payment-parts';
import * as Order from '../src/orders/order';
import * as States from '../src/orders/order-states';
import type { StoredOrder } from '../src/orders/order-model';
import * as Refund from '../src/orders/order-refund';
import { pricingOf, singlePriceLines } from '../src/pricing/show-pricing';
import type { HeldTickets } from '../src/shows/seat-decisions';

const NOW = new Date('2026-04-01T18:00:00Z');
const LATER = new Date('2026-04-01T18:05:00Z');
const id = new Types.ObjectId('65f000000000000000000001');

/** Two seats at $ 9,00 and a combo of $ 25,90, paid by card: $ 43,90. */
function anOrder(fields: Partial<StoredOrder> = {}): StoredOrder {
  return {
    _id: id,
    key: 'k',
    lock: 'u-1:s-1',
    state: 'pending',
    userId: 'u-1',
    showId: 's-1',
    movieId: 'm-1',
    title: 'Dune',
    date: '2026-04-02',
    day: 'Jueves',
    schedule: '20:00',
    roomId: 1,
    type: '2D',
    capacity: 100,
    unitPrice: 900,
    seatLabels: ['F7', 'F8'],
    ticketTotal: 1800,
    candy: [{ candyId: 'c-1', name: 'COMBO NACHOS', picture: '/x.png', quantity: 1, unitPrice: 2590, totalPrice: 2590 }],
    total: 4390,
    paymentMethodId: 'pm_card_visa',
    heldUntil: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  };
}

function changed(result: Result<Order.OrderChange>): Order.OrderChange {
  if (isRefusal(result)) throw new Error(`refused: ${result.message}`);
  return result;
}

const reservedSeats = { outcome: 'reserved' as const, seatLabels: ['F7', 'F8'] };
const until = new Date(NOW.getTime() + 15 * 60_000);

describe('the order: its states and moves', () => {
  it('has one table of moves, and every final state has none', () => {
    expect(Object.keys(States.ORDER_MOVES)).toEqual([...States.ORDER_STATES]);
    const moves = States.ORDER_STATES.flatMap((from) =>
      States.ORDER_STATES.filter((to) => States.canMove(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves).toEqual([
      'pending→reserved',
      'pending→expired',
      'pending→failed',
      'reserved→paid',
      'reserved→declined',
      'reserved→unfulfilled',
    ]);
  });

  it('refuses every move the table does not allow, writing nothing', () => {
    for (const state of ['paid', 'declined', 'expired', 'failed', 'unfulfilled'] as const) {
      expect(Order.pay(anOrder({ state }), 'pi_1', 'ABC123', LATER)).toMatchObject({ outcome: 'refused', kind: 'conflict' });
    }
    expect(Order.pay(anOrder({ state: 'pending' }), 'pi_1', 'ABC123', LATER)).toEqual({
      outcome: 'refused',
      kind: 'conflict',
      message: 'La compra está pendiente: no puede pasar a pagada.',
    });
    expect(Order.reserve(anOrder({ state: 'reserved' }), reservedSeats, { ok: true }, until, LATER)).toMatchObject({ outcome: 'refused' });
    expect(Order.decline(anOrder({ state: 'pending' }), 'declined', 'card_declined', LATER)).toMatchObject({ outcome: 'refused' });
  });
});

describe('opening an order', () => {
  const show = {
    id: 's-1',
    movieId: 'm-1',
    movie: { Title: 'Dune' },
    date: '2026-04-02',
    day: 'Jueves',
    schedule: '20:00',
    roomId: 1,
    type: '2D',
    capacity: 100,
    price: 900,
  } as unknown as ShowView;
  const hold: HeldTickets = {
    show,
    pricing: pricingOf({ price: 900, type: '2D' }),
    layout: { rows: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10], aisles: [], wheelchair: [] },
    seatLabels: ['F7', 'F8'],
    ticketTypes: ['general', 'general'],
    heldUntil: NOW,
  };
  const combo = [{ id: 'c-1', name: 'COMBO NACHOS', picture: '/x.png', quantity: 1, unitPrice: 2590, totalPrice: 2590 }];

  it('prices the held seats and candy now, keyed by user, show, seats, candy and card', () => {
    const opened = Order.openOrder('u-1', 2, hold, combo, 'pm_card_visa');
    expect(opened).toMatchObject({
      userId: 'u-1',
      showId: 's-1',
      unitPrice: 900,
      ticketTotal: 1800,
      total: 4390,
      seatLabels: ['F7', 'F8'],
      lines: singlePriceLines(['F7', 'F8'], 900),
    });
    expect(opened).toMatchObject({ key: Order.orderKey('u-1', 's-1', ['F8', 'F7'], combo, 'pm_card_visa') });
  });

  it('keeps each seat priced by its type; refuses a seat held as a type the show does not sell any more', () => {
    const pricing = {
      ...hold.pricing,
      types: [...hold.pricing.types, { type: 'menor', name: 'Menor', description: '', requiresId: false, base: 600 }],
    };
    const opened = Order.openOrder('u-1', 2, { ...hold, pricing, ticketTypes: ['menor', 'general'] }, [], 'pm');
    expect(opened).toMatchObject({ ticketTotal: 1500, total: 1500 });
    // Other types, another purchase: a declined all-General try does not answer for it.
    expect(!isRefusal(opened) && opened.key).not.toBe(Order.orderKey('u-1', 's-1', ['F7', 'F8'], [], 'pm'));
    expect(!isRefusal(opened) && opened.key).toBe(Order.orderKey('u-1', 's-1', ['F7', 'F8'], [], 'pm', { F7: 'menor', F8: 'general' }));
    expect(!isRefusal(opened) && opened.lines?.map((line) => [line.seatLabel, line.type, line.total])).toEqual([
      ['F7', 'menor', 600],
      ['F8', 'general', 900],
    ]);
    expect(Order.openOrder('u-1', 2, { ...hold, ticketTypes: ['menor', 'general'] }, [], 'pm')).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('dejó de vender'),
    });
  });

  it('refuses another count of tickets than held, and seats off sale', () => {
    expect(Order.openOrder('u-1', 3, hold, [], 'pm')).toEqual({
      outcome: 'refused',
      kind: 'conflict',
      message: 'Pediste pagar 3 entradas, pero tu carrito tiene 2 reservadas para esta función.',
    });
    expect(Order.openOrder('u-1', 2, { ...hold, offSale: 'La función ya comenzó.' }, [], 'pm')).toMatchObject({
      message: 'La función ya comenzó.',
    });
  });
});

describe('pending → reserved, expired or failed', () => {
  it('reserves once the seats and candy are taken', () => {
    const change = changed(Order.reserve(anOrder(), reservedSeats, { ok: true }, until, LATER));
    expect(change).toMatchObject({
      from: 'pending',
      to: 'reserved',
      set: { reservedUntil: until, state: 'reserved', updatedAt: LATER },
      events: [],
    });
    expect(change.after).toMatchObject({ state: 'reserved', reservedUntil: until });
  });

  it.each([
    [{ outcome: 'terms-changed' as const }, 'failed', 'La función cambió mientras pagabas'],
    [{ outcome: 'withdrawn' as const }, 'failed', 'ya no está en cartelera'],
    [{ outcome: 'cancelled' as const }, 'failed', 'fue cancelada'],
    [{ outcome: 'reserved' as const, seatLabels: [] }, 'expired', 'Tu reserva expiró'],
    [{ outcome: 'reserved' as const, seatLabels: ['F7'] }, 'failed', 'cambiaron durante el pago'],
  ])('gives up when the seats answer %j: %s', (seats, to, why) => {
    const change = changed(Order.reserve(anOrder(), seats, undefined, until, LATER));
    expect(change.to).toBe(to);
    expect(change.set.failure).toContain(why);
    // Nothing charged: the slot and the key are free for the same purchase again.
    expect(change.set).toMatchObject({ lock: id.toHexString(), key: `k:${id.toHexString()}` });
  });

  it('fails when the candy ran short, saying how much is left', () => {
    const stock = { ok: false as const, item: { candyId: 'c-1', name: 'COMBO NACHOS', quantity: 1 }, available: 0 };
    expect(changed(Order.reserve(anOrder(), reservedSeats, stock, until, LATER)).set).toMatchObject({
      state: 'failed',
      failure: 'No queda stock de COMBO NACHOS.',
    });
  });
});

describe('reserved → paid, declined or unfulfilled', () => {
  const reserved = anOrder({ state: 'reserved', reservedUntil: until });

  it('pays with the code and records order.paid in the same write', () => {
    const change = changed(Order.pay(reserved, 'pi_1', 'ABC123', LATER));
    expect(change.set).toEqual({
      paymentId: 'pi_1',
      paidAt: LATER,
      lock: id.toHexString(),
      code: 'ABC123',
      state: 'paid',
      updatedAt: LATER,
    });
    expect(change.events).toHaveLength(1);
    expect(change.events[0]).toMatchObject({
      type: 'order.paid',
      data: {
        orderId: id.toHexString(),
        orderCode: 'ABC123',
        seats: 2,
        seatLabels: ['F7', 'F8'],
        ticketTotal: 1800,
        total: 4390,
        paidAt: LATER.toISOString(),
      },
    });
  });

  it('declines keeping the provider’s words, freeing the slot but not the key', () => {
    const change = changed(Order.decline(reserved, 'Your card was declined.', 'card_declined', LATER));
    expect(change.set).toEqual({
      declineReason: 'Your card was declined.',
      declineCode: 'card_declined',
      lock: id.toHexString(),
      state: 'declined',
      updatedAt: LATER,
    });
    expect(Order.refusalOf(change.after)).toEqual({
      outcome: 'refused',
      kind: 'declined',
      message: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
      code: 'card_declined',
    });
  });

  it('is unfulfilled when charged but its seats were not the ones sold', () => {
    expect(Order.soldAsOrdered(reserved, ['F7'])).toBe(false);
    const change = changed(Order.unfulfilled(reserved, 'pi_1', LATER));
    expect(change.set).toMatchObject({ state: 'unfulfilled', paymentId: 'pi_1', failure: expect.stringContaining('devolverte el dinero') });
  });

  it('answers an order still in progress as a payment in progress', () => {
    expect(Order.refusalOf(anOrder())).toEqual({ outcome: 'refused', kind: 'conflict', message: 'El pago ya está en proceso.' });
    expect(Order.refusalOf(anOrder({ state: 'paid' }))).toBeNull();
  });
});

describe('refunds: none → requested → money-returned → none', () => {
  const paid = anOrder({ state: 'paid', paymentId: 'pi_1', paidAt: NOW, code: 'ABC123' });

  it('has one table of refund moves', () => {
    expect(States.canMoveRefund('none', 'requested')).toBe(true);
    expect(States.canMoveRefund('requested', 'money-returned')).toBe(true);
    expect(States.canMoveRefund('requested', 'none')).toBe(true);
    expect(States.canMoveRefund('money-returned', 'none')).toBe(true);
    expect(States.canMoveRefund('none', 'money-returned')).toBe(false);
    expect(States.canMoveRefund('money-returned', 'requested')).toBe(false);
  });

  it('refuses a refund of an order being paid, not paid, or with another refund under way', () => {
    expect(Refund.refundRequestFor(anOrder(), {}, 'buyer')).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('todavía se está pagando'),
    });
    expect(Refund.refundRequestFor(anOrder({ state: 'declined' }), {}, 'buyer')).toMatchObject({ kind: 'not-found' });
    expect(Refund.refundRequestFor(anOrder({ state: 'unfulfilled' }), { seatLabels: ['F7'] }, 'admin')).toMatchObject({ kind: 'conflict' });
    const requested = changed(Refund.requestRefund(paid, 'r-1', { seatLabels: ['F7'], candy: [] }, 'x', 'admin', NOW)).after;
    expect(Refund.refundRequestFor(requested, { seatLabels: ['F7'] }, 'admin')).toMatchObject({
      kind: 'conflict',
      message: Refund.REFUND_IN_PROGRESS,
    });
    // The same request again, once its first one stopped waiting for the provider, takes it forward.
    const interrupted = { ...requested, refunding: { ...requested.refunding!, interrupted: true } };
    expect(Refund.refundRequestFor(interrupted, { seatLabels: ['F7'] }, 'admin')).toEqual({ outcome: 'again' });
    expect(Refund.refundRequestFor(interrupted, { seatLabels: ['F8'] }, 'admin')).toMatchObject({ kind: 'conflict' });
    expect(Refund.requestRefund(requested, 'r-2', { seatLabels: ['F8'], candy: [] }, 'x', 'admin', NOW)).toMatchObject({
      kind: 'conflict',
    });
  });

  it('decides the lines: chosen ones of the order, not refunded, not used at the door', () => {
    expect(Refund.refundLines(paid, {}, [])).toEqual({ seatLabels: ['F7', 'F8'], candy: paid.candy });
    expect(Refund.refundLines(paid, {}, ['F7', 'F8'])).toEqual({ seatLabels: [], candy: paid.candy });
    expect(Refund.refundLines(paid, { seatLabels: [] }, [])).toMatchObject({ kind: 'invalid' });
    expect(Refund.refundLines(paid, { seatLabels: ['A1'] }, [])).toMatchObject({
      kind: 'invalid',
      message: 'El asiento A1 no es de esta compra.',
    });
    expect(Refund.refundLines(paid, { seatLabels: ['F7'] }, ['F7'])).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('ya se usó'),
    });
  });

  it('requests, returns the money, and ends with the refund recorded and order.refunded', () => {
    const requested = changed(Refund.requestRefund(paid, 'r-1', { seatLabels: ['F7'], candy: [] }, 'Pedido', 'admin', NOW));
    expect(requested.refund).toMatchObject({ id: 'r-1', from: 'none', to: 'requested', refunding: { amount: 900, step: 'requested' } });
    expect(requested.events).toEqual([]);

    const returned = changed(Refund.moneyReturned(requested.after, 're_1', LATER));
    expect(returned.refund).toEqual({
      id: 'r-1',
      from: 'requested',
      to: 'money-returned',
      refunding: { providerRefundId: 're_1', step: 'money-returned', updatedAt: LATER },
    });

    const done = changed(Refund.refundDone(returned.after, LATER));
    expect(done.refund).toMatchObject({ from: 'money-returned', to: 'none', refunding: null });
    expect(done.set).toMatchObject({ refundedAmount: 900, updatedAt: LATER, refunds: [{ id: 'r-1', amount: 900, refundedAt: LATER }] });
    expect(done.set.key).toBeUndefined();
    expect(done.events[0]).toMatchObject({
      type: 'order.refunded',
      data: { refundId: 'r-1', seatLabels: ['F7'], ticketAmount: 900, amount: 900, by: 'admin' },
    });
    expect(done.after.refunding).toBeUndefined();
  });

  it('frees the key once refunded whole; an unfulfilled order’s refund records no event', () => {
    const whole = changed(Refund.requestRefund(paid, 'r-1', { seatLabels: ['F7', 'F8'], candy: paid.candy }, 'x', 'buyer', NOW)).after;
    const done = changed(Refund.refundDone(changed(Refund.moneyReturned(whole, 're_1', LATER)).after, LATER));
    expect(done.set.key).toBe(`k:refunded:${id.toHexString()}`);

    const unfulfilled = anOrder({ state: 'unfulfilled', paymentId: 'pi_1' });
    const asked = changed(Refund.requestRefund(unfulfilled, 'r-2', { seatLabels: ['F7', 'F8'], candy: [] }, 'x', 'admin', NOW)).after;
    expect(changed(Refund.refundDone(changed(Refund.moneyReturned(asked, 're_2', LATER)).after, LATER)).events).toEqual([]);
  });

  it('abandons a requested refund (the order as before), and refuses moves out of order', () => {
    const requested = changed(Refund.requestRefund(paid, 'r-1', { seatLabels: ['F7'], candy: [] }, 'x', 'admin', NOW)).after;
    const abandoned = changed(Refund.abandonRefund(requested));
    expect(abandoned.refund).toEqual({ id: 'r-1', from: 'requested', to: 'none', refunding: null });
    expect(abandoned.after.refunding).toBeUndefined();
    expect(Refund.refundDone(requested, LATER)).toMatchObject({ kind: 'conflict' });
    expect(Refund.moneyReturned(paid, 're_1', LATER)).toMatchObject({ kind: 'conflict' });
    const returned = changed(Refund.moneyReturned(requested, 're_1', LATER)).after;
    expect(Refund.abandonRefund(returned)).toMatchObject({ kind: 'conflict' });
  });

  it('never refunds more than is left of the charge', () => {
    expect(
      Refund.requestRefund(anOrder({ state: 'paid', refundedAmount: 4000 }), 'r-1', { seatLabels: ['F7'], candy: [] }, 'x', 'admin', NOW),
    ).toMatchObject({
      kind: 'conflict',
      message: 'Esta compra ya fue reembolsada por completo.',
    });
  });
});

describe('the documented moves', () => {
  /** The moves as docs/architecture.md tables them, row by row, from the tables in order-states.ts. */
  function rows(moves: Record<string, Record<string, string>>): string[] {
    return Object.entries(moves).flatMap(([from, to]) =>
      Object.entries(to).map(([state, why]) => `| \`${from}\` | \`${state}\` | ${why} |`),
    );
  }

  it('are the moves of order-states.ts, in docs/architecture.md', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/architecture.md'), 'utf8');
    for (const row of [...rows(States.ORDER_MOVES), ...rows(States.REFUND_MOVES)]) expect(doc).toContain(row);
  });
});

describe('issue 41: points at pending → reserved', () => {
  const reserved = (order: StoredOrder) => changed(Order.reserve(order, reservedSeats, { ok: true } as never, until, NOW));

  it('takes no more points than the gift card leaves of the total', () => {
    const order = anOrder({ points: { points: 5000, pointValueCents: 1 } });
    expect(pointsToSpend(order, 0)).toBe(4390);
    expect(pointsToSpend(order, 4000)).toBe(390);
    expect(pointsToSpend({ ...order, points: { points: 300, pointValueCents: 2 } }, 4000)).toBe(195);
  });

  it('reserved with what the points paid; failed when the balance fell short meanwhile or, without a bank card, they no longer cover', () => {
    const order = anOrder({ points: { points: 1000, pointValueCents: 1 } });
    const paid = changed(Order.reserveWithPoints(order, reserved(order), 1000, 1000, NOW));
    expect(paid.to).toBe('reserved');
    expect(paid.after.points).toEqual({ points: 1000, amount: 1000, pointValueCents: 1 });

    const short = changed(Order.reserveWithPoints(order, reserved(order), 1000, 0, NOW));
    expect(short.to).toBe('failed');
    expect(short.after.failure).toBe(CLUB_MESSAGES.pointsChangedMeanwhile);

    const { paymentMethodId: _none, ...withoutCard } = order;
    const uncovered = changed(Order.reserveWithPoints(withoutCard, reserved(withoutCard), 1000, 1000, NOW));
    expect(uncovered.to).toBe('failed');
  });
});
