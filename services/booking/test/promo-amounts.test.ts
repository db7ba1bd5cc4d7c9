import type { CartTicketLine, PricedLine } from '@cine/contracts';
import { cartViewOf } from '../src/cart/pricing';
import { promoOnTickets, type CartPromotion, type PromoShow } from '../src/promotions/promotion-rules';
import { refundAmount, refundPreview } from '../src/orders/refund-rules';

/** Issue 39: what a promo code takes off the cart, the order's total and its refunds (pure rules). */

const line = (seatLabel: string, total: number, discount?: number): PricedLine => ({
  seatLabel,
  type: 'general',
  typeName: 'General',
  category: 'standard',
  base: total,
  surcharges: [],
  total,
  ...(discount === undefined ? {} : { discount }),
});

describe('refunds of an order with a code', () => {
  const order = {
    seatLabels: ['A1', 'A2'],
    unitPrice: 1000,
    lines: [line('A1', 1000, 250), line('A2', 1000)],
    candy: [{ candyId: 'c-1', name: 'POCHOCLOS', picture: '/p.svg', quantity: 1, unitPrice: 700, totalPrice: 700 }],
    refunds: [],
  };

  it('returns what was paid for each line (its total less its discount), never more', () => {
    expect(refundAmount(order, { seatLabels: ['A1'], candy: [] })).toBe(750);
    expect(refundAmount(order, { seatLabels: ['A2'], candy: [] })).toBe(1000);
    const preview = refundPreview(order, []);
    expect(preview.seats.map((seat) => seat.amount)).toEqual([750, 1000]);
    // The whole order: what was charged for it (1750 of tickets after the discount, plus the candy).
    expect(preview.amount).toBe(750 + 1000 + 700);
  });
});

describe('the cart under a code', () => {
  const show: PromoShow = { movieId: 'm-1', cinemaId: 'c-1', format: '2D', weekday: 'Martes', schedule: '20:00' };
  const tickets = (showId: string, lines: PricedLine[]): CartTicketLine => ({
    showId,
    seats: lines.length,
    seatLabels: lines.map((one) => one.seatLabel),
    unitPrice: 1000,
    totalPrice: lines.reduce((sum, one) => sum + one.total, 0),
    movieId: 'm-1',
    title: 'Dune',
    date: '2026-12-01',
    day: 'Martes',
    schedule: '20:00',
    roomId: 1,
    type: '2D',
    heldUntil: '2026-12-01T20:00:00.000Z',
    lines,
  });
  const promotion: CartPromotion = {
    code: 'MARTES',
    name: 'Martes',
    kind: 'percent',
    value: 10,
    appliesTo: { weekdays: ['Martes'] },
    maxTicketsPerOrder: 1,
    limits: {},
    active: true,
    taken: 0,
  };
  const now = new Date('2026-12-01T12:00:00Z');

  it('discounts each show as its own order and nets the total', () => {
    const held = [
      { show, line: tickets('s-1', [line('A1', 1000), line('A2', 1200)]) },
      { show, line: tickets('s-2', [line('B1', 900)]) },
    ];
    const { tickets: discounted, promo } = promoOnTickets(promotion, held, 0, now);
    // maxTicketsPerOrder 1 per show: the dearest of each.
    expect(discounted.map((one) => one.lines.map((priced) => priced.discount ?? 0))).toEqual([[0, 120], [90]]);
    expect(promo).toEqual({ code: 'MARTES', name: 'Martes', discount: 210 });
    expect(cartViewOf(discounted, [], undefined, promo).orderPrice).toBe(1000 + 1200 + 900 - 210);
  });

  it('gives nothing and says why when it applies to no show', () => {
    const other = { ...show, weekday: 'Jueves' as const };
    const { tickets: same, promo } = promoOnTickets(promotion, [{ show: other, line: tickets('s-1', [line('A1', 1000)]) }], 0, now);
    expect(promo).toEqual({ code: 'MARTES', name: 'Martes', discount: 0, problem: 'Este código no vale para funciones de este día.' });
    expect(cartViewOf(same, [], undefined, promo).orderPrice).toBe(1000);
  });

  it('refuses once every use is taken or the buyer used it as often as allowed', () => {
    const held = [{ show, line: tickets('s-1', [line('A1', 1000)]) }];
    expect(promoOnTickets({ ...promotion, limits: { total: 3 }, taken: 3 }, held, 0, now).promo.problem).toBe(
      'Se agotaron los usos de este código',
    );
    expect(promoOnTickets({ ...promotion, limits: { perUser: 1 } }, held, 1, now).promo.problem).toBe(
      'Ya usaste este código todas las veces que se permite por persona.',
    );
  });
});
