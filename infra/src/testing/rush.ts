import type { Connection } from 'mongoose';
import type { BenchBuyer } from '../bench/bench-kit';
import { api } from './gateway-api';

/** What one buyer's purchase (one seat held, then paid) was answered, every attempt's status in order. */
export interface RushPurchase {
  buyer: BenchBuyer;
  holdStatuses: number[];
  checkoutStatuses: number[];
  /** Each failed attempt's status and answer (or the network error), for the test's message. */
  failures: string[];
}

export const isFailure = (status: number) => status === 0 || status >= 500;

/** A seeded show with at least `seats` free seats that starts no sooner than in 30 minutes, not used before. */
export async function freeShow(base: string, seats: number, used: Set<string>): Promise<string> {
  const shows = (await api(base, 'GET', '/show/all')).json as Array<{ id: string; seats: number; startsAt: string }>;
  const earliest = Date.now() + 30 * 60_000;
  const show = shows.find((candidate) => candidate.seats >= seats && !used.has(candidate.id) && Date.parse(candidate.startsAt) >= earliest);
  if (!show) throw new Error(`no show with ${seats} free seats`);
  used.add(show.id);
  return show.id;
}

async function call(base: string, path: string, buyer: BenchBuyer, body: unknown, failures: string[]): Promise<number> {
  const answer = await api(base, 'POST', path, { token: buyer.token, body, forwardedFor: buyer.address }).catch((error: unknown) => ({
    status: 0,
    json: String((error as Error).cause ?? error),
  }));
  if (isFailure(answer.status)) failures.push(`${path} ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.status;
}

/**
 * Buyers each buy one seat of a show, `concurrency` at a time, as browsers would; `onPaid` hears each
 * count of paid purchases (a test stops a node or kills an instance at some count). With `retry`,
 * an attempt that got no answer or a 5xx is sent again, as a buyer presses "Pagar" again: the
 * checkout answers a repeated request with the order's outcome.
 */
export async function rush(
  base: string,
  showId: string,
  buyers: readonly BenchBuyer[],
  { concurrency, retry = false, onPaid }: { concurrency: number; retry?: boolean; onPaid?: (paid: number) => Promise<void> | void },
): Promise<RushPurchase[]> {
  const queue = [...buyers];
  const purchases: RushPurchase[] = [];
  let paid = 0;
  const attempt = async (path: string, buyer: BenchBuyer, body: unknown, statuses: number[], failures: string[]) => {
    for (let tries = 0; tries < (retry ? 10 : 1); tries++) {
      const status = await call(base, path, buyer, body, failures);
      statuses.push(status);
      if (!isFailure(status)) return status;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return statuses.at(-1) as number;
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let buyer = queue.shift(); buyer; buyer = queue.shift()) {
        const purchase: RushPurchase = { buyer, holdStatuses: [], checkoutStatuses: [], failures: [] };
        purchases.push(purchase);
        const held = await attempt(
          '/tickets/addTickets',
          buyer,
          { userId: buyer.id, seats: 1, showId },
          purchase.holdStatuses,
          purchase.failures,
        );
        if (held !== 200) continue;
        const checkout = { idUser: buyer.id, show: showId, ticket: 1, paymentMethodId: 'pm_card_visa' };
        if ((await attempt('/movies/checkout', buyer, checkout, purchase.checkoutStatuses, purchase.failures)) === 200) {
          paid += 1;
          await onPaid?.(paid);
        }
      }
    }),
  );
  return purchases;
}

interface StoredOrder {
  _id: unknown;
  state: string;
  userId: string;
  seatLabels: string[];
}

/**
 * The ledger is exact for a show: booking's paid orders and sales' records are the same order ids
 * with the same seats, no seat is in two paid orders, and each paid order's seats are sold to it in
 * the show. Waits up to `timeoutMs` for the events still on their way; answers the paid orders.
 */
export async function expectExactLedger(booking: Connection, sales: Connection, showId: string, timeoutMs: number): Promise<StoredOrder[]> {
  const paidOrders = async () =>
    (await booking.collection<StoredOrder>('orders').find({ showId, state: 'paid' }).toArray()) as StoredOrder[];
  const sales_ = async () => sales.collection<{ _id: string; seats: number }>('sales').find({ showId }).toArray();
  const deadline = Date.now() + timeoutMs;
  let paid = await paidOrders();
  let sold = await sales_();
  while (Date.now() < deadline && sold.length !== paid.length) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    paid = await paidOrders();
    sold = await sales_();
  }
  const expected = paid
    .map((order) => ({ id: String(order._id), seats: order.seatLabels.length }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const recorded = sold.map((sale) => ({ id: String(sale._id), seats: sale.seats })).sort((a, b) => a.id.localeCompare(b.id));
  expect(recorded).toEqual(expected);
  const labels = paid.flatMap((order) => order.seatLabels);
  expect(new Set(labels).size).toBe(labels.length);
  const { Types } = await import('mongoose');
  const show = await booking
    .collection<{ seats: Array<{ label: string; state: string; orderId?: string }> }>('shows')
    .findOne({ _id: new Types.ObjectId(showId) } as never);
  const soldTo = new Map((show?.seats ?? []).filter((seat) => seat.state === 'sold').map((seat) => [seat.label, seat.orderId]));
  for (const order of paid)
    for (const label of order.seatLabels) expect({ label, orderId: soldTo.get(label) }).toEqual({ label, orderId: String(order._id) });
  expect(soldTo.size).toBe(labels.length);
  return paid;
}
