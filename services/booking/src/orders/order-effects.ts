import type { CartCandyLine, OrderView } from '@cine/contracts';
import type { Club } from '../club/club';
import type { GiftCards } from '../gift-cards/gift-cards';
import { GENERAL_TICKET_TYPE } from '@cine/contracts';
import { cardPart, passPart, type OrderPass } from '../gift-cards/payment-parts';
import type { OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CandyProjection, CandyReservationLine, StockReservation } from '../candy/candy-projection';
import type { Cart, OrderPromoLines } from '../cart/cart';
import type { CartRepository } from '../cart/cart-repository';
import { ticketLineOf } from '../cart/pricing';
import type { PaymentProvider } from '../payments';
import type { ChargeOutcome, RefundOutcome } from '../payments/payment-provider';
import type { Promotions, PromoUser } from '../promotions/promotions';
import { refuse, type Result } from '../refusal';
import type { HeldTickets, Reservation, ShowTerms } from '../shows/seat-decisions';
import { seatsReserved } from './order';
import type { OrderRefund, StoredOrder } from './order-model';
import type { OrderViews } from './order-views';
import type { OrdersRepository } from './orders-repository';
import type { SeatReservations } from './seat-reservations';

/**
 * Issue 41: the members' Cine Pase as the checkout uses it (club/pass/passes.ts): the pass that may cover a ticket of a
 * show, and its ticket claimed in the pass's period and on the show's day, released when the order ends unpaid or its
 * seat is refunded (to the allowance only while the period lasts).
 */
export interface PassTickets {
  coverFor(
    userId: string,
    show: { type: string; date: string },
    now: Date,
  ): Promise<Result<{ passId: string; period: string; day: string }>>;
  claim(pass: OrderPass, orderId: string): Promise<Result<{ outcome: 'held' }>>;
  release(pass: OrderPass, orderId: string, refunded: boolean, now: Date): Promise<void>;
}

/** The door's record of the order's tickets (tickets/tickets.ts): a ticket admitted is not refunded. */
export interface RefundTickets {
  /** Seats of the order whose tickets were admitted at the door. */
  admittedSeats(orderId: string, seatLabels: readonly string[]): Promise<string[]>;
  /** The seats' tickets are refused at the door from now on; answers those admitted meanwhile (they stay admitted). */
  invalidate(orderId: string, seatLabels: readonly string[]): Promise<string[]>;
  /** The refund did not happen: the seats' tickets are valid again. */
  restore(orderId: string, seatLabels: readonly string[]): Promise<void>;
}

/** What the checkout and the refunds work with: the order's effects on the world, its store and the relay. */
export interface OrderParts {
  effects: OrderEffects;
  orders: OrdersRepository;
  /** Publishes the events a move recorded (nudged at once; the sweep nudges again after a crash). */
  relay: OutboxRelay;
  clock: () => Date;
  log?: FastifyBaseLogger;
}

/** The order's use of its promo code, or undefined without one. */
function promoUserOf(order: StoredOrder): PromoUser | undefined {
  return order.promo && { orderId: order._id.toHexString(), code: order.promo.code, userId: order.userId };
}

const stockLines = (lines: OrderRefund['candy']): CandyReservationLine[] =>
  lines.map(({ candyId, name, quantity }) => ({ candyId, name, quantity }));

const termsOf = ({ movieId, date, schedule, roomId, type, unitPrice }: StoredOrder): ShowTerms => ({
  movieId,
  date,
  schedule,
  roomId,
  type,
  price: unitPrice,
});

/**
 * Everything an order does and reads outside its own document, each effect idempotent and keyed by the order (or
 * the refund): the seats (tagged with the order id), the candy stock (tagged likewise), the cart, the
 * card (the order id, or `refund:<id>`, as the provider's idempotency key) and the tickets at the door.
 * Repeating one after a crash changes nothing twice.
 */
