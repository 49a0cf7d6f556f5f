// One component with 100,000 paths (not a test: it only reports). The component is
// served as one JSON answer by a raw HTTP server on 127.0.0.1 (the local service would spend minutes
// deriving depends-on tags for it, which is not what is measured here), with 100,000 code anchors in
// 1,000 workspace files. The real server over stdio: load, workspace/symbol for several queries,
// hovers, code lenses, the event loop's longest block (the server's own 1 ms timer, loopClock.cjs), the
// longest any request waited (a probe every 10 ms during the load and the other requests: a block, or on
// a busy machine the server or the client waiting for a core), and resident memory.
// Run: npm run bench -- bigComponent. BENCH_PATHS (100000) sets the size; BENCH_SERVER_JS another build.
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

const N_PATHS = Number(process.env.BENCH_PATHS ?? 100_000);
const PER_FILE = 100;
const SYMBOL_RUNS = Number(process.env.BENCH_SYMBOL_RUNS ?? 10);
const KEY = 'bench-key-big-component';
const COMPONENT_ID = '0b1c0000-0000-4000-8000-000000000001';

/** The component's JSON and the workspace files its anchors point into. */
function build(ws: string): string {
  const files = Math.ceil(N_PATHS / PER_FILE);
  for (let f = 0; f < files; f++) {
    const dir = join(ws, 'src', `m${Math.floor(f / 100)}`);
    mkdirSync(dir, { recursive: true });
    const lines: string[] = [];
    for (let i = 0; i < PER_FILE; i++)
      lines.push(`export function fn_${f * PER_FILE + i}() { return ${i}; }`);
    writeFileSync(join(dir, `file${f}.ts`), lines.join('\n') + '\n');
  }
  const tags = [{ tag_id: 't-pii', name: 'pii', kind: 'SYSTEM', source: 'system' }];
  const paths: string[] = [];
  for (let i = 0; i < N_PATHS; i++) {
    const f = Math.floor(i / PER_FILE);
    const hex = i.toString(16).padStart(12, '0');
    paths.push(
      JSON.stringify({
        path_id: `0b1c0001-0000-4000-8000-${hex}`,
        path_type: 'SCAN_OUTPUT',
        ingress: {
          signature_name: `svc.api.Handler${i}.receive`,
          ...(i % 10 === 0 ? { field_tags: [{ field_path: `email_${i % 97}`, tags }] } : {}),
        },
        egress: { signature_name: `svc.db.Store${i % 500}.write` },
        ...(i % 10 === 0
          ? { field_mappings: [{ ingress_field: `email_${i % 97}`, egress_field: `contact_${i % 89}` }] }
          : {}),
        code_anchors: [
          {
            anchor_id: `a${i}`,
            name: `fn_${i}`,
            file: `src/m${Math.floor(f / 100)}/file${f}.ts`,
            line_start: (i % PER_FILE) + 1,
          },
        ],
      }),
    );
  }
  return `{"component":{"id":"${COMPONENT_ID}","name":"big-service","friendly_name":"Big service","type":"CODE","namespace":"big","paths":[${paths.join(',')}]}}`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-bench-big-'));
  const ws = join(dir, 'workspace');
  const body = Buffer.from(build(ws));
  console.log(
    `one component, ${N_PATHS} paths, ${N_PATHS} code anchors in ${Math.ceil(N_PATHS / PER_FILE)} files; answer ${(body.length / 1_048_576).toFixed(1)} MB`,
  );
  const { url: serviceUrl, http } = await serveOneComponent(COMPONENT_ID, KEY, body);
  // The server runs under a loop clock (loopClock.cjs): its event loop's own longest blocks.
  const bench = startBenchServer(dir, [COMPONENT_ID]);
  const { server, conn } = bench;
  const probe = new Probe(conn, ws);

  try {
    const t0 = performance.now();
    const cpu0 = procCpuMs(server.pid!);
    await initialize(conn, ws, serviceUrl, KEY);
    // The window of the load's blocks opens once the server answered `initialize` (its process start,
    // ~100 ms of module loading, is not a handler's).
    const loadFrom = Date.now();
    await conn.sendNotification('initialized', {});
    await probe.open();
    probe.start();
    const status = await bench.connected;
    if ((status as { warning?: string }).warning)
      console.log(`status warning: ${(status as { warning?: string }).warning}`);
    const loadMs = performance.now() - t0;
    const loadTo = Date.now();
    const loadCpu = procCpuMs(server.pid!) - cpu0;
    const loadBlock = stats(await probe.stop()).max;
    const rssLoaded = rssMb(server.pid!);

    // Requests, each measured alone, with the probe running beside them.
    const requestsFrom = Date.now();
    probe.start();
    const symbolRows: Array<[string, ReturnType<typeof stats>, number]> = [];
    for (const query of ['', 'fn', 'Handler99999', 'email_5', 'zzzz']) {
      const ms: number[] = [];
      let n = 0;
      for (let i = 0; i < SYMBOL_RUNS; i++) {
        const s0 = performance.now();
        const r = await conn.sendRequest<unknown[] | null>('workspace/symbol', { query });
        ms.push(performance.now() - s0);
        n = r?.length ?? 0;
      }
      symbolRows.push([query, stats(ms), n]);
    }
    const opened: string[] = [];
    const files = Math.ceil(N_PATHS / PER_FILE);
    for (let f = 0; f < 20; f++) {
      const n = Math.floor((f * files) / 20);
      const file = join(ws, 'src', `m${Math.floor(n / 100)}`, `file${n}.ts`);
      const uri = pathToFileURL(file).href;
      await conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'typescript', version: 1, text: readFileSync(file, 'utf8') },
      });
      opened.push(uri);
    }
    const hoverMs: number[] = [];
    let empty = 0;
    for (let i = 0; i < 2000; i++) {
      const h0 = performance.now();
      const h = await conn.sendRequest('textDocument/hover', {
        textDocument: { uri: opened[i % opened.length] },
        position: { line: (i * 7) % PER_FILE, character: 17 },
      });
      hoverMs.push(performance.now() - h0);
      if (!h) empty++;
    }
    const lensMs: number[] = [];
    for (const uri of opened) {
      const l0 = performance.now();
      await conn.sendRequest('textDocument/codeLens', { textDocument: { uri } });
      lensMs.push(performance.now() - l0);
    }
    const busy = stats(await probe.stop());
    const requestsTo = Date.now();
    const hs = stats(hoverMs);
    const ls = stats(lensMs);
    const rssEnd = rssMb(server.pid!);
    await conn.sendRequest('shutdown');
    const longestBlock = (from: number, to: number) => bench.longestBlock(from, to);

    console.log(
      `\nload average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n| measure | result |\n|---|---|`,
    );
    console.log(
      `| load + index (${status.componentCount} component, ${status.anchorCount} anchors) | ${loadMs.toFixed(0)} ms (server CPU ${loadCpu} ms) |`,
    );
    console.log(
      `| longest block of the server's event loop during the load (its own 1 ms timer) | ${f1(longestBlock(loadFrom, loadTo))} ms |`,
    );
    console.log(
      `| longest wait of a probe during the load (a block, or the server or client waiting for a core) | ${f1(loadBlock)} ms |`,
    );
    for (const [q, s, n] of symbolRows)
      console.log(
        `| workspace/symbol "${q}" (${n} results), ${SYMBOL_RUNS} runs | median ${f1(s.median)} ms, max ${f1(s.max)} ms |`,
      );
    console.log(
      `| hover, 2,000 on anchored lines of 20 files (${empty} empty) | median ${f1(hs.median)} ms, p99 ${f1(hs.p99)} ms |`,
    );
    console.log(`| code lens, 20 files of 100 anchors | median ${f1(ls.median)} ms, max ${f1(ls.max)} ms |`);
    console.log(
      `| longest block of the server's event loop beside those requests | ${f1(longestBlock(requestsFrom, requestsTo))} ms |`,
    );
    console.log(
      `| longest wait of a probe beside those requests | ${f1(busy.max)} ms (median ${f1(busy.median)} ms) |`,
    );
    console.log(
      `| server RSS after load / after the run | ${rssLoaded.toFixed(0)} MB / ${rssEnd.toFixed(0)} MB |`,
    );
  } finally {
    await probe.stop();
    await bench.stop();
    http.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
