import type { OrderRefundable } from '@cine/contracts';
import { seatAmountOf } from './order-lines';
import type { OrderCandyLine, OrderDocument } from './order-model';

/** The parts of an order the refund rule reads. */
export type RefundableOrder = Pick<OrderDocument, 'seatLabels' | 'unitPrice' | 'lines' | 'candy' | 'refunds'>;

/** Seats and candy lines of one refund. */
export interface RefundLines {
  seatLabels: string[];
  candy: OrderCandyLine[];
}

/** What a candy line was paid: its total less a Cine Club tier's discount (issue 41). */
function candyPaid(line: Pick<OrderCandyLine, 'totalPrice' | 'discount'>): number {
  return line.totalPrice - (line.discount ?? 0);
}

/**
 * THE amount a refund of these lines returns: each seat its priced line's total as the order was made (an
 * order made before priced lines: its unit price), each candy line whole.
 */
export function refundAmount(order: Pick<RefundableOrder, 'unitPrice' | 'lines' | 'seatLabels'>, lines: RefundLines): number {
  return (
    lines.seatLabels.reduce((sum, seatLabel) => sum + seatAmountOf(order, seatLabel), 0) +
    lines.candy.reduce((sum, line) => sum + candyPaid(line), 0)
  );
}

/** Seats and candy lines of the order not refunded yet. */
export function stillPaid(order: RefundableOrder): RefundLines {
  const refunded = order.refunds ?? [];
  const seats = new Set(refunded.flatMap((refund) => refund.seatLabels));
  const candy = new Set(refunded.flatMap((refund) => refund.candy.map((line) => line.candyId)));
  return {
    seatLabels: order.seatLabels.filter((label) => !seats.has(label)),
    candy: order.candy.filter((line) => !candy.has(line.candyId)),
  };
}

/**
 * THE rule of what refunding the order can still give back, used by the refund itself (refunds.ts:
 * the whole order's lines and their amount) and by the preview every dialog shows (the order view's
 * `refundable`): each seat and candy line not refunded before, less the seats whose tickets were
 * admitted at the door (`admittedSeats`), each with what it returns.
 */
export function refundPreview(order: RefundableOrder, admittedSeats: readonly string[]): OrderRefundable & { lines: RefundLines } {
  const left = stillPaid(order);
  const admitted = new Set(admittedSeats);
  const lines: RefundLines = {
    seatLabels: left.seatLabels.filter((label) => !admitted.has(label)),
    candy: left.candy,
  };
  return {
    seats: order.seatLabels.map((seatLabel) => {
      const amount = refundAmount(order, { seatLabels: [seatLabel], candy: [] });
      if (!left.seatLabels.includes(seatLabel)) return { seatLabel, amount, refundable: false, reason: 'refunded' as const };
      if (admitted.has(seatLabel)) return { seatLabel, amount, refundable: false, reason: 'checked_in' as const };
      return { seatLabel, amount, refundable: true };
    }),
    candy: order.candy.map((line) =>
      left.candy.includes(line)
        ? { id: line.candyId, amount: candyPaid(line), refundable: true }
        : { id: line.candyId, amount: candyPaid(line), refundable: false, reason: 'refunded' as const },
    ),
    amount: refundAmount(order, lines),
    lines,
  };
}
