// Bounded concurrency, one implementation for the whole server (limiter, below): the component loads
// (at most maxConcurrency requests in flight; the configured components, then those the edge list
// names), the anchor index's file I/O, git and the CLI's file reads.

/** fn over every item, at most `limit` calls in flight, started in the items' order; results in order. */
export function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const run = limiter(limit);
  return Promise.all(items.map((item, i) => run(() => fn(item, i))));
}

/** One outcome per item, in input order: what fn returned, or the error it threw (never rejects). */
export type Settled<T, R> =
  { item: T; result: R; error?: undefined } | { item: T; result?: undefined; error: Error };

/** fn(item)'s outcome: what it returned, or the error it threw (never rejects). */
export async function settle<T, R>(item: T, fn: (item: T) => Promise<R>): Promise<Settled<T, R>> {
  try {
    return { item, result: await fn(item) };
  } catch (e) {
    return { item, error: e instanceof Error ? e : new Error(String(e)) };
  }
}

/** mapWithConcurrency where a failing item does not stop the others: its error is returned in place. */
export function mapSettled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<Settled<T, R>[]> {
  return mapWithConcurrency(items, limit, (item) => settle(item, fn));
}

/**
 * Runs the functions it is given with at most `limit` in flight, the others waiting in the order they
 * came; also for work whose items are not all known when the first start (a load asks for the
 * configured components while it discovers the rest).
 */
export function limiter(limit: number): <R>(fn: () => Promise<R>) => Promise<R> {
  const max = Math.max(1, Math.floor(limit) || 1);
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <R>(fn: () => Promise<R>): Promise<R> => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The slot goes straight to the next in line, so no newcomer can take it in between.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** fn over every item with at most `limit` calls in flight, for work that returns nothing. */
export async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  await mapWithConcurrency(items, limit, fn);
}
