import type { CineEvent, CineEventType, EventOfType } from '@cine/contracts';
import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '../database';
import type { EventBus, EventHandler } from './event-bus';

const COLLECTION = 'processed_events';

/** Events one inbox pass takes at once (RabbitMQ's prefetch bounds it anyway). */
const MAX_BATCH = 500;

export interface IdempotentOptions<T extends CineEventType> {
  /**
   * Events the handler would do nothing with (a replay it skips, an order without candy for the stock):
   * acknowledged at once, without a read or a write of the inbox. Nothing to do twice needs no record.
   */
  ignores?: (event: EventOfType<T>) => boolean;
}

interface ProcessedEvent {
  _id: string;
  consumer: string;
  type: string;
  processedAt: Date;
}

interface Delivery<E> {
  event: E;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Subscribes a consumer whose handler runs at most once per event id
 * (delivery is at-least-once): handled ids are remembered in the consumer's
 * own database.
 *
 * The inbox records in batches, as `batched` does: the events delivered while
 * a pass runs (up to the bus's prefetch) form the next pass, which looks each
 * id up (by `_id`, the only filter FerretDB answers without reading the whole
 * collection), runs the handler of each new one (at once, as separate
 * deliveries ran before), and records the handled ids in one `insertMany`.
 * So a rush costs the inbox one read per event and one write per pass instead
 * of one write per event. Events the consumer `ignores` (`IdempotentOptions`)
 * cost nothing: not looked up, not handled, not recorded. The guarantee is the same as per event: an id is
 * recorded only after its handler succeeded, each delivery settles (is acked
 * or redelivered) only once its id is recorded, and a handler that failed
 * fails only its own delivery. A crash between a handler and the record
 * repeats the handler on redelivery, as before.
 */
export async function subscribeIdempotent<T extends CineEventType>(
  bus: EventBus,
  db: Connection,
  consumer: string,
  types: readonly T[],
  handler: EventHandler<T>,
  { ignores }: IdempotentOptions<T> = {},
): Promise<void> {
  const processed = db.collection<ProcessedEvent>(COLLECTION);
  const keyOf = (event: EventOfType<T>) => `${consumer}:${event.id}`;
  const waiting: Delivery<EventOfType<T>>[] = [];
  let draining = false;

  async function pass(deliveries: Delivery<EventOfType<T>>[]): Promise<void> {
    // The same id twice in one pass (a redelivery racing the first): handled once, settled together.
    const byKey = new Map<string, Delivery<EventOfType<T>>[]>();
    for (const delivery of deliveries) byKey.set(keyOf(delivery.event), [...(byKey.get(keyOf(delivery.event)) ?? []), delivery]);
    const settle = (key: string, error?: unknown) => {
      for (const delivery of byKey.get(key) ?? []) {
        if (error === undefined) delivery.resolve();
        else delivery.reject(error);
      }
    };

    let seen: Set<string>;
    try {
      // One read by `_id` each: on FerretDB an `$in` filter would read every id ever recorded.
      const found = await Promise.all([...byKey.keys()].map((key) => processed.findOne({ _id: key }, { projection: { _id: 1 } })));
      seen = new Set(found.flatMap((document) => (document ? [document._id] : [])));
    } catch (error) {
      for (const key of byKey.keys()) settle(key, error);
      return;
    }
    for (const key of seen) settle(key);

    const fresh = [...byKey].filter(([key]) => !seen.has(key));
    const outcomes = await Promise.allSettled(fresh.map(([, [first]]) => handler((first as Delivery<EventOfType<T>>).event)));
    const handled: ProcessedEvent[] = [];
    fresh.forEach(([key, [first]], index) => {
      const outcome = outcomes[index] as PromiseSettledResult<void>;
      if (outcome.status === 'rejected') settle(key, outcome.reason ?? new Error('event handler failed'));
      else handled.push({ _id: key, consumer, type: (first?.event as CineEvent).type, processedAt: new Date() });
    });
    if (handled.length === 0) return;
    try {
      await processed.insertMany(handled, { ordered: false });
    } catch (error) {
      // Ids recorded meanwhile by another instance (a redelivery) are recorded all the same; any other failure fails them all.
      const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
      const failures = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [error];
      if (!failures.every((failure) => isDuplicateKeyError(failure))) {
        for (const { _id } of handled) settle(_id, error);
        return;
      }
    }
    for (const { _id } of handled) settle(_id);
  }

  async function drain(): Promise<void> {
    draining = true;
    // Deliveries of the same turn of the event loop join the first pass.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) await pass(waiting.splice(0, MAX_BATCH));
    draining = false;
  }

  await bus.subscribe(
    consumer,
    types,
    (event: EventOfType<T>) =>
      new Promise<void>((resolve, reject) => {
        if (ignores?.(event)) {
          resolve();
          return;
        }
        waiting.push({ event, resolve, reject });
        if (!draining) void drain();
      }),
  );
}
