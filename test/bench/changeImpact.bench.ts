// Change impact benchmark (not a test: it only reports). A generated checkout of 5,000 files and
// 50,000 code anchors with 50 contract files, committed to git, and the real local service seeded with
// it. Two figures:
// - CLI: a diff of 200 files (an anchored line edited in each, two contract files with a field
//   removed), `lineage-lens impact --format json` end to end (aim ≤ 3 s);
// - editor: the real language server on the same checkout; a change touching 50 anchors is saved and
//   the time from didSave to lineageLens/changeImpactChanged is measured (aim ≤ 300 ms).
// Run: npm run bench -- changeImpact. Sizes: BENCH_ANCHORS (50000), BENCH_FILES (5000),
// BENCH_COMPONENTS (100), BENCH_DIFF_FILES (200), BENCH_TOUCHED (50), BENCH_RUNS (3); BENCH_CLI_ARGS adds
// node options to the CLI (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_CLI_JS runs another CLI bundle;
// BENCH_SERVER_JS another server bundle, BENCH_SERVER_ARGS adds node options to it; BENCH_KEEP=1 keeps the files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest } from 'vscode-languageserver-protocol';
import { ChangeImpactChangedNotification, ChangeImpactRequest } from '../../common/src/protocol';
import { startLocalService, warmComponentAnswers } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';
import { GIT_TEST_ENV } from '../helpers/gitRepo';
import { benchServerJs, generateWorkspace, runCli, serverNodeArgs } from './generatedWorkspace';

