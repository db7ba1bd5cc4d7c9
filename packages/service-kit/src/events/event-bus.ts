import { randomUUID } from 'node:crypto';
import { eventVersions, type CineEvent, type CineEventType, type EventOfType } from '@cine/contracts';

export type EventHandler<T extends CineEventType> = (event: EventOfType<T>) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Most unacknowledged events the broker hands this consumer at once
   * (RabbitMQ's prefetch, default 10). A consumer that writes in batches
   * raises it; the in-process bus delivers every event as it is published.
   */
  prefetch?: number;
}

/**
 * Publishes integration events and delivers them to consumers. Each consumer
 * (a service, or one of its projections) has its own durable subscription;
 * a handler that throws is retried a bounded number of times and then
 * dead-lettered.
 */
export interface EventBus {
  /** Resolves once the event is safely handed over (broker confirm, or delivered in-process). */
  publish(event: CineEvent): Promise<void>;
  subscribe<T extends CineEventType>(
    consumer: string,
    types: readonly T[],
    handler: EventHandler<T>,
    options?: SubscribeOptions,
  ): Promise<void>;
  /** True while the bus can publish and deliver. */
  isConnected(): boolean;
  close(): Promise<void>;
}

export function createEvent<T extends CineEventType>(type: T, data: EventOfType<T>['data']): EventOfType<T> {
  return {
    id: randomUUID(),
    type,
    version: eventVersions[type],
    occurredAt: new Date().toISOString(),
    data,
  } as EventOfType<T>;
}

/** Attempts per event and consumer before it is dead-lettered. */
export const MAX_DELIVERY_ATTEMPTS = 5;
