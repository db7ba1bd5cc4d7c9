import { CLUB_MESSAGES, GIFT_CARD_MESSAGES, type CheckoutRequest, type OrderView } from '@cine/contracts';
import { catchRefusal, isRefusal, refuse, type Result } from '../refusal';
import { paymentFailures, purchaseAmount, purchases } from '../metrics';
import { pointsToSpend } from '../gift-cards/payment-parts';
import { drive, type StepOutcome } from './drive';
import * as Order from './order';
import { NOTHING_HELD } from './order-messages';
import { IN_PROGRESS_STATES } from './order-states';
import type { StoredOrder } from './order-model';
import type { OrderParts } from './order-effects';
import type { PresaleCheck } from '../presales/presale-gate';

/** Issue 41: a pass ticket whose surcharges, other seats or candy are left to pay, without a card. */
const PASS_NEEDS_CARD = 'Tu Cine Pase no cubre el total de la compra: elige también una tarjeta bancaria.';

/** How long the seats stay reserved for an order while its card is charged. */
const RESERVATION_MS = 15 * 60_000;

/** The order paid, or why not: `declined` (the card was refused, with the provider's code), `conflict` (nothing was charged). */
export type CheckoutResult = Result<{ outcome: 'paid'; order: OrderView }>;

/**
 * The checkout: the cart becomes an order (order.ts: pending → reserved → paid, or declined / expired /
 * failed / unfulfilled) driven one idempotent step at a time. Each step does its work on the world
 * (order-effects.ts: seats and stock tagged with the order id, the charge keyed by it), asks order.ts
 * for the move, and writes it in one conditional write, so a crash anywhere leaves an order that `drive`
 * (the request, or later the recovery sweep) takes forward from where it stopped without reserving,
 * charging or selling twice. The charge has no state of its own: a crash after it leaves the order
 * reserved, and charging it again answers the first payment.
 */
export class Checkout {
  constructor(
    private readonly parts: OrderParts,
    /** Issue 40: a presale's show is paid only with the buyer's admission. */
    private readonly gate: PresaleCheck,
  ) {}

  /** The body of POST /movies/checkout; the route has checked that the caller may pay as `idUser`. */
  checkout(request: CheckoutRequest): Promise<CheckoutResult> {
    // A show too busy to write its seats refuses the purchase (`busy`) rather than failing it.
    return catchRefusal(() => this.purchase(request));
  }

  private async purchase({
    idUser: userId,
    show: showId,
    ticket,
    paymentMethodId,
    giftCardCode,
    admission,
    points,
    usePass,
  }: CheckoutRequest): Promise<CheckoutResult> {
    const passed = await this.gate.admit(showId, userId, admission, this.parts.clock(), 'held');
    if (isRefusal(passed)) return passed;
    // Issue 39: a gift card may pay the whole order without a bank card (issue 41: so may points, or the pass); without any, a bank card is needed.
    if (paymentMethodId === undefined && giftCardCode === undefined && points === undefined && usePass !== true) {
      return refuse('invalid', GIFT_CARD_MESSAGES.paymentMethodNeeded);
    }
    const { effects, orders, clock } = this.parts;
    const now = clock();
    // Issue 41: points refused before anything is taken: not a member, or more than the balance.
    const balance = points === undefined ? null : await effects.pointsBalance(userId);
    if (points !== undefined) {
      if (balance === null) return refuse('conflict', CLUB_MESSAGES.notMember);
      if (points > balance) return refuse('conflict', CLUB_MESSAGES.notEnoughPoints(Math.max(0, balance)));
    }
    const card = giftCardCode === undefined ? undefined : await effects.giftCardFor(giftCardCode, now);
    if (card && isRefusal(card)) return card;
    const [hold, candy, promoCode] = await effects.cartOf(userId, showId, now);
    if (!hold) {
      // The same request again after its seats were sold (or given back): answer what became of it.
      const earlier = await orders.latestFor(userId, showId, paymentMethodId, new Date(now.getTime() - RESERVATION_MS));
      return earlier && earlier.seatLabels.length === ticket ? this.answerFor(earlier) : refuse('conflict', NOTHING_HELD);
    }
    // A card with nothing left would pay nothing: the buyer meant it to pay, so say so before any bank card is charged.
    if (card && card.balance === 0) return refuse('conflict', GIFT_CARD_MESSAGES.empty);
    // Issue 39: the cart's code, judged on this show now; one that stopped applying refuses the purchase before anything is taken.
    const promo = await effects.promoFor(userId, promoCode, hold);
    if (isRefusal(promo)) return promo;
    // Issue 41: the member's pass, refused (no pass, a format it does not include, the month used, a ticket that day) before anything is taken.
    const pass = usePass === true ? await effects.passFor(userId, hold, now) : undefined;
    if (pass && isRefusal(pass)) return pass;
    const giftCard = card ? { cardId: card._id.toHexString(), last4: card.last4 } : undefined;
    const pointValueCents = effects.pointValueCents;
    const spend = points === undefined ? undefined : { points, pointValueCents };
    const opened = Order.openOrder(userId, ticket, hold, candy, paymentMethodId, promo ?? undefined, giftCard, spend, pass);
    if (isRefusal(opened)) return opened;
    // Issue 41: the pass's part (one seat's General base) is not for the card, the gift card or the points to pay.
    const covered = opened.pass?.amount ?? 0;
    if (points !== undefined) {
      // Points never pay more than the total (with a gift card, the reserve takes no more than what the card leaves).
      if (points * pointValueCents > opened.total - covered) {
        return refuse('invalid', CLUB_MESSAGES.pointsMoreThanTotal);
      }
      if (paymentMethodId === undefined && (card?.balance ?? 0) + points * pointValueCents + covered < opened.total) {
        return refuse('invalid', CLUB_MESSAGES.paymentMethodNeeded);
      }
    } else if (paymentMethodId === undefined && (card?.balance ?? 0) + covered < opened.total)
      return refuse('invalid', card ? GIFT_CARD_MESSAGES.paymentMethodNeeded : PASS_NEEDS_CARD);
    const order = await orders.insertPending(opened, now);
    if (!order) {
      const same = await orders.findByKey(opened.key);
      return same ? this.answerFor(same) : Order.IN_PROGRESS;
    }
    return this.drive(order);
  }

