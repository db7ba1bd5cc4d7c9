import type { OrderView } from '@cine/contracts';
import { paidInParts, paymentLabel, refundDestinations } from './refund-split';

const refund = (payments: OrderView['refunds'][number]['payments']): OrderView['refunds'][number] => ({
  id: 'r1',
  seatLabels: ['F7'],
  candy: [],
  amount: 0,
  payments,
  by: 'admin',
  refundedAt: '2026-11-20T12:00:00.000Z',
});

test('an order paid by bank card alone gives it all back to the bank card', () => {
  expect(refundDestinations({ payments: [{ kind: 'card', amount: 1700 }], refunds: [] }, 850)).toEqual([{ kind: 'card', amount: 850 }]);
});

test('a split order gives back in its proportion, the gift card’s share rounded down, its last four kept', () => {
  const order = {
    payments: [
      { kind: 'gift_card' as const, amount: 1000, last4: 'WN3C' },
      { kind: 'card' as const, amount: 275 },
    ],
    refunds: [],
  };
  expect(refundDestinations(order, 1275)).toEqual([
    { kind: 'gift_card', amount: 1000, last4: 'WN3C' },
    { kind: 'card', amount: 275 },
  ]);
  // 425 × 1000 / 1275 = 333.3… → 333 to the gift card, the rest to the bank card.
  expect(refundDestinations(order, 425)).toEqual([
    { kind: 'gift_card', amount: 333, last4: 'WN3C' },
    { kind: 'card', amount: 92 },
  ]);
});

test('what earlier refunds gave back to a part is not given twice: the rest goes to the other', () => {
  const order = {
    payments: [
      { kind: 'gift_card' as const, amount: 1000, last4: 'WN3C' },
      { kind: 'card' as const, amount: 275 },
    ],
    refunds: [refund([{ kind: 'card', amount: 275 }])],
  };
  expect(refundDestinations(order, 425)).toEqual([{ kind: 'gift_card', amount: 425, last4: 'WN3C' }]);
});

test('labels', () => {
  expect(paymentLabel({ kind: 'gift_card', amount: 1, last4: 'WN3C' })).toBe('tarjeta regalo ···· WN3C');
  expect(paymentLabel({ kind: 'card', amount: 1 }, true)).toBe('Tarjeta bancaria');
});

test('issue 41: points and the pass are labelled by name, whether capitalized or not; a bank card alone is not "in parts"', () => {
  const points = { kind: 'points' as const, amount: 500, points: 500 };
  const pass = { kind: 'pass' as const, amount: 900 };
  expect(paymentLabel(points)).toBe('Puntos Cine Club (500 puntos)');
  expect(paymentLabel(points, true)).toBe('Puntos Cine Club (500 puntos)');
  expect(paymentLabel({ kind: 'points', amount: 1, points: 1 })).toBe('Puntos Cine Club (1 punto)');
  expect(paymentLabel(pass)).toBe('Cine Pase');
  expect(paymentLabel({ kind: 'card', amount: 100 }, true)).toBe('Tarjeta bancaria');
  expect(paidInParts([{ kind: 'card', amount: 100 }])).toBe(false);
  expect(paidInParts([{ kind: 'card', amount: 100 }, pass])).toBe(true);
  expect(paidInParts([points])).toBe(true);
});

test('issue 41: a points part gets its share back as points, all of them once the whole part is back', () => {
  const order = {
    payments: [
      { kind: 'points' as const, amount: 500, points: 500 },
      { kind: 'card' as const, amount: 1200 },
    ],
    refunds: [],
  };
  // 850 × 500 / 1700 = 250 cents → 250 points; the rest to the bank card.
  expect(refundDestinations(order, 850)).toEqual([
    { kind: 'points', amount: 250, points: 250 },
    { kind: 'card', amount: 600 },
  ]);
  const after = {
    ...order,
    refunds: [
      refund([
        { kind: 'points', amount: 250, points: 250 },
        { kind: 'card', amount: 600 },
      ]),
    ],
  };
  expect(refundDestinations(after, 850)).toEqual([
    { kind: 'points', amount: 250, points: 250 },
    { kind: 'card', amount: 600 },
  ]);
});
