import { pointsFor, splitRefund, type PaymentPart, type PricedLine } from '@cine/contracts';

/** What an order keeps of the gift card that pays part of it (`amount` once debited, at pending → reserved). */
export interface OrderGiftCard {
  cardId: string;
  last4: string;
  /** Cents the card paid (its ledger's debit for the order); absent before the debit. */
  amount?: number;
}

/** Issue 41: the Cine Club points an order spends (`amount` once debited, after the gift card, at pending → reserved). */
export interface OrderPoints {
  /** The points asked for at checkout, then (debited) the points taken. */
  points: number;
  /** Cents they paid (the club ledger's spend for the order); absent before the debit. */
  amount?: number;
  /** What a point paid, in cents, when the order was made. */
  pointValueCents: number;
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
  points?: OrderPoints | undefined;
  pass?: OrderPass | undefined;
  refunds?: Array<{ amount: number; payments?: PaymentPart[] | undefined }> | undefined;
}

/** Cents of the order the gift card paid. */
function giftCardPart(order: Pick<Paid, 'giftCard'>): number {
  return order.giftCard?.amount ?? 0;
}

/** Cents of the order the points paid. */
function pointsPart(order: Pick<Paid, 'points'>): number {
  return order.points?.amount ?? 0;
}

/** Issue 41: cents of the order the pass covers. */
export function passPart(order: Pick<Paid, 'pass'>): number {
  return order.pass?.amount ?? 0;
}

/** Cents the bank card is charged: the total less the pass's, the gift card's and the points' parts (0: no charge at all). */
export function cardPart(order: Pick<Paid, 'total' | 'giftCard' | 'points' | 'pass'>): number {
  return order.total - passPart(order) - giftCardPart(order) - pointsPart(order);
}

/** The order's `payments`: the pass's part, the gift card's, the points' (when they paid) and the bank card's (when more than 0, or alone). */
export function paymentsOf(order: Pick<Paid, 'total' | 'giftCard' | 'points' | 'pass'>): PaymentPart[] {
  const pass = passPart(order);
  const gift = giftCardPart(order);
  const points = pointsPart(order);
  const card = cardPart(order);
  return [
    ...(pass > 0 ? [{ kind: 'pass' as const, amount: pass }] : []),
    ...(order.giftCard && gift > 0 ? [{ kind: 'gift_card' as const, amount: gift, last4: order.giftCard.last4 }] : []),
    ...(order.points && points > 0 ? [{ kind: 'points' as const, amount: points, points: order.points.points }] : []),
    ...(card > 0 || pass + gift + points === 0 ? [{ kind: 'card' as const, amount: card }] : []),
  ];
}

function partOf(
  payments: readonly PaymentPart[] | undefined,
  amount: number,
  kind: PaymentPart['kind'],
  field: 'amount' | 'points' = 'amount',
): number {
  // A refund made before gift cards went all to the bank card.
  if (!payments) return kind === 'card' && field === 'amount' ? amount : 0;
  return payments.filter((part) => part.kind === kind).reduce((sum, part) => sum + (part[field] ?? 0), 0);
}

/**
 * Points a refund's points part of `cents` gives back: what they are worth, rounded down, and once the whole
 * points part is back, every point the order spent that earlier refunds did not give back.
 */
export function pointsBack(spent: OrderPoints, refundedCentsBefore: number, refundedPointsBefore: number, cents: number): number {
  const left = spent.points - refundedPointsBefore;
  if (refundedCentsBefore + cents >= (spent.amount ?? 0)) return Math.max(0, left);
  return Math.max(0, Math.min(left, pointsFor(cents, spent.pointValueCents)));
}

/**
 * Where a refund of `amount` goes back to (splitRefund over what the order paid and earlier refunds gave back). Issue 41:
 * a refund of the pass's seat (`passSeat`) gives the pass its part first (no money: its ticket returns to the allowance),
 * the rest split as before.
 */
export function refundPaymentsOf(order: Paid, amount: number, passSeat = false): PaymentPart[] {
  const passBack = passSeat ? Math.min(passPart(order), amount) : 0;
  const paid = { giftCard: giftCardPart(order), points: pointsPart(order), card: cardPart(order) };
  const refunded = { giftCard: 0, points: 0, card: 0 };
  let pointsRefunded = 0;
  for (const refund of order.refunds ?? []) {
    refunded.giftCard += partOf(refund.payments, refund.amount, 'gift_card');
    refunded.points += partOf(refund.payments, refund.amount, 'points');
    refunded.card += partOf(refund.payments, refund.amount, 'card');
    pointsRefunded += partOf(refund.payments, refund.amount, 'points', 'points');
  }
  const split = splitRefund(amount - passBack, paid, refunded);
  const points = order.points && split.points > 0 ? pointsBack(order.points, refunded.points, pointsRefunded, split.points) : 0;
  return [
    ...(passBack > 0 ? [{ kind: 'pass' as const, amount: passBack }] : []),
    ...(order.giftCard && split.giftCard > 0 ? [{ kind: 'gift_card' as const, amount: split.giftCard, last4: order.giftCard.last4 }] : []),
    ...(order.points && split.points > 0 ? [{ kind: 'points' as const, amount: split.points, points }] : []),
    ...(split.card > 0 || passBack + split.giftCard + split.points === 0 ? [{ kind: 'card' as const, amount: split.card }] : []),
  ];
}

/** Issue 41: the member's pass as a checkout found it (period and show day to claim) and the show's General base. */
export interface PassCover {
  passId: string;
  period: string;
  day: string;
  generalBase: number;
}

/**
 * The pass covers ONE seat: the General base of the show (its surcharges, the 3D one and the seat's category, paid as
 * usual), never more than that seat's line costs after a code's discount. The seat it covers: the first one's line.
 */
export function passCoverOf(pass: PassCover, lines: readonly PricedLine[]): OrderPass | undefined {
  const line = lines[0];
  if (!line) return undefined;
  const amount = Math.max(0, Math.min(pass.generalBase, line.total - (line.discount ?? 0)));
  return { passId: pass.passId, period: pass.period, day: pass.day, seatLabel: line.seatLabel, amount };
}

/**
 * Issue 41: the points an order may still take after its gift card paid `giftCardPaid`: those asked for, no more
 * than the rest of the total is worth (points never pay more than the amount).
 */
export function pointsToSpend(order: Pick<Paid, 'points' | 'total' | 'pass'>, giftCardPaid: number): number {
  const points = order.points;
  if (!points) return 0;
  // Issue 41: of what the pass and the gift card leave.
  const left = order.total - (order.pass?.amount ?? 0) - giftCardPaid;
  return Math.min(points.points, Math.floor(Math.max(0, left) / points.pointValueCents));
}
