import { memoizeUntilRejected } from './memoize-until-rejected';

describe('memoizeUntilRejected', () => {
  it('creates once and shares the value, also with callers that came while it was being created', async () => {
    const create = jest.fn(async () => ({ opened: true }));
    const get = memoizeUntilRejected(create);
    const [first, second] = await Promise.all([get(), get()]);
    expect(await get()).toBe(first);
    expect(second).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure instead of failing every later call', async () => {
    const create = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('the folder is in use')).mockResolvedValue('open');
    const get = memoizeUntilRejected(create);
    await expect(get()).rejects.toThrow('the folder is in use');
    await expect(get()).resolves.toBe('open');
    await expect(get()).resolves.toBe('open');
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('keeps the value in the slot it is given (globalThis survives hot reload)', async () => {
    const slot: { current?: Promise<number> } = {};
    await memoizeUntilRejected(async () => 1, slot)();
    await expect(memoizeUntilRejected(async () => 2, slot)()).resolves.toBe(1);
  });
});
