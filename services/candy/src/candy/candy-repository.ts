import { type CANDY_SORTS, type CandyFacts, type CandyView, isObjectIdText, type Page, type PagingQuery } from '@cine/contracts';
import { createEvent, escapeRegex, mapList, readList, searchKey } from '@cine/service-kit';
import { Types, type Model, type mongo } from 'mongoose';
import type { CandyDocument } from './candy-model';
import type { CandyFields } from './candy-rules';

export type { CandyView };

export interface CandyListQuery extends PagingQuery<(typeof CANDY_SORTS)[number]> {
  q?: string;
}

type StoredCandy = Omit<CandyDocument, 'outbox' | 'soldOrders'>;

const ACTIVE = { deletedAt: { $exists: false } };
const VIEW_FIELDS = { outbox: 0, nameKey: 0, soldOrders: 0 };
const BY_NAME = { nameKey: 1, _id: 1 } as const;

function toCandyView(candy: StoredCandy): CandyView {
  return { id: candy._id.toHexString(), name: candy.name, price: candy.price, picture: candy.picture, quantity: candy.quantity };
}

function factsOf(id: string, candy: CandyFields): CandyFacts {
  return { candyId: id, name: candy.name, price: candy.price, picture: candy.picture, quantity: candy.quantity };
}

/** What a stock decrement did to one item. */
export type StockOutcome = 'decremented' | 'clamped-at-zero' | 'already-taken' | 'unknown';

/**
 * Order ids kept per item to recognise a redelivery; a redelivery comes soon
 * after the first delivery. (FerretDB v1 ignores $slice, so in development
 * the list keeps every order.)
 */
const SOLD_ORDERS_KEPT = 1000;

/**
 * Every read and write of the candy collection. Admin writes carry their
 * candy.* event into the document's outbox in the same write.
 */
export class CandyRepository {
  constructor(private readonly model: Model<CandyDocument>) {}

  /** True when no item was ever stored (tombstones count: deleting everything does not bring the seed back). */
  async isEmpty(): Promise<boolean> {
    return (await this.model.countDocuments({})) === 0;
  }

  async all(): Promise<CandyView[]> {
    return this.list({});
  }

  async findList({ q, ...paging }: CandyListQuery): Promise<Page<CandyView> | CandyView[]> {
    const list = await readList(this.model.collection as unknown as mongo.Collection<StoredCandy>, paging, {
      filter: { ...ACTIVE, ...(q ? { nameKey: { $regex: escapeRegex(searchKey(q)) } } : {}) },
      projection: VIEW_FIELDS,
      defaultSort: 'name',
      paths: { name: 'nameKey' },
    });
    return mapList(list, toCandyView);
  }

  /** Items whose name contains the text, ignoring case and accents; the text is literal. */
  async search(name: string): Promise<CandyView[]> {
    return this.list({ nameKey: { $regex: escapeRegex(searchKey(name)) } });
  }

  async findById(id: string): Promise<CandyView | null> {
    if (!isObjectIdText(id)) return null;
    const candy = await this.model.findOne({ _id: id, ...ACTIVE }, VIEW_FIELDS).lean<StoredCandy>();
    return candy ? toCandyView(candy) : null;
  }

  /** Inserts the item with its candy.created event; a taken name throws a duplicate-key error. */
  async insert(candy: CandyFields): Promise<CandyView> {
    const id = new Types.ObjectId();
    const event = createEvent('candy.created', factsOf(id.toHexString(), candy));
    await this.model.create({ _id: id, ...candy, nameKey: searchKey(candy.name), outbox: [event] });
    return toCandyView({ _id: id, ...candy, nameKey: searchKey(candy.name) });
  }

  /**
   * Sets the changed fields and records candy.updated with `candy`, the item
   * after the change; null when there is no such item. A taken name throws a
   * duplicate-key error. Only changed fields are set, so an edit of the price
   * does not undo a stock decrement made meanwhile.
   */
  async update(id: string, candy: CandyFields, changed: Partial<CandyFields>): Promise<CandyView | null> {
    if (!isObjectIdText(id)) return null;
    const event = createEvent('candy.updated', factsOf(id, candy));
    const set: Record<string, unknown> = { ...changed };
    if (changed.name !== undefined) set.nameKey = searchKey(changed.name);
    const result = await this.model.updateOne({ _id: id, ...ACTIVE }, { $set: set, $push: { outbox: event } });
    return result.matchedCount === 1 ? this.findById(id) : null;
  }

  /** Turns the item into a tombstone carrying candy.deleted; false when there is no such item. */
  async markDeleted(candy: CandyView): Promise<boolean> {
    const event = createEvent('candy.deleted', factsOf(candy.id, candy));
    const result = await this.model.updateOne(
      { _id: candy.id, ...ACTIVE },
      { $set: { deletedAt: new Date(), nameKey: `deleted:${candy.id}` }, $push: { outbox: event } },
    );
    return result.matchedCount === 1;
  }

  /**
   * Takes `quantity` off the item's stock for order `orderId`, once: the order
   * id is recorded in the same write, and an order already recorded changes
   * nothing. No event is recorded (booking already reserved this stock in its
   * own projection). Stock never goes below 0: when there is less, it becomes
   * 0 and the outcome says so. Tombstones count too, so their stock stays true
   * to what was sold.
   */
  async decrementStock(id: string, quantity: number, orderId: string): Promise<StockOutcome> {
    if (!isObjectIdText(id)) return 'unknown';
    const record = { $push: { soldOrders: { $each: [orderId], $slice: -SOLD_ORDERS_KEPT } } };
    const notYet = { _id: id, soldOrders: { $ne: orderId } };
    const taken = await this.model.updateOne({ ...notYet, quantity: { $gte: quantity } }, { $inc: { quantity: -quantity }, ...record });
    if (taken.matchedCount === 1) return 'decremented';
    const clamped = await this.model.updateOne({ ...notYet, quantity: { $lt: quantity } }, { $set: { quantity: 0 }, ...record });
    if (clamped.matchedCount === 1) return 'clamped-at-zero';
    return (await this.model.countDocuments({ _id: id, soldOrders: orderId })) > 0 ? 'already-taken' : 'unknown';
  }

  /**
   * Gives `quantity` back to the item's stock for refund `refundId`, once (the
   * tag `refund:<id>` joins the same list as the orders). False when the item
   * is unknown or the refund was given back before.
   */
  async incrementStock(id: string, quantity: number, refundId: string): Promise<boolean> {
    if (!isObjectIdText(id)) return false;
    const tag = `refund:${refundId}`;
    const given = await this.model.updateOne(
      { _id: id, soldOrders: { $ne: tag } },
      { $inc: { quantity }, $push: { soldOrders: { $each: [tag], $slice: -SOLD_ORDERS_KEPT } } },
    );
    return given.matchedCount === 1;
  }

  /** Stock of an item, tombstone or not (for tests and logs). */
  async stockOf(id: string): Promise<number | undefined> {
    const candy = await this.model.findById(id, { quantity: 1 }).lean<Pick<StoredCandy, 'quantity'>>();
    return candy?.quantity;
  }

  private async list(filter: object): Promise<CandyView[]> {
    const items = await this.model
      .find({ ...filter, ...ACTIVE }, VIEW_FIELDS)
      .sort(BY_NAME)
      .lean<StoredCandy[]>();
    return items.map(toCandyView);
  }
}
