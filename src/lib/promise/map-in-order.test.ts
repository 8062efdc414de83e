import { mapInOrder } from './map-in-order';

/** A call whose answer the test releases by hand, so the order of finishing is the test's. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('mapInOrder', () => {
  it.each([
    [1, [3, 1, 2]],
    [2, [3, 1, 2]],
    [8, [3, 1, 2]],
  ])('answers in the items\' order whatever order they finish in (limit %i)', async (limit, items) => {
    const results = await mapInOrder(items, limit, async (n) => {
      await new Promise((resolve) => setTimeout(resolve, n * 5));
      return n * 10;
    });
    expect(results).toEqual([30, 10, 20]);
  });

  it('never has more than the limit under way, and starts the next as one finishes', async () => {
    const calls = [deferred<number>(), deferred<number>(), deferred<number>(), deferred<number>()];
    const started: number[] = [];
    const done = mapInOrder([0, 1, 2, 3], 2, (index) => {
      started.push(index);
      return (calls[index] as ReturnType<typeof deferred<number>>).promise;
    });
    await tick();
    expect(started).toEqual([0, 1]);
    calls[1]?.resolve(1);
    await tick();
    expect(started).toEqual([0, 1, 2]);
    calls[0]?.resolve(0);
    calls[2]?.resolve(2);
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    calls[3]?.resolve(3);
    await expect(done).resolves.toEqual([0, 1, 2, 3]);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const result = mapInOrder([0, 1, 2, 3, 4], 1, async (index) => {
      started.push(index);
      if (index === 1) throw new Error('lesson 1 broke');
      return index;
    });
    await expect(result).rejects.toThrow('lesson 1 broke');
    expect(started).toEqual([0, 1]);
  });

  it('answers an empty list at once, and refuses a limit below 1', async () => {
    await expect(mapInOrder([], 3, async () => 1)).resolves.toEqual([]);
    await expect(mapInOrder([1], 0, async () => 1)).rejects.toThrow('at least 1');
    await expect(mapInOrder([1], 1.5, async () => 1)).rejects.toThrow('at least 1');
  });
});
