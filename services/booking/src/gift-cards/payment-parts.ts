import { splitRefund, type PaymentPart } from '@cine/contracts';

/** What an order keeps of the gift card that pays part of it (`amount` once debited, at pending → reserved). */
export interface OrderGiftCard {
  cardId: string;
  last4: string;
  /** Cents the card paid (its ledger's debit for the order); absent before the debit. */
  amount?: number;
}

interface Paid {
  total: number;
  giftCard?: OrderGiftCard | undefined;
  refunds?: Array<{ amount: number; payments?: PaymentPart[] | undefined }> | undefined;
}

/** Cents of the order the gift card paid. */
function giftCardPart(order: Pick<Paid, 'giftCard'>): number {
  return order.giftCard?.amount ?? 0;
}

/** Cents the bank card is charged: the total less the gift card's part (0: no charge at all). */
export function cardPart(order: Pick<Paid, 'total' | 'giftCard'>): number {
  return order.total - giftCardPart(order);
}

/** The order's `payments`: the gift card's part (when it paid) and the bank card's (when more than 0). */
export function paymentsOf(order: Pick<Paid, 'total' | 'giftCard'>): PaymentPart[] {
  const gift = giftCardPart(order);
  const card = cardPart(order);
  return [
    ...(order.giftCard && gift > 0 ? [{ kind: 'gift_card' as const, amount: gift, last4: order.giftCard.last4 }] : []),
    ...(card > 0 || gift === 0 ? [{ kind: 'card' as const, amount: card }] : []),
  ];
}

function partOf(payments: readonly PaymentPart[] | undefined, amount: number, kind: PaymentPart['kind']): number {
  // A refund made before gift cards went all to the bank card.
  if (!payments) return kind === 'card' ? amount : 0;
  return payments.filter((part) => part.kind === kind).reduce((sum, part) => sum + part.amount, 0);
}

/** Where a refund of `amount` goes back to (splitRefund over what the order paid and earlier refunds gave back). */
export function refundPaymentsOf(order: Paid, amount: number): PaymentPart[] {
  const paid = { giftCard: giftCardPart(order), card: cardPart(order) };
  const refunded = { giftCard: 0, card: 0 };
  for (const refund of order.refunds ?? []) {
    refunded.giftCard += partOf(refund.payments, refund.amount, 'gift_card');
    refunded.card += partOf(refund.payments, refund.amount, 'card');
  }
  const split = splitRefund(amount, paid, refunded);
  return [
    ...(order.giftCard && split.giftCard > 0 ? [{ kind: 'gift_card' as const, amount: split.giftCard, last4: order.giftCard.last4 }] : []),
    ...(split.card > 0 || split.giftCard === 0 ? [{ kind: 'card' as const, amount: split.card }] : []),
  ];
}
