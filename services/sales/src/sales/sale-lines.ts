import { GENERAL_TICKET_TYPE, type OrderPaid, type OrderRefunded } from '@cine/contracts';
import { netPriceOf } from './sale-figures';

/** What the reports keep of a sold ticket: its seat, type (code and name as sold) and what was paid for it (issue 39: its line's total less its discount). */
export interface SoldLine {
  seatLabel: string;
  type: string;
  typeName: string;
  total: number;
}

/** The name version-1 events mean: every seat a General ticket. */
const GENERAL_TYPE_NAME = 'General';

/**
 * Seats sold as General at `total` / seats, the remainder's cents on the first seats so the lines add
 * up to `total` (a version-1 order.paid, or a sale recorded before lines were kept).
 */
export function generalLines(seatLabels: readonly string[], total: number): SoldLine[] {
  const seats = seatLabels.length;
  if (seats === 0) return [];
  const each = Math.floor(total / seats);
  const extra = total - each * seats;
  return seatLabels.map((seatLabel, index) => ({
    seatLabel,
    type: GENERAL_TICKET_TYPE,
    typeName: GENERAL_TYPE_NAME,
    total: each + (index < extra ? 1 : 0),
  }));
}

/**
 * The tickets of a paid order as paid: its lines (version 2) each at its total less its promo discount
 * (issue 39), or every seat General at ticketTotal / seats (version 1).
 */
export function soldLinesOf(order: Pick<OrderPaid['data'], 'seats' | 'seatLabels' | 'ticketTotal' | 'lines'>): SoldLine[] {
  if (order.lines)
    return order.lines.map(({ seatLabel, type, typeName, total, discount }) => ({
      seatLabel,
      type,
      typeName,
      total: total - (discount ?? 0),
    }));
  // Labels for every seat, should an old order carry fewer labels than seats.
  const labels = Array.from({ length: order.seats }, (_, index) => order.seatLabels[index] ?? `#${index + 1}`);
  return generalLines(labels, order.ticketTotal);
}

/** A refund's own lines (version 2) as paid (less their discount); undefined in version 1, whose seats take their sale's lines (refundedLinesOf). */
export function refundLinesOf(refund: Pick<OrderRefunded['data'], 'lines'>): SoldLine[] | undefined {
  return refund.lines?.map(({ seatLabel, type, typeName, total, discount }) => ({
    seatLabel,
    type,
    typeName,
    total: total - (discount ?? 0),
  }));
}

/**
 * The lines a refund took back: its own (version 2), or each refunded seat's line of the sale, a seat
 * the sale does not list at the sale's per-seat price as General (version 1).
 */
export function refundedLinesOf(
  refund: { seatLabels: readonly string[]; lines?: SoldLine[] },
  sale: { seats: number; totalPrice: number; lines?: SoldLine[] },
): SoldLine[] {
  if (refund.lines) return refund.lines;
  const saleLines =
    sale.lines ??
    generalLines(
      Array.from({ length: sale.seats }, (_, index) => `#${index + 1}`),
      sale.totalPrice,
    );
  const perSeat = sale.seats > 0 ? Math.round(sale.totalPrice / sale.seats) : 0;
  return refund.seatLabels.map(
    (seatLabel) =>
      saleLines.find((line) => line.seatLabel === seatLabel) ?? {
        seatLabel,
        type: GENERAL_TICKET_TYPE,
        typeName: GENERAL_TYPE_NAME,
        total: perSeat,
      },
  );
}

/** A ticket type's figures in a show-day: sold and refunded, each only growing (as TicketFigures). */
export interface TypeFigures {
  tickets: number;
  totalPrice: number;
  netPrice: number;
  refundedTickets: number;
  refundedPrice: number;
  refundedNet: number;
}

const zero = (): TypeFigures => ({ tickets: 0, totalPrice: 0, netPrice: 0, refundedTickets: 0, refundedPrice: 0, refundedNet: 0 });

/** Sold and refunded lines added up per ticket type code. */
export function typeFiguresOf(sold: readonly SoldLine[], refunded: readonly SoldLine[]): Record<string, TypeFigures> {
  const byType: Record<string, TypeFigures> = {};
  for (const line of sold) {
    const figures = (byType[line.type] ??= zero());
    figures.tickets += 1;
    figures.totalPrice += line.total;
  }
  for (const line of refunded) {
    const figures = (byType[line.type] ??= zero());
    figures.refundedTickets += 1;
    figures.refundedPrice += line.total;
  }
  for (const figures of Object.values(byType)) {
    figures.netPrice = netPriceOf(figures.totalPrice);
    figures.refundedNet = netPriceOf(figures.refundedPrice);
  }
  return byType;
}

/** What the order's lines or `ticketTotal` say of the tickets: what was paid for them, and what the promo took off. */
export function paidTicketsOf(order: Pick<OrderPaid['data'], 'ticketTotal' | 'lines' | 'discount'>): { paid: number; discount: number } {
  if (order.lines) {
    const onLines = order.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
    // The discount is kept on the lines; an order that told it only as a whole still counts it.
    const discount = onLines > 0 ? onLines : Math.max(0, order.discount ?? 0);
    return { paid: order.lines.reduce((sum, line) => sum + line.total, 0) - discount, discount };
  }
  // Version 1 (no lines) was sold before promo codes: nothing off.
  return { paid: order.ticketTotal, discount: 0 };
}

/** The same of a refund: what it gave back of the tickets, and the discount its lines had had (no longer given). */
export function refundedTicketsOf(refund: Pick<OrderRefunded['data'], 'ticketAmount' | 'lines'>): { paid: number; discount: number } {
  if (refund.lines) {
    const discount = refund.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
    return { paid: refund.lines.reduce((sum, line) => sum + line.total, 0) - discount, discount };
  }
  return { paid: refund.ticketAmount, discount: 0 };
}
