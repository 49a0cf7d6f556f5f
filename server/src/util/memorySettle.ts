// Returning memory after big work. A load parses tens of MB of component answers and a model build
// allocates several times what it keeps; V8 grows its heap for those peaks, and the garbage they leave
// stays in it (and in the process's resident memory) until a full collection happens to run, which
// in a server that then sits idle can be never. After such work, once the event loop has been quiet
// for a while (the user is reading, not typing), one full collection runs; V8 then gives the emptied
// pages back. One pause, at a moment nothing waits on the server, and only after work that grew the
// heap well past what the last collection left. That collection also compacts: a load leaves the
// objects it keeps scattered over pages mostly emptied by its garbage, and a plain collection frees
// only wholly empty pages, so without compaction most of the heap V8 grew for the peak stays resident.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface SettleResult {
  reason: string;
  pauseMs: number;
  rssBeforeMb: number;
  heapBeforeMb: number;
  heapAfterMb: number;
}

export interface MemorySettleOptions {
  /** How long the event loop must have been mostly idle before the collection runs. */
  quietMs?: number;
  /** Below this share of the quiet window spent busy, the loop counts as idle. */
  maxBusyShare?: number;
  /** Where the collection comes from; default: V8's own, compacting (compactingCollection). */
  collect?: () => void;
  onSettled?(result: SettleResult): void;
  /** The loop was busier than maxBusyShare over a window: the collection waits another window. */
  onDeferred?(busyShare: number): void;
  /** The heap had not grown enough since the last collection (or the start) to be worth a pause: none ran. */
  onSkipped?(heapMb: number): void;
  /** The heap in use (MB) the first collection's growth is counted from; default: the heap in use now. */
  startHeapMb?: number;
}

const DEFAULT_QUIET_MS = 2_000;
/**
 * A collection runs only when the heap in use has grown by this share (and GROWTH_MIN_MB) since the
 * last one left it, or since the server started: a rebuild after one saved path or a checkout, or the
 * whole load of a small workspace, leaves little to return, and its pause would buy nothing (a full,
 * compacting collection stops the event loop for tens of milliseconds at best, and for far longer when
 * its helper threads wait for a core the editor is using).
 */
const GROWTH_SHARE = 0.25;
const GROWTH_MIN_MB = 32;
// A reader's idle editor is near 0; a client polling the server every 10 ms is a few per cent.
const DEFAULT_MAX_BUSY_SHARE = 0.01;

/** V8's full collection, exposed at run time; undefined where this V8 refuses the flag. */
export function fullCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? () => (gc as () => void)() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A full collection that also compacts every page it can (V8 otherwise picks a few of the most
 * fragmented), so the pages the live objects were spread over are emptied and returned. The flag is
 * read by the collector per collection and set back at once: V8's own collections keep their
 * heuristics.
 */
export function compactingCollection(): (() => void) | undefined {
  const gc = fullCollection();
  if (!gc) return undefined;
  return () => {
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

export class MemorySettle {
  private readonly quietMs: number;
  private readonly maxBusyShare: number;
  private readonly collect: (() => void) | undefined;
  private readonly wanted = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private since: EventLoopUtilization | undefined;
  private disposed = false;
  /** Heap in use just after the last collection (MB); before the first, when this was made. */
  private lastAfterMb: number;

  constructor(private readonly opts: MemorySettleOptions = {}) {
    this.quietMs = opts.quietMs ?? DEFAULT_QUIET_MS;
    this.maxBusyShare = opts.maxBusyShare ?? DEFAULT_MAX_BUSY_SHARE;
    this.collect = opts.collect ?? compactingCollection();
    this.lastAfterMb = opts.startHeapMb ?? process.memoryUsage().heapUsed / 1e6;
  }

  /** Big work just ended (`reason` names it in the log): collect once the server has been quiet. */
  want(reason: string): void {
    if (!this.collect || this.disposed) return;
    this.wanted.add(reason);
    this.since = performance.eventLoopUtilization();
    if (!this.timer) this.arm();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.timer = setTimeout(() => this.check(), this.quietMs);
    // Never what keeps a process alive.
    this.timer.unref();
  }

  private check(): void {
    this.timer = undefined;
    if (this.disposed || this.wanted.size === 0) return;
    const window = performance.eventLoopUtilization(this.since);
    if (window.utilization > this.maxBusyShare) {
      // Still working (or answering): look again after another quiet window.
      this.since = performance.eventLoopUtilization();
      this.arm();
      this.opts.onDeferred?.(window.utilization);
      return;
    }
    const reason = [...this.wanted].join(', ');
    this.wanted.clear();
    const before = process.memoryUsage();
    const usedMb = before.heapUsed / 1e6;
    if (usedMb < Math.max(this.lastAfterMb * (1 + GROWTH_SHARE), this.lastAfterMb + GROWTH_MIN_MB)) {
      this.opts.onSkipped?.(Math.round(usedMb));
      return;
    }
    const t0 = performance.now();
    this.collect!();
    const pauseMs = performance.now() - t0;
    const after = process.memoryUsage();
    this.lastAfterMb = after.heapUsed / 1e6;
    this.opts.onSettled?.({
      reason,
      pauseMs,
      rssBeforeMb: Math.round(before.rss / 1e6),
      heapBeforeMb: Math.round(before.heapUsed / 1e6),
      heapAfterMb: Math.round(after.heapUsed / 1e6),
    });
  }
}
