import type { DatabaseHandle } from '@/server/db/client';
import { getDatabase } from '@/server/db/database';
import { getServices } from './services';

jest.mock('@/server/db/database', () => ({ getDatabase: jest.fn() }));

const openDatabase = getDatabase as jest.MockedFunction<typeof getDatabase>;

describe('getServices', () => {
  it('recovers after a failed database open instead of failing every later request', async () => {
    const handle = { db: {}, kind: 'pglite', close: async () => undefined } as unknown as DatabaseHandle;
    openDatabase.mockRejectedValueOnce(new Error('The embedded database in /x/.data/pglite is in use by process 1')).mockResolvedValue(handle);

    await expect(getServices()).rejects.toThrow('is in use by process 1');
    const services = await getServices();
    expect(services.progress).toBeDefined();
    expect(await getServices()).toBe(services);
    expect(openDatabase).toHaveBeenCalledTimes(2);
  });
});
