import type { CineEvent, CineEventType } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { processSpan } from '../telemetry/event-tracing';
import { eventHandled, eventsDeadLettered, eventsPublished } from '../telemetry/pipeline-metrics';
import { MAX_DELIVERY_ATTEMPTS, type EventBus, type EventHandler } from './event-bus';

interface Subscription {
  consumer: string;
  types: ReadonlySet<string>;
  handler: (event: CineEvent) => Promise<void>;
}

export interface DeadLetter {
  consumer: string;
  event: CineEvent;
  error: string;
}

/**
 * The embedded default: every service runs in one process, so events are
 * delivered by calling the consumers' handlers. `publish` resolves only when
 * every consumer has handled the event (or dead-lettered it), so the
 * producer's outbox keeps the event until then and a crash loses nothing.
 */
export class InProcessEventBus implements EventBus {
  private readonly subscriptions: Subscription[] = [];
  readonly deadLetters: DeadLetter[] = [];
  private readonly opened: Promise<void>;
  private open: () => void = () => undefined;

  /**
   * With `holdUntilStarted`, publishing waits for `start()`: the launcher
   * builds every service (so every consumer has subscribed) before the first
   * event is delivered, as a broker's durable queues would guarantee.
   */
  constructor(
    private readonly logger?: FastifyBaseLogger,
    { holdUntilStarted = false }: { holdUntilStarted?: boolean } = {},
  ) {
    this.opened = holdUntilStarted ? new Promise((resolve) => (this.open = resolve)) : Promise.resolve();
  }

  /** Lets held and future events through. */
  start(): void {
    this.open();
  }

  async publish(event: CineEvent): Promise<void> {
    await this.opened;
    const targets = this.subscriptions.filter((s) => s.types.has(event.type));
    await Promise.all(targets.map((s) => processSpan(s.consumer, event, () => this.deliver(s, event))));
    eventsPublished.inc({ event_type: event.type });
  }

  /** One process is one instance: a subscription for `everyInstance` is delivered like any other. */
  async subscribe<T extends CineEventType>(consumer: string, types: readonly T[], handler: EventHandler<T>): Promise<void> {
    this.subscriptions.push({
      consumer,
      types: new Set(types),
      handler: handler as (event: CineEvent) => Promise<void>,
    });
  }

  isConnected(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.subscriptions.length = 0;
  }

  private async deliver(subscription: Subscription, event: CineEvent): Promise<void> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      try {
        await subscription.handler(event);
        eventHandled(subscription.consumer, event);
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
    const message = lastError instanceof Error ? lastError.message : String(lastError);
    this.logger?.error({ consumer: subscription.consumer, eventId: event.id, type: event.type, err: message }, 'event dead-lettered');
    this.deadLetters.push({ consumer: subscription.consumer, event, error: message });
    eventsDeadLettered.inc({ consumer: subscription.consumer, event_type: event.type });
  }
}