const N_ANCHORS = Number(process.env.BENCH_ANCHORS ?? 50_000);
const N_FILES = Number(process.env.BENCH_FILES ?? 5_000);
const N_COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 100);
const DIFF_FILES = Number(process.env.BENCH_DIFF_FILES ?? 200);
const TOUCHED = Number(process.env.BENCH_TOUCHED ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Dataset {
  components: Array<{
    id: string;
    type: string;
    paths?: Array<{ code_anchors?: Array<{ file?: string; line_start?: number }> }>;
  }>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-impact-'));
  console.log(`generating ${N_COMPONENTS} components / ${N_ANCHORS} anchors in ${N_FILES} files …`);
  const { ws, datasetFile } = generateWorkspace({
    dir,
    components: N_COMPONENTS,
    anchors: N_ANCHORS,
    files: N_FILES,
  });
  const data = JSON.parse(readFileSync(datasetFile, 'utf8')) as Dataset;
  const code = data.components.filter((c) => c.type === 'CODE');
  // Anchored lines by file (1-based).
  const anchored = new Map<string, number[]>();
  for (const c of code)
    for (const p of c.paths ?? [])
      for (const a of p.code_anchors ?? []) {
        if (!a.file || !a.line_start) continue;
        const list = anchored.get(a.file) ?? [];
        list.push(a.line_start);
        anchored.set(a.file, list);
      }
  const files = [...anchored.keys()].sort();
  mkdirSync(join(ws, 'contracts'), { recursive: true });
  for (let i = 0; i < 50; i++)
    writeFileSync(
      join(ws, 'contracts', `bench-${i}.contract.yaml`),
      `dataAssetResourceName: postgres://bench-${i}:public.t${i}\ncontractSchema:\n  - name: id\n    type: string\n  - name: amount\n    type: long\n`,
    );
  mkdirSync(join(ws, '.vscode'), { recursive: true });
  writeFileSync(
    join(ws, '.vscode', 'settings.json'),
    JSON.stringify({ 'lineageLens.components': code.map((c) => c.id) }),
  );
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ws, env: GIT_TEST_ENV, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'generated');

  /** Edits the first anchored line of each of `n` files (and of every anchor there when `all`). */
  const edit = (n: number, tag: string, all: boolean): number => {
    let anchors = 0;
    for (const f of files.slice(0, n)) {
      const p = join(ws, ...f.split('/'));
      const lines = readFileSync(p, 'utf8').split('\n');
      const at = all ? (anchored.get(f) ?? []) : [anchored.get(f)![0]!];
      for (const l of at) if (lines[l - 1] !== undefined) lines[l - 1] += ` // ${tag}`;
      anchors += anchored.get(f)!.length;
      writeFileSync(p, lines.join('\n'));
    }
    return anchors;
  };

  const service = await startLocalService({ seed: datasetFile, startTimeoutMs: 10 * 60_000 });
  try {
    // The service builds its lineage graph on the first read and keeps each rendered answer until the
    // next write: every component and its versions are read once, as the CLI asks for them, so each run
    // measures the analysis, not the service rendering its answers the first time.
    await warmComponentAnswers(
      service,
      code.map((c) => c.id),
    );
    // ---- CLI: a 200-file diff ----
    edit(DIFF_FILES, 'cli', false);
    for (const i of [0, 1]) {
      const p = join(ws, 'contracts', `bench-${i}.contract.yaml`);
      writeFileSync(p, readFileSync(p, 'utf8').replace(/ {2}- name: amount\n {4}type: long\n/, ''));
    }
    const walls: number[] = [];
    let last: { stdout: string; stderr: string } | undefined;
    for (let i = 0; i < RUNS; i++) {
      const { wallMs, run } = runCli(ws, service, ['impact', '--format', 'json', '--fail-on', 'never']);
      walls.push(wallMs);
      last = run;
    }
    if (!last?.stdout) throw new Error(`lineage-lens impact printed nothing: ${last?.stderr ?? ''}`);
    const report = JSON.parse(last.stdout) as { filesChanged: number; summary: Record<string, unknown> };
    console.log(
      `CLI impact, ${report.filesChanged} files changed (wall, ms): ${walls.map((w) => Math.round(w)).join(', ')} · median ${Math.round(median(walls))} (aim ≤ 3000)`,
    );
    console.log(
      `CLI: ${/Loaded .*left out\)\./.exec(last!.stderr)?.[0] ?? ''} ${/Compared .*changes\./.exec(last!.stderr)?.[0] ?? ''}`,
    );
    console.log(`CLI summary: ${JSON.stringify(report.summary)}`);
    git('checkout', '-q', '--', '.');

    // ---- editor: save → view, a change touching 50 anchors ----
    const client = await LspClient.start({
      workspaceFolder: ws,
      initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
      settings: { components: code.map((c) => c.id) },
      timeoutMs: 10 * 60_000,
      serverArgs: [...serverNodeArgs(), benchServerJs(), '--stdio'],
    });
    try {
      await client.waitForStatus((s) => s.state === 'connected' && s.componentCount > 0);
      await client.conn.sendRequest(ChangeImpactRequest, {});
      const perFile = Math.max(1, Math.round(N_ANCHORS / N_FILES));
      const nFiles = Math.max(1, Math.ceil(TOUCHED / perFile));
      const saves: number[] = [];
      let touched = 0;
      for (let i = 0; i < RUNS; i++) {
        const anchors = edit(nFiles, `save ${i}`, true);
        const first = join(ws, ...files[0]!.split('/'));
        const uri = pathToFileURL(first).href;
        await client.open(uri, readFileSync(first, 'utf8'));
        const from = client.mark();
        const t = performance.now();
        await client.conn.sendNotification('textDocument/didSave', { textDocument: { uri } });
        const p = await client.waitFor<{ touched: number }>(
          ChangeImpactChangedNotification.method,
          () => true,
          from,
        );
        saves.push(performance.now() - t);
        touched = p.touched;
        await client.close(uri);
        if (i === 0) console.log(`editor: ${anchors} anchors in ${nFiles} edited files`);
      }
      console.log(
        `editor save → changeImpactChanged (ms): ${saves.map((w) => Math.round(w)).join(', ')} · median ${Math.round(median(saves))} (aim ≤ 300); touched ${touched}`,
      );

      // As in an editor: other files, open with their code lenses shown (which count each anchored
      // path's downstream), then edited and the first of them saved.
      const shown = files.slice(nFiles, 2 * nFiles);
      for (const f of shown) {
        const uri = pathToFileURL(join(ws, ...f.split('/'))).href;
        await client.open(uri, readFileSync(join(ws, ...f.split('/')), 'utf8'));
        await client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
      }
      let anchors = 0;
      for (const f of shown) {
        const p = join(ws, ...f.split('/'));
        const lines = readFileSync(p, 'utf8').split('\n');
        for (const l of anchored.get(f) ?? []) if (lines[l - 1] !== undefined) lines[l - 1] += ' // shown';
        anchors += anchored.get(f)!.length;
        writeFileSync(p, lines.join('\n'));
      }
      const firstShown = pathToFileURL(join(ws, ...shown[0]!.split('/'))).href;
      const fromShown = client.mark();
      const t0 = performance.now();
      await client.conn.sendNotification('textDocument/didSave', { textDocument: { uri: firstShown } });
      await client.waitFor(ChangeImpactChangedNotification.method, () => true, fromShown);
      console.log(
        `editor, ${anchors} anchors in ${shown.length} files whose lenses were shown: first save → changeImpactChanged ${Math.round(performance.now() - t0)} ms (aim ≤ 300)`,
      );
    } finally {
      await client.stop();
    }
    console.log(`load average: ${load()}`);
  } finally {
    await service.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
