// Micro-benchmark of the anchor index (not a test: prints figures, asserts nothing).
// Run: npm run bench -- anchors (or node --expose-gc dist/test/bench/anchors.bench.js after node scripts/build.mjs --only tests)
// Measures: index build for 5,000 files / 50,000 anchors on disk; didChange in a file with 200
// anchors (median, p99), also with the lazy re-verification a following query does; memory: the
// bench process's, and the real language server's over stdio with the same anchors from the service.
import { promises as fs, readFile, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnchorIndex, fileUri, type AnchorEntry } from '../../server/src/anchors';
import { serverMemory } from './serverMemory';
import { latencyStats as stats } from './latencyStats';

const readFileAsync = promisify(readFile);
const FILES = 5_000;
const ANCHORS_PER_FILE = 10;
const BIG_ANCHORS = 200;
const EDITS = 2_000;

function source(fns: number, prefix: string): string {
  const out: string[] = [];
  for (let i = 0; i < fns; i++)
    out.push(
      `export function ${prefix}_${i}(input: Input) {`,
      `  const v = transform(input.f${i});`,
      `  return store(v);`,
      `}`,
      '',
    );
  return out.join('\n');
}

function anchorsFor(file: string, fns: number, prefix: string, component: string): AnchorEntry[] {
  return Array.from({ length: fns }, (_, i) => ({
    componentId: component,
    pathId: `${prefix}-p${i}`,
    anchor: {
      anchor_id: `${prefix}-a${i}`,
      name: `${prefix}_${i}`,
      file,
      line_start: i * 5 + 1,
      line_end: i * 5 + 4,
    },
    expectedNames: [`${prefix}_${i}`, 'store'],
  }));
}

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main(): Promise<void> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'anchors-bench-')));
  try {
    const entries: AnchorEntry[] = [];
    for (let d = 0; d < FILES / 100; d++) {
      await fs.mkdir(path.join(root, 'src', `m${d}`), { recursive: true });
      await Promise.all(
        Array.from({ length: 100 }, async (_, f) => {
          const rel = `src/m${d}/f${f}.ts`;
          const prefix = `fn_${d}_${f}`;
          await fs.writeFile(path.join(root, rel), source(ANCHORS_PER_FILE, prefix));
          entries.push(...anchorsFor(rel, ANCHORS_PER_FILE, prefix, `c${d}`));
        }),
      );
    }
    const big = 'src/big.ts';
    const bigText = source(BIG_ANCHORS, 'big');
    await fs.writeFile(path.join(root, big), bigText);
    entries.push(...anchorsFor(big, BIG_ANCHORS, 'big', 'cbig'));

    // First with asynchronous reads only, then as the server builds: synchronous reads in batches.
    const folders = [{ uri: fileUri(root), fsPath: root, projectRoot: '' }];
    const asyncIndex = new AnchorIndex({
      folders,
      readFile: (p) => readFileAsync(p, 'utf8').catch(() => undefined),
    });
    let t0 = performance.now();
    let cpu0 = process.cpuUsage();
    await asyncIndex.setAnchors(entries);
    const asyncMs = performance.now() - t0;
    const asyncCpu = process.cpuUsage(cpu0);
    await asyncIndex.setAnchors([]);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const index = new AnchorIndex({
      folders,
      // The callback readFile: fs.promises.readFile is several times slower for many small files.
      readFile: (p) => readFileAsync(p, 'utf8').catch(() => undefined),
      readFileSync: (p) => readFileSync(p, 'utf8'),
    });
    t0 = performance.now();
    cpu0 = process.cpuUsage();
    await index.setAnchors(entries);
    const buildMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    gc();
    const heapIndex = process.memoryUsage().heapUsed - heapBefore;
    let resolved = 0;
    for (const e of entries)
      if (index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)?.state === 'resolved') resolved++;

    // didChange in the 200-anchor file: typing a character inside the middle function, and
    // inserting a line near the top (moves every anchor below).
    const uri = fileUri(path.join(root, big));
    let doc = TextDocument.create(uri, 'typescript', 1, bigText);
    index.openDocument(uri, bigText);
    const changeMs: number[] = [];
    const withQueryMs: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const line = i % 2 === 0 ? 500 + (i % 7) : 2;
      const change = {
        range: { start: { line, character: 2 }, end: { line, character: 2 } },
        text: i % 2 === 0 ? 'x' : '\n',
      };
      doc = TextDocument.update(doc, [change], doc.version + 1);
      const text = doc.getText();
      const a = performance.now();
      index.changeDocument(uri, [change], text);
      const b = performance.now();
      index.anchorsAt(uri, { line: 500, character: 0 }); // settles the lazy re-verification
      const c = performance.now();
      changeMs.push(b - a);
      withQueryMs.push(c - a);
    }
    const ch = stats(changeMs);
    const cq = stats(withQueryMs);
    gc();
    const mem = process.memoryUsage();
    console.log(
      `anchor index benchmark (${FILES + 1} files, ${entries.length} anchors, ${resolved} resolved)`,
    );
    console.log(
      `  index build:                 ${buildMs.toFixed(0)} ms   (aim ≤ 1000 ms; CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `  … with asynchronous reads:   ${asyncMs.toFixed(0)} ms   (CPU ${((asyncCpu.user + asyncCpu.system) / 1000).toFixed(0)} ms)`,
    );
    console.log(
      `  didChange, 200-anchor file:  median ${ch.median.toFixed(3)} ms, p99 ${ch.p99.toFixed(3)} ms   (aim ≤ 1 ms)`,
    );
    console.log(
      `  didChange + next query:      median ${cq.median.toFixed(3)} ms, p99 ${cq.p99.toFixed(3)} ms`,
    );
    console.log(
      `  heap held by the index:      ${mb(heapIndex)}${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for an exact figure)'}`,
    );
    console.log(`  bench process RSS / heap:    ${mb(mem.rss)} / ${mb(mem.heapUsed)}`);
    // The server's budget is its own process: the same anchors from the real service, over stdio.
    index.dispose();
    asyncIndex.dispose();
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'anchors-bench-service-'));
    try {
      const server = await serverMemory({ dir: scratch, workspace: root, entries });
      console.log(
        `  language server over stdio:  RSS ${mb(server.rss)} (peak ${mb(server.peak)}; aim ≤ 300 MB) with the ${entries.length} anchors loaded from the service in ${server.loadMs.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
