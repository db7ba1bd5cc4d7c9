import type { CineEventType } from '@cine/contracts';
import type { Connection } from 'mongoose';
import type { EventBus, EventHandler } from './event-bus';
import { subscribeIdempotent, type IdempotentOptions } from './processed-events';

/** One durable consumer of a service: its queue's name and the event types it takes. */
export interface Subscription<T extends CineEventType> {
  consumer: string;
  events: readonly T[];
}

/** An entry of a service's `subscriptions.ts`, the one list of what the service consumes. */
export function subscription<const T extends CineEventType>(consumer: string, events: readonly T[]): Subscription<T> {
  return { consumer, events };
}

/** Subscribes a listed consumer; its handler runs at most once per event (the kit's idempotent consumer). */
export function subscribeTo<T extends CineEventType>(
  bus: EventBus,
  db: Connection,
  { consumer, events }: Subscription<T>,
  handler: EventHandler<T>,
  options: IdempotentOptions<T> = {},
): Promise<void> {
  return subscribeIdempotent(bus, db, consumer, events, handler, options);
}
