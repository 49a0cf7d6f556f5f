// Retry policy for idempotent reads: which failures are worth another try, and how long to wait.

/** Statuses that mean "a gateway or the service is briefly unavailable". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** "Full jitter" exponential backoff: uniform in [0, min(cap, base * 2^attempt)], so many
 *  clients retrying together spread out instead of arriving in waves. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  capMs = 5_000,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Resolves after `ms`, or rejects with `onAbort()` as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(onAbort());
    const done = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(onAbort());
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
