import type { OrderPaid, OrderRefunded, Page } from '@cine/contracts';
import { isDuplicateKeyError, type OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CandyListQuery, CandyRepository, CandyView } from './candy/candy-repository';
import { checkCandyForm, type CandyFields, type CandyForm } from './candy/candy-rules';
import { pictureUrl } from './candy/pictures';
import { seedCandy } from './candy/seed-candy';

const FORM_FIELDS = ['name', 'price', 'picture', 'quantity'] as const;

export type CandyWrite =
  { outcome: 'saved'; candy: CandyView } | { outcome: 'invalid'; message: string } | { outcome: 'name-taken' } | { outcome: 'not-found' };

/** The concession stand's use cases: the admin's items with their events, searches, stock after a sale. */
export class CandyStand {
  constructor(
    private readonly items: CandyRepository,
    private readonly relay: OutboxRelay,
    private readonly logger: FastifyBaseLogger,
  ) {}

  all(): Promise<CandyView[]> {
    return this.items.all();
  }

  /** The back office's Candy: whose name contains `q`, sorted, paged with `page`. */
  list(query: CandyListQuery): Promise<Page<CandyView> | CandyView[]> {
    return this.items.findList(query);
  }

  search(name: string): Promise<CandyView[]> {
    return this.items.search(name);
  }

  async create(form: CandyForm): Promise<CandyWrite> {
    const checked = checkCandyForm(form);
    if (!checked.ok) return { outcome: 'invalid', message: checked.message };
    try {
      const candy = await this.items.insert(checked.candy);
      this.relay.nudge(candy.id);
      return { outcome: 'saved', candy };
    } catch (error) {
      if (isDuplicateKeyError(error)) return { outcome: 'name-taken' };
      throw error;
    }
  }

  /** Fields left out keep their value; the result must pass every rule of the form. */
  async update(id: string, changes: CandyForm): Promise<CandyWrite> {
    const current = await this.items.findById(id);
    if (!current) return { outcome: 'not-found' };
    const checked = checkCandyForm({ ...current, ...changes });
    if (!checked.ok) return { outcome: 'invalid', message: checked.message };
    const sent = FORM_FIELDS.filter((field) => changes[field] !== undefined);
    const changed = Object.fromEntries(sent.map((field) => [field, checked.candy[field]])) as Partial<CandyFields>;
    try {
      const candy = await this.items.update(id, checked.candy, changed);
      if (!candy) return { outcome: 'not-found' };
      this.relay.nudge(candy.id);
      return { outcome: 'saved', candy };
    } catch (error) {
      if (isDuplicateKeyError(error)) return { outcome: 'name-taken' };
      throw error;
    }
  }

  /** False when there is no such item. */
  async delete(id: string): Promise<boolean> {
    const candy = await this.items.findById(id);
    if (!candy || !(await this.items.markDeleted(candy))) return false;
    this.relay.nudge(candy.id);
    return true;
  }

  /**
   * A paid order's candy leaves the stock. No candy.updated is recorded:
   * booking reserved this stock in its projection when it took the payment.
   */
  async takeSoldStock(order: OrderPaid['data']): Promise<void> {
    const sold = new Map<string, number>();
    for (const line of order.candy) sold.set(line.candyId, (sold.get(line.candyId) ?? 0) + line.quantity);
    for (const [candyId, quantity] of sold) {
      const outcome = await this.items.decrementStock(candyId, quantity, order.orderId);
      if (outcome === 'clamped-at-zero') {
        this.logger.warn({ orderId: order.orderId, candyId, sold: quantity }, 'sold more candy than the stock held; stock set to 0');
      } else if (outcome === 'unknown') {
        this.logger.warn({ orderId: order.orderId, candyId }, 'paid order names a candy item this service does not have');
      }
    }
  }

  /** A refund's candy goes back to the stock (booking gave it back in its projection when it refunded). */
  async giveBackRefundedStock(refund: OrderRefunded['data']): Promise<void> {
    for (const line of refund.candy) {
      if (!(await this.items.incrementStock(line.candyId, line.quantity, refund.refundId))) {
        this.logger.info({ refundId: refund.refundId, candyId: line.candyId }, 'refunded candy already given back, or unknown here');
      }
    }
  }

  /** On first start (no item ever stored): the seeded items, each with its candy.created. */
  async seedIfEmpty(): Promise<number> {
    if (!(await this.items.isEmpty())) return 0;
    let inserted = 0;
    for (const seed of seedCandy) {
      try {
        await this.items.insert({ name: seed.name, price: seed.price, picture: pictureUrl(seed.slug), quantity: seed.quantity });
        inserted += 1;
      } catch (error) {
        // Another instance starting at the same moment seeded this item already.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    this.relay.nudge();
    return inserted;
  }
}
