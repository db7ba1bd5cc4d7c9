interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

export interface BatchOptions {
  /** Most items one call of the batch handler gets (default 500). */
  maxBatch?: number;
}

/**
 * Turns a handler of many items into a handler of one, as `EventBus.subscribe`
 * takes it: items that arrive while a batch is being handled wait and form the
 * next batch, one batch at a time. Each item's promise settles with its batch,
 * so the bus acknowledges (or redelivers) the event only once its batch is
 * written. A failed batch is tried again item by item, so one bad event fails
 * only itself. The handler must be idempotent: a retried batch repeats writes.
 */
export function batched<T>(handleBatch: (items: T[]) => Promise<void>, { maxBatch = 500 }: BatchOptions = {}): (item: T) => Promise<void> {
  const waiting: Waiting<T>[] = [];
  let draining = false;

  const handleAlone = async (entry: Waiting<T>) => {
    try {
      await handleBatch([entry.item]);
      entry.resolve();
    } catch (error) {
      entry.reject(error);
    }
  };

  const drain = async () => {
    draining = true;
    // Items delivered in the same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        await handleBatch(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else for (const entry of batch) await handleAlone(entry);
      }
    }
    draining = false;
  };

  return (item: T) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!draining) void drain();
    });
}
