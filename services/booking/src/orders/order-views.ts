import type { CinemaPlace, OrderRefundState, OrderView } from '@cine/contracts';
import type { Cinemas } from '../cinemas/cinemas';
import { paymentsOf } from '../gift-cards/payment-parts';
import { buyerCancellableUntil } from './cancellation';
import { linesOfSeats, orderLinesOf } from './order-lines';
import type { StoredOrder } from './order-model';
import type { OrdersRepository } from './orders-repository';
import { refundPreview } from './refund-rules';

/** The order as the API shows it, read with what it needs: its short code and the seats used at the door. */
export class OrderViews {
  constructor(
    private readonly orders: Pick<OrdersRepository, 'codeOf'>,
    /** Seats of the order whose tickets were admitted at the door (tickets/tickets.ts). */
    private readonly admittedSeats: (orderId: string, seatLabels: readonly string[]) => Promise<string[]>,
    /** Buyers cancel up to this long before the show. */
    readonly cancellationWindowMinutes: number,
    /** The chain's cinemas: an order's is its room's (an order made before the chain: the first cinema's). */
    private readonly cinemas: Pick<Cinemas, 'placeOfRoom' | 'zoneOfRoom' | 'findRoom'>,
  ) {}

  /** Until when the buyer may cancel: the show's start (its cinema's wall time) less the window (a moved show: its start). */
  cancellableUntil(order: Pick<StoredOrder, 'date' | 'schedule' | 'showMovedAt' | 'roomId' | 'cinema'>): Date {
    return buyerCancellableUntil(order, this.cancellationWindowMinutes, order.cinema?.timeZone ?? this.cinemas.zoneOfRoom(order.roomId));
  }

  /**
   * The order as the API shows it: with its short code (an order paid before codes gets one now) and what a
   * refund can still give back. `lookAtTheDoor: false` (the search's rows, which do not show it) skips reading
   * the tickets, so `refundable` then ignores the seats used at the door.
   */
  async view(order: StoredOrder, lookAtTheDoor = true): Promise<OrderView> {
    const [code, admitted] = await Promise.all([
      this.orders.codeOf(order),
      // Before its tickets are issued none can have been used (and looking for them would read every ticket on FerretDB).
      lookAtTheDoor && order.ticketsIssuedAt ? this.admittedSeats(order._id.toHexString(), order.seatLabels) : [],
    ]);
    await this.cinemas.findRoom(order.roomId);
    return orderViewOf({ ...order, code }, this.cancellableUntil(order), admitted, this.cinemas.placeOfRoom(order.roomId));
  }
}

/** Every seat and candy line refunded: 'refunded'; some: 'partially_refunded'. */
function refundStateOf(order: StoredOrder): OrderRefundState {
  const refunded = order.refundedAmount ?? 0;
  if (refunded === 0) return 'paid';
  return refunded >= order.total ? 'refunded' : 'partially_refunded';
}

/** The order as the API shows it, with its code; the buyer may cancel it until `cancellableUntil`; `admittedSeats` were used at the door. */
function orderViewOf(
  order: StoredOrder & { code: string },
  cancellableUntil: Date,
  admittedSeats: readonly string[],
  cinema: CinemaPlace,
): OrderView {
  const { lines: _lines, ...refundable } = refundPreview(order, admittedSeats);
  return {
    id: order._id.toHexString(),
    code: order.code,
    movieId: order.movieId,
    title: order.title,
    showId: order.showId,
    date: order.date,
    day: order.day,
    schedule: order.schedule,
    roomId: order.roomId,
    cinema,
    type: order.type,
    seats: order.seatLabels.length,
    seatLabels: order.seatLabels,
    lines: orderLinesOf(order),
    ticketTotal: order.ticketTotal,
    candy: order.candy.map(({ candyId, name, picture, quantity, unitPrice, totalPrice, discount }) => ({
      id: candyId,
      name,
      picture,
      quantity,
      unitPrice,
      totalPrice,
      ...(discount ? { discount } : {}),
    })),
    total: order.total,
    discount: order.discount ?? 0,
    ...(order.promo ? { promo: order.promo } : {}),
    payments: paymentsOf(order),
    paidAt: (order.paidAt ?? order.updatedAt).toISOString(),
    state: refundStateOf(order),
    refundedAmount: order.refundedAmount ?? 0,
    refunds: (order.refunds ?? []).map((refund) => ({
      id: refund.id,
      seatLabels: refund.seatLabels,
      lines: refund.lines ?? linesOfSeats(order, refund.seatLabels),
      candy: refund.candy.map(({ candyId, name, quantity, totalPrice }) => ({ id: candyId, name, quantity, totalPrice })),
      amount: refund.amount,
      ...(refund.payments ? { payments: refund.payments } : {}),
      by: refund.by,
      refundedAt: (refund.refundedAt ?? refund.requestedAt).toISOString(),
    })),
    cancellableUntil: cancellableUntil.toISOString(),
    refundable,
  };
}
