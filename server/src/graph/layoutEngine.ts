// elkjs in a worker thread owned by the server: started on the first layout asked for, stopped after a
// while without one (the worker holds elkjs, tens of MB, which an idle server should not keep). One
// layout at a time: a newer one supersedes a layout still running, whose promise rejects with
// LayoutSuperseded at once. A large superseded layout has its worker stopped (a fresh one starts); a
// small one is left to end in the worker, its answer dropped, since it ends sooner than a new worker
// starts. A worker that fails or exits rejects what it had with a clear error; the next layout starts a
// new one.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ElkNode } from 'elkjs/lib/elk-api';

/** The rejection of a layout whose graph was replaced by a newer one before it finished. */
export class LayoutSuperseded extends Error {
  constructor() {
    super('The layout was superseded by a newer graph.');
  }
}

export interface LayoutEngineOptions {
  /** The worker's script (default: layoutWorker.js beside the server's bundle). */
  workerFile?: string;
  /** How long the worker is kept without a layout before it is stopped. */
  idleMs?: number;
  /** Told when the worker starts or stops (the server's log). */
  log?: (message: string) => void;
}

interface Job {
  resolve(out: ElkNode): void;
  reject(err: Error): void;
  /** Boxes and edges in the graph, for whether to stop its worker when it is superseded. */
  size: number;
}

/** Up to this many boxes and edges, a superseded layout ends in its worker instead of stopping it. */
const SMALL_LAYOUT = 400;

function sizeOf(n: ElkNode): number {
  let size = (n.edges?.length ?? 0) + (n.ports?.length ?? 0);
  for (const c of n.children ?? []) size += 1 + sizeOf(c);
  return size;
}

export class LayoutEngine {
  private worker: Worker | undefined;
  private readonly jobs = new Map<number, Job>();
  private next = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly workerFile: string;
  private readonly idleMs: number;

  constructor(private readonly opts: LayoutEngineOptions = {}) {
    this.workerFile = opts.workerFile ?? join(__dirname, 'layoutWorker.js');
    this.idleMs = opts.idleMs ?? 30_000;
  }

  /** Whether a worker is running (started and not yet stopped). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** elkjs's layout of `graph`, in the worker (the shape of elk-api's `layout`). */
  layout(graph: ElkNode): Promise<ElkNode> {
    this.supersede();
    clearTimeout(this.idle);
    const worker = this.start();
    const id = ++this.next;
    return new Promise<ElkNode>((resolve, reject) => {
      this.jobs.set(id, { resolve, reject, size: sizeOf(graph) });
      worker.postMessage({ id, graph });
    });
  }

  /**
   * Supersedes the layout still running, if any (a newer graph needs none): it rejects with
   * LayoutSuperseded. True when its worker was stopped (a large layout).
   */
  supersede(): boolean {
    if (this.jobs.size === 0) return false;
    const small = [...this.jobs.values()].every((j) => j.size <= SMALL_LAYOUT);
    if (!small) {
      this.stopWorker(new LayoutSuperseded());
      return true;
    }
    // Left to end in the worker (the next layout queues behind it); its answer is dropped.
    for (const j of this.jobs.values()) j.reject(new LayoutSuperseded());
    this.jobs.clear();
    return false;
  }

  /** Starts the worker ahead of a layout (it takes a moment to load elkjs); a no-op if it runs. */
  warmUp(): void {
    if (this.worker) return;
    this.start();
    this.idleLater();
  }

  /** Stops the worker; layouts still running reject. */
  dispose(): void {
    clearTimeout(this.idle);
    this.stopWorker(new Error('The layout worker was stopped.'));
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile);
    this.worker = worker;
    this.opts.log?.('Lineage graph: layout worker started.');
    worker.on('message', (m: { id: number; out?: ElkNode; error?: string }) => {
      const job = this.jobs.get(m.id);
      if (job) {
        this.jobs.delete(m.id);
        if (m.out) job.resolve(m.out);
        else job.reject(new Error(`The graph could not be laid out: ${m.error ?? 'no answer'}`));
      }
      if (this.jobs.size === 0) this.idleLater();
    });
    // A worker that fails to load its script, throws, or runs out of memory: what it had fails clearly.
    worker.on('error', (err) => {
      if (this.worker === worker) this.lost(new Error(`The layout worker failed: ${err.message}`));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.lost(new Error(`The layout worker stopped (exit code ${code}).`));
    });
    return worker;
  }

  private lost(err: Error): void {
    this.worker = undefined;
    clearTimeout(this.idle);
    this.opts.log?.(`Lineage graph: ${err.message}`);
    for (const j of this.jobs.values()) j.reject(err);
    this.jobs.clear();
  }

  private stopWorker(reason: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    for (const j of this.jobs.values()) j.reject(reason);
    this.jobs.clear();
    if (worker) void worker.terminate();
  }

  private idleLater(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.jobs.size > 0) return;
      this.opts.log?.('Lineage graph: layout worker stopped after a while unused.');
      this.stopWorker(new Error('The layout worker was stopped.'));
    }, this.idleMs);
    this.idle.unref();
  }
}
