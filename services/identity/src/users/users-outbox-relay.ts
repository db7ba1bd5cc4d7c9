import type { CineEvent } from '@cine/contracts';
import type { EventBus, OutboxRelay } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Model } from 'mongoose';
import type { DocumentLock } from './document-lock';
import type { UserDocument } from './user-model';

export interface UsersOutboxRelayOptions {
  model: Model<UserDocument>;
  bus: EventBus;
  lock: DocumentLock;
  logger?: FastifyBaseLogger;
  /** Safety-net sweep for events left by a crash or a broker outage. */
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Publishes the events recorded in the users' outbox, then removes each from
 * its document. It does what the kit's startOutboxRelay does, but removes
 * events under the users' DocumentLock, so it never undoes a concurrent
 * write to the same user on FerretDB.
 */
export function startUsersOutboxRelay({ model, bus, lock, logger, intervalMs = 2000, batchSize = 100 }: UsersOutboxRelayOptions): OutboxRelay {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function publishPending(): Promise<void> {
    const documents = await model
      .find({ 'outbox.0': { $exists: true } }, { outbox: 1 })
      .limit(batchSize)
      .lean<Array<{ _id: UserDocument['_id']; outbox: CineEvent[] }>>();
    for (const { _id, outbox } of documents) {
      for (const event of outbox) {
        await bus.publish(event);
        // FerretDB's $pull matches whole values only, so the event is pulled as it was read.
        await lock.run(_id.toHexString(), () => model.collection.updateOne({ _id }, { $pull: { outbox: event } } as never));
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
