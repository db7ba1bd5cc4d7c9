import { createHash } from 'node:crypto';
import type { CartCandyLine, CheckoutRequest, OrderView } from '@cine/contracts';
import type { OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CandyProjection, CandyReservationLine } from '../candy/candy-projection';
import { notEnoughCandy, type Cart } from '../cart/cart';
import type { CartRepository } from '../cart/cart-repository';
import type { PaymentProvider } from '../payments';
import { MOVIE_WITHDRAWN, SHOW_CANCELLED } from '../shows/booking-errors';
import type { HeldTickets, ShowTerms } from '../shows/seat-inventory';
import { IN_PROGRESS_STATES, type OrderCandyLine, type OrderState } from './order-model';
import type { OrdersRepository, StoredOrder } from './orders-repository';
import type { SeatReservations } from './seat-reservations';
import { paymentFailures, purchaseAmount, purchases } from '../metrics';

const NOTHING_HELD = 'No tienes entradas reservadas para esta función. Vuelve a elegir tus entradas.';
const PAYMENT_IN_PROGRESS = 'El pago ya está en proceso.';
const HOLD_EXPIRED = 'Tu reserva expiró. Vuelve a elegir tus entradas.';
const SEATS_CHANGED = 'Tus entradas reservadas cambiaron durante el pago. Revisa tu carrito y vuelve a pagar.';
const SHOW_CHANGED =
  'La función cambió mientras pagabas (película, fecha, horario, sala, formato o precio). Revisa tu carrito y vuelve a pagar.';
const SEATS_LOST = 'No pudimos confirmar tus asientos después del cobro. El cine se comunicará contigo para devolverte el dinero.';

function ticketCountMismatch(asked: number, held: number): string {
  return `Pediste pagar ${asked} ${asked === 1 ? 'entrada' : 'entradas'}, pero tu carrito tiene ${held} reservadas para esta función.`;
}

/** How long the seats stay reserved for an order while its card is charged. */
const RESERVATION_MS = 15 * 60_000;

export type CheckoutResult =
  | { outcome: 'paid'; order: OrderView }
  /** `reason`: the provider's message (kept in the order); `code`: its error code. */
  | { outcome: 'declined'; reason: string; code: string }
  /** Nothing was charged: answered as 409 with the message. */
  | { outcome: 'refused'; message: string };

const refused = (message: string): CheckoutResult => ({ outcome: 'refused', message });

/** Same user, show, seats, candy and card: the same purchase. */
function orderKey(
  userId: string,
  showId: string,
  seatLabels: readonly string[],
  candy: readonly CartCandyLine[],
  paymentMethodId: string,
): string {
  const lines = candy.map((line) => [line.id, line.quantity]).sort(([a], [b]) => String(a).localeCompare(String(b)));
  return createHash('sha256')
    .update(JSON.stringify([userId, showId, [...seatLabels].sort(), lines, paymentMethodId]))
    .digest('base64url');
}

function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  const sortedB = [...b].sort();
  return a.length === b.length && [...a].sort().every((label, i) => label === sortedB[i]);
}

const termsOf = ({ movieId, date, schedule, roomId, type, unitPrice }: StoredOrder): ShowTerms => ({
  movieId,
  date,
  schedule,
  roomId,
  type,
  price: unitPrice,
});

const reservationLines = (order: StoredOrder): CandyReservationLine[] =>
  order.candy.map(({ candyId, name, quantity }) => ({ candyId, name, quantity }));

/**
 * The checkout as a state machine over one order document
 * (pending → reserved → paid, or declined / expired / failed / unfulfilled).
 * Every step is idempotent and ends in one conditional write of the order, so
 * a crash anywhere leaves an order that `drive` (the request, or later the
 * recovery sweep) takes forward from where it stopped: the seat and stock
 * reservations are tagged with the order id, and the charge carries the order
 * id as idempotency key, so repeating a step never reserves, charges or sells
 * twice. The charge has no state of its own: a crash after it leaves the order
 * reserved, and charging it again answers the first payment.
 */
