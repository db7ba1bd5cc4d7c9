import { splitRefund, type PaymentPart } from '@cine/contracts';

/** What an order keeps of the gift card that pays part of it (`amount` once debited, at pending → reserved). */
export interface OrderGiftCard {
  cardId: string;
  last4: string;
  /** Cents the card paid (its ledger's debit for the order); absent before the debit. */
  amount?: number;
}

/**
 * Issue 41: the Cine Pase ticket of an order: one seat's General base (no surcharges) covered by the member's pass,
 * counted in the pass's period `period` and on the show's day `day` (claimed at pending → reserved).
 */
export interface OrderPass {
  passId: string;
  period: string;
  day: string;
  seatLabel: string;
  amount: number;
}

interface Paid {
  total: number;
  giftCard?: OrderGiftCard | undefined;
  pass?: OrderPass | undefined;
  refunds?: Array<{ amount: number; payments?: PaymentPart[] | undefined }> | undefined;
}

/** Cents of the order the gift card paid. */
function giftCardPart(order: Pick<Paid, 'giftCard'>): number {
  return order.giftCard?.amount ?? 0;
}

/** Issue 41: cents of the order the pass covers. */
export function passPart(order: Pick<Paid, 'pass'>): number {
  return order.pass?.amount ?? 0;
}

/** Cents the bank card is charged: the total less the pass's and the gift card's parts (0: no charge at all). */
export function cardPart(order: Pick<Paid, 'total' | 'giftCard' | 'pass'>): number {
  return order.total - passPart(order) - giftCardPart(order);
}

/** The order's `payments`: the pass's part, the gift card's (when it paid) and the bank card's (when more than 0). */
export function paymentsOf(order: Pick<Paid, 'total' | 'giftCard' | 'pass'>): PaymentPart[] {
  const pass = passPart(order);
  const gift = giftCardPart(order);
  const card = cardPart(order);
  return [
    ...(pass > 0 ? [{ kind: 'pass' as const, amount: pass }] : []),
    ...(order.giftCard && gift > 0 ? [{ kind: 'gift_card' as const, amount: gift, last4: order.giftCard.last4 }] : []),
    ...(card > 0 || (gift === 0 && pass === 0) ? [{ kind: 'card' as const, amount: card }] : []),
  ];
}

function partOf(payments: readonly PaymentPart[] | undefined, amount: number, kind: PaymentPart['kind']): number {
  // A refund made before gift cards went all to the bank card.
  if (!payments) return kind === 'card' ? amount : 0;
  return payments.filter((part) => part.kind === kind).reduce((sum, part) => sum + part.amount, 0);
}

/**
 * Where a refund of `amount` goes back to (splitRefund over what the order paid and earlier refunds gave back). Issue 41:
 * a refund of the pass's seat (`passSeat`) gives the pass's part back to the pass first (no money: its ticket returns to
 * the allowance), the rest split as before.
 */
export function refundPaymentsOf(order: Paid, amount: number, passSeat = false): PaymentPart[] {
  const passBack = passSeat ? Math.min(passPart(order), amount) : 0;
  const money = amount - passBack;
  const paid = { giftCard: giftCardPart(order), card: cardPart(order) };
  const refunded = { giftCard: 0, card: 0 };
  for (const refund of order.refunds ?? []) {
    refunded.giftCard += partOf(refund.payments, refund.amount - partOf(refund.payments, 0, 'pass'), 'gift_card');
    refunded.card += partOf(refund.payments, refund.amount - partOf(refund.payments, 0, 'pass'), 'card');
  }
  const split = splitRefund(money, paid, refunded);
  return [
    ...(passBack > 0 ? [{ kind: 'pass' as const, amount: passBack }] : []),
    ...(order.giftCard && split.giftCard > 0 ? [{ kind: 'gift_card' as const, amount: split.giftCard, last4: order.giftCard.last4 }] : []),
    ...(split.card > 0 || (split.giftCard === 0 && passBack === 0) ? [{ kind: 'card' as const, amount: split.card }] : []),
  ];
}
