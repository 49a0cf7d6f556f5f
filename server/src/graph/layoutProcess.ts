// The layout process's script (bundled on its own as dist/server/layoutProcess.js): elkjs, run in a
// child process the server forks (layoutEngine.ts), so that laying out a large graph never holds up the
// server's main thread, runs with V8 flags of its own (not the server's, which suit short requests and
// make elkjs's many small methods far slower; layoutEngine.ts), and its memory is not the server's.
// It answers each { id, graph } with { id, out } or { id, error } over its IPC channel.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';

if (!process.send) {
  console.error('The lineage layout process is started by the language server (over an IPC channel).');
  process.exit(2);
}

// The server is its only user: when its channel closes (the server stopped, crashed or was killed), this
// process ends too, so none is left behind.
process.on('disconnect', () => process.exit(0));

const elk = new ELK();

function answer(m: { id: number; out?: ElkNode; error?: string }): void {
  if (process.connected) process.send?.(m);
}

process.on('message', (m: { id: number; graph: ElkNode }) => {
  elk.layout(m.graph).then(
    (out) => answer({ id: m.id, out }),
    (err: unknown) => answer({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
