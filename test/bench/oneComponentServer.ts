// What the one-component benchmarks share (anchorDensity, bigComponent): a raw HTTP service on 127.0.0.1
// answering one component as one JSON body, the real language server over stdio under the loop clock
// (loopClock.cjs: its event loop's own longest blocks), the connection's set-up, a probe hover (where
// nothing is anchored) sent every 10 ms to see how long a request waits, and the figures' helpers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import * as rpc from 'vscode-languageserver-protocol/node';
import { repoRoot, serverNodeArgs, benchServerJs } from './generatedWorkspace';

export function rssMb(pid: number): number {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? NaN) / 1024;
}

export { latencyStats as stats } from './latencyStats';

export const f1 = (n: number) => n.toFixed(1);

/** The service: the component at its URL, no version history, no edges; a wrong key gets 401. */
export async function serveOneComponent(
  componentId: string,
  key: string,
  body: Buffer,
): Promise<{ url: string; http: Server }> {
  const http = createServer((req, res) => {
    const url = req.url ?? '';
    const send = (status: number, data: Buffer | string) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(data),
      });
      res.end(data);
    };
    if (req.headers['x-api-key'] !== key) return send(401, '{"message":"no"}');
    if (url.startsWith('/v0/experimental/edges')) return send(200, '{"edges":[]}');
    // No version history (the anchors are placed at their recorded lines); the versions URL falls under
    // the component's prefix, so it is answered first.
    if (url.startsWith(`/v0/experimental/components/${componentId}/versions`))
      return send(200, '{"versions":[]}');
    if (url.startsWith(`/v0/experimental/components/${componentId}`)) return send(200, body);
    send(404, '{"message":"not found"}');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, http };
}

export interface BenchServer {
  server: ChildProcess;
  conn: rpc.ProtocolConnection;
  /** Resolves with the first `connected` status. */
  connected: Promise<{ componentCount: number; anchorCount: number; warning?: string }>;
  /** The server's "Indexed N code anchors …" log line, once written. */
  indexLog(): string;
  /** The event loop's blocks (start, ms) that overlap [from, to] (Date.now() times), longest first. */
  longestBlock(from: number, to: number): number;
  /** Shuts the server down (given a moment to exit on its own, so that a --cpu-prof profile is written). */
  stop(): Promise<void>;
}

/**
 * The real server (BENCH_SERVER_JS, else the build's) over stdio under the loop clock, with node flags
 * from BENCH_SERVER_ARGS, settings for these components, listening.
 */
export function startBenchServer(dir: string, componentIds: string[]): BenchServer {
  const loopOut = join(dir, 'loop-clock.json');
  const spawnedAt = Date.now();
  const server = spawn(
    process.execPath,
    [...serverNodeArgs(), join(repoRoot, 'test/bench/loopClock.cjs'), benchServerJs(), '--stdio'],
    { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, LOOP_CLOCK_OUT: loopOut } },
  );
  const conn = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(server.stdout!),
    new rpc.StreamMessageWriter(server.stdin!),
  );
  const settings = { components: componentIds, refreshIntervalSeconds: 0 };
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/codeLens/refresh', () => null);
  let indexLog = '';
  conn.onNotification('window/logMessage', (m: { message: string }) => {
    if (/Indexed \d+ code anchors/.test(m.message)) indexLog = m.message;
  });
  conn.onNotification('textDocument/publishDiagnostics', () => undefined);
  const connected = new Promise<{ componentCount: number; anchorCount: number; warning?: string }>((r) =>
    conn.onNotification(
      'lineageLens/status',
      (s: { state: string; componentCount: number; anchorCount: number; message: string }) => {
        if (s.state === 'connected') r(s);
        else if (s.state !== 'connecting' && s.state !== 'signedOut')
          console.error(`status ${s.state}: ${s.message}`);
      },
    ),
  );
  conn.listen();
  return {
    server,
    conn,
    connected,
    indexLog: () => indexLog,
    longestBlock(from, to) {
      const waits = JSON.parse(readFileSync(loopOut, 'utf8')) as Array<[number, number, number?]>;
      const within = waits.filter(([at, ms]) => at + ms >= from && at <= to);
      // BENCH_BLOCKS=n lists the n longest, at ms since the server was started (to find them in a
      // --cpu-prof profile, whose clock starts with the process).
      const listed = Number(process.env.BENCH_BLOCKS ?? 0);
      if (listed > 0)
        console.log(
          `longest blocks (at ms after spawn: ms, the process's CPU ms meanwhile): ${[...within]
            .sort((a, b) => b[1] - a[1])
            .slice(0, listed)
            .map(
              ([at, ms, cpu]) =>
                `${(at - spawnedAt).toFixed(0)}: ${ms.toFixed(1)} (CPU ${cpu?.toFixed(0) ?? '?'})`,
            )
            .join(', ')}`,
        );
      return Math.max(0, ...within.map(([, ms]) => ms));
    },
    async stop() {
      await conn.sendRequest('shutdown').catch(() => undefined);
      await conn.sendNotification('exit').catch(() => undefined);
      await Promise.race([
        new Promise((r) => server.once('exit', r)),
        new Promise((r) => setTimeout(r, 5_000)),
      ]);
      conn.dispose();
      server.kill();
    },
  };
}

/** `initialize` for one workspace folder with the service's URL and key, then `initialized`. */
export async function initialize(
  conn: rpc.ProtocolConnection,
  ws: string,
  serviceUrl: string,
  apiKey: string,
): Promise<void> {
  const folderUri = pathToFileURL(ws).href;
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: folderUri,
    workspaceFolders: [{ uri: folderUri, name: 'bench' }],
    initializationOptions: { serviceUrl, apiKey },
    capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } },
  });
}

/**
 * A hover where nothing is anchored (a file of its own in the workspace, opened), sent every 10 ms while
 * running: how long a request waits behind whatever the server is doing.
 */
export class Probe {
  private readonly uri: string;
  private running: Promise<void> | undefined;
  private on = false;
  private times: number[] = [];

  constructor(
    private readonly conn: rpc.ProtocolConnection,
    ws: string,
  ) {
    const file = join(ws, 'probe.ts');
    writeFileSync(file, 'const nothing = 1;\n');
    this.uri = pathToFileURL(file).href;
  }

  open(): Promise<void> {
    return this.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: this.uri, languageId: 'typescript', version: 1, text: 'const nothing = 1;\n' },
    });
  }

  /** One probe hover's round trip. */
  once(): Promise<unknown> {
    return this.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: this.uri },
      position: { line: 0, character: 6 },
    });
  }

  start(): void {
    this.on = true;
    this.running = (async () => {
      while (this.on) {
        const t0 = performance.now();
        await this.once();
        this.times.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
  }

  /** Stops and gives the round trips since start. */
  async stop(): Promise<number[]> {
    this.on = false;
    await this.running;
    return this.times.splice(0);
  }
}