export class Checkout {
  constructor(
    private readonly seats: SeatReservations,
    private readonly cart: Cart,
    private readonly carts: CartRepository,
    private readonly candy: CandyProjection,
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentProvider,
    private readonly relay: OutboxRelay,
    /** The order as the API shows it (with its refunds: refunds.ts). */
    private readonly view: (order: StoredOrder) => OrderView,
    private readonly clock: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The body of POST /movies/checkout; the route has checked that the caller may pay as `idUser`. */
  async checkout({ idUser: userId, show: showId, ticket, paymentMethodId }: CheckoutRequest): Promise<CheckoutResult> {
    const now = this.clock();
    // The candy lines are read beside the hold (independent reads: one round trip less to wait for).
    const [hold, candy] = await Promise.all([this.seats.heldOn(userId, showId, now), this.cart.candyLines(userId)]);
    if (!hold) {
      // The same request again after its seats were sold (or given back): answer what became of it.
      const earlier = await this.orders.latestFor(userId, showId, paymentMethodId, new Date(now.getTime() - RESERVATION_MS));
      return earlier && earlier.seatLabels.length === ticket ? this.answerFor(earlier) : refused(NOTHING_HELD);
    }
    if (hold.seatLabels.length !== ticket) return refused(ticketCountMismatch(ticket, hold.seatLabels.length));
    if (hold.offSale) return refused(hold.offSale);

    const key = orderKey(userId, showId, hold.seatLabels, candy, paymentMethodId);
    const order = await this.orders.insertPending(this.newOrder(userId, hold, candy, paymentMethodId, key), now);
    if (!order) {
      const same = await this.orders.findByKey(key);
      return same ? this.answerFor(same) : refused(PAYMENT_IN_PROGRESS);
    }
    return this.drive(order);
  }

  /** Takes the order forward until it ends (paid, declined, expired, failed); throws when the provider fails, leaving it for the sweep. */
  async drive(start: StoredOrder): Promise<CheckoutResult> {
    let order: StoredOrder | null = start;
    while (order && IN_PROGRESS_STATES.includes(order.state)) {
      const next = await this.step(order);
      // A lost conditional write means another driver moved the order: continue from what it wrote.
      order = next ?? (await this.orders.findById(order._id));
    }
    if (!order) throw new Error(`order ${start._id.toHexString()} disappeared`);
    // A paid order stays marked until the relay has published its order.paid (the plugin's `settled`).
    if (order.state !== 'paid') await this.orders.ended(order._id);
    return this.answerFor(order);
  }

  /** Paid orders of the user, newest first. */
  async paidOrders(userId: string): Promise<OrderView[]> {
    return (await this.orders.paidOf(userId)).map(this.view);
  }

  /** One step from the order's state; the order as written, or null when another driver changed it first. */
  private async step(order: StoredOrder): Promise<StoredOrder | null> {
    const now = this.clock();
    const id = order._id.toHexString();
    switch (order.state) {
      case 'pending': {
        const reservedUntil = new Date(now.getTime() + RESERVATION_MS);
        const reservation = await this.seats.reserveForOrder(order.showId, order.userId, id, termsOf(order), now, reservedUntil);
        if (reservation.outcome === 'terms-changed') return this.giveUp(order, 'failed', SHOW_CHANGED);
        if (reservation.outcome === 'withdrawn') return this.giveUp(order, 'failed', MOVIE_WITHDRAWN);
        if (reservation.outcome === 'cancelled') return this.giveUp(order, 'failed', SHOW_CANCELLED);
        if (reservation.seatLabels.length === 0) return this.giveUp(order, 'expired', HOLD_EXPIRED);
        if (!sameLabels(reservation.seatLabels, order.seatLabels)) return this.giveUp(order, 'failed', SEATS_CHANGED);
        const stock = await this.candy.reserve(id, reservationLines(order));
        if (!stock.ok) return this.giveUp(order, 'failed', notEnoughCandy(stock.item.name, stock.available));
        return this.advance(order, 'reserved', { reservedUntil }, now);
      }
      case 'reserved': {
        const charge = await this.payments.charge({
          amount: order.total,
          currency: 'usd',
          paymentMethodId: order.paymentMethodId,
          idempotencyKey: id,
          description: `Cine: ${order.title}, ${order.date} ${order.schedule}, sala ${order.roomId}, ${order.seatLabels.join(' ')}`,
        });
        if (charge.status !== 'succeeded') {
          await this.compensate(order);
          const declined = await this.finish(order, 'declined', { declineReason: charge.reason, declineCode: charge.code }, now);
          if (declined) paymentFailures.inc({ code: charge.code });
          return declined;
        }
        const paymentId = charge.paymentId;
        const sold = await this.seats.sellForOrder(order.showId, id);
        if (!sameLabels(sold, order.seatLabels)) {
          this.log?.error(
            { orderId: id, expected: order.seatLabels, sold, paymentId },
            'charged order could not sell its seats; refund needed',
          );
          return this.finish(order, 'unfulfilled', { failure: SEATS_LOST, paymentId }, now);
        }
        await this.candy.commit(id, reservationLines(order));
        await this.carts.removePaid(order.userId, order.candy);
        const event = await this.orders.markPaid(order, paymentId, now);
        if (!event) return null;
        purchases.inc();
        purchaseAmount.inc(order.total);
        this.relay.nudge(order._id, [event]);
        return { ...order, state: 'paid', paymentId, paidAt: now, updatedAt: now };
      }
      default:
        return order;
    }
  }

  private async giveUp(order: StoredOrder, state: 'expired' | 'failed', failure: string): Promise<StoredOrder | null> {
    await this.compensate(order);
    return this.finish(order, state, { failure }, this.clock());
  }

  /** Gives back the stock and the seats (to the user's hold, until it would have ended); idempotent. */
  private async compensate(order: StoredOrder): Promise<void> {
    const id = order._id.toHexString();
    await this.candy.release(id, reservationLines(order));
    await this.seats.releaseOrderReservation(order.showId, id, order.heldUntil);
  }

  private async advance(order: StoredOrder, to: OrderState, fields: Partial<StoredOrder>, now: Date): Promise<StoredOrder | null> {
    return (await this.orders.advance(order, order.state, to, fields, now)) ? { ...order, ...fields, state: to, updatedAt: now } : null;
  }

  private async finish(
    order: StoredOrder,
    to: 'declined' | 'expired' | 'failed' | 'unfulfilled',
    fields: Partial<StoredOrder>,
    now: Date,
  ): Promise<StoredOrder | null> {
    return (await this.orders.finish(order, order.state, to, fields, now)) ? { ...order, ...fields, state: to, updatedAt: now } : null;
  }

  private answerFor(order: StoredOrder): CheckoutResult {
    switch (order.state) {
      case 'paid':
        return { outcome: 'paid', order: this.view(order) };
      case 'declined':
        return {
          outcome: 'declined',
          reason: order.declineReason ?? 'Your card was declined.',
          code: order.declineCode ?? 'card_declined',
        };
      case 'expired':
        return refused(HOLD_EXPIRED);
      case 'failed':
      case 'unfulfilled':
        return refused(order.failure ?? SEATS_CHANGED);
      default:
        return refused(PAYMENT_IN_PROGRESS);
    }
  }

  private newOrder(
    userId: string,
    { show, seatLabels, heldUntil }: HeldTickets,
    candy: CartCandyLine[],
    paymentMethodId: string,
    key: string,
  ) {
    const lines: OrderCandyLine[] = candy.map(({ id, name, picture, quantity, unitPrice, totalPrice }) => ({
      candyId: id,
      name,
      picture,
      quantity,
      unitPrice,
      totalPrice,
    }));
    const ticketTotal = show.price * seatLabels.length;
    return {
      key,
      userId,
      showId: show.id,
      movieId: show.movieId,
      title: show.movie.Title,
      date: show.date,
      day: show.day,
      schedule: show.schedule,
      roomId: show.roomId,
      type: show.type,
      capacity: show.capacity,
      unitPrice: show.price,
      seatLabels: [...seatLabels],
      ticketTotal,
      candy: lines,
      total: ticketTotal + lines.reduce((sum, line) => sum + line.totalPrice, 0),
      paymentMethodId,
      heldUntil,
    };
  }
}
