// The layout process's script (bundled on its own as dist/server/layoutProcess.js): elkjs, run in a
// child process the server forks (layoutEngine.ts), so that laying out a large graph never holds up the
// server's main thread, runs with V8 flags of its own (not the server's, which suit short requests and
// make elkjs's many small methods far slower; layoutEngine.ts), and its memory is not the server's.
// It answers each { id, graph } with { id, out } or { id, error } over its IPC channel, and tells what
// became of its code cache as { note }.
// elkjs comes from dist/server/elk.js through V8's code cache when the server names a directory for it
// (its first argument): a fresh process then skips most of parsing and compiling elkjs's megabytes.
import { join } from 'node:path';
import type ELKConstructor from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { loadWithCodeCache } from '../util/codeCache';

if (!process.send) {
  console.error('The lineage layout process is started by the language server (over an IPC channel).');
  process.exit(2);
}

// The server is its only user: when its channel closes (the server stopped, crashed or was killed), this
// process ends too, so none is left behind.
process.on('disconnect', () => process.exit(0));

function send(m: { id: number; out?: ElkNode; error?: string } | { note: string }): void {
  if (process.connected) process.send?.(m);
}

const cacheDir = process.argv[2] || undefined;
const loaded = loadWithCodeCache(join(__dirname, 'elk.js'), cacheDir);
const elk = new (loaded.exports as { ELK: typeof ELKConstructor }).ELK();
if (loaded.state === 'unsafe')
  send({ note: `code cache not used: ${cacheDir} or its cache is not private to this user` });
else if (loaded.state !== 'off') send({ note: `code cache ${loaded.state}` });
/** Written once, after the first layout (so that the code a layout compiles is in it), unless used. */
let cacheWanted = loaded.stale;

process.on('message', (m: { id: number; graph: ElkNode }) => {
  elk.layout(m.graph).then(
    (out) => {
      send({ id: m.id, out });
      if (cacheWanted) {
        cacheWanted = false;
        // After the answer has gone: the server is not kept waiting for the write.
        setImmediate(() => {
          let done: string;
          try {
            done = loaded.save();
          } catch (err) {
            done = `could not be made: ${err instanceof Error ? err.message : String(err)}`;
          }
          send({ note: `code cache ${done}` });
        });
      }
    },
    (err: unknown) => send({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
