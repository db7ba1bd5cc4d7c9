import { splitRefund, type OrderView, type PaymentPart } from '@cine/contracts';

const sumOf = (parts: readonly PaymentPart[] | undefined, kind: PaymentPart['kind']) =>
  (parts ?? []).filter((part) => part.kind === kind).reduce((sum, part) => sum + part.amount, 0);

const pointsOf = (parts: readonly PaymentPart[] | undefined) =>
  (parts ?? []).filter((part) => part.kind === 'points').reduce((sum, part) => sum + (part.points ?? 0), 0);

/**
 * Issue 39: where a refund of `amount` goes back to, as booking splits it (contracts' splitRefund): the gift
 * card's part (with its last four characters), issue 41's points part (as points: what its cents are worth, all
 * that are left once the whole part is back) and the bank card's, in the order's proportion, less what earlier
 * refunds gave back to each. An order paid by bank card alone gives it all back to the bank card.
 */
export function refundDestinations(order: Pick<OrderView, 'payments' | 'refunds'>, amount: number): PaymentPart[] {
  const paid = {
    giftCard: sumOf(order.payments, 'gift_card'),
    points: sumOf(order.payments, 'points'),
    card: sumOf(order.payments, 'card'),
  };
  if (paid.giftCard === 0 && paid.points === 0) return [{ kind: 'card', amount }];
  const earlier = order.refunds.flatMap((refund) => refund.payments ?? []);
  const before = { giftCard: sumOf(earlier, 'gift_card'), points: sumOf(earlier, 'points'), card: sumOf(earlier, 'card') };
  const split = splitRefund(amount, paid, before);
  const last4 = order.payments.find((part) => part.kind === 'gift_card')?.last4;
  const spent = pointsOf(order.payments);
  const pointsLeft = spent - pointsOf(earlier);
  const points =
    before.points + split.points >= paid.points ? pointsLeft : Math.min(pointsLeft, Math.floor((split.points * spent) / paid.points));
  return [
    ...(split.giftCard > 0 ? [{ kind: 'gift_card' as const, amount: split.giftCard, ...(last4 ? { last4 } : {}) }] : []),
    ...(split.points > 0 ? [{ kind: 'points' as const, amount: split.points, points }] : []),
    ...(split.card > 0 ? [{ kind: 'card' as const, amount: split.card }] : []),
  ];
}

/**
 * The one label of what paid a part or gets a refund's part back: 'tarjeta regalo ···· WN3C', 'tarjeta bancaria'
 * ('Tarjeta…' when `capitalized`), and issue 41's 'Puntos Cine Club: 500 puntos' and 'Cine Pase' (names, always
 * capitalized).
 */
export function paymentLabel(part: PaymentPart, capitalized = false): string {
  if (part.kind === 'points') return `Puntos Cine Club${part.points === undefined ? '' : ` (${pointsText(part.points)})`}`;
  if (part.kind === 'pass') return 'Cine Pase';
  const label = part.kind === 'gift_card' ? `tarjeta regalo${part.last4 ? ` ···· ${part.last4}` : ''}` : 'tarjeta bancaria';
  return capitalized ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

/** '1 punto', '500 puntos'. */
export function pointsText(points: number): string {
  return `${points} ${Math.abs(points) === 1 ? 'punto' : 'puntos'}`;
}

/** Whether an order was paid by more than a bank card alone (its parts are then worth listing). */
export const paidInParts = (payments: readonly PaymentPart[] | undefined): boolean => (payments ?? []).some((part) => part.kind !== 'card');
