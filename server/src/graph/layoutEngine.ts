// elkjs in a child process owned by the server (layoutProcess.ts, forked with an IPC channel): started
// on the first layout asked for, stopped after a while without one (it holds elkjs, tens of MB, which
// an idle server should not keep). A process, not a worker thread: V8's flags are per process, and the
// server's (util/compilerFlags.ts) make elkjs much slower; so it is forked with a flag of its own and
// none of the server's, none of its environment (the editor's, which may hold secrets), and its memory
// is its own.
// One layout at a time: a newer one supersedes a layout still running, whose promise rejects with
// LayoutSuperseded at once. A large superseded layout has its process killed (a fresh one starts); a
// small one is left to end there, its answer dropped, since it ends sooner than a new process starts.
// A process that fails to start, crashes or exits rejects what it had with one clear error; the next
// layout starts a new one. Never a layout on the server's own thread. The process is killed when the
// server exits, and ends by itself when its channel to the server closes (the server killed).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ElkNode } from 'elkjs/lib/elk-api';

/** The rejection of a layout whose graph was replaced by a newer one before it finished. */
export class LayoutSuperseded extends Error {
  constructor() {
    super('The layout was superseded by a newer graph.');
  }
}

export interface LayoutEngineOptions {
  /** The layout process's script (default: layoutProcess.js beside the server's bundle). */
  script?: string;
  /** How long the process is kept without a layout before it is stopped. */
  idleMs?: number;
  /** Told when the process starts, stops or fails (the server's log). */
  log?: (message: string) => void;
  /** A directory of the user's own for the process's code cache (none: no cache). */
  cacheDir?: string;
}

interface Job {
  resolve(out: ElkNode): void;
  reject(err: Error): void;
  /** Boxes and edges in the graph, for whether to kill its process when it is superseded. */
  size: number;
}

/** A forked layout process and the layouts it was given that have not been answered. */
interface Running {
  proc: ChildProcess;
  jobs: Map<number, Job>;
  /** The end of what it wrote to stderr: the error it died of. */
  stderr: string;
}

/**
 * The layout process's own V8 flag, chosen for elkjs: TurboFan inlines less into each function, so a
 * fresh process's compile jobs are short and its first large layout is as quick as without inlining,
 * while later layouts keep inlining's speed (measurements: docs/performance.md).
 */
export const LAYOUT_PROCESS_FLAGS: readonly string[] = ['--max-inlined-bytecode-size-cumulative=230'];

/** Up to this many boxes and edges, a superseded layout ends in its process instead of killing it. */
export const SMALL_LAYOUT = 400;
/** How much of the process's stderr is kept for an error message. */
const STDERR_KEPT = 8_192;

/** Boxes, ports and edges in an elkjs graph. */
export function sizeOf(n: ElkNode): number {
  let size = (n.edges?.length ?? 0) + (n.ports?.length ?? 0);
  for (const c of n.children ?? []) size += 1 + sizeOf(c);
  return size;
}

/**
 * The layout process's environment: nothing of the server's (the API key reaches the server another way,
 * but the editor's environment may hold anyone's secrets, and NODE_OPTIONS would carry flags), only
 * what starting Node needs.
 */
export function layoutProcessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  // In a desktop editor the server's executable is Electron's, which runs as Node only with this set.
  if (env.ELECTRON_RUN_AS_NODE !== undefined) out.ELECTRON_RUN_AS_NODE = env.ELECTRON_RUN_AS_NODE;
  // Windows cannot start a process without its system root.
  if (process.platform === 'win32' && env.SystemRoot !== undefined) out.SystemRoot = env.SystemRoot;
  return out;
}

/** The error a dead process's stderr names (Node's report of an uncaught error, or V8's fatal one). */
function diedOf(stderr: string): string | undefined {
  return (
    /^FATAL ERROR: (.+)$/m.exec(stderr)?.[1] ?? /^(?:\w*Error|\w+Exception)\b:? (.+)$/m.exec(stderr)?.[1]
  );
}

export class LayoutEngine {
  private running_: Running | undefined;
  private next = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly script: string;
  private readonly idleMs: number;
  /** The code cache's directory, for processes started from now on (the server learns it at initialize). */
  cacheDir: string | undefined;
  /** Kills the process as the server exits (an 'exit' listener runs synchronously, and kill is). */
  private readonly killOnExit = (): void => {
    this.running_?.proc.kill();
  };

  constructor(private readonly opts: LayoutEngineOptions = {}) {
    this.script = opts.script ?? join(__dirname, 'layoutProcess.js');
    this.idleMs = opts.idleMs ?? 30_000;
    this.cacheDir = opts.cacheDir;
  }

  /** Whether a layout process runs (started and not yet stopped). */
  get running(): boolean {
    return this.running_ !== undefined;
  }

