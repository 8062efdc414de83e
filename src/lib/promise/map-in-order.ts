/**
 * Maps every item with at most `limit` calls of `fn` under way at once and answers the results in
 * the items' order (not the order they finished in). The first rejection rejects the whole map;
 * calls already started are left to finish, none is started after it.
 */
export async function mapInOrder<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`mapInOrder needs a whole limit of at least 1, not ${limit}`);
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
