import type { OrderPaid } from '@cine/contracts';
import type { StoredOrder } from './order-model';

/** What the order search narrows paid orders by; paidAt in [from, to) (ms since the epoch). */
export interface PaidOrderFilter {
  ids?: readonly string[];
  userIds?: ReadonlySet<string>;
  /** An order matches by `ids` or by `userIds` (a code that may also be part of a name), not both. */
  either?: boolean;
  movieId?: string;
  /** The rooms of the cinemas searched (a manager's, or `?cinemaId=`): an order's room names its cinema. */
  roomIds?: ReadonlySet<number>;
  from?: number;
  to?: number;
}

interface IndexedOrder {
  id: string;
  userId: string;
  movieId: string;
  roomId: number;
  paidAt: number;
}

/**
 * Each booking process's copy of what the back office searches paid orders by (id, buyer,
 * movie, when paid: facts a refund never changes), newest paid first. On the embedded
 * FerretDB any filter but `_id` reads the whole orders collection, twice for a page and its
 * count: this copy answers both in memory, and the page's orders are then read by `_id`.
 * Loaded from the orders on the first search and fed by every order.paid (a fan-out to every
 * instance, `booking.order-search`); an order heard twice is kept once. About 150 bytes an order.
 */
export class PaidOrderIndex {
  private readonly byId = new Map<string, IndexedOrder>();
  /** Newest paid first; null when an order was added since it was sorted. */
  private sorted: IndexedOrder[] | null = [];
  private loading: Promise<void> | undefined;

  constructor(private readonly paidOrders: () => AsyncIterable<StoredOrder>) {}

  /** The consumer of subscriptions.orderSearch. */
  async handle(event: OrderPaid): Promise<void> {
    const { orderId, userId, movieId, roomId, paidAt } = event.data;
    this.add({ id: orderId, userId, movieId, roomId, paidAt: Date.parse(paidAt) });
  }

  /** The ids of one page of the paid orders matching `filter`, newest paid first, and how many match. */
  async search(filter: PaidOrderFilter, skip: number, limit: number): Promise<{ ids: string[]; total: number }> {
    await this.loaded();
    const wanted = filter.ids ? new Set(filter.ids) : undefined;
    const matching = this.newestFirst().filter(
      (order) =>
        (filter.either
          ? wanted?.has(order.id) === true || filter.userIds?.has(order.userId) === true
          : (!wanted || wanted.has(order.id)) && (!filter.userIds || filter.userIds.has(order.userId))) &&
        (!filter.movieId || order.movieId === filter.movieId) &&
        (!filter.roomIds || filter.roomIds.has(order.roomId)) &&
        (filter.from === undefined || order.paidAt >= filter.from) &&
        (filter.to === undefined || order.paidAt < filter.to),
    );
    return { ids: matching.slice(skip, skip + limit).map((order) => order.id), total: matching.length };
  }

  private add(order: IndexedOrder): void {
    if (this.byId.has(order.id)) return;
    this.byId.set(order.id, order);
    this.sorted = null;
  }

  private newestFirst(): IndexedOrder[] {
    this.sorted ??= [...this.byId.values()].sort((a, b) => b.paidAt - a.paidAt || b.id.localeCompare(a.id));
    return this.sorted;
  }

  /** Every paid order read once, on the first search (a failed read is tried again by the next). */
  private loaded(): Promise<void> {
    this.loading ??= (async () => {
      for await (const order of this.paidOrders()) {
        const id = order._id.toHexString();
        this.add({
          id,
          userId: order.userId,
          movieId: order.movieId,
          roomId: order.roomId,
          paidAt: (order.paidAt ?? order.updatedAt).getTime(),
        });
      }
    })().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}
