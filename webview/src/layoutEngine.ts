// elkjs in a Web Worker, so laying out a large graph never freezes the panel (scrolling, zoom, the
// filters and the progress bar keep working). The worker is elkjs's own worker script
// (elk-worker.min.js answers elk-api's messages when it runs in a worker), bundled into graph.js as text
// by scripts/build.mjs and started from a blob: URL: the page's CSP allows `worker-src blob:` and no
// other worker source, and nothing is fetched.
import ELK, { type ELK as Engine } from 'elkjs/lib/elk-api.js';
import workerSource from 'elkjs/lib/elk-worker.min.js';
import type { GraphResult } from '../../common/src/protocol';
import { layout, type Laid, type LayoutDirection } from './layout';

/** The rejection of a layout whose graph was replaced by a newer one before it finished. */
export class Superseded extends Error {
  constructor() {
    super('superseded by a newer graph');
  }
}

interface Job {
  reject(err: Error): void;
}

let url: string | undefined;
let worker: { elk: Engine; jobs: Set<Job> } | undefined;
let current: Job | undefined;

function engine(): NonNullable<typeof worker> {
  if (worker) return worker;
  url ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const jobs = new Set<Job>();
  const elk = new ELK({
    workerFactory: () => {
      const w = new Worker(url!);
      // elk-api does not report a worker that fails to start or crashes: its layout would never end.
      w.addEventListener('error', (ev) => {
        ev.preventDefault();
        w.terminate();
        if (worker?.jobs === jobs) worker = undefined;
        const err = new Error(ev.message || 'The layout worker stopped.');
        for (const j of jobs) j.reject(err);
      });
      return w;
    },
  });
  return (worker = { elk, jobs });
}

/** A component with a field passed on to a collapsed one: what a real graph's layout goes through. */
function warmUpGraph(): GraphResult {
  const boundary = (id: string, role: 'ingress' | 'egress') => ({
    id,
    label: id,
    roles: [role],
    fields: [{ id: `${id}#a`, name: 'a', tags: [], dependsOn: [] }],
    moreFields: 0,
  });
  const node = (id: string, expanded: boolean) => ({
    id,
    type: 'CODE' as const,
    label: id,
    namespace: '',
    expanded,
    counts: { paths: 1, boundaries: 2, fields: 2, taggedFields: 0 },
    boundaries: expanded ? [boundary('in', 'ingress'), boundary('out', 'egress')] : [],
    paths: [],
    moreBoundaries: 0,
    hiddenNeighbours: 0,
  });
  return {
    focus: { kind: 'component', componentId: 'c' },
    centre: ['c'],
    nodes: [node('c', true), node('d', false)],
    edges: [
      { id: 'm', source: 'in#a', target: 'out#a', kind: 'mapping', mapping: 'DataFlow' },
      { id: 'x', source: 'c', target: 'd', kind: 'component' },
    ],
    namespaces: [],
    tags: [],
    collapsed: false,
  };
}

/**
 * Starts the worker ahead of the first graph and has it lay out a small graph of the kind it will
 * get (a compound component with field ports, an edge to a collapsed one), so the worker's script and
 * the parts of elkjs a graph needs are loaded by the time one comes. A graph arriving meanwhile
 * queues behind it in the same worker.
 */
export function warmUp(): void {
  if (worker) return;
  layout(warmUpGraph(), engine().elk).catch(() => undefined);
}

/**
 * Stops the layout still running, if any (a newer graph replaced its graph): its worker is stopped and
 * its promise rejects with Superseded. True when one was stopped.
 */
export function abandonLayout(): boolean {
  if (!current || !worker) return false;
  worker.elk.terminateWorker();
  for (const j of worker.jobs) j.reject(new Superseded());
  worker = undefined;
  current = undefined; // its promise from elkjs never settles once the worker is stopped
  return true;
}

/**
 * Lays the graph out in the worker. A layout still running for an older graph is abandoned: its worker
 * is stopped (a new one starts) and its promise rejects with Superseded.
 */
export function layoutInWorker(g: GraphResult, direction: LayoutDirection = 'RIGHT'): Promise<Laid> {
  abandonLayout();
  const w = engine();
  return new Promise<Laid>((resolve, reject) => {
    const job: Job = { reject };
    current = job;
    w.jobs.add(job);
    layout(g, w.elk, direction)
      .then(resolve, reject)
      .finally(() => {
        w.jobs.delete(job);
        if (current === job) current = undefined;
      });
  });
}
