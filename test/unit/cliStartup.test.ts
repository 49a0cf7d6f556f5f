// What `lineage-lens` loads before it knows its command: every run pays for it at start. The language
// server's runtime (vscode-languageserver, its protocol and JSON-RPC) is never needed by the command
// line, and the Model Context Protocol SDK only by `mcp`, which imports it when it runs; a static import
// of either, anywhere the entry reaches, would load it for `check` and `impact` too.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { repoRoot } from '../helpers/repoRoot';

/** Inputs the entry reaches through static imports and requires (dynamic imports are not followed). */
function staticallyReached(meta: Metafile, entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const input = meta.inputs[queue.pop()!];
    for (const imp of input?.imports ?? []) {
      if (imp.kind === 'dynamic-import' || imp.external || seen.has(imp.path)) continue;
      seen.add(imp.path);
      queue.push(imp.path);
    }
  }
  return seen;
}

describe('the command line at start', function () {
  this.timeout(60_000);

  it('loads neither the language server runtime nor the MCP SDK until a command needs it', async () => {
    const entry = 'server/src/cli/lineage-lens.ts';
    const { metafile } = await build({
      entryPoints: [entry],
      absWorkingDir: repoRoot(),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      mainFields: ['module', 'main'],
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: join(repoRoot(), 'dist', 'startup-check.js'),
    });
    const reached = [...staticallyReached(metafile, entry)];
    const heavy =
      /node_modules\/(vscode-languageserver\/|vscode-languageserver-protocol\/|vscode-jsonrpc\/|@modelcontextprotocol\/)/;
    assert.deepEqual(
      reached.filter((p) => heavy.test(p)),
      [],
      'statically reached from the entry',
    );
    // The MCP server itself is still in the bundle, behind its dynamic import.
    assert.ok(Object.keys(metafile.inputs).includes('server/src/cli/mcp.ts'));
    assert.ok(reached.includes('server/src/cli/impactCommand.ts'), 'the walk follows static imports');
    assert.ok(!reached.includes('server/src/cli/mcp.ts'));
  });
});
