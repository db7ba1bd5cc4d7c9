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
