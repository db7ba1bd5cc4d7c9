/**
 * Runs tasks with the same key one after another (in this process). Seat
 * changes of one show are queued here so concurrent buyers do not all lose
 * the optimistic `version` race and retry (the version check still guards
 * against other instances of the service).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let done: () => void = () => undefined;
    const current = new Promise<void>((resolve) => (done = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      done();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * Items queued per key and handled together, one batch at a time under the
 * key's lock: the items that arrive while a batch of the key is waiting or
 * being handled form its next batch (group commit). `handle` settles every
 * item of its batch and never throws.
 */
export class KeyedBatches<Item> {
  private readonly waiting = new Map<string, Item[]>();

  constructor(
    private readonly lock: KeyedLock,
    private readonly handle: (key: string, batch: Item[]) => Promise<void>,
  ) {}

  add(key: string, item: Item): void {
    const batch = this.waiting.get(key);
    if (batch) {
      batch.push(item);
      return;
    }
    this.waiting.set(key, [item]);
    void this.lock.run(key, () => {
      const taken = this.waiting.get(key) ?? [];
      this.waiting.delete(key);
      return this.handle(key, taken);
    });
  }
}
