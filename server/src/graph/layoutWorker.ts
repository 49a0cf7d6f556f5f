// The layout worker thread's script (bundled on its own as dist/server/layoutWorker.js): elkjs, run
// here so laying out a large graph never holds up the server's main thread (hovers, diagnostics).
// It answers each { id, graph } with { id, out } or { id, error }; layoutEngine.ts owns it.
import { parentPort } from 'node:worker_threads';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

const elk = new ELK();

parentPort?.on('message', (m: { id: number; graph: ElkNode }) => {
  elk.layout(m.graph).then(
    (out) => parentPort?.postMessage({ id: m.id, out }),
    (err: unknown) =>
      parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
