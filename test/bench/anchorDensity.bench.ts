// Many anchors in one place (not a test: it only reports). Two cases, each one component served as one
// JSON answer by a raw HTTP server on 127.0.0.1 (as in bigComponent.bench.ts), and the real server over
// stdio: 100,000 paths whose anchors all point into one 20-line file (5,000 per function), and 5,000
// paths anchored on one line. Reported: load + index (initialize → `connected`), the longest wait of a
// probe hover sent every 10 ms meanwhile, hovers on the dense lines afterwards, and resident memory.
// Run: npm run bench -- anchorDensity. BENCH_DENSE_PATHS (100000) and BENCH_LINE_PATHS (5000) set the
// sizes; BENCH_SERVER_JS runs another build; BENCH_SERVER_ARGS passes node flags (e.g. --cpu-prof);
// BENCH_BLOCKS=n lists the n longest event-loop blocks of the load with their times.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { procCpuMs } from './generatedWorkspace';
import {
  Probe,
  f1,
  initialize,
  rssMb,
  serveOneComponent,
  startBenchServer,
  stats,
} from './oneComponentServer';

const KEY = 'bench-key-anchor-density';
const COMPONENT_ID = '0b1d0000-0000-4000-8000-000000000001';
const FILE_LINES = 20;
const FILE = 'src/dense.ts';

interface Case {
  title: string;
  paths: number;
  /** The 0-based function (and line) anchor `i` points at. */
  lineOf: (i: number) => number;
}

const CASES: Case[] = [
  {
    title: `${Number(process.env.BENCH_DENSE_PATHS ?? 100_000).toLocaleString('en')} anchors in one ${FILE_LINES}-line file`,
    paths: Number(process.env.BENCH_DENSE_PATHS ?? 100_000),
    lineOf: (i) => i % FILE_LINES,
  },
  {
    title: `${Number(process.env.BENCH_LINE_PATHS ?? 5_000).toLocaleString('en')} anchors on one line`,
    paths: Number(process.env.BENCH_LINE_PATHS ?? 5_000),
    lineOf: () => 0,
  },
];

/** The one source file (a function per line) and the component's JSON. */
function build(ws: string, c: Case): string {
  mkdirSync(join(ws, 'src'), { recursive: true });
  const lines: string[] = [];
  for (let l = 0; l < FILE_LINES; l++) lines.push(`export function fn_${l}() { return ${l}; }`);
  writeFileSync(join(ws, FILE), lines.join('\n') + '\n');
  const tags = [{ tag_id: 't-pii', name: 'pii', kind: 'SYSTEM', source: 'system' }];
  const paths: string[] = [];
  for (let i = 0; i < c.paths; i++) {
    const line = c.lineOf(i);
    const hex = i.toString(16).padStart(12, '0');
    paths.push(
      JSON.stringify({
        path_id: `0b1d0001-0000-4000-8000-${hex}`,
        path_type: 'SCAN_OUTPUT',
        ingress: {
          signature_name: `svc.api.Handler${i}.receive`,
          ...(i % 10 === 0 ? { field_tags: [{ field_path: `email_${i % 97}`, tags }] } : {}),
        },
        egress: { signature_name: `svc.db.Store${i % 500}.write` },
        ...(i % 10 === 0
          ? { field_mappings: [{ ingress_field: `email_${i % 97}`, egress_field: `contact_${i % 89}` }] }
          : {}),
        code_anchors: [{ anchor_id: `a${i}`, name: `fn_${line}`, file: FILE, line_start: line + 1 }],
      }),
    );
  }
  return `{"component":{"id":"${COMPONENT_ID}","name":"dense-service","friendly_name":"Dense service","type":"CODE","namespace":"dense","paths":[${paths.join(',')}]}}`;
}

async function runCase(c: Case): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-dense-'));
  const ws = join(dir, 'workspace');
  const body = Buffer.from(build(ws, c));
  console.log(`\n#### ${c.title} (one component, answer ${(body.length / 1_048_576).toFixed(1)} MB)`);
  const { url: serviceUrl, http } = await serveOneComponent(COMPONENT_ID, KEY, body);
  const bench = startBenchServer(dir, [COMPONENT_ID]);
  const { server, conn } = bench;
  const probe = new Probe(conn, ws);

  try {
    const t0 = performance.now();
    const cpu0 = procCpuMs(server.pid!);
    await initialize(conn, ws, serviceUrl, KEY);
    const loadFrom = Date.now();
    await conn.sendNotification('initialized', {});
    await probe.open();
    probe.start();
    const status = await bench.connected;
    const loadMs = performance.now() - t0;
    const loadTo = Date.now();
    const loadCpu = procCpuMs(server.pid!) - cpu0;
    const loadWait = stats(await probe.stop());
    const rssLoaded = rssMb(server.pid!);

    const denseUri = pathToFileURL(join(ws, FILE)).href;
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: denseUri,
        languageId: 'typescript',
        version: 1,
        text: readFileSync(join(ws, FILE), 'utf8'),
      },
    });
    const hoverMs: number[] = [];
    let empty = 0;
    // BENCH_LOAD_ONLY=1 skips the requests after the load (a profile of the load alone).
    const hovers = process.env.BENCH_LOAD_ONLY ? 0 : 200;
    for (let i = 0; i < hovers; i++) {
      const h0 = performance.now();
      const h = await conn.sendRequest('textDocument/hover', {
        textDocument: { uri: denseUri },
        position: { line: c.lineOf(i * 7), character: 17 },
      });
      hoverMs.push(performance.now() - h0);
      if (!h) empty++;
    }
    const l0 = performance.now();
    await conn.sendRequest('textDocument/codeLens', { textDocument: { uri: denseUri } });
    const lensMs = performance.now() - l0;
    const rssEnd = rssMb(server.pid!);
    await conn.sendRequest('shutdown');
    const longestBlock = bench.longestBlock(loadFrom, loadTo);
    const hs = stats(hoverMs);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n| measure | aim | result |\n|---|---|---|`,
    );
    console.log(
      `| load + index (${status.componentCount} component, ${status.anchorCount} anchors) | ≤ 3 s | ${loadMs.toFixed(0)} ms (server CPU ${loadCpu} ms) |`,
    );
    const indexLog = bench.indexLog();
    if (indexLog) console.log(`| the server's index log | — | ${indexLog.replace(/\|/g, '/')} |`);
    console.log(
      `| longest wait of a probe hover during the load (${loadWait.median ? 'median ' + f1(loadWait.median) + ' ms' : ''}) | ≤ 50 ms | ${f1(loadWait.max)} ms |`,
    );
    console.log(`| longest block of the server's event loop during the load | — | ${f1(longestBlock)} ms |`);
    console.log(
      `| hover on the dense lines, ${hovers} (${empty} empty) | — | median ${f1(hs.median)} ms, p99 ${f1(hs.p99)} ms |`,
    );
    console.log(`| code lens of the file | — | ${f1(lensMs)} ms |`);
    console.log(
      `| server RSS after load / after the run | — | ${rssLoaded.toFixed(0)} / ${rssEnd.toFixed(0)} MB |`,
    );
  } finally {
    await probe.stop();
    await bench.stop();
    http.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_DENSITY_CASE;
  for (const [i, c] of CASES.entries()) if (!only || only === String(i)) await runCase(c);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
