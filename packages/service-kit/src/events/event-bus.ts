import { randomUUID } from 'node:crypto';
import { eventVersions, type CineEvent, type CineEventType, type EventOfType } from '@cine/contracts';
import { currentTraceContext } from '../telemetry/event-tracing';

export type EventHandler<T extends CineEventType> = (event: EventOfType<T>) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Most unacknowledged events the broker hands this consumer at once
   * (RabbitMQ's prefetch, default 10). A consumer that writes in batches
   * raises it; the in-process bus delivers every event as it is published.
   */
  prefetch?: number;
  /**
   * Every running instance of the consumer gets each event (a fan-out), instead of one of them (a
   * work queue): for state each instance keeps in memory, such as the open seat maps. Such a
   * subscription lives as long as the instance: events published while it is not connected are not
   * kept for it, a handler's failure is only logged, and its consumer name is a label, not a queue.
   */
  everyInstance?: boolean;
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
  const traceContext = currentTraceContext();
  return {
    id: randomUUID(),
    type,
    version: eventVersions[type],
    occurredAt: new Date().toISOString(),
    data,
    ...(traceContext ? { traceContext } : {}),
  } as EventOfType<T>;
}

/** Attempts per event and consumer before it is dead-lettered. */
export const MAX_DELIVERY_ATTEMPTS = 5;
