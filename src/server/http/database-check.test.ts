import { createDatabaseCheck } from './database-check';

const never = () => new Promise<never>(() => undefined);

describe('createDatabaseCheck', () => {
  it.each([
    ['a database that answers', () => Promise.resolve([{ '?column?': 1 }]), 'ok'],
    ['a database that fails', () => Promise.reject(new Error('connection refused')), 'error'],
    ['a database that does not answer in time', never, 'timeout'],
  ] as const)('reports %s as %s', async (_case, ping, state) => {
    await expect(createDatabaseCheck({ ping, timeoutMs: 30 })()).resolves.toBe(state);
  });

  it('logs why it failed', async () => {
    const onError = jest.fn();
    const cause = new Error('PANIC: could not locate a valid checkpoint record');
    await createDatabaseCheck({ ping: () => Promise.reject(cause), onError })();
    expect(onError).toHaveBeenCalledWith(cause);
  });

  it('answers from one ping for a second, then asks again', async () => {
    let clock = 0;
    const ping = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('gone'));
    const check = createDatabaseCheck({ ping, now: () => clock });
    expect(await Promise.all([check(), check(), check()])).toEqual(['ok', 'ok', 'ok']);
    clock = 999;
    expect(await check()).toBe('ok');
    expect(ping).toHaveBeenCalledTimes(1);
    clock = 1000;
    expect(await check()).toBe('error');
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('waits on a stuck ping again instead of piling up new ones', async () => {
    let clock = 0;
    let answer: () => void = () => undefined;
    const ping = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const check = createDatabaseCheck({ ping, timeoutMs: 20, now: () => clock });
    expect(await check()).toBe('timeout');
    clock = 5000;
    expect(await check()).toBe('timeout');
    expect(ping).toHaveBeenCalledTimes(1);
    answer();
    clock = 10_000;
    expect(await check()).toBe('ok');
  });
});
