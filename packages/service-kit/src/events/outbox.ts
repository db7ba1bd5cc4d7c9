import type { CineEvent } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Schema, type Model, type Types } from 'mongoose';
import type { EventBus } from './event-bus';

/**
 * Transactional outbox without multi-document transactions (FerretDB has
 * none): an aggregate carries its pending events in an `outbox` array and
 * they are written in the same document write as the state change. The relay
 * publishes them and then pulls them from the document.
 */
export interface WithOutbox {
  outbox: CineEvent[];
}

export function outboxPlugin(schema: Schema): void {
  schema.add({ outbox: { type: [Schema.Types.Mixed], default: [] } });
}

export interface OutboxRelay {
  /** Publish pending events now (call after a write that recorded events). */
  nudge(): void;
  /** Publish everything pending; resolves when the pass is over. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface OutboxRelayOptions {
  models: ReadonlyArray<Model<any>>;
  bus: EventBus;
  logger?: FastifyBaseLogger;
  /** Safety-net sweep for events left by a crash or a broker outage. */
  intervalMs?: number;
  batchSize?: number;
}

export function startOutboxRelay({ models, bus, logger, intervalMs = 2000, batchSize = 100 }: OutboxRelayOptions): OutboxRelay {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function publishPending(): Promise<void> {
    for (const model of models) {
      const documents = await model
        .find({ 'outbox.0': { $exists: true } }, { outbox: 1 })
        .limit(batchSize)
        .lean<Array<{ _id: Types.ObjectId; outbox: CineEvent[] }>>();
      for (const document of documents) {
        for (const event of document.outbox) {
          await bus.publish(event);
          // FerretDB's $pull matches whole values only, so pull the stored event as read.
          await model.collection.updateOne({ _id: document._id }, { $pull: { outbox: event } } as never);
        }
      }
    }
  }

  function pass(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await publishPending();
        } catch (error) {
          logger?.warn({ err: (error as Error).message }, 'outbox relay pass failed; will retry');
        }
      } while (again && !stopped);
      // Cleared in the same step as the last check of `again`, so a nudge arriving now starts a new pass.
      running = undefined;
    })();
    return running;
  }

  const timer = setInterval(() => void pass(), intervalMs);
  timer.unref();
  void pass();

  return {
    nudge: () => void pass(),
    flush: () => pass(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
