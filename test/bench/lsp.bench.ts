// Language-server benchmark (not a test: it only reports). A generated workspace of 5,000
// files and 50,000 code anchors plus one file with 200 anchors, the real local service seeded with it
// and the real server over stdio. Reports the load + index time and the index build alone (from the
// server's log), hover latency (median, p99), didChange in the 200-anchor file, and resident memory.
// Run: npm run bench -- lsp (or node dist/test/bench/lsp.bench.js after node scripts/build.mjs).
// Sizes: BENCH_ANCHORS (50000), BENCH_FILES (5000), BENCH_HOVERS (2000); BENCH_KEEP=1 keeps the files;
// BENCH_SERVER_JS runs another server bundle (before/after comparisons); BENCH_SERVER_ARGS adds node options to the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
// BENCH_FLOOR_INTERLEAVED=1 also times a hover answered without work after each measured one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-languageserver-protocol/node';
import { startLocalService, warmComponentAnswers } from '../helpers/localService';
import { generateWorkspace, procCpuMs, repoRoot, serverNodeArgs, benchServerJs } from './generatedWorkspace';
import { latencyStats as stats } from './latencyStats';

const N_ANCHORS = Number(process.env.BENCH_ANCHORS ?? 50_000);
const N_FILES = Number(process.env.BENCH_FILES ?? 5_000);
const N_HOVERS = Number(process.env.BENCH_HOVERS ?? 2_000);
const BIG_ANCHORS = 200;
const BIG_FILE = 'bench-big/src/big.ts';

interface Anchor {
  anchor_id: string;
  name?: string;
  file?: string;
  line_start?: number;
  line_end?: number;
  column_start?: number;
  column_end?: number;
}
interface Dataset {
  components: Array<{ id: string; type: string; paths: Array<{ code_anchors?: Anchor[] }> }>;
}

