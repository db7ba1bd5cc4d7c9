import { batched } from './batching';

describe('batched', () => {
  it('hands items that arrive together to one call, and later ones to the next', async () => {
    const calls: number[][] = [];
    let release: () => void = () => undefined;
    const firstBatchWritten = new Promise<void>((resolve) => (release = resolve));
    const handle = batched<number>(async (items) => {
      calls.push(items);
      if (calls.length === 1) await firstBatchWritten;
    });

    const first = [handle(1), handle(2), handle(3)];
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // These arrive while the first batch is being written.
    const second = [handle(4), handle(5)];
    release();
    await Promise.all([...first, ...second]);

    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('never hands more than maxBatch items to one call', async () => {
    const sizes: number[] = [];
    const handle = batched<number>(async (items) => void sizes.push(items.length), { maxBatch: 4 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => handle(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('settles each item with its batch: a failed batch is tried item by item, so one bad item fails only itself', async () => {
    const written: number[] = [];
    const handle = batched<number>(async (items) => {
      if (items.includes(13)) throw new Error('bad item');
      written.push(...items);
    });
    const results = await Promise.allSettled([handle(11), handle(12), handle(13), handle(14)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(written.sort()).toEqual([11, 12, 14]);
  });

  it('runs one batch at a time', async () => {
    let running = 0;
    let most = 0;
    const handle = batched<number>(
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
      { maxBatch: 2 },
    );
    await Promise.all(Array.from({ length: 7 }, (_, i) => handle(i)));
    expect(most).toBe(1);
  });
});
