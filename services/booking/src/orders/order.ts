import { createHash } from 'node:crypto';
import {
  CLUB_MESSAGES,
  GENERAL_TICKET_TYPE,
  GIFT_CARD_MESSAGES,
  type CartCandyLine,
  type OrderState,
  type RefundStep,
} from '@cine/contracts';
import type { StockReservation } from '../candy/candy-projection';
import { notEnoughCandy, type OrderPromoLines } from '../cart/cart';
import { cartViewOf, ticketLineOf } from '../cart/pricing';
import { discountedLines, discountOf } from '../promotions/promotion-rules';
import { declineMessage } from '../payments/decline-messages';
import { refuse, type Refusal, type Result } from '../refusal';
import { MOVIE_WITHDRAWN, PAYMENT_IN_PROGRESS, SHOW_CANCELLED } from '../shows/booking-errors';
import type { HeldTickets, Reservation } from '../shows/seat-decisions';
import { orderPaidEvent, type OrderEvent } from './order-events';
import { passCoverOf, type OrderGiftCard, type OrderPoints, type PassCover } from '../gift-cards/payment-parts';
import {
  HOLD_EXPIRED,
  SEATS_CHANGED,
  SEATS_LOST,
  SHOW_CHANGED,
  STATE_NAMES,
  TYPE_NOT_SOLD_ANY_MORE,
  ticketCountMismatch,
} from './order-messages';
import { canMove } from './order-states';
import type { NewOrder, OrderCandyLine, PendingRefund, StoredOrder } from './order-model';

/**
 * THE order (in the manner of eShop's Order aggregate, adapted to idempotent steps): its states, the
 * moves allowed between them, and each move as a pure function from the order as read to the change to
 * write (fields and events). The steps that do the work around each move (seats, candy, the charge)
 * are checkout.ts's and refunds.ts's; the repository writes a change only while the order is still where
 * the change was decided (so a step repeated after a crash, or raced by the sweep, writes once).
 * Refund moves: order-refund.ts.
 */
/** A move decided on an order: written only while the order is still `from` (its refund at `refund.from`). */
export interface OrderChange {
  from: OrderState;
  to: OrderState;
  /** Fields to write (the refund's move: see `refund`). */
  set: Partial<StoredOrder>;
  /** Events recorded in the order's outbox by the same write. */
  events: OrderEvent[];
  /** A refund's move: which refund, from and to which step, its fields to write (`null`: it ends, no refund under way). */
  refund?: { id: string; from: RefundStep | 'none'; to: RefundStep | 'none'; refunding: Partial<PendingRefund> | null };
  /** The order as the write leaves it (what the next step reads). */
  after: StoredOrder;
}

/** The move, when the order may make it: the fields, events and the order as written. */
function move(order: StoredOrder, to: OrderState, set: Partial<StoredOrder>, now: Date, events: OrderEvent[] = []): Result<OrderChange> {
  if (!canMove(order.state, to)) {
    return refuse('conflict', `La compra está ${STATE_NAMES[order.state]}: no puede pasar a ${STATE_NAMES[to]}.`);
  }
  const fields = { ...set, state: to, updatedAt: now };
  return { from: order.state, to, set: fields, events, after: { ...order, ...fields } };
}

/**
 * Same user, show, seats (with their ticket types), candy and card: the same purchase (the order's unique key). A seat
 * of another type than General joins the key as `label:type`, so an all-General purchase keeps the key it always had.
 */
export function orderKey(
  userId: string,
  showId: string,
  seatLabels: readonly string[],
  candy: readonly CartCandyLine[],
  paymentMethodId: string,
  ticketTypes: Readonly<Record<string, string>> = {},
  promoCode?: string,
) {
  const lines = candy.map((line) => [line.id, line.quantity]).sort(([a], [b]) => String(a).localeCompare(String(b)));
  const seats = [...seatLabels].sort().map((label) => {
    const type = ticketTypes[label];
    return type === undefined || type === GENERAL_TICKET_TYPE ? label : `${label}:${type}`;
  });
  return (
    createHash('sha256')
      // A code joins the key only when there is one: a purchase without a code keeps the key it always had.
      .update(JSON.stringify([userId, showId, seats, lines, paymentMethodId, ...(promoCode === undefined ? [] : [promoCode])]))
      .digest('base64url')
  );
}

/**
 * A new order for the user's hold and cart, priced now: it keeps its lines (each seat by its type and
 * category), so a later change of the show's price card, surcharges or types changes no order. Or why it
 * cannot be opened: another count of tickets than held, seats no longer on sale, or a seat held as a type
 * the show does not sell any more.
 */