  /** Takes the order forward until it ends; throws when a provider fails, leaving it for the sweep. */
  async drive(start: StoredOrder): Promise<CheckoutResult> {
    const { orders } = this.parts;
    const ended = await drive<never>(start, {
      underWay: (order) => IN_PROGRESS_STATES.includes(order.state),
      step: (order) => this.step(order),
      reload: (order) => orders.findById(order._id),
    });
    if ('stop' in ended) return ended.stop;
    const { order } = ended;
    // A paid order stays marked until the relay has published its order.paid (the relay's `settled`).
    if (order.state !== 'paid') await orders.ended(order._id);
    return this.answerFor(order);
  }

  /** Paid orders of the user, newest first. */
  async paidOrders(userId: string): Promise<OrderView[]> {
    return Promise.all((await this.parts.orders.paidOf(userId)).map((order) => this.parts.effects.view(order)));
  }

  /** One step from the order's state: the work, then the move order.ts decides, written. */
  private async step(order: StoredOrder): Promise<StepOutcome<never>> {
    const { effects, clock } = this.parts;
    const now = clock();
    switch (order.state) {
      case 'pending': {
        const reservedUntil = new Date(now.getTime() + RESERVATION_MS);
        const { seats, stock } = await effects.reserve(order, now, reservedUntil);
        let change = Order.reserve(order, seats, stock, reservedUntil, now);
        if (!isRefusal(change) && change.to === 'reserved') {
          // The code's use is claimed once seats and candy are taken; every use taken fails the order before any charge.
          const claimed = await effects.claimPromo(order);
          if (isRefusal(claimed)) {
            await effects.giveBack(order);
            return this.write(order, Order.promoRefused(order, claimed.message, now));
          }
          // Issue 41: the pass's ticket (the month's allowance and the show's day), claimed once; refused: nothing is charged.
          const passClaimed = await effects.claimPass(order);
          if (isRefusal(passClaimed)) {
            await effects.giveBack(order);
            return this.write(order, Order.passRefused(order, passClaimed.message, now));
          }
          // Issue 39: then the gift card pays what it can (its debit, once; written by the reserved move).
          if (order.giftCard) change = Order.reserveWithGiftCard(order, change, await effects.debitGiftCard(order), now);
          // Issue 41: then the points pay what they were asked for, of what is left (their spend, once; written by the same move).
          if (order.points && !isRefusal(change) && change.to === 'reserved') {
            const wanted = pointsToSpend(order, change.after.giftCard?.amount ?? 0);
            change = Order.reserveWithPoints(order, change, wanted, await effects.spendPoints(order, wanted), now);
          }
        }
        if (!isRefusal(change) && change.to !== 'reserved') await effects.giveBack(order);
        return this.write(order, change);
      }
      case 'reserved': {
        const charge = await effects.charge(order);
        if (charge.status !== 'succeeded') {
          await effects.giveBack(order);
          const declined = await this.write(order, Order.decline(order, charge.reason, charge.code, now));
          if (declined) paymentFailures.inc({ code: charge.code });
          return declined;
        }
        const sold = await effects.sell(order);
        if (!Order.soldAsOrdered(order, sold)) {
          const orderId = order._id.toHexString();
          this.parts.log?.error(
            { orderId, expected: order.seatLabels, sold, paymentId: charge.paymentId },
            'charged order could not sell its seats; refund needed',
          );
          await effects.releaseHeldPromo(order);
          return this.write(order, Order.unfulfilled(order, charge.paymentId, now));
        }
        await effects.settle(order);
        // The code's use is counted before the paid write: a crash between them leaves the order reserved, and the
        // sweep's drive charges again (the first payment answers), counts again (nothing more) and writes it paid.
        await effects.countPromo(order);
        // The code is claimed here and written by the paid write itself (one round trip, not two).
        const code = await this.parts.orders.claimCode(order);
        const paid = await this.write(order, Order.pay(order, charge.paymentId, code, now));
        if (paid) {
          purchases.inc();
          purchaseAmount.inc(order.total);
        }
        return paid;
      }
      default:
        return order;
    }
  }

  /** Writes the move; the order as written, or null when another driver moved it first. Its events go to the relay at once. */
  private async write(order: StoredOrder, change: Result<Order.OrderChange>): Promise<StoredOrder | null> {
    if (isRefusal(change) || !(await this.parts.orders.write(order, change))) return null;
    if (change.events.length > 0) this.parts.relay.nudge(order._id, change.events);
    return change.after;
  }

  private async answerFor(order: StoredOrder): Promise<CheckoutResult> {
    return Order.refusalOf(order) ?? { outcome: 'paid', order: await this.parts.effects.view(order) };
  }
}
