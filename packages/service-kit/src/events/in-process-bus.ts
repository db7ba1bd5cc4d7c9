import type { CineEvent, CineEventType } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
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

  constructor(private readonly logger?: FastifyBaseLogger) {}

  async publish(event: CineEvent): Promise<void> {
    const targets = this.subscriptions.filter((s) => s.types.has(event.type));
    await Promise.all(targets.map((s) => this.deliver(s, event)));
  }

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
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
    const message = lastError instanceof Error ? lastError.message : String(lastError);
    this.logger?.error({ consumer: subscription.consumer, eventId: event.id, type: event.type, err: message }, 'event dead-lettered');
    this.deadLetters.push({ consumer: subscription.consumer, event, error: message });
  }
}