export function openOrder(
  userId: string,
  ticket: number,
  held: HeldTickets,
  candy: readonly CartCandyLine[],
  paymentMethodId: string | undefined,
  promo?: OrderPromoLines,
  giftCard?: OrderGiftCard,
  points?: OrderPoints,
  pass?: PassCover,
): Result<NewOrder> {
  const { show, seatLabels, heldUntil, offSale } = held;
  if (seatLabels.length !== ticket) return refuse('conflict', ticketCountMismatch(ticket, seatLabels.length));
  if (offSale) return refuse('conflict', offSale);
  const lines: OrderCandyLine[] = candy.map(({ id, name, picture, quantity, unitPrice, totalPrice, discount }) => ({
    candyId: id,
    name,
    picture,
    quantity,
    unitPrice,
    totalPrice,
    // Issue 41: the tier's candy discount, kept on the line (a refund of it returns what was paid).
    ...(discount ? { discount } : {}),
  }));
  // Priced as the cart shows it (one pricing for both).
  const priced = ticketLineOf(held);
  if (priced.lines.length !== seatLabels.length) return refuse('conflict', TYPE_NOT_SOLD_ANY_MORE);
  // Issue 39: the cart's code writes its discount on the lines; the total is net of it.
  const ticketLine = promo ? { ...priced, lines: discountedLines(priced.lines, promo.discounts) } : priced;
  const discount = discountOf(ticketLine.lines);
  const ticketTotal = ticketLine.totalPrice;
  const covered = pass ? passCoverOf(pass, ticketLine.lines) : undefined;
  return {
    key: orderKey(
      userId,
      show.id,
      seatLabels,
      candy,
      // A gift card joins the key (the same seats paid with another card are another purchase).
      // Issue 41: so do the points (the same seats paying another number of points are another purchase), and the pass.
      `${paymentMethodId ?? ''}${giftCard ? `+gift:${giftCard.cardId}` : ''}${points ? `+points:${points.points}` : ''}${covered ? `+pass:${covered.passId}` : ''}`,
      Object.fromEntries(ticketLine.lines.map((line) => [line.seatLabel, line.type])),
      promo?.code,
    ),
    userId,
    showId: show.id,
    movieId: show.movieId,
    title: show.movie.Title,
    date: show.date,
    day: show.day,
    schedule: show.schedule,
    roomId: show.roomId,
    cinema: held.cinema,
    type: show.type,
    capacity: show.capacity,
    unitPrice: show.price,
    seatLabels: [...seatLabels],
    lines: ticketLine.lines,
    ticketTotal,
    candy: lines,
    ...(promo ? { discount, promo: { code: promo.code, name: promo.name } } : {}),
    total: cartViewOf([ticketLine], [...candy]).orderPrice,
    ...(paymentMethodId === undefined ? {} : { paymentMethodId }),
    ...(giftCard ? { giftCard } : {}),
    ...(points ? { points } : {}),
    ...(covered ? { pass: covered } : {}),
    heldUntil,
  };
}

/** Issue 41: pending → failed: the pass's ticket could not be claimed (the month's allowance used, a ticket that day). */
export function passRefused(order: StoredOrder, failure: string, now: Date): Result<OrderChange> {
  return giveUp(order, 'failed', failure, now);
}

function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  const sortedB = [...b].sort();
  return a.length === b.length && [...a].sort().every((label, i) => label === sortedB[i]);
}

/** Whether the seat reservation tagged exactly the order's seats (then its candy is reserved next). */
export function seatsReserved(order: Pick<StoredOrder, 'seatLabels'>, seats: Reservation): boolean {
  return seats.outcome === 'reserved' && sameLabels(seats.seatLabels, order.seatLabels);
}

/**
 * pending → reserved once its seats and candy are taken (`stock` absent: not tried, the seats were not
 * reserved); else → expired or failed, saying why (the step gives back what was taken before writing it).
 */
export function reserve(
  order: StoredOrder,
  seats: Reservation,
  stock: StockReservation | undefined,
  reservedUntil: Date,
  now: Date,
): Result<OrderChange> {
  if (seats.outcome === 'terms-changed') return giveUp(order, 'failed', SHOW_CHANGED, now);
  if (seats.outcome === 'withdrawn') return giveUp(order, 'failed', MOVIE_WITHDRAWN, now);
  if (seats.outcome === 'cancelled') return giveUp(order, 'failed', SHOW_CANCELLED, now);
  if (seats.seatLabels.length === 0) return giveUp(order, 'expired', HOLD_EXPIRED, now);
  if (!sameLabels(seats.seatLabels, order.seatLabels)) return giveUp(order, 'failed', SEATS_CHANGED, now);
  if (!stock) return refuse('conflict', SEATS_CHANGED);
  if (!stock.ok) return giveUp(order, 'failed', notEnoughCandy(stock.item.name, stock.available), now);
  return move(order, 'reserved', { reservedUntil }, now);
}

