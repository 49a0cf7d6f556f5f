// The server's main thread answers the editor; V8's background threads (its optimizing compiler, its
// GC helpers) only make later work faster. On a machine with few cores they compete for the same
// cores: a compile job of a few milliseconds, started while a hover is in flight, keeps the main
// thread (or the editor waiting on it) off a core until the scheduler's next tick, which is most of
// what a hover's slowest answers are made of (docs/performance.md, path documents). So, as Chromium
// does for its background threads, they run at a lower priority: nice +10 relative to the process.
// Linux only: there a thread id given to setpriority(2) names that one thread; elsewhere it would
// name the whole process, so nothing is changed.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower the background threads run than the main thread (Chromium's background: +10). */
export const BACKGROUND_NICE_OFFSET = 10;
/** The lowest priority a thread can have on Linux. */
const NICEST = 19;

export interface ThreadPriorityResult {
  /** Threads now at `nice` (lowered, or already there or lower). */
  lowered: number;
  /** The nice value they now have; undefined when nothing was done. */
  nice?: number;
  /** Why nothing (or not everything) was done. */
  skipped?: string;
  /** The threads looked at (for idleScheduling). */
  tids?: number[];
}

/**
 * Lowers the priority of every thread of this process but the main one. Call it early: the threads
 * that exist then are V8's platform workers; threads started later (libuv's pool, which reads files
 * for requests) are started by the main thread and keep its priority.
 */
export function lowerBackgroundThreadPriority(platform = process.platform): ThreadPriorityResult {
  if (platform !== 'linux') return { lowered: 0, skipped: `not on Linux (${platform})` };
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task')
      .map(Number)
      .filter((tid) => Number.isInteger(tid) && tid !== process.pid);
  } catch (err) {
    return { lowered: 0, skipped: `cannot list threads: ${(err as Error).message}` };
  }
  const nice = Math.min(NICEST, getPriority(0) + BACKGROUND_NICE_OFFSET);
  let lowered = 0;
  const failures: string[] = [];
  for (const tid of tids) {
    try {
      // Only lowered: a thread already at this priority or lower is left as it is.
      if (getPriority(tid) < nice) setPriority(tid, nice);
      lowered++;
    } catch (err) {
      // A thread that ended meanwhile, or a sandbox that forbids it: neither is worth more than a line.
      failures.push(`${tid}: ${(err as Error).message}`);
    }
  }
  return failures.length ? { lowered, nice, skipped: failures.join('; '), tids } : { lowered, nice, tids };
}

export interface IdleSchedulingResult {
  /** Threads now under SCHED_IDLE. */
  idled: number;
  /** Why nothing (or not everything) was done. */
  skipped?: string;
}

/**
 * Puts the given threads under Linux's SCHED_IDLE policy (through util-linux's `chrt`, as Node has no
 * call for it): a niced thread running when the main thread wakes for a request may keep the core for
 * the rest of its slice, while an idle-policy thread is preempted at once. V8's compile jobs, which
 * continue for a while as hovers reach new code, then no longer delay the answers; they run whenever a
 * core is free. On a machine with no free core a compile job waits (its code runs unoptimised
 * meanwhile) and a GC task no helper picks up is done by the main thread, which joins every such task.
 * Any process may lower its own threads so; resolves with what was done, never rejects.
 */
export async function idleScheduling(tids: readonly number[], chrt = 'chrt'): Promise<IdleSchedulingResult> {
  const results = await Promise.all(
    tids.map(
      (tid) =>
        new Promise<string | undefined>((resolve) =>
          execFile(chrt, ['--idle', '-p', '0', String(tid)], { timeout: 5000 }, (err) =>
            resolve(
              err ? ((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no chrt' : err.message) : undefined,
            ),
          ),
        ),
    ),
  );
  const failures = results.filter((r): r is string => r !== undefined);
  const idled = results.length - failures.length;
  if (failures.includes('no chrt')) return { idled, skipped: `${chrt} not found` };
  return failures.length ? { idled, skipped: failures.join('; ') } : { idled };
}

/** `6 idle-scheduled`, or why not. */
export function describeIdleScheduling(r: IdleSchedulingResult): string {
  return `${r.idled} idle-scheduled${r.skipped ? ` (not all: ${r.skipped.slice(0, 200)})` : ''}`;
}

/** The result in words, for a log line: `6 at nice 10`, or why nothing changed. */
export function describeThreadPriority(r: ThreadPriorityResult): string {
  if (r.nice === undefined) return `priority unchanged (${r.skipped})`;
  return `${r.lowered} at nice ${r.nice}${r.skipped ? ` (not all: ${r.skipped})` : ''}`;
}

export interface BackgroundThreads {
  /** The first step, done at once: nice +10. */
  priority: ThreadPriorityResult;
  /** The second, once chrt has run: SCHED_IDLE; absent where the first found no threads. */
  idle?: Promise<IdleSchedulingResult>;
}

/**
 * Both steps for this process's background threads, as the server takes them at start (and a benchmark
 * harness for its own): lowered at once, then idle-scheduled beside whatever starts next.
 */
export function yieldBackgroundThreads(platform = process.platform): BackgroundThreads {
  const priority = lowerBackgroundThreadPriority(platform);
  return priority.tids?.length ? { priority, idle: idleScheduling(priority.tids) } : { priority };
}
