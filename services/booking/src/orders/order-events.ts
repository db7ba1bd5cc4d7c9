import type { OrderPaid, OrderRefunded } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { paymentsOf } from '../gift-cards/payment-parts';
import { linesOfSeats, linesTotal, orderLinesOf } from './order-lines';
import type { OrderCandyLine, OrderRefund, StoredOrder } from './order-model';

/** The events an order records in its outbox (order.ts decides when; the relay publishes them). */
export type OrderEvent = OrderPaid | OrderRefunded;

/** The order and its show, as order.paid and order.refunded both tell them. */
function orderFacts(order: StoredOrder) {
  return {
    orderId: order._id.toHexString(),
    ...(order.code === undefined ? {} : { orderCode: order.code }),
    userId: order.userId,
    movieId: order.movieId,
    title: order.title,
    showId: order.showId,
    date: order.date,
    schedule: order.schedule,
    roomId: order.roomId,
    // The show's cinema (issue 38); an order made before the chain has none: the first cinema's, as consumers read it.
    ...(order.cinema ? { cinema: order.cinema } : {}),
    type: order.type,
    ...(order.capacity === undefined ? {} : { capacity: order.capacity }),
  };
}

/** A candy line as the events carry it (the order's lines hold more). */
function paidCandyLine({ candyId, name, quantity, unitPrice, totalPrice, discount }: OrderCandyLine) {
  return { candyId, name, quantity, unitPrice, totalPrice, ...(discount ? { discount } : {}) };
}

/** order.paid, version 2: with the order's priced lines (an order made before them: every seat General at its unit price). */
export function orderPaidEvent(order: StoredOrder, paidAt: Date): OrderPaid {
  return createEvent('order.paid', {
    ...orderFacts(order),
    seats: order.seatLabels.length,
    seatLabels: order.seatLabels,
    ticketTotal: order.ticketTotal,
    lines: orderLinesOf(order),
    candy: order.candy.map(paidCandyLine),
    total: order.total,
    payments: paymentsOf(order),
    // Issue 39: what the code took off the lines (each line says its own), and the code.
    ...(order.promo ? { discount: order.discount ?? 0, promo: order.promo } : {}),
    paidAt: paidAt.toISOString(),
  });
}

/** order.refunded, version 2: with the refunded seats' lines as the order priced them; `ticketAmount` their sum. */
export function orderRefundedEvent(order: StoredOrder, refund: OrderRefund, refundedAt: Date): OrderRefunded {
  // A refund made before priced lines did not keep them: the order's lines of its seats.
  const lines = refund.lines ?? linesOfSeats(order, refund.seatLabels);
  const ticketAmount = linesTotal(lines);
  return createEvent('order.refunded', {
    refundId: refund.id,
    ...orderFacts(order),
    paidAt: (order.paidAt ?? order.updatedAt).toISOString(),
    seatLabels: refund.seatLabels,
    ticketAmount,
    lines,
    candy: refund.candy.map(paidCandyLine),
    amount: refund.amount,
    ...(refund.payments ? { payments: refund.payments } : {}),
    reason: refund.reason,
    by: refund.by,
    refundedAt: refundedAt.toISOString(),
  });
}
