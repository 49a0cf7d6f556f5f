// The anchor index build of the lsp benchmark, in one process (not a test: it only reports). The same
// generated workspace and service data (500 components, 47,644 anchors in 5,000 files), the details and
// versions read from the real local service once, then the build timed as the server runs it
// (session/anchorFeed.ts, then AnchorIndex.setAnchors on the editor's index: disk reads, git, warmed
// grammars) several times in one process: the first build is the one a load pays (code not yet
// optimised), the later ones show the work itself. CPU time (process.cpuUsage, every thread of this
// process) beside wall time: on a shared machine the CPU time moves far less.
// Also the heap the index holds after the last build: the live heap then, less the live heap before
// the first (the loaded details, git and the grammars are there already, as in the server).
// BENCH_HEAPSNAPSHOT=FILE writes a heap snapshot after the last build (what holds that heap).
// Run: npm run bench -- indexBuild. BENCH_ROUNDS (5) builds; BENCH_ANCHORS, BENCH_FILES as lsp.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ComponentDetail, VersionsResponse } from '../../common/src/api';
import { createEditorAnchorIndex } from '../../server/src/anchors/editorIndex';
import { anchorEntries } from '../../server/src/session/anchorFeed';
import { commitsByPath, latestScanCommit, scannedCommits } from '../../server/src/session/scanCommits';
import { OnceLogger } from '../../server/src/util/log';
import { startLocalService } from '../helpers/localService';
import { generateWorkspace } from './generatedWorkspace';

const N_ANCHORS = Number(process.env.BENCH_ANCHORS ?? 50_000);
const N_FILES = Number(process.env.BENCH_FILES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-index-'));
  const { ws, datasetFile } = generateWorkspace({ dir, components: 500, anchors: N_ANCHORS, files: N_FILES });
  const data = JSON.parse(readFileSync(datasetFile, 'utf8')) as {
    components: Array<{ id: string; type: string }>;
  };
  const ids = data.components.filter((c) => c.type === 'CODE').map((c) => c.id);
  const service = await startLocalService({ seed: datasetFile, startTimeoutMs: 10 * 60_000 });
  try {
    const get = async <T>(url: string): Promise<T> =>
      (await (
        await fetch(`${service.url}/v0/experimental/components/${url}`, {
          headers: { 'X-API-KEY': service.apiKey },
        })
      ).json()) as T;
    const details: ComponentDetail[] = [];
    const commits = new Map<string, { byPath: Map<string, string>; latest?: string; scans: string[] }>();
    for (const id of ids) {
      details.push((await get<{ component: ComponentDetail }>(id)).component);
      const { versions } = await get<VersionsResponse>(`${id}/versions`);
      commits.set(id, {
        byPath: commitsByPath(versions),
        latest: latestScanCommit(versions),
        scans: scannedCommits(versions),
      });
    }
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const log = new OnceLogger(quiet);
    const index = createEditorAnchorIndex(log, { watchGit: false });
    await index.setFolders([{ uri: pathToFileURL(ws).href, fsPath: ws, projectRoot: '' }]);
    await index.warmSyntax();
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n| build | wall | CPU |\n|---|---|---|`,
    );
    // Twice: a collection can leave what it found unreachable late for the next.
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const walls: number[] = [];
    const cpus: number[] = [];
    let count = 0;
    for (let r = 0; r < ROUNDS; r++) {
      gc();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const entries = await anchorEntries(
        details,
        log,
        (c, p) => {
          const k = commits.get(c);
          return k && (k.byPath.get(p) ?? k.latest);
        },
        (c) => commits.get(c)?.scans,
      );
      await index.setAnchors(entries);
      const cpu = process.cpuUsage(cpu0);
      walls.push(performance.now() - t0);
      cpus.push((cpu.user + cpu.system) / 1000);
      count = entries.length;
      console.log(`| ${r + 1} (${count} anchors) | ${walls[r]!.toFixed(0)} ms | ${cpus[r]!.toFixed(0)} ms |`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    if (ROUNDS > 2)
      console.log(
        `| median of builds 2–${ROUNDS} | ${median(walls.slice(1)).toFixed(0)} ms | ${median(cpus.slice(1)).toFixed(0)} ms |`,
      );
    gc();
    gc();
    const held = process.memoryUsage().heapUsed - before;
    if (process.env.BENCH_HEAPSNAPSHOT) writeHeapSnapshot(process.env.BENCH_HEAPSNAPSHOT);
    console.log(
      `| heap the index holds after the last build | ${(held / 1048576).toFixed(1)} MB (${(held / count).toFixed(0)} bytes per anchor) |`,
    );
    console.log(
      `(load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    index.dispose();
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
