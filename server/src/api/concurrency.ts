// Runs an async function over many items with at most `limit` calls in flight, keeping input order.

export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  }
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** One outcome per item, in input order: what fn returned, or the error it threw (never rejects). */
export type Settled<T, R> =
  { item: T; result: R; error?: undefined } | { item: T; result?: undefined; error: Error };

/** mapWithConcurrency where a failing item does not stop the others: its error is returned in place. */
export function mapSettled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<Settled<T, R>[]> {
  return mapWithConcurrency(items, limit, async (item): Promise<Settled<T, R>> => {
    try {
      return { item, result: await fn(item) };
    } catch (e) {
      return { item, error: e instanceof Error ? e : new Error(String(e)) };
    }
  });
}
