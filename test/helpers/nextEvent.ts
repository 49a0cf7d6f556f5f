// Waiting on real events with a deadline, written once for every suite: the deadline bounds the wait
// (a failure names what was awaited and what was seen), it never stands in for an event. Typed on the
// shape VS Code's `Event<T>` and vscode-jsonrpc's `Event<T>` share, so no vscode import is needed.

export type EventSource<T> = (listener: (e: T) => unknown) => { dispose(): unknown };

export interface Deadline {
  readonly timeoutMs: number;
  /** What was awaited, for the failure (a function: evaluated when it fails, to say what is there). */
  readonly what: string | (() => string);
}

/**
 * The first event for which `predicate` holds (it may be async, e.g. a tree view looked at again), or
 * a failure once the deadline passes. A predicate that throws or rejects fails the wait.
 */
export function nextEvent<T>(
  event: EventSource<T>,
  predicate: (e: T) => boolean | PromiseLike<boolean>,
  deadline: Deadline,
): Promise<T> {
  return settledOnce<T>(deadline, (finish) =>
    event((e) => {
      Promise.resolve()
        .then(() => predicate(e))
        .then(
          (ok) => ok && finish(undefined, e),
          (err: unknown) => finish(err),
        );
    }),
  );
}

/**
 * What `probe` finds (anything but undefined): now, or after one of the events. Subscribed before the
 * first look, so a change in between is not missed; the first find wins, later looks are ignored.
 */
export function untilFound<T, R>(
  event: EventSource<T>,
  probe: () => R | undefined | PromiseLike<R | undefined>,
  deadline: Deadline,
): Promise<R> {
  return settledOnce<R>(deadline, (finish) => {
    const look = (): void => {
      Promise.resolve()
        .then(probe)
        .then(
          (v) => v !== undefined && finish(undefined, v),
          (err: unknown) => finish(err),
        );
    };
    const sub = event(look);
    look();
    return sub;
  });
}

/**
 * The wait both share: settled once, by `finish` (which `start` is handed, to call from a later turn,
 * never while subscribing) or by the deadline, and the subscription `start` returns is disposed of then.
 * The deadline starts before the subscription.
 */
function settledOnce<R>(
  deadline: Deadline,
  start: (finish: (err: unknown, value?: R) => void) => { dispose(): unknown },
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    const finish = (err: unknown, value?: R): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sub.dispose();
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(value as R);
    };
    const timer = setTimeout(() => {
      const what = typeof deadline.what === 'function' ? deadline.what() : deadline.what;
      finish(new Error(`${what}: not within ${deadline.timeoutMs} ms`));
    }, deadline.timeoutMs);
    const sub = start(finish);
  });
}

/** One event source firing when any of `sources` fires. */
export function anyOf<T>(...sources: EventSource<T>[]): EventSource<T> {
  return (listener) => {
    const subs = sources.map((s) => s(listener));
    return { dispose: () => subs.forEach((s) => s.dispose()) };
  };
}
