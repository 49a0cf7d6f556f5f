// Long loops over a large component (100,000 paths) run in slices of a few milliseconds: between
// slices the event loop serves requests (hovers, probes, cancellations), so no loop blocks it for long.
import { performance } from 'node:perf_hooks';

/**
 * Milliseconds of work per slice: well under the 50 ms a handler may block. After a load, three loops
 * (anchor files, symbol index, lineage model) slice side by side, each in turns of its own.
 */
export const SLICE_MS = 8;

/**
 * Slices of the work a load does as the answers arrive (parsing a component, sharing its repeated
 * parts): a request that comes meanwhile waits for the slice running. The index build that follows
 * keeps SLICE_MS: with slices this short it took longer.
 */
export const LOAD_SLICE_MS = 5;

/** Items between two looks at the clock (a look costs little, but 100,000 of them add up). */
const CHECK_EVERY = 32;

/**
 * While the editor is asking things of the server (a request or notification arrived in the last
 * INTERACTIVE_MS), slices last at most INTERACTIVE_SLICE_MS: a request that arrives during a slice
 * waits for its end, and an editor sends its next request as soon as the last is answered, so with
 * long slices each of a run of hovers waited nearly a whole slice. A yield costs about ten
 * microseconds; work done while the editor is silent (a load, a rebuild) keeps its longer slices.
 */
export const INTERACTIVE_SLICE_MS = 1;
export const INTERACTIVE_MS = 500;

/** When the editor last asked something (performance.now()). */
let lastAsked = Number.NEGATIVE_INFINITY;

/**
 * Tells the slicers that the editor asked something: a request or notification arrived (its transport
 * calls this as it reads; answers to the server's own requests do not count).
 */
export function noteAsked(at: number = performance.now()): void {
  lastAsked = at;
}

/** The turn the latest caller waits for (see yieldToEventLoop). */
let lastTurn: Promise<void> = Promise.resolve();

/**
 * Resolves in a turn of the event loop, after I/O was looked at. Callers queue: each resumes in a turn
 * of its own. A plain `setImmediate` would not do that: the callbacks queued before a turn all run in it
 * one after the other, so loops that sliced side by side (or a grammar's query compiled beside them)
 * added their slices up into one long block (`npm run bench -- bigComponent`).
 *
 * Three hops, not one: a request read while a slice ran is handled in an immediate its reader queues as
 * it is read (vscode-jsonrpc does so), in the first poll phase after the slice; an immediate queued
 * before that poll runs ahead of it. The first hop lands in a check phase (wherever the slice ran), the
 * second in the next, whose poll read what arrived during the slice; the third, queued there, runs after
 * that request's handler. With one hop every request waited for a slice more than it had to.
 */
export function yieldToEventLoop(): Promise<void> {
  const turn = lastTurn.then(
    () => new Promise<void>((resolve) => setImmediate(() => setImmediate(() => setImmediate(resolve)))),
  );
  lastTurn = turn;
  return turn;
}

/** Yields to the event loop whenever the current slice has run for `budgetMs`. */
export class TimeSlicer {
  private start = performance.now();
  private count = 0;

  constructor(private readonly budgetMs = SLICE_MS) {}

  /**
   * Call once per item of work; true when the slice is spent: `if (slicer.tick()) await slicer.pause()`
   * (no await per item: 100,000 awaits of nothing cost more than the clock).
   */
  tick(): boolean {
    return ++this.count % CHECK_EVERY === 0 && this.due();
  }

  /** Whether the slice's time is spent (for callers that check before an expensive step). */
  due(): boolean {
    const now = performance.now();
    const budget =
      now - lastAsked < INTERACTIVE_MS ? Math.min(this.budgetMs, INTERACTIVE_SLICE_MS) : this.budgetMs;
    return now - this.start >= budget;
  }

  async pause(): Promise<void> {
    await yieldToEventLoop();
    this.start = performance.now();
  }
}
