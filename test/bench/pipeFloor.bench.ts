// The machine's floor for a request over stdio (not a test: it only reports). Two bare Node processes,
// no Lineage Lens code: a client sends 2,000 JSON-RPC requests one after another through the same
// library the editor and our server use (vscode-jsonrpc), to a child that answers each at once with
// a hover-sized answer (2.7 KB). Whatever p99 this shows, no language server can beat on the same
// machine: compare the hover tails of lsp and pathDocument with it. Three runs as Node starts the
// processes, three with both lowering V8's background threads to nice +10 (the first of the two steps
// our server and the pathDocument harness take; they also put those threads under SCHED_IDLE), and a
// last series that pauses before each request, as a reader does between hovers (compare pathDocument's
// hover after a pause). Run: npm run bench -- pipeFloor. BENCH_REQUESTS (2000), BENCH_RUNS (3),
// BENCH_PAUSE_MS (80).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as rpc from 'vscode-languageserver-protocol/node';
import { describeThreadPriority, lowerBackgroundThreadPriority } from '../../server/src/util/threadPriority';
import { repoRoot } from './generatedWorkspace';
import { latencyStats, type LatencyStats } from './latencyStats';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP = 200;

/** The child: answers `ping` with a constant 2.7 KB hover; `nice` lowers its V8 threads first. */
const CHILD = `
const rpc = require(${JSON.stringify(join(repoRoot, 'node_modules/vscode-jsonrpc/node'))});
if (process.argv[1] === 'nice') {
  const { readdirSync } = require('node:fs');
  const { getPriority, setPriority } = require('node:os');
  const nice = Math.min(19, getPriority(0) + 10);
  for (const t of readdirSync('/proc/self/task').map(Number)) if (t !== process.pid) try { setPriority(t, nice); } catch {}
}
const c = rpc.createMessageConnection(new rpc.StreamMessageReader(process.stdin), new rpc.StreamMessageWriter(process.stdout));
const answer = { contents: { kind: 'markdown', value: 'x'.repeat(2700) } };
c.onRequest('ping', () => answer);
c.listen();
`;

/** Requests in the paused series, and the pause before each (about the peer's block in pathDocument). */
const PAUSED_REQUESTS = 100;
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 80);

async function run(nice: boolean, pauseMs = 0): Promise<LatencyStats> {
  const child = spawn(process.execPath, ['-e', CHILD, nice ? 'nice' : 'plain'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const conn = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  conn.listen();
  try {
    for (let i = 0; i < WARM_UP; i++) await conn.sendRequest('ping', { i });
    const times: number[] = [];
    for (let i = 0; i < (pauseMs ? PAUSED_REQUESTS : REQUESTS); i++) {
      // A timer, not a wait on an event: the pause is what is measured (idle cores, cold caches).
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const t0 = performance.now();
      await conn.sendRequest('ping', { i });
      times.push(performance.now() - t0);
    }
    return latencyStats(times);
  } finally {
    conn.dispose();
    child.kill();
  }
}

async function main(): Promise<void> {
  const f2 = (n: number) => n.toFixed(2);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| processes | median | p99 | max |\n|---|---|---|---|');
  for (let r = 0; r < RUNS; r++) {
    const o = await run(false);
    console.log(`| as Node starts them | ${f2(o.median)} ms | ${f2(o.p99)} ms | ${f2(o.max)} ms |`);
  }
  // This process's background threads too, from here on (they cannot be raised back).
  const lowered = describeThreadPriority(lowerBackgroundThreadPriority());
  for (let r = 0; r < RUNS; r++) {
    const o = await run(true);
    console.log(
      `| both with V8's background threads at nice +10 (${lowered}) | ${f2(o.median)} ms | ${f2(o.p99)} ms | ${f2(o.max)} ms |`,
    );
  }
  // What a hover after a reader's pause meets: pathDocument reports each block's first hover so.
  const paused = await run(true, PAUSE_MS);
  console.log(
    `| the same, each request after a ${PAUSE_MS} ms pause (${PAUSED_REQUESTS} requests; p90 in the p99 column) | ${f2(paused.median)} ms | p90 ${f2(paused.p90)} ms | ${f2(paused.max)} ms |`,
  );
  console.log(`\n(${REQUESTS} requests after ${WARM_UP} to warm up, each answered with 2.7 KB)`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
