import { KeyedBatches, KeyedLock } from '../src/keyed-lock';

/** A batch handler that takes `ms` to handle each batch and records what it was given. */
function recorder(ms: number) {
  const batches: Array<{ key: string; items: number[] }> = [];
  const handle = async (key: string, items: number[]) => {
    batches.push({ key, items: [...items] });
    await new Promise((resolve) => setTimeout(resolve, ms));
  };
  return { batches, handle };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

it('items that arrive while a batch of their key is handled form the next batch, one batch at a time', async () => {
  const { batches, handle } = recorder(20);
  const queue = new KeyedBatches<number>(new KeyedLock(), handle);
  queue.add('show', 1);
  await Promise.resolve();
  queue.add('show', 2);
  queue.add('show', 3);
  await settle();
  expect(batches).toEqual([
    { key: 'show', items: [1] },
    { key: 'show', items: [2, 3] },
  ]);
});

it('keys are batched apart, and a batch waits while the shared lock is held for its key', async () => {
  const { batches, handle } = recorder(0);
  const lock = new KeyedLock();
  const queue = new KeyedBatches<number>(lock, handle);
  let release: () => void = () => undefined;
  const held = lock.run('a', () => new Promise<void>((resolve) => (release = resolve)));
  queue.add('a', 1);
  queue.add('b', 2);
  queue.add('a', 3);
  await settle();
  expect(batches).toEqual([{ key: 'b', items: [2] }]);
  release();
  await held;
  await settle();
  expect(batches).toEqual([
    { key: 'b', items: [2] },
    { key: 'a', items: [1, 3] },
  ]);
});
