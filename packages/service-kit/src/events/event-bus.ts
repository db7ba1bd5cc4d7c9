import { randomUUID } from 'node:crypto';
import { eventVersions, type CineEvent, type CineEventType, type EventOfType } from '@cine/contracts';

export type EventHandler<T extends CineEventType> = (event: EventOfType<T>) => Promise<void>;

/**
 * Publishes integration events and delivers them to consumers. Each consumer
 * (a service, or one of its projections) has its own durable subscription;
 * a handler that throws is retried a bounded number of times and then
 * dead-lettered.
 */
export interface EventBus {
  /** Resolves once the event is safely handed over (broker confirm, or delivered in-process). */
  publish(event: CineEvent): Promise<void>;
  subscribe<T extends CineEventType>(consumer: string, types: readonly T[], handler: EventHandler<T>): Promise<void>;
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
