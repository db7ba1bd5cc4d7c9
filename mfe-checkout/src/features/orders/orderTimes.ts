import type { OrderView } from '@cine/contracts';
import { hasStarted } from '@cine/web-kit';

/**
 * 'Mis compras' order: shows still to come first, the soonest at the top (the next one is what a
 * buyer looks for), then the shows already seen, newest purchase first (as the history answers them).
 */
export function purchasesInOrder(orders: readonly OrderView[], now: Date): { upcoming: OrderView[]; past: OrderView[] } {
  const upcoming = orders
    .filter((order) => !hasStarted(order.date, order.schedule, now))
    .sort((a, b) => `${a.date} ${a.schedule}`.localeCompare(`${b.date} ${b.schedule}`));
  const past = orders.filter((order) => hasStarted(order.date, order.schedule, now));
  return { upcoming, past };
}
