import type { Collection, Connection, Types } from 'mongoose';
import { KeyedBatches, KeyedLock } from '../keyed-lock';

interface InProgressMark {
  _id: Types.ObjectId;
  /** When the order was inserted (or its refund's event recorded). */
  since: Date;
}

/** A new order's mark waiting for the next insert of marks. */
interface QueuedMark {
  mark: InProgressMark;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

/**
 * One small document per order in progress (`_id` the order's), so the
 * recovery sweep finds them without reading every order ever made (on
 * FerretDB any filter but `_id` reads the whole collection). Written before
 * the order and removed once it is over, a paid order's once its
 * order.paid is published (the relay never looks through the orders): an
 * order in progress or with an event to publish always has one.
 *
 * New orders' marks are inserted in batches: the marks of the checkouts that
 * arrive while one insert is under way go together in the next, so a rush's
 * checkouts share the round trip (each still waits for its own mark before
 * its order is written). Their removals are shared likewise: the relay
 * settles the orders of a pass in one delete.
 */
export class InProgressMarks {
  private readonly marks: Collection<InProgressMark>;
  private readonly queued = new KeyedBatches<QueuedMark>(new KeyedLock(), (_key, batch) => this.insert(batch));

  constructor(db: Connection) {
    this.marks = db.collection<InProgressMark>('orders_in_progress');
  }

  /** Marks a new order (resolves once the mark is written). */
  add(_id: Types.ObjectId, since: Date): Promise<void> {
    return new Promise((resolve, reject) => this.queued.add('marks', { mark: { _id, since }, resolve, reject }));
  }

  /** Marks an order unless it is marked already. */
  async ensure(_id: Types.ObjectId, since: Date): Promise<void> {
    await this.marks.updateOne({ _id }, { $setOnInsert: { since } }, { upsert: true });
  }

  /** One round trip of one delete by `_id` each (an `$in` filter would read every mark on FerretDB). */
  async remove(ids: readonly Types.ObjectId[]): Promise<void> {
    await this.marks.bulkWrite(
      ids.map((_id) => ({ deleteOne: { filter: { _id } } })),
      { ordered: false },
    );
  }

  /** Every mark (few: they go as their orders end). */
  all(): Promise<InProgressMark[]> {
    return this.marks.find({}).toArray();
  }

  /** One insert of the marks queued (never throws: every mark's checkout hears how it went). */
  private async insert(batch: readonly QueuedMark[]): Promise<void> {
    try {
      await this.marks.insertMany(
        batch.map((queued) => queued.mark),
        { ordered: false },
      );
      for (const queued of batch) queued.resolve();
    } catch (error) {
      // The marks written with it are harmless: the sweep removes a mark whose order was never written.
      for (const queued of batch) queued.reject(error);
    }
  }
}
