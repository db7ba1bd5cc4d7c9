import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from './database';

/** A counter's state: hits in the current window and the milliseconds until it ends. */
export interface CounterState {
  current: number;
  ttl: number;
}

interface CounterDocument {
  _id: string;
  count: number;
  resetAt: Date;
}

/** Expired windows are removed at most this often (FerretDB v1 has no TTL index). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window counters kept in MongoDB, so every instance of a service (and
 * every gateway) counts together: a limit of 20 is 20 whatever the number of
 * instances, and a restart forgets nothing. Each hit is one atomic
 * single-document update (`$inc` on a window still open, or a conditional
 * reset of an expired one, or the insert of a new one, whose unique `_id`
 * settles a race): no transactions, so it runs on FerretDB v1 and MongoDB alike.
 */
export class SharedCounters {
  private readonly collection;
  private nextSweep = 0;

  constructor(db: Connection, collectionName = 'rate_limits') {
    this.collection = db.collection<CounterDocument>(collectionName);
  }

  /** Counts one hit of `key` in a window of `windowMs` from its first hit; the state after it. */
  async hit(key: string, windowMs: number, amount = 1): Promise<CounterState> {
    this.sweepNowAndThen();
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = new Date();
      const open = await this.collection.findOneAndUpdate(
        { _id: key, resetAt: { $gt: now } },
        { $inc: { count: amount } },
        { returnDocument: 'after' },
      );
      if (open) return stateOf(open, now);
      const resetAt = new Date(now.getTime() + windowMs);
      const restarted = await this.collection.findOneAndUpdate(
        { _id: key, resetAt: { $lte: now } },
        { $set: { count: amount, resetAt } },
        { returnDocument: 'after' },
      );
      if (restarted) return stateOf(restarted, now);
      try {
        await this.collection.insertOne({ _id: key, count: amount, resetAt });
        return { current: amount, ttl: windowMs };
      } catch (error) {
        // Another instance opened this window first: count in it.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new Error(`rate-limit counter ${key} kept changing under this instance`);
  }

  /** The state of `key` without counting (0 hits when no window is open). */
  async peek(key: string): Promise<CounterState> {
    const now = new Date();
    const document = await this.collection.findOne({ _id: key });
    if (!document || document.resetAt.getTime() <= now.getTime()) return { current: 0, ttl: 0 };
    return stateOf(document, now);
  }

  /** Forgets `key` (a success that should not count against the next attempts). */
  async reset(key: string): Promise<void> {
    await this.collection.deleteOne({ _id: key });
  }

  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    this.collection.deleteMany({ resetAt: { $lte: new Date(now) } }).catch(() => undefined);
  }
}

function stateOf(document: CounterDocument, now: Date): CounterState {
  return { current: document.count, ttl: Math.max(0, document.resetAt.getTime() - now.getTime()) };
}

type Callback = (error: Error | null, state?: CounterState) => void;

/** What @fastify/rate-limit passes a store's constructor and `child` (the parts used here). */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit (`store` option) over SharedCounters: each
 * route's (or `createRateLimit`'s) keys live under their own prefix, as the
 * plugin's Redis store does. `namespace` separates the users of one database.
 */
export function sharedRateLimitStore(counters: SharedCounters, namespace: string) {
  // Limiters made with createRateLimit have no route: they are told apart by the order the code creates them in.
  let unnamed = 0;
  return class SharedRateLimitStore {
    readonly prefix: string;

    constructor(params: object = {}, suffix = '') {
      void params;
      this.prefix = `${namespace}:${suffix}`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      counters.peek(this.prefix + key).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
    }

    child(params: object): SharedRateLimitStore {
      const route = (params as StoreParams).routeInfo;
      const suffix = route?.url ? `${[route.method].flat().join(',')}${route.url}:` : `limiter${++unnamed}:`;
      return new SharedRateLimitStore(params, suffix);
    }
  };
}
