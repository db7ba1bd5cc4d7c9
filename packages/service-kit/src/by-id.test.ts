import { findEachById } from './by-id';

describe('findEachById', () => {
  it('reads each id once, all at once, and answers those found by id in the order asked', async () => {
    const asked: string[] = [];
    let reading = 0;
    let mostAtOnce = 0;
    const stored = new Map([
      ['b', { name: 'B' }],
      ['a', { name: 'A' }],
    ]);
    const found = await findEachById(['b', 'x', 'a', 'b'], async (id) => {
      asked.push(id);
      reading += 1;
      mostAtOnce = Math.max(mostAtOnce, reading);
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading -= 1;
      return stored.get(id) ?? null;
    });
    expect(asked).toEqual(['b', 'x', 'a']);
    expect(mostAtOnce).toBe(3);
    expect([...found]).toEqual([
      ['b', { name: 'B' }],
      ['a', { name: 'A' }],
    ]);
  });

  it('answers an empty map for no ids, without reading', async () => {
    const find = jest.fn(async () => 1);
    expect((await findEachById([], find)).size).toBe(0);
    expect(find).not.toHaveBeenCalled();
  });

  it('takes thenables (a query not yet run) and leaves out undefined as not found', async () => {
    const thenable = (value: number | undefined): PromiseLike<number | undefined> => ({
      then: (resolve, reject) => Promise.resolve(value).then(resolve, reject),
    });
    const found = await findEachById(new Set([1, 2, 3]), (id) => thenable(id === 2 ? undefined : id * 10));
    expect([...found]).toEqual([
      [1, 10],
      [3, 30],
    ]);
  });

  it('fails when a read fails', async () => {
    await expect(findEachById(['a'], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
