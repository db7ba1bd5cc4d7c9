import type { CineEvent } from '@cine/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Schema, type Model, type Types } from 'mongoose';
import { findEachById } from '../by-id';
import { publishSpan } from '../telemetry/event-tracing';
import { outboxPending, outboxRelayLag, secondsSince } from '../telemetry/pipeline-metrics';
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
  /**
   * Publish pending events now (call after a write that recorded events).
   * With the written document's id only that document is read: on FerretDB
   * only a filter on `_id` alone avoids reading the whole collection. With
   * the `events` that write recorded there (as written), they are published
   * and pulled without reading the document.
   */
  nudge(id?: Types.ObjectId | string, events?: readonly CineEvent[]): void;
  /** Publish what is pending (nudged; with `scan`, found in the collections); resolves when the pass is over. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

interface PendingDocument {
  _id: Types.ObjectId;
  outbox: CineEvent[];
}

/** What the relay uses of a model: any mongoose model whose documents carry an outbox fits. */
interface OutboxModel {
  find: Model<WithOutbox>['find'];
  findById: Model<WithOutbox>['findById'];
  collection: Model<WithOutbox>['collection'];
}

export interface OutboxRelayOptions {
  models: readonly OutboxModel[];
  bus: EventBus;
  logger?: FastifyBaseLogger;
  /** After a failed pass (broker down), it is tried again this often until one succeeds (default 2 s). */
  retryMs?: number;
  /**
   * Safety-net look through the collections for events nobody nudged (an
   * instance that stopped between its write and the publish); default 60 s.
   * Not every few seconds: on FerretDB it reads every document.
   */
  intervalMs?: number;
  batchSize?: number;
  /**
   * Look through whole collections at all (default true): at start, every
   * `intervalMs`, on `flush` and after a failure. Off for a collection that
   * grows without end (orders: on FerretDB every look reads every document
   * ever written); its writer then knows which documents may hold events and
   * nudges them again after a crash, and a failed pass retries the documents
   * it had, by id.
   */
  scan?: boolean;
  /** Called once a pass has published everything it had, with every document nudged by id in it (with or without its events). */
  settled?: (ids: ReadonlyArray<Types.ObjectId | string>) => Promise<void>;
}

/** Documents a pass relays at once (a rush's events wait on the consumers, not on each other); one document's events stay in order. */
const DOCUMENTS_AT_ONCE = 16;

async function eachDocument<T>(documents: readonly T[], relayDocument: (document: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < documents.length; start += DOCUMENTS_AT_ONCE) {
    await Promise.all(documents.slice(start, start + DOCUMENTS_AT_ONCE).map(relayDocument));
  }
}

export function startOutboxRelay({
  models,
  bus,
  logger,
  retryMs = 2000,
  intervalMs = 60_000,
  batchSize = 100,
  scan = true,
  settled,
}: OutboxRelayOptions): OutboxRelay {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** Documents nudged by id since the last pass. */
  const nudged = new Set<string>();
  /** Events their writers handed over with the nudge, by document id. */
  const handedOver = new Map<string, { id: Types.ObjectId | string; events: readonly CineEvent[] }>();
  /** A pass looks through whole collections (when `scan`): at start, on the timer, on flush, after a failure, on a nudge without id. */
  let sweep = scan;
  let lastSweep = Date.now();
  /** The last pass failed: the timer tries again. */
  let failed = false;

  async function pendingOf(model: OutboxModel, ids: string[], all: boolean): Promise<PendingDocument[]> {
    if (all)
      return model
        .find({ 'outbox.0': { $exists: true } }, { outbox: 1 })
        .limit(batchSize)
        .lean<PendingDocument[]>();
    const found = await findEachById(ids, (id) => model.findById(id, { outbox: 1 }).lean<PendingDocument>());
    return [...found.values()].filter((document) => (document.outbox?.length ?? 0) > 0);
  }

  const collection = models.map((model) => model.collection.collectionName).join(',');
  const pendingEvents = outboxPending.labels({ collection });
  const relayLag = outboxRelayLag.labels({ collection });

  /**
   * Publishes an event (in the trace of the request that recorded it), then pulls it (as stored:
   * FerretDB's $pull matches whole values only) from the document.
   */
  async function relay(targets: readonly OutboxModel[], id: Types.ObjectId | string, event: CineEvent): Promise<void> {
    await publishSpan(event, () => bus.publish(event));
    relayLag.observe(secondsSince(event.occurredAt));
    pendingEvents.dec();
    for (const model of targets) await model.collection.updateOne({ _id: id } as never, { $pull: { outbox: event } } as never);
  }

  async function publishPending(): Promise<void> {
    const ids = [...nudged];
    nudged.clear();
    const written = [...handedOver.values()];
    handedOver.clear();
    const all = sweep;
    sweep = false;
    if (all) lastSweep = Date.now();
    const byId = [...written.map((entry) => entry.id), ...ids];
    // The backlog is what this pass has in hand; whatever it leaves (a failure) is found again by the next.
    pendingEvents.set(written.reduce((sum, { events }) => sum + events.length, 0));
    try {
      await eachDocument(written, async ({ id, events }) => {
        for (const event of events) await relay(models, id, event);
      });
      for (const model of models) {
        const pending = await pendingOf(model, ids, all);
        pendingEvents.inc(pending.reduce((sum, document) => sum + document.outbox.length, 0));
        await eachDocument(pending, async (document) => {
          for (const event of document.outbox) await relay([model], document._id, event);
        });
      }
      if (byId.length > 0) await settled?.(byId);
    } catch (error) {
      // Without scans the retry looks up again, by id, what this pass had (their events are in the documents).
      if (!scan) for (const id of byId) nudged.add(String(id));
      throw error;
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
          sweep = scan;
          failed = true;
          logger?.warn({ err: (error as Error).message }, 'outbox relay pass failed; will retry');
        }
      } while (again && !stopped);
      // Cleared in the same step as the last check of `again`, so a nudge arriving now starts a new pass.
      running = undefined;
    })();
    return running;
  }

  function sweepAll(): Promise<void> {
    sweep = scan;
    return pass();
  }

  const timer = setInterval(
    () => {
      if (failed || (scan && Date.now() - lastSweep >= intervalMs)) {
        failed = false;
        void sweepAll();
      }
    },
    Math.min(retryMs, intervalMs),
  );
  timer.unref();
  void pass();

  return {
    nudge: (id, events) => {
      if (id === undefined) sweep = scan;
      else if (events) handedOver.set(String(id), { id, events: [...(handedOver.get(String(id))?.events ?? []), ...events] });
      else nudged.add(String(id));
      void pass();
    },
    flush: sweepAll,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
