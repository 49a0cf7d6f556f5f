// `lineage-lens check` benchmark (not a test: it only reports). A generated checkout of
// 5,000 files and 50,000 code anchors plus 50 contract files, the real local service seeded with it,
// and the real bin run as CI runs it (node dist/cli/lineage-lens.js check --format sarif). Reports the
// wall time of whole runs (aim: ≤ 3 s), the load + index time the CLI reports, and the findings.
// Run: npm run bench -- check. Sizes: BENCH_ANCHORS (50000), BENCH_FILES (5000),
// BENCH_COMPONENTS (100), BENCH_CONTRACTS (50), BENCH_RUNS (3); BENCH_KEEP=1 keeps the files;
// BENCH_CLI_ARGS adds node options to the CLI (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalService } from '../helpers/localService';
import { generateWorkspace, procCpuMs, runCli } from './generatedWorkspace';

const N_ANCHORS = Number(process.env.BENCH_ANCHORS ?? 50_000);
const N_FILES = Number(process.env.BENCH_FILES ?? 5_000);
const N_COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 100);
const N_CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Dataset {
  components: Array<{ id: string; type: string }>;
  dataAssets?: Array<{ dataAssetResourceName: string; schema: Array<{ name: string; type: string }> }>;
}

function contractFile(i: number, darn: string, fields: Array<{ name: string; type: string }>): string {
  const schema = fields
    .slice(0, 6)
    .map((f) => `  - name: ${f.name}\n    type: ${f.type === 'integer' ? 'long' : 'string'}`)
    .join('\n');
  return `spec-version: 0.1.0\nid: 00000000-0000-4000-8000-${String(i).padStart(12, '0')}\nname: Bench contract ${i}\nnamespace: bench\ndataAssetResourceName: ${darn}\nschema:\n${schema || '  - name: id\n    type: string'}\n`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-check-'));
  console.log(
    `generating ${N_COMPONENTS} components / ${N_ANCHORS} anchors in ${N_FILES} files, ${N_CONTRACTS} contract files …`,
  );
  const { ws, datasetFile } = generateWorkspace({
    dir,
    components: N_COMPONENTS,
    anchors: N_ANCHORS,
    files: N_FILES,
  });
  const data = JSON.parse(readFileSync(datasetFile, 'utf8')) as Dataset;
  const code = data.components.filter((c) => c.type === 'CODE');
  mkdirSync(join(ws, 'contracts'), { recursive: true });
  const assets = data.dataAssets ?? [];
  for (let i = 0; i < N_CONTRACTS; i++) {
    const a = assets[i % Math.max(1, assets.length)];
    const darn = a?.dataAssetResourceName ?? `s3://bench-missing:contract-${i}/*.json`;
    writeFileSync(join(ws, 'contracts', `bench-${i}.yaml`), contractFile(i, darn, a?.schema ?? []));
  }
  mkdirSync(join(ws, '.vscode'), { recursive: true });
  writeFileSync(
    join(ws, '.vscode', 'settings.json'),
    JSON.stringify({ 'lineageLens.components': code.map((c) => c.id) }, null, 2),
  );

  const service = await startLocalService({ seed: datasetFile, startTimeoutMs: 10 * 60_000 });
  try {
    // The service builds its lineage graph on the first read; warm it so the runs below measure the check.
    await fetch(`${service.url}/v0/experimental/components/${code[0]!.id}`, {
      headers: { 'X-API-KEY': service.apiKey },
    }).then((r) => r.arrayBuffer());
    // The service's share: the same component reads (operation 4, 8 at a time) without the CLI.
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < code.length) {
          const id = code[next++]!.id;
          await fetch(`${service.url}/v0/experimental/components/${id}`, {
            headers: { 'X-API-KEY': service.apiKey },
          }).then((r) => r.arrayBuffer());
        }
      }),
    );
    const serviceMs = performance.now() - t0;
    const serviceCpu0 = procCpuMs(service.process.pid!);
    const walls: number[] = [];
    let last: { stderr: string; stdout: string; status: number | null } | undefined;
    for (let i = 0; i < RUNS; i++) {
      const { wallMs, run } = runCli(ws, service, ['check', '--format', 'sarif', '--fail-on', 'never']);
      walls.push(wallMs);
      last = run;
    }
    const serviceCpuPerRun = (procCpuMs(service.process.pid!) - serviceCpu0) / RUNS;
    const sarif = JSON.parse(last!.stdout) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    const byRule = new Map<string, number>();
    for (const r of sarif.runs[0]!.results) byRule.set(r.ruleId, (byRule.get(r.ruleId) ?? 0) + 1);
    const loaded = /Loaded .*\(\d+ ms\)\./.exec(last!.stderr)?.[0] ?? '(no load line)';
    const sorted = [...walls].sort((a, b) => a - b);
    console.log(
      `check runs (wall, ms): ${walls.map((w) => Math.round(w)).join(', ')} · best ${Math.round(sorted[0]!)} · median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} (aim ≤ 3000)`,
    );
    console.log(`CLI: ${loaded}`);
    console.log(`CLI: ${/Checked .*findings\./.exec(last!.stderr)?.[0] ?? '(no summary line)'}`);
    console.log(`service CPU per run: ${Math.round(serviceCpuPerRun)} ms`);
    console.log(`service alone, the same ${code.length} component reads: ${Math.round(serviceMs)} ms`);
    console.log(
      `exit ${last!.status}; findings: ${[...byRule].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    );
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await service.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

void main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
