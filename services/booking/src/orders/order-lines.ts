import type { PricedLine } from '@cine/contracts';
import { singlePriceLines } from '../pricing/show-pricing';
import type { StoredOrder } from './order-model';

/** What an order's lines are read from. */
export type PricedOrder = Pick<StoredOrder, 'lines' | 'seatLabels' | 'unitPrice'>;

/** The order's priced lines as stored when it was made; an order made before priced lines: every seat General at its unit price. */
export function orderLinesOf(order: PricedOrder): PricedLine[] {
  return order.lines ?? singlePriceLines(order.seatLabels, order.unitPrice);
}

/** The order's lines of these seats, in the order's seat order. */
export function linesOfSeats(order: PricedOrder, seatLabels: readonly string[]): PricedLine[] {
  const wanted = new Set(seatLabels);
  return orderLinesOf(order).filter((line) => wanted.has(line.seatLabel));
}

/** What one seat of the order was paid: its line's total less its promo discount (an order without lines: its unit price). */
export function seatAmountOf(order: PricedOrder, seatLabel: string): number {
  const line = order.lines?.find((candidate) => candidate.seatLabel === seatLabel);
  return line ? line.total - (line.discount ?? 0) : order.unitPrice;
}

/** The sum of the lines' totals. */
export function linesTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.total, 0);
}
