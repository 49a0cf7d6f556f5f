// Benchmark of the local service and the API client: not a test, no assertions on time.
// Generates 2,000 components / 20,000 paths / 200,000 fields, starts the real service on it and reports
// medians over HTTP. Run: npm run bench (or node dist/test/bench/service.bench.js after a build).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mapSettled } from '../../server/src/util/concurrency';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { startLocalService } from '../helpers/localService';
import { generateDataset } from './generatedWorkspace';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}
function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN;
}
async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-bench-'));
  const datasetFile = join(dir, 'bench.json');
  const sizes = {
    components: process.env.BENCH_COMPONENTS ?? '2000',
    paths: process.env.BENCH_PATHS ?? '20000',
    fields: process.env.BENCH_FIELDS ?? '200000',
  };
  console.log(`generating ${sizes.components} components / ${sizes.paths} paths / ${sizes.fields} fields …`);
  generateDataset(sizes, datasetFile, 'inherit');
  const dataset = JSON.parse(readFileSync(datasetFile, 'utf8')) as {
    components: Array<{ id: string; type: string }>;
    dataAssets?: Array<{ dataAssetResourceName: string }>;
    edges?: Array<{ sourceComponentId: string; destinationComponentId: string }>;
  };
  const codeIds = dataset.components.filter((c) => c.type === 'CODE').map((c) => c.id);
  const allIds = dataset.components.map((c) => c.id);
  const darns = (dataset.dataAssets ?? []).map((a) => a.dataAssetResourceName).slice(0, 1000);

  const loadStart = performance.now();
  const service = await startLocalService({ seed: datasetFile, startTimeoutMs: 15 * 60_000 });
  console.log(`service seeded and listening in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
  const api = new HttpLineageApi({ baseUrl: service.url, apiKey: service.apiKey, timeoutMs: 120_000 });
  try {
    // Warm-up: the first read builds the service's in-memory lineage graph.
    const warm = await timeIt(() => api.getComponent(codeIds[0]!));
    const detail: number[] = [];
    for (let i = 0; i < 200; i++)
      detail.push(await timeIt(() => api.getComponent(codeIds[(i * 7919) % codeIds.length]!)));

    const bulk: number[] = [];
    for (let i = 0; i < 20; i++) bulk.push(await timeIt(() => api.getDataAssets(darns, { limit: 1000 })));

    const ids = allIds.slice(0, 1000);
    const sequential = await timeIt(async () => {
      for (const id of ids) await api.getComponent(id);
    });
    const bounded = await timeIt(() => mapSettled(ids, 8, (id) => api.getComponent(id)));

    // Writes: a path update, then at once a read of a component its edges lead to;
    // the depends-on index takes the change in place of a rebuild. Each update drops or restores
    // the path's last field mapping, so the graph really changes.
    const downstream = new Map<string, string>();
    for (const e of dataset.edges ?? []) downstream.set(e.sourceComponentId, e.destinationComponentId);
    const writers = codeIds.filter((id) => downstream.has(id)).slice(0, 30);
    const writes: number[] = [];
    const readsAfter: number[] = [];
    for (const [i, id] of writers.entries()) {
      const path = (await api.getComponent(id)).component.paths?.[0];
      if (!path) continue;
      const mappings = path.field_mappings ?? [];
      const body = { ...path, field_mappings: i % 2 ? mappings : mappings.slice(0, -1), reason: 'bench' };
      writes.push(await timeIt(() => api.updatePath(id, path.path_id!, body)));
      readsAfter.push(await timeIt(() => api.getComponent(downstream.get(id)!)));
    }
    const rss = serviceRssMb(service.process.pid);

    const rows = [
      ['first component read (builds the graph)', `${warm.toFixed(1)} ms`],
      [
        `path update (the depends-on index updated in place), median of ${writes.length}`,
        `${median(writes).toFixed(2)} ms (p99 ${p99(writes).toFixed(2)} ms)`,
      ],
      [
        `component read right after a path update, median of ${readsAfter.length}`,
        `${median(readsAfter).toFixed(2)} ms (p99 ${p99(readsAfter).toFixed(2)} ms)`,
      ],
      [
        'component detail with depends-on, median of 200',
        `${median(detail).toFixed(2)} ms (p99 ${p99(detail).toFixed(2)} ms)`,
      ],
      [`bulk data assets, ${darns.length} DARNs, median of 20`, `${median(bulk).toFixed(2)} ms`],
      ['1,000 component details one at a time', `${sequential.toFixed(0)} ms`],
      ['1,000 component details, concurrency 8', `${bounded.toFixed(0)} ms`],
      ['service RSS after the run', rss === undefined ? 'n/a' : `${rss.toFixed(0)} MB`],
    ];
    console.log('\n| measure | result |\n|---|---|');
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  } finally {
    await api.close();
    await service.stop();
  }
}

/** Resident set of a process in MB (Linux /proc), or undefined elsewhere. */
function serviceRssMb(pid: number | undefined): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
