// Many anchors in one place (not a test: it only reports). Two cases, each one component served as one
// JSON answer by a raw HTTP server on 127.0.0.1 (as in bigComponent.bench.ts), and the real server over
// stdio: 100,000 paths whose anchors all point into one 20-line file (5,000 per function), and 5,000
// paths anchored on one line. Reported: load + index (initialize → `connected`), the longest wait of a
// probe hover sent every 10 ms meanwhile, hovers on the dense lines afterwards, and resident memory.
// Run: npm run bench -- anchorDensity. BENCH_DENSE_PATHS (100000) and BENCH_LINE_PATHS (5000) set the
// sizes; BENCH_SERVER_JS runs another build; BENCH_SERVER_ARGS passes node flags (e.g. --cpu-prof).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-languageserver-protocol/node';
import { procCpuMs, repoRoot } from './generatedWorkspace';

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

function rssMb(pid: number): number {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? NaN) / 1024;
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)] ?? NaN,
    p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN,
    max: s[s.length - 1] ?? NaN,
  };
};
const f1 = (n: number) => n.toFixed(1);

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
  const http = createServer((req, res) => {
    const url = req.url ?? '';
    const send = (status: number, data: Buffer | string) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(data),
      });
      res.end(data);
    };
    if (req.headers['x-api-key'] !== KEY) return send(401, '{"message":"no"}');
    if (url.startsWith('/v0/experimental/edges')) return send(200, '{"edges":[]}');
    if (url.startsWith(`/v0/experimental/components/${COMPONENT_ID}/versions`))
      return send(200, '{"versions":[]}');
    if (url.startsWith(`/v0/experimental/components/${COMPONENT_ID}`)) return send(200, body);
    send(404, '{"message":"not found"}');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const serviceUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const loopOut = join(dir, 'loop-clock.json');
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    [
      ...nodeArgs,
      join(repoRoot, 'test/bench/loopClock.cjs'),
      process.env.BENCH_SERVER_JS ?? join(repoRoot, 'dist/server/server.js'),
      '--stdio',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, LOOP_CLOCK_OUT: loopOut } },
  );
  const conn = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(server.stdout!),
    new rpc.StreamMessageWriter(server.stdin!),
  );
  const settings = { components: [COMPONENT_ID], refreshIntervalSeconds: 0 };
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/codeLens/refresh', () => null);
  let indexLog = '';
  conn.onNotification('window/logMessage', (m: { message: string }) => {
    if (/Indexed \d+ code anchors/.test(m.message)) indexLog = m.message;
  });
  conn.onNotification('textDocument/publishDiagnostics', () => undefined);
  let connected: (s: { componentCount: number; anchorCount: number }) => void = () => undefined;
  const isConnected = new Promise<{ componentCount: number; anchorCount: number }>((r) => (connected = r));
  conn.onNotification(
    'lineageLens/status',
    (s: { state: string; componentCount: number; anchorCount: number; message: string }) => {
      if (s.state === 'connected') connected(s);
      else if (s.state !== 'connecting' && s.state !== 'signedOut')
        console.error(`status ${s.state}: ${s.message}`);
    },
  );
  conn.listen();

  // The probe: a hover where nothing is anchored, answered at once unless the event loop is busy.
  const probeFile = join(ws, 'probe.ts');
  writeFileSync(probeFile, 'const nothing = 1;\n');
  const probeUri = pathToFileURL(probeFile).href;
  let probing = false;
  const probeTimes: number[] = [];
  const probeLoop = async () => {
    while (probing) {
      const t0 = performance.now();
      await conn.sendRequest('textDocument/hover', {
        textDocument: { uri: probeUri },
        position: { line: 0, character: 6 },
      });
      probeTimes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  try {
    const folderUri = pathToFileURL(ws).href;
    const t0 = performance.now();
    const cpu0 = procCpuMs(server.pid!);
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folderUri,
      workspaceFolders: [{ uri: folderUri, name: 'dense' }],
      initializationOptions: { serviceUrl, apiKey: KEY },
      capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } },
    });
    const loadFrom = Date.now();
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: probeUri, languageId: 'typescript', version: 1, text: 'const nothing = 1;\n' },
    });
    probing = true;
    const loadProbes = probeLoop();
    const status = await isConnected;
    const loadMs = performance.now() - t0;
    const loadTo = Date.now();
    const loadCpu = procCpuMs(server.pid!) - cpu0;
    probing = false;
    await loadProbes;
    const loadWait = stats(probeTimes.splice(0));
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
    const waits = JSON.parse(readFileSync(loopOut, 'utf8')) as Array<[number, number]>;
    const longestBlock = Math.max(
      0,
      ...waits.filter(([at, ms]) => at + ms >= loadFrom && at <= loadTo).map(([, ms]) => ms),
    );
    const hs = stats(hoverMs);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n| measure | aim | result |\n|---|---|---|`,
    );
    console.log(
      `| load + index (${status.componentCount} component, ${status.anchorCount} anchors) | ≤ 3 s | ${loadMs.toFixed(0)} ms (server CPU ${loadCpu} ms) |`,
    );
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
    probing = false;
    await conn.sendRequest('shutdown').catch(() => undefined);
    await conn.sendNotification('exit').catch(() => undefined);
    // Given a moment to exit on its own, so that a profile (--cpu-prof) is written.
    await Promise.race([
      new Promise((r) => server.once('exit', r)),
      new Promise((r) => setTimeout(r, 5_000)),
    ]);
    conn.dispose();
    server.kill();
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