const f2 = (n: number) => n.toFixed(2);
function procStatus(pid: number): { rss: number; peak: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Moves the first 200 anchors of the dataset into one file whose functions carry their names. */
function addBigFile(data: Dataset, ws: string): Anchor[] {
  const lines: string[] = ['// bench: one file with many anchors (didChange cost).', ''];
  const moved: Anchor[] = [];
  for (const c of data.components) {
    if (c.type !== 'CODE') continue;
    for (const p of c.paths) {
      for (const a of p.code_anchors ?? []) {
        if (moved.length >= BIG_ANCHORS || !a.name) continue;
        const line = lines.length + 1;
        lines.push(
          `export function ${a.name}(input: Record<string, unknown>) {`,
          '  const out = { ...input };',
          '  return out;',
          '}',
          '',
        );
        Object.assign(a, { file: BIG_FILE, line_start: line, line_end: line + 3 });
        delete a.column_start;
        delete a.column_end;
        moved.push(a);
      }
    }
  }
  mkdirSync(join(ws, 'bench-big/src'), { recursive: true });
  writeFileSync(join(ws, BIG_FILE), lines.join('\n'));
  return moved;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-lsp-'));
  const nPaths = Math.ceil(N_ANCHORS / 2);
  console.log(`generating 500 components / ${nPaths} paths / ${N_ANCHORS} anchors in ${N_FILES} files …`);
  const { ws, datasetFile } = generateWorkspace({ dir, components: 500, anchors: N_ANCHORS, files: N_FILES });
  const data = JSON.parse(readFileSync(datasetFile, 'utf8')) as Dataset;
  const big = addBigFile(data, ws);
  writeFileSync(datasetFile, JSON.stringify(data));
  const code = data.components.filter((c) => c.type === 'CODE');
  const anchors = code.flatMap((c) =>
    c.paths.flatMap((p) => (p.code_anchors ?? []).filter((a) => a.file && a.file !== BIG_FILE)),
  );

  const service = await startLocalService({
    seed: datasetFile,
    startTimeoutMs: 10 * 60_000,
    nodeArgs: process.env.BENCH_SERVICE_ARGS?.split(' ').filter(Boolean),
  });
  // Under the path-document benchmark's clock (serverClock.cjs): each hover's time inside the server,
  // from its bytes arriving to its answer leaving, beside the time the client sees.
  const clockOut = join(dir, 'hover-clock.json');
  const server = spawn(
    process.execPath,
    [...serverNodeArgs(), join(repoRoot, 'test/bench/serverClock.cjs'), benchServerJs(), '--stdio'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, SERVER_CLOCK_OUT: clockOut, SERVER_CLOCK_METHOD: 'textDocument/hover' },
    },
  );
  const conn = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin),
  );
  try {
    // The service builds its lineage graph on the first read and keeps each rendered answer until the
    // next write: reading every component once here makes the load below the server's own work, not
    // the service rendering 100 MB of details on the same two cores.
    let t = performance.now();
    await warmComponentAnswers(
      service,
      code.map((c) => c.id),
    );
    const warmMs = performance.now() - t;

    const settings = {
      components: code.map((c) => c.id),
      namespace: '',
      maxConcurrency: 8,
      refreshIntervalSeconds: 0,
    };
    conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
    conn.onRequest('client/registerCapability', () => null);
    let lensRefresh: () => void = () => undefined;
    conn.onRequest('workspace/codeLens/refresh', () => {
      lensRefresh();
      return null;
    });
    let indexLine = '';
    let laterLine = '';
    const settledLines: string[] = [];
    let onSettled: () => void = () => undefined;
    conn.onNotification('window/logMessage', (m: { message: string }) => {
      if (/^Memory settled/.test(m.message)) {
        settledLines.push(m.message);
        onSettled();
      }
      if (/^Indexed \d+ code anchors/.test(m.message)) indexLine = m.message;
      if (/^Placed the anchors of \d+ closed files/.test(m.message)) laterLine = m.message;
    });
    let published = 0;
    let diagnostics = 0;
    conn.onNotification('textDocument/publishDiagnostics', (p: { diagnostics: unknown[] }) => {
      published++;
      diagnostics += p.diagnostics.length;
    });
    const connected = new Promise<{ componentCount: number; anchorCount: number }>((res, rej) => {
      conn.onNotification(
        'lineageLens/status',
        (s: { state: string; message?: string; componentCount: number; anchorCount: number }) => {
          if (s.state === 'connected') res(s);
          else if (s.state !== 'connecting' && s.state !== 'signedOut')
            rej(new Error(`server status ${s.state}: ${s.message}`));
        },
      );
    });
    conn.listen();
    const folderUri = pathToFileURL(ws).href;
    t = performance.now();
    const cpu0 = procCpuMs(server.pid!);
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folderUri,
      workspaceFolders: [{ uri: folderUri, name: 'bench' }],
      initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
      capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } },
    });
    await conn.sendNotification('initialized', {});
    const status = await connected;
    const loadMs = performance.now() - t;
    const loadCpu = procCpuMs(server.pid!) - cpu0;
    const afterLoad = procStatus(server.pid!);

    // Hovers on anchored lines of 50 open files, round-robin.
    const uris = new Map<string, string>();
    const open = async (file: string) => {
      const uri = pathToFileURL(join(ws, file)).href;
      if (!uris.has(file)) {
        await conn.sendNotification('textDocument/didOpen', {
          textDocument: {
            uri,
            languageId: 'typescript',
            version: 1,
            text: readFileSync(join(ws, file), 'utf8'),
          },
        });
        uris.set(file, uri);
      }
      return uri;
    };
    const byFile = new Map<string, Anchor[]>();
    for (const a of anchors) byFile.set(a.file!, [...(byFile.get(a.file!) ?? []), a]);
    const step = Math.max(1, Math.floor(byFile.size / 50));
    const files = [...byFile.keys()].filter((_, i) => i % step === 0).slice(0, 50);
    for (const f of files) await open(f);
    const targets = files.flatMap((f) => byFile.get(f)!);
    const hoverAt = (a: Anchor) =>
      conn.sendRequest('textDocument/hover', {
        textDocument: { uri: uris.get(a.file!) },
        position: { line: a.line_start! - 1, character: (a.column_start ?? 1) - 1 },
      });
    for (let i = 0; i < 200; i++) await hoverAt(targets[i % targets.length]!); // warm-up
    const hoverMs: number[] = [];
    // BENCH_FLOOR_INTERLEAVED=1: after each hover, one the server answers without work (a file nobody
    // opened), timed the same way: what any request costs in the same seconds, beside what a hover does.
    const floorMs: number[] = [];
    /** BENCH_DETAILS: each non-empty hover answer's size in JSON. */
    const answerBytes: number[] = [];
    let empty = 0;
    for (let i = 0; i < N_HOVERS; i++) {
      const h0 = performance.now();
      const h = await hoverAt(targets[i % targets.length]!);
      hoverMs.push(performance.now() - h0);
      if (!h) empty++;
      else if (process.env.BENCH_DETAILS) answerBytes.push(JSON.stringify(h).length);
      if (process.env.BENCH_FLOOR_INTERLEAVED === '1') {
        const f0 = performance.now();
        await conn.sendRequest('textDocument/hover', {
          textDocument: { uri: 'file:///nowhere/never-opened.ts' },
          position: { line: 0, character: 0 },
        });
        floorMs.push(performance.now() - f0);
      }
    }
    if (process.env.BENCH_DETAILS) {
      const idx = hoverMs
        .map((ms, i) => [ms, i] as const)
        .sort((a, b) => b[0] - a[0])
        .slice(0, 30);
      console.log(
        `targets ${targets.length}; slowest hovers (ms@index): ${idx.map(([ms, i]) => `${ms.toFixed(1)}@${i}`).join(' ')}`,
      );
      const sizes = [...answerBytes].sort((a, b) => a - b);
      console.log(
        `hover answers (JSON bytes): median ${sizes[sizes.length >> 1] ?? 0}, max ${sizes[sizes.length - 1] ?? 0}`,
      );
    }

    // didChange in the 200-anchor file: typing inside a function in the middle, then a line inserted
    // at the top (moves every anchor). A hover where nothing is anchored follows each change; it
    // returns once the change was applied (messages are handled in order) and settles the file's
    // lazy re-verification. The same hover alone is the baseline to subtract.
    const bigUri = await open(BIG_FILE);
    // The lineage model is built when first asked for: this lens request starts it, and the server asks
    // for lenses again once it is ready. Measured here, and waited for, so that it does not run beside
    // the didChange measurement below.
    const m0 = performance.now();
    const modelReady = new Promise<void>((r) => (lensRefresh = r));
    const first = await conn.sendRequest<Array<{ command?: { command?: string } }>>('textDocument/codeLens', {
      textDocument: { uri: bigUri },
    });
    // A server that built the model beforehand (an older build) answers with impact lenses at once.
    if (!first.some((l) => l.command?.command === 'lineageLens.showImpact')) await modelReady;
    const modelMs = performance.now() - m0;
    const l0 = performance.now();
    const lenses = await conn.sendRequest<Array<{ command?: { arguments?: unknown[]; command?: string } }>>(
      'textDocument/codeLens',
      { textDocument: { uri: bigUri } },
    );
    const lensMs = performance.now() - l0;
    const impactLenses = lenses.filter((l) => l.command?.command === 'lineageLens.showImpact').length;
    const bigCount = lenses.reduce((n, l) => n + (l.command?.arguments?.length ?? 0), 0);
    const mid = big[Math.floor(big.length / 2)]!.line_start!;
    const probe = () =>
      conn.sendRequest('textDocument/hover', {
        textDocument: { uri: bigUri },
        position: { line: 0, character: 0 },
      });
    const baseMs: number[] = [];
    for (let i = 0; i < 300; i++) {
      const b0 = performance.now();
      await probe();
      baseMs.push(performance.now() - b0);
    }
    const changeMs: number[] = [];
    let top = 0;
    for (let v = 2; v < 602; v++) {
      const typing = v % 2 === 0;
      const line = typing ? mid + top : 1;
      const c0 = performance.now();
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri: bigUri, version: v },
        contentChanges: [
          {
            range: { start: { line, character: 2 }, end: { line, character: 2 } },
            text: typing ? 'x' : '\n',
          },
        ],
      });
      await probe();
      changeMs.push(performance.now() - c0);
      if (!typing) top++;
    }
    const afterAll = procStatus(server.pid!);
    // Once the server has been quiet a while it collects the garbage of the run and gives memory back
    // (util/memorySettle.ts): what a user's idle editor holds. Its log line says when; V8 returns the
    // emptied pages on a background thread just after, so resident memory is read a moment later.
    const settledBefore = settledLines.length;
    await new Promise<void>((res) => {
      onSettled = () => {
        if (settledLines.length > settledBefore) res();
      };
      setTimeout(res, 30_000).unref();
    });
    await new Promise((res) => setTimeout(res, 1_000));
    const settled = procStatus(server.pid!);

    // The clock writes its times when the server is asked to shut down: the warm-up's hovers first,
    // then the measured ones.
    await conn.sendRequest('shutdown');
    const clock = existsSync(clockOut) ? (JSON.parse(readFileSync(clockOut, 'utf8')) as number[]) : [];
    // With the interleaved floor, every other hover the clock timed is the floor's.
    const perHover = floorMs.length ? 2 : 1;
    const inside =
      clock.length >= 200 + perHover * N_HOVERS
        ? stats(clock.slice(200, 200 + perHover * N_HOVERS).filter((_, i) => i % perHover === 0))
        : undefined;
    const hs = stats(hoverMs);
    const base = stats(baseMs);
    const ch = stats(changeMs);
    const rows: Array<[string, string]> = [
      [
        'service warm-up (the edge list, every component and its versions read once, before the server starts)',
        `${warmMs.toFixed(0)} ms`,
      ],
      [
        `load + index (${status.componentCount} components, ${status.anchorCount} anchors)`,
        `${loadMs.toFixed(0)} ms (server CPU ${loadCpu} ms)`,
      ],
      [
        'index build (server log)',
        indexLine.replace(/^Indexed \d+ code anchors in /, '').replace(/\.$/, '') || 'not reported',
      ],
      [
        '  closed files placed after it, in the background (server log)',
        laterLine.replace(
          /^Placed the anchors of (\d+) closed files in the background, (.*)\.$/,
          '$1 files, $2',
        ) || 'none',
      ],
      ['diagnostics published at load', `${diagnostics} in ${published} notifications`],
      [
        `hover over stdio, ${N_HOVERS} on anchored lines of 50 open files (${empty} empty)`,
        `median ${f2(hs.median)} ms, p99 ${f2(hs.p99)} ms${inside ? ` (inside the server: median ${f2(inside.median)} ms, p99 ${f2(inside.p99)} ms)` : ''}`,
      ],
      ...(floorMs.length
        ? [
            [
              '  a hover the server answers without work, one after each (BENCH_FLOOR_INTERLEAVED)',
              `median ${f2(stats(floorMs).median)} ms, p99 ${f2(stats(floorMs).p99)} ms`,
            ] as [string, string],
          ]
        : []),
      [
        `didChange + hover round trip, file with ${bigCount} anchors (600 edits)`,
        `median ${f2(ch.median)} ms, p99 ${f2(ch.p99)} ms`,
      ],
      ['  the hover alone (baseline)', `median ${f2(base.median)} ms, p99 ${f2(base.p99)} ms`],
      [
        'lineage model, built on the first lens request (request → the server asks for lenses again)',
        `${modelMs.toFixed(0)} ms`,
      ],
      [
        `code lens of that file once the model is built (${lenses.length} lenses, ${impactLenses} of impact)`,
        `${lensMs.toFixed(0)} ms`,
      ],
      ['  didChange (difference of medians)', `${f2(Math.max(0, ch.median - base.median))} ms`],
      [
        'server RSS after load / after the run (peak)',
        `${afterLoad.rss.toFixed(0)} MB / ${afterAll.rss.toFixed(0)} MB (${afterAll.peak.toFixed(0)} MB)`,
      ],
      [
        'server RSS once quiet (after its collection; server log)',
        `${settled.rss.toFixed(0)} MB (${
          settledLines.length > settledBefore
            ? 'collected after the run'
            : 'no collection within 30 s after the run'
        }; ${settledLines.length} in all${
          settledLines.length
            ? `, the last: ${settledLines
                .at(-1)!
                .replace(/^Memory settled after the /, '')
                .replace(/\.$/, '')}`
            : ''
        })`,
      ],
    ];
    console.log(
      `\nload average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n| measure | result |\n|---|---|`,
    );
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  } finally {
    await conn.sendRequest('shutdown').catch(() => undefined);
    await conn.sendNotification('exit').catch(() => undefined);
    conn.dispose();
    await service.stop();
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
