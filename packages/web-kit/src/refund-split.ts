import { splitRefund, type OrderView, type PaymentPart } from '@cine/contracts';

const sumOf = (parts: readonly PaymentPart[] | undefined, kind: PaymentPart['kind']) =>
  (parts ?? []).filter((part) => part.kind === kind).reduce((sum, part) => sum + part.amount, 0);

/**
 * Issue 39: where a refund of `amount` goes back to, as booking splits it (contracts' splitRefund): the gift
 * card's part (with its last four characters) and the bank card's, in the order's proportion, less what earlier
 * refunds gave back to each. An order paid by bank card alone gives it all back to the bank card.
 */
export function refundDestinations(order: Pick<OrderView, 'payments' | 'refunds'>, amount: number): PaymentPart[] {
  const paid = { giftCard: sumOf(order.payments, 'gift_card'), card: sumOf(order.payments, 'card') };
  if (paid.giftCard === 0) return [{ kind: 'card', amount }];
  const earlier = order.refunds.flatMap((refund) => refund.payments ?? []);
  const split = splitRefund(amount, paid, { giftCard: sumOf(earlier, 'gift_card'), card: sumOf(earlier, 'card') });
  const last4 = order.payments.find((part) => part.kind === 'gift_card')?.last4;
  return [
    ...(split.giftCard > 0 ? [{ kind: 'gift_card' as const, amount: split.giftCard, ...(last4 ? { last4 } : {}) }] : []),
    ...(split.card > 0 ? [{ kind: 'card' as const, amount: split.card }] : []),
  ];
}

/** 'tarjeta regalo ···· WN3C' or 'tarjeta bancaria' ('Tarjeta…' when `capitalized`): what paid a part or gets a refund's part back. */
export function paymentLabel(part: PaymentPart, capitalized = false): string {
  const label = part.kind === 'gift_card' ? `tarjeta regalo${part.last4 ? ` ···· ${part.last4}` : ''}` : 'tarjeta bancaria';
  return capitalized ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}
