// What the benchmarks share: a generated workspace and dataset
// (scripts/generate-dataset.mjs, seeded and deterministic), the CPU time of a child process, and the
// language server's script and the Node options it is started with.
import { execFileSync, spawnSync, type SpawnSyncReturns, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../common/src/serverNodeFlags';

export const repoRoot = resolve(__dirname, '..', '..', '..');

/**
 * Writes `dir/workspace` (the source files) and `dir/dataset.json`: `components` components carrying
 * `anchors` code anchors (two per path) in `files` files.
 */
export function generateWorkspace(o: { dir: string; components: number; anchors: number; files: number }): {
  ws: string;
  datasetFile: string;
} {
  const ws = join(o.dir, 'workspace');
  const datasetFile = join(o.dir, 'dataset.json');
  const nPaths = Math.ceil(o.anchors / 2);
  execFileSync(
    process.execPath,
    [
      join(repoRoot, 'scripts/generate-dataset.mjs'),
      ...['--components', String(o.components), '--paths', String(nPaths), '--fields', String(nPaths * 4)],
      ...[
        '--anchors',
        String(o.anchors),
        '--files',
        String(o.files),
        '--workspace',
        ws,
        '--out',
        datasetFile,
      ],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return { ws, datasetFile };
}

/** Writes a dataset of `components` components, `paths` paths and `fields` fields to `out` (no workspace). */
export function generateDataset(
  sizes: { components: string; paths: string; fields: string },
  out: string,
  stdio?: StdioOptions,
): void {
  execFileSync(
    process.execPath,
    [
      join(repoRoot, 'scripts/generate-dataset.mjs'),
      ...['--components', sizes.components, '--paths', sizes.paths, '--fields', sizes.fields, '--out', out],
    ],
    stdio === undefined ? {} : { stdio },
  );
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (clock ticks of 10 ms on Linux). */
export function procCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Node options for the language server: those the extension starts it with, then BENCH_SERVER_ARGS
 * (e.g. "--cpu-prof"; a later option of the same name wins).
 */
export function serverNodeArgs(): string[] {
  return [...SERVER_NODE_FLAGS, ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [])];
}

/** The language server's script: BENCH_SERVER_JS (another build, for before/after comparisons), else this build's. */
export function benchServerJs(): string {
  return process.env.BENCH_SERVER_JS ?? join(repoRoot, 'dist/server/server.js');
}

/**
 * One run of the built CLI (`lineage-lens <args>`) in `cwd` against the service, as CI runs it (the
 * service's URL and key in the environment; BENCH_CLI_ARGS adds node options, BENCH_CLI_JS runs another
 * bundle), timed around the run.
 */
export function runCli(
  cwd: string,
  service: { url: string; apiKey: string },
  args: readonly string[],
): { wallMs: number; run: SpawnSyncReturns<string> } {
  const t = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      ...(process.env.BENCH_CLI_ARGS?.split(' ').filter(Boolean) ?? []),
      process.env.BENCH_CLI_JS ?? join(repoRoot, 'dist/cli/lineage-lens.js'),
      ...args,
    ],
    {
      cwd,
      env: { ...process.env, LINEAGE_LENS_API_KEY: service.apiKey, LINEAGE_LENS_SERVICE_URL: service.url },
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  return { wallMs: performance.now() - t, run };
}