/**
 * An order that ends without a charge or sale (expired, failed, declined): it frees the user's slot for
 * another checkout of the show (`lock`) and, when nothing was charged, its key, so the same purchase can
 * be tried again.
 */
function end(order: StoredOrder, to: 'expired' | 'failed' | 'declined' | 'unfulfilled', set: Partial<StoredOrder>, now: Date) {
  const id = order._id.toHexString();
  const freeKey = to === 'expired' || to === 'failed' ? { key: `${order.key}:${id}` } : {};
  return move(order, to, { ...set, ...freeKey, lock: id }, now);
}

function giveUp(order: StoredOrder, to: 'expired' | 'failed', failure: string, now: Date) {
  return end(order, to, { failure }, now);
}

/**
 * Issue 39: pending → reserved with what the gift card paid (its debit, written by the same move), or → failed
 * when the card no longer covers an order without a bank card (spent meanwhile: the step gives its debit back).
 */
export function reserveWithGiftCard(order: StoredOrder, change: OrderChange, paid: number, now: Date): Result<OrderChange> {
  if (!order.giftCard || change.to !== 'reserved') return change;
  // With points too, whether both cover the total is reserveWithPoints's to say (it comes next). Issue 41: less the pass's part.
  if (order.paymentMethodId === undefined && !order.points && paid < order.total - (order.pass?.amount ?? 0)) {
    return giveUp(order, 'failed', GIFT_CARD_MESSAGES.spentMeanwhile, now);
  }
  const giftCard = { ...order.giftCard, amount: paid };
  return { ...change, set: { ...change.set, giftCard }, after: { ...change.after, giftCard } };
}

/**
 * Issue 41: pending → reserved with what the points paid (their spend, written by the same move, after the gift card's),
 * or → failed when the balance fell short meanwhile, or when points and gift card no longer cover an order without a
 * bank card (the step gives the debits back).
 */
export function reserveWithPoints(order: StoredOrder, change: OrderChange, wanted: number, spent: number, now: Date): Result<OrderChange> {
  if (!order.points || change.to !== 'reserved') return change;
  if (spent < wanted) return giveUp(order, 'failed', CLUB_MESSAGES.pointsChangedMeanwhile, now);
  const points = { ...order.points, points: spent, amount: spent * order.points.pointValueCents };
  const giftCardPaid = change.after.giftCard?.amount ?? 0;
  if (order.paymentMethodId === undefined && giftCardPaid + points.amount < order.total - (order.pass?.amount ?? 0)) {
    return giveUp(order, 'failed', CLUB_MESSAGES.pointsChangedMeanwhile, now);
  }
  return { ...change, set: { ...change.set, points }, after: { ...change.after, points } };
}

/** pending → failed: the order's code could not be claimed (its uses are taken, it was switched off); seats and candy given back. */
export function promoRefused(order: StoredOrder, failure: string, now: Date): Result<OrderChange> {
  return giveUp(order, 'failed', failure, now);
}

/** reserved → declined: the card was refused (`reason`: the provider's words, kept; `code`: its error code). */
export function decline(order: StoredOrder, reason: string, code: string, now: Date): Result<OrderChange> {
  return end(order, 'declined', { declineReason: reason, declineCode: code }, now);
}

/** reserved → unfulfilled: charged, but the seats sold were not the order's (its reservation lapsed meanwhile). */
export function unfulfilled(order: StoredOrder, paymentId: string, now: Date): Result<OrderChange> {
  return end(order, 'unfulfilled', { failure: SEATS_LOST, paymentId }, now);
}

/** Whether the seats sold to the order are exactly its seats (else it is unfulfilled). */
export function soldAsOrdered(order: Pick<StoredOrder, 'seatLabels'>, sold: readonly string[]): boolean {
  return sameLabels(sold, order.seatLabels);
}

/** reserved → paid: charged and its seats sold, with its short code and order.paid. */
export function pay(order: StoredOrder, paymentId: string, code: string, now: Date): Result<OrderChange> {
  const paid = { ...order, code };
  return move(order, 'paid', { paymentId, paidAt: now, lock: order._id.toHexString(), code }, now, [orderPaidEvent(paid, now)]);
}

/** The buyer's checkout of the show is already under way. */
export const IN_PROGRESS: Refusal = refuse('conflict', PAYMENT_IN_PROGRESS);

/** What a checkout answers for the order as it stands: null when paid (the order is shown), else the refusal. */
export function refusalOf(order: StoredOrder): Refusal | null {
  switch (order.state) {
    case 'paid':
      return null;
    case 'declined': {
      const code = order.declineCode ?? 'card_declined';
      return refuse('declined', declineMessage(code), code);
    }
    case 'expired':
      return refuse('conflict', HOLD_EXPIRED);
    case 'failed':
    case 'unfulfilled':
      return refuse('conflict', order.failure ?? SEATS_CHANGED);
    default:
      return IN_PROGRESS;
  }
}