  /** Whether a layout is being made (asked for and not yet answered or superseded). */
  get busy(): boolean {
    return (this.running_?.jobs.size ?? 0) > 0;
  }

  /** The layout process while it runs (its pid, its exit). */
  get process(): ChildProcess | undefined {
    return this.running_?.proc;
  }

  /** elkjs's layout of `graph`, in the layout process (the shape of elk-api's `layout`). */
  layout(graph: ElkNode): Promise<ElkNode> {
    this.supersede();
    clearTimeout(this.idle);
    const run = this.start();
    const id = ++this.next;
    return new Promise<ElkNode>((resolve, reject) => {
      run.jobs.set(id, { resolve, reject, size: sizeOf(graph) });
      try {
        // A send that fails as the process dies is told by its 'close', with what it died of.
        run.proc.send({ id, graph }, () => undefined);
      } catch (err) {
        // A graph that cannot be serialized: that layout fails, the process is fine.
        run.jobs.delete(id);
        reject(new Error(`The graph could not be sent to the layout process: ${(err as Error).message}`));
        if (run.jobs.size === 0) this.idleLater();
      }
    });
  }

  /**
   * Supersedes the layout still running, if any (a newer graph needs none): it rejects with
   * LayoutSuperseded. True when its process was killed (a large layout).
   */
  supersede(): boolean {
    const run = this.running_;
    if (!run || run.jobs.size === 0) return false;
    const small = [...run.jobs.values()].every((j) => j.size <= SMALL_LAYOUT);
    if (!small) {
      this.stop(new LayoutSuperseded());
      return true;
    }
    // Left to end in the process (the next layout queues behind it); its answer is dropped.
    for (const j of run.jobs.values()) j.reject(new LayoutSuperseded());
    run.jobs.clear();
    return false;
  }

  /** Stops the process; layouts still running reject. */
  dispose(): void {
    clearTimeout(this.idle);
    this.stop(new Error('The layout process was stopped.'));
  }

  private start(): Running {
    if (this.running_) return this.running_;
    const proc = fork(this.script, this.cacheDir ? [this.cacheDir] : [], {
      // Its own flags, not the server's (process.execArgv, fork's default), nor NODE_OPTIONS.
      execArgv: [...LAYOUT_PROCESS_FLAGS],
      env: layoutProcessEnv(),
      // Nothing on the server's stdin/stdout (over stdio they carry the editor's messages); stderr kept
      // for the error a crash names.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // JSON over the channel (fork's default): an ElkNode is plain data, and JSON (de)serializes it a
      // little faster than the 'advanced' (structured clone) mode.
    });
    const run: Running = { proc, jobs: new Map(), stderr: '' };
    this.running_ = run;
    process.on('exit', this.killOnExit);
    this.opts.log?.(`Lineage graph: layout process started (pid ${proc.pid ?? 'none'}).`);
    proc.stderr?.setEncoding('utf8').on('data', (d: string) => {
      run.stderr = (run.stderr + d).slice(-STDERR_KEPT);
    });
    proc.on('message', (m: { id: number; out?: ElkNode; error?: string } | { note: string }) => {
      if ('note' in m) {
        this.opts.log?.(`Lineage graph: layout process's ${m.note}.`);
        return;
      }
      const job = run.jobs.get(m.id);
      if (job) {
        run.jobs.delete(m.id);
        if (m.out) job.resolve(m.out);
        else job.reject(new Error(`The graph could not be laid out: ${m.error ?? 'no answer'}`));
      }
      if (run === this.running_ && run.jobs.size === 0) this.idleLater();
    });
    // Not started (no executable, no resources), or its channel failed.
    proc.on('error', (err) => this.lost(run, `The layout process failed: ${err.message}`));
    // 'close', not 'exit': by then its stderr has been read, for what it died of.
    proc.on('close', (code, signal) => {
      const cause = diedOf(run.stderr);
      this.lost(
        run,
        cause
          ? `The layout process failed: ${cause}`
          : `The layout process stopped (${signal ? `signal ${signal}` : `exit code ${code}`}).`,
      );
    });
    return run;
  }

  /** `run` failed or ended by itself: what it had rejects with `message`, told once. */
  private lost(run: Running, message: string): void {
    if (run !== this.running_) return; // stopped by us, or already told
    clearTimeout(this.idle);
    this.opts.log?.(`Lineage graph: ${message}`);
    this.stop(new Error(message));
  }

  private stop(reason: Error): void {
    const run = this.running_;
    if (!run) return;
    this.running_ = undefined;
    process.off('exit', this.killOnExit);
    for (const j of run.jobs.values()) j.reject(reason);
    run.jobs.clear();
    run.proc.kill();
  }

  private idleLater(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.running_?.jobs.size) return;
      this.opts.log?.('Lineage graph: layout process stopped after a while unused.');
      this.stop(new Error('The layout process was stopped.'));
    }, this.idleMs);
    this.idle.unref();
  }
}
