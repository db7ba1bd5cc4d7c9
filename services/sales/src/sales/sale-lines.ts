import { GENERAL_TICKET_TYPE, type OrderPaid, type OrderRefunded } from '@cine/contracts';
import { netPriceOf } from './sale-figures';

/** What the reports keep of a sold ticket: its seat, type (code and name as sold) and line total. */
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

/** The tickets of a paid order: its lines (version 2), or every seat General at ticketTotal / seats (version 1). */
export function soldLinesOf(order: Pick<OrderPaid['data'], 'seats' | 'seatLabels' | 'ticketTotal' | 'lines'>): SoldLine[] {
  if (order.lines) return order.lines.map(({ seatLabel, type, typeName, total }) => ({ seatLabel, type, typeName, total }));
  // Labels for every seat, should an old order carry fewer labels than seats.
  const labels = Array.from({ length: order.seats }, (_, index) => order.seatLabels[index] ?? `#${index + 1}`);
  return generalLines(labels, order.ticketTotal);
}

/** A refund's own lines (version 2); undefined in version 1, whose seats take their sale's lines (refundedLinesOf). */
export function refundLinesOf(refund: Pick<OrderRefunded['data'], 'lines'>): SoldLine[] | undefined {
  return refund.lines?.map(({ seatLabel, type, typeName, total }) => ({ seatLabel, type, typeName, total }));
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
