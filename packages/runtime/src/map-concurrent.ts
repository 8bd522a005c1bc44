/**
 * `work` applied to every item, at most `limit` at a time, the results in the order of the
 * items. Never rejects on its own: `work` is expected to settle every item into a result.
 *
 * @example
 * ```ts
 * const sizes = await mapConcurrent(paths, 16, async (path) => (await stat(path)).size);
 * ```
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