export class OrderEffects {
  constructor(
    private readonly world: {
      seats: SeatReservations;
      candy: CandyProjection;
      cart: Cart;
      carts: CartRepository;
      payments: PaymentProvider;
      tickets: RefundTickets;
      views: OrderViews;
      giftCards: GiftCards;
      promotions: Promotions;
      /** Issue 41: Cine Club's points (spent at checkout, given back on a refund). */
      club: Club;
      passes?: PassTickets;
      /** The service's clock: the ledgers' entries and a pass ticket's month are dated by it (tests move it). */
      clock: () => Date;
    },
  ) {}

  /** Issue 41: the user's pass covering a ticket of the held show (its General base), or why not (before anything is taken). */
  async passFor(
    userId: string,
    hold: HeldTickets,
    now: Date,
  ): Promise<Result<{ passId: string; period: string; day: string; generalBase: number }>> {
    if (!this.world.passes) return refuse('conflict', 'El Cine Pase no está disponible.');
    const found = await this.world.passes.coverFor(userId, { type: hold.show.type, date: hold.show.date }, now);
    if ('outcome' in found) return found;
    const general = hold.pricing.types.find((type) => type.type === GENERAL_TICKET_TYPE);
    return { ...found, generalBase: general?.base ?? hold.show.price };
  }

  /** Issue 41: the order's pass ticket claimed (the allowance and the show day), once; or why not. */
  async claimPass(order: StoredOrder): Promise<Result<{ outcome: 'held' }>> {
    if (!order.pass || !this.world.passes) return { outcome: 'held' };
    return this.world.passes.claim(order.pass, order._id.toHexString());
  }

  /** Issue 39: the gift card a checkout names, with its balance, when a buyer may spend it (else the refusal, 404 alike). */
  giftCardFor(code: string, now: Date): ReturnType<GiftCards['usable']> {
    return this.world.giftCards.usable(code, now);
  }

  /** The order's gift card pays what it can of its total, once (a repeat answers the first debit): the cents it paid. */
  debitGiftCard(order: StoredOrder): Promise<number> {
    const card = order.giftCard;
    if (!card) return Promise.resolve(0);
    // Issue 41: what the pass does not cover.
    return this.world.giftCards.debit(card.cardId, order._id.toHexString(), order.total - passPart(order), this.world.clock());
  }

  /** Issue 41: the points the user may spend (null: not a member). */
  pointsBalance(userId: string): Promise<number | null> {
    return this.world.club.spendable(userId);
  }

  /** What a point pays, in cents, now. */
  get pointValueCents(): number {
    return this.world.club.settings.pointValueCents;
  }

  /** The order spends `points` of its member's balance, once (a repeat answers the first spend): the points taken (0: short meanwhile). */
  spendPoints(order: StoredOrder, points: number): Promise<number> {
    if (!order.points || points <= 0) return Promise.resolve(0);
    return this.world.club.spend(order.userId, order._id.toHexString(), points, this.world.clock());
  }

  /** The cart's promo code (`code`) for the checkout of `hold`: none, its discount of each line, or why it does not apply now. */
  promoFor(userId: string, code: string | undefined, hold: HeldTickets): Promise<Result<OrderPromoLines | null>> {
    return this.world.cart.promoForOrder(userId, code, hold, ticketLineOf(hold).lines);
  }

  /** The order takes one use of its code (none: nothing to take), or why not (every use taken, switched off). */
  async claimPromo(order: StoredOrder): Promise<Result<{ outcome: 'held' }>> {
    const use = promoUserOf(order);
    if (!use) return { outcome: 'held' };
    const claimed = await this.world.promotions.claim(use);
    return claimed.outcome === 'held' ? claimed : refuse('conflict', claimed.message);
  }

  /** The order's held use is counted (before the paid write; again, nothing more). */
  async countPromo(order: StoredOrder): Promise<void> {
    const use = promoUserOf(order);
    if (use) await this.world.promotions.count(use);
  }

