// The lineage model of the lsp benchmark, in one process (not a test: it only reports). The same
// generated dataset (500 components), its component details and edges read from the real local service
// once (operations 4 and 12), then the model built several times as the server builds it (with tags),
// and each time: the heap it keeps (after full collections, with the details held either way), the
// walks change impact and the code lens make (the impacts of many paths together, of others one by
// one) and a whole-graph walk each way. CPU time (process.cpuUsage) beside wall time: on a
// shared machine the CPU time moves far less.
// Run: npm run bench -- lineageModel. BENCH_ROUNDS (5) builds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ComponentDetail, ComponentDetailResponse, EdgesResponse } from '../../common/src/api';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { pathImpact, preparePathImpacts } from '../../server/src/graph/pathImpacts';
import { warmWalks } from '../../server/src/graph/traverse';
import { startLocalService, serviceJson } from '../helpers/localService';
import { generateWorkspace } from './generatedWorkspace';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const gc = (globalThis as { gc?: () => void }).gc;

const heapMb = () => {
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage().heapUsed / 1048576;
};

/** Wall and CPU milliseconds of fn. */
function timed(fn: () => void): { wall: number; cpu: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  fn();
  const u = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run with --expose-gc (scripts/bench.mjs does)');
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-model-'));
  // The lsp benchmark's dataset (its workspace is not read).
  const { datasetFile } = generateWorkspace({ dir, components: 500, anchors: 50_000, files: 5_000 });
  const ids = (
    JSON.parse(readFileSync(datasetFile, 'utf8')) as { components: Array<{ id: string }> }
  ).components.map((c) => c.id);
  const service = await startLocalService({ seed: datasetFile, startTimeoutMs: 10 * 60_000 });
  try {
    const get = <T>(path: string): Promise<T> => serviceJson<T>(service, path);
    const { edges } = await get<EdgesResponse>('/v0/experimental/edges');
    const details: ComponentDetail[] = [];
    for (const id of ids)
      details.push((await get<ComponentDetailResponse>(`/v0/experimental/components/${id}`)).component);
    const all = details.flatMap((d) =>
      (d.paths ?? []).map((p) => ({ componentId: d.id, pathId: p.path_id! })),
    );
    // Change impact's walk of many paths together (every 50th path), and a lens's walk of one path at a
    // time (every 50th, others).
    const together = all.filter((_, i) => i % 50 === 0);
    const single = all.filter((_, i) => i % 50 === 25);
    console.log(
      `${details.length} components, ${all.length} paths (${together.length} walked together, ${single.length} one by one), ${edges.length} edges; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}\n\n| build | fields | build wall (CPU) | heap kept | heap in use just after (kept + uncollected garbage) | paths' impacts together | paths' impacts one by one | whole-graph walks |\n|---|---|---|---|---|---|---|---|`,
    );
    const rows: Array<Record<'build' | 'kept' | 'left' | 'together' | 'each' | 'walks', number>> = [];
    for (let r = 0; r < ROUNDS; r++) {
      const before = heapMb();
      let model: LineageModel | undefined;
      const build = timed(() => {
        model = new LineageModel(details, edges);
      });
      // In use just after, before any collection: what the build leaves for the next full collection
      // (kept + its garbage that survived the young generation), which sets the process's peak.
      const left = process.memoryUsage().heapUsed / 1048576 - before;
      const kept = heapMb() - before;
      const many = timed(() => preparePathImpacts(model!, together, []));
      const each = timed(() => {
        for (const p of single) pathImpact(model!, p.componentId, p.pathId, []);
      });
      const walks = timed(() => warmWalks(model!));
      rows.push({ build: build.cpu, kept, left, together: many.cpu, each: each.cpu, walks: walks.cpu });
      console.log(
        `| ${r + 1} | ${model!.fields.length} | ${build.wall.toFixed(0)} ms (${build.cpu.toFixed(0)}) | ${kept.toFixed(1)} MB | ${left.toFixed(1)} MB | ${many.wall.toFixed(0)} ms (${many.cpu.toFixed(0)}) | ${each.wall.toFixed(0)} ms (${each.cpu.toFixed(0)}) | ${walks.wall.toFixed(0)} ms (${walks.cpu.toFixed(0)}) |`,
      );
      model = undefined;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    if (ROUNDS > 2) {
      const later = rows.slice(1);
      const m = (k: keyof (typeof rows)[0]) =>
        median(later.map((x) => x[k])).toFixed(k === 'kept' || k === 'left' ? 1 : 0);
      console.log(
        `| median of builds 2–${ROUNDS}, CPU | | ${m('build')} ms | ${m('kept')} MB | ${m('left')} MB | ${m('together')} ms | ${m('each')} ms | ${m('walks')} ms |`,
      );
    }
    console.log(
      `(load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
