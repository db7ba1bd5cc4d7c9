import type { CineEvent, CineEventType, EventOfType } from '@cine/contracts';
import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '../database';
import type { EventBus, EventHandler } from './event-bus';

const COLLECTION = 'processed_events';

/**
 * Subscribes a consumer whose handler runs at most once per event id
 * (delivery is at-least-once): handled ids are remembered in the consumer's
 * own database.
 */
export async function subscribeIdempotent<T extends CineEventType>(
  bus: EventBus,
  db: Connection,
  consumer: string,
  types: readonly T[],
  handler: EventHandler<T>,
): Promise<void> {
  const processed = db.collection<{ _id: string; consumer: string; type: string; processedAt: Date }>(COLLECTION);
  await bus.subscribe(consumer, types, async (event: EventOfType<T>) => {
    const key = `${consumer}:${event.id}`;
    if (await processed.findOne({ _id: key }, { projection: { _id: 1 } })) return;
    await handler(event);
    await processed.insertOne({ _id: key, consumer, type: (event as CineEvent).type, processedAt: new Date() }).catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
  });
}