  /** The order ended without being paid: its held use goes back (again, or none held: nothing). */
  async releaseHeldPromo(order: StoredOrder): Promise<void> {
    const use = promoUserOf(order);
    if (use) await this.world.promotions.releaseHeld(use);
  }

  /** The order was refunded whole: its counted use goes back (again: nothing more). */
  async releaseCountedPromo(order: StoredOrder): Promise<void> {
    const use = promoUserOf(order);
    if (use) await this.world.promotions.releaseCounted(use);
  }

  /** The order as the API shows it (reads its short code and, once its tickets are issued, the door). */
  view(order: StoredOrder): Promise<OrderView> {
    return this.world.views.view(order);
  }

  /** Until when the buyer may cancel the order, and the window that sets it. */
  cancellableUntil(order: StoredOrder): { until: Date; windowMinutes: number } {
    return { until: this.world.views.cancellableUntil(order), windowMinutes: this.world.views.cancellationWindowMinutes };
  }

  /** The user's hold on the show, the cart's candy lines and its promo code (independent reads, read at once). */
  async cartOf(userId: string, showId: string, now: Date): Promise<[HeldTickets | undefined, CartCandyLine[], string | undefined]> {
    const [hold, { candy, promo }] = await Promise.all([this.world.seats.heldOn(userId, showId, now), this.world.cart.contents(userId)]);
    return [hold, candy, promo];
  }

  /** The order's seats tagged with it until `until`, then (only when they are exactly its seats) its candy taken from stock. */
  async reserve(order: StoredOrder, now: Date, until: Date): Promise<{ seats: Reservation; stock?: StockReservation }> {
    const id = order._id.toHexString();
    const seats = await this.world.seats.reserveForOrder(order.showId, order.userId, id, termsOf(order), now, until);
    if (!seatsReserved(order, seats)) return { seats };
    return { seats, stock: await this.world.candy.reserve(id, stockLines(order.candy)) };
  }

  /** Gives back the stock, the seats (to the user's hold, until it would have ended) and the code's use held. */
  async giveBack(order: StoredOrder): Promise<void> {
    const id = order._id.toHexString();
    await this.releaseHeldPromo(order);
    // The gift card's debit too (none yet: nothing), once.
    if (order.giftCard) await this.world.giftCards.release(order.giftCard.cardId, id, this.world.clock());
    // Issue 41: and the points' spend, once.
    if (order.points) await this.world.club.release(order.userId, id, this.world.clock());
    // Issue 41: the pass's ticket back to its allowance and its day (none claimed: nothing), once.
    if (order.pass) await this.world.passes?.release(order.pass, id, false, this.world.clock());
    await this.world.candy.release(id, stockLines(order.candy));
    await this.world.seats.releaseOrderReservation(order.showId, id, order.heldUntil);
  }

  /** Charges the order's total (the order id as idempotency key: charging again answers the first payment). */
  async charge(order: StoredOrder): Promise<ChargeOutcome> {
    // What the gift card and the points did not pay (issues 39, 41); nothing left: no charge at all.
    const amount = cardPart(order);
    if (amount === 0 || order.paymentMethodId === undefined)
      return {
        status: 'succeeded',
        paymentId: `${order.giftCard ? 'gift-card' : order.points ? 'points' : 'pass'}:${order._id.toHexString()}`,
      };
    return this.world.payments.charge({
      amount,
      currency: 'usd',
      paymentMethodId: order.paymentMethodId,
      idempotencyKey: order._id.toHexString(),
      description: `Cine: ${order.title}, ${order.date} ${order.schedule}, sala ${order.roomId}, ${order.seatLabels.join(' ')}`,
    });
  }

  /** The seats tagged with the order sold; answers the labels sold to it. */
  sell(order: StoredOrder): Promise<string[]> {
    return this.world.seats.sellForOrder(order.showId, order._id.toHexString());
  }

