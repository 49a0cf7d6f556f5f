// The lineage side of `lineage-lens impact` on a worker thread (impactWorker.ts). The main thread reads
// the components and places their anchors; each component answer it accepted is handed over as the
// bytes it was (checked already), the worker parses them on the runner's other core, and once the
// load is complete it builds the lineage model from the same components and edges and answers the
// engine's questions (impactLineage.ts). The worker never talks to the service: it sees no key.
import { Worker } from 'node:worker_threads';
import type { Edge } from '../../../common/src/api';
import type { WorkspaceFolderInfo } from '../anchors/types';
import type { ImpactLineage, PathKey, PathLineage, Producer } from '../changeImpact/impactLineage';

/** The worker's bundle, beside the CLI's own (scripts/build.mjs). */
export const MODEL_WORKER_FILE = 'impactWorker.js';

export interface ModelThreadOptions {
  /** The analysed folder: the contract files are searched in it. */
  folder: WorkspaceFolderInfo;
}

type Question =
  { kind: 'paths'; keys: PathKey[]; max: number } | { kind: 'producers'; darn: string; names: string[] };

export type ToWorker =
  /** A component answer (operation 4) as read for `id`. */
  | { kind: 'component'; id: string; body: Uint8Array }
  /** The load is complete: the model is built of these components, in this order, and edges. */
  | { kind: 'loaded'; ids: string[]; edges: Edge[] }
  | (Question & { id: number });

export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'answer'; id: number; value: PathLineage[] | Producer[] }
  | { kind: 'error'; id: number; message: string };

export interface ModelThread extends ImpactLineage {
  /** Hands over a component answer (the bytes are copied). */
  component(id: string, body: Uint8Array): void;
  /** Says the load is complete, with the components in the cache's order and the edges. */
  loaded(ids: string[], edges: readonly Edge[]): void;
  dispose(): Promise<void>;
}

export function startModelThread(file: string, options: ModelThreadOptions): ModelThread {
  const worker = new Worker(file, { workerData: options });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;
  let settle: { resolve(): void; reject(e: Error): void } | undefined;
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Awaited through ready() once the engine needs the model; until then a failure must not go unhandled.
  ready.catch(() => undefined);

  const fail = (err: Error) => {
    failure ??= err;
    settle?.reject(failure);
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (m: FromWorker) => {
    switch (m.kind) {
      case 'ready':
        return settle?.resolve();
      case 'failed':
        return fail(new Error(m.message));
      case 'answer':
      case 'error': {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.kind === 'answer') p?.resolve(m.value);
        else p?.reject(new Error(m.message));
        return;
      }
    }
  });
  worker.on('error', (err) => fail(new Error(`The lineage model's thread failed: ${err.message}`)));
  worker.on('exit', (code) => fail(new Error(`The lineage model's thread stopped (exit code ${code}).`)));

  const post = (m: ToWorker) => {
    if (!failure) worker.postMessage(m);
  };
  const ask = <T>(question: Question): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      post({ ...question, id });
    });
  };
  return {
    component: (id, body) => post({ kind: 'component', id, body }),
    loaded: (ids, edges) => post({ kind: 'loaded', ids, edges: [...edges] }),
    ready: () => ready,
    paths: (keys, max) => ask<PathLineage[]>({ kind: 'paths', keys: [...keys], max }),
    producers: (darn, names) => ask<Producer[]>({ kind: 'producers', darn, names: [...names] }),
    async dispose() {
      // Its failure after this point is ours (terminating it), not the run's.
      failure ??= new Error('The lineage model thread was stopped.');
      await worker.terminate();
    },
  };
}