  /** The paid order's candy stays taken (its tags go) and leaves the buyer's cart. */
  async settle(order: StoredOrder): Promise<void> {
    await this.world.candy.commit(order._id.toHexString(), stockLines(order.candy));
    await this.world.carts.removePaid(order.userId, order.candy);
    // One code per order: the paid order takes its code out of the cart (unless the buyer applied another meanwhile).
    if (order.promo) await this.world.carts.clearPromo(order.userId, order.promo.code);
  }

  /** Seats of the order whose tickets were admitted at the door. */
  admittedSeats(order: StoredOrder, seatLabels: readonly string[]): Promise<string[]> {
    return this.world.tickets.admittedSeats(order._id.toHexString(), seatLabels);
  }

  /** The refund's tickets refused at the door from now on; answers those admitted meanwhile (the refund stops). */
  stopAtTheDoor(order: StoredOrder, refund: OrderRefund): Promise<string[]> {
    return this.world.tickets.invalidate(order._id.toHexString(), refund.seatLabels);
  }

  /** The refund did not happen: its tickets are valid again. */
  reopenAtTheDoor(order: StoredOrder, refund: OrderRefund): Promise<void> {
    return this.world.tickets.restore(order._id.toHexString(), refund.seatLabels);
  }

  /** The refund's money back to the card (`refund:<id>` as idempotency key: asking again never refunds twice). */
  async returnMoney(order: StoredOrder, refund: OrderRefund): Promise<RefundOutcome> {
    // Issue 39: split as the refund decided (refund.payments); the bank card's part first, then the gift card's (once per refund).
    const partOf = (kind: string) => (refund.payments ?? []).filter((part) => part.kind === kind);
    const giftCard = partOf('gift_card').reduce((sum, part) => sum + part.amount, 0);
    // Issue 41: and the points' part, back as points (a `refund` entry, once per refund).
    const points = partOf('points');
    // Issue 41: the pass's part is no money: its ticket goes back to the allowance (while its period lasts).
    const pass = partOf('pass').reduce((sum, part) => sum + part.amount, 0);
    const card = refund.amount - giftCard - pass - points.reduce((sum, part) => sum + part.amount, 0);
    const outcome: RefundOutcome =
      card > 0
        ? await this.world.payments.refund({ paymentId: order.paymentId as string, amount: card, idempotencyKey: `refund:${refund.id}` })
        : { status: 'succeeded', refundId: `${giftCard > 0 ? 'gift-card' : 'points'}:${refund.id}` };
    if (outcome.status === 'succeeded' && giftCard > 0 && order.giftCard) {
      await this.world.giftCards.refund(order.giftCard.cardId, order._id.toHexString(), refund.id, giftCard, this.world.clock());
    }
    const pointsBack = points.reduce((sum, part) => sum + (part.points ?? 0), 0);
    if (outcome.status === 'succeeded' && pointsBack > 0) {
      await this.world.club.refund(order.userId, order._id.toHexString(), refund.id, pointsBack, this.world.clock());
    }
    if (outcome.status === 'succeeded' && pass > 0 && order.pass)
      await this.world.passes?.release(order.pass, order._id.toHexString(), true, this.world.clock());
    return outcome;
  }

  /** The refund's seats back on sale and its candy to stock (an unfulfilled order: what the checkout reserved for it). */
  async putBack(order: StoredOrder, refund: OrderRefund): Promise<void> {
    const id = order._id.toHexString();
    await this.world.seats.returnSeats(order.showId, id, refund.seatLabels);
    if (order.state === 'unfulfilled') {
      // Never sold: the seats are still tagged and the candy taken from stock.
      await this.world.seats.releaseOrderReservation(order.showId, id, order.heldUntil);
      await this.world.candy.release(id, stockLines(refund.candy));
    } else await this.world.candy.giveBack(refund.id, stockLines(refund.candy));
  }
}
