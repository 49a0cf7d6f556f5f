// Starts the real local service (dist/service/main.js) on a free port with a fresh database, for tests.
// Readiness is the service's own stdout lines (URL and API key), never a sleep.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { VERSIONS_PAGE } from '../../common/src/api/choices';
import { SERVICE_KEY_LINE, SERVICE_URL_LINE } from '../../common/src/serviceAnnouncement';

export interface LocalService {
  url: string;
  apiKey: string;
  dbFile: string;
  process: ChildProcess;
  /** Kills the service (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

export interface LocalServiceOptions {
  /** Dataset to load into a new database; default demo/dataset.json. */
  seed?: string;
  /** Database file; default a new file in a temporary folder. When it exists, no seed is loaded. */
  db?: string;
  /** Extra command-line arguments. */
  args?: string[];
  /** Arguments for node itself (benchmarks: `--cpu-prof`). */
  nodeArgs?: string[];
  /** How long to wait for the service to announce itself (ms); default 15000. */
  startTimeoutMs?: number;
}

const repoRoot = resolve(__dirname, '..', '..', '..');
const mainJs = join(repoRoot, 'dist', 'service', 'main.js');

export function startLocalService(opts: LocalServiceOptions = {}): Promise<LocalService> {
  const dbFile = opts.db ?? join(mkdtempSync(join(tmpdir(), 'lineage-lens-svc-')), 'service.db');
  const seed = opts.seed ?? join(repoRoot, 'demo', 'dataset.json');
  const args = [
    ...(opts.nodeArgs ?? []),
    mainJs,
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--db',
    dbFile,
    ...(opts.args ?? []),
  ];
  // An existing database already holds its data: the service refuses --seed into it (without --reset).
  if (!opts.db || !existsSync(opts.db)) args.push('--seed', seed);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<void>((res) => child.once('exit', () => res()));

  return new Promise<LocalService>((resolvePromise, reject) => {
    let url: string | undefined;
    let apiKey: string | undefined;
    // A new database always prints its key; an existing one only with --print-key.
    const expectKey = args.includes('--seed') || args.includes('--print-key');
    const timer = setTimeout(
      () => fail(new Error(`local service did not start within ${opts.startTimeoutMs ?? 15000} ms`)),
      opts.startTimeoutMs ?? 15000,
    );
    const lines = createInterface({ input: child.stdout });

    function fail(err: Error): void {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n${stderr}`));
    }
    const onEarlyExit = (code: number | null, signal: string | null) =>
      fail(new Error(`local service exited early (code ${code}, signal ${signal})`));
    child.once('exit', onEarlyExit);
    lines.on('line', (line) => {
      const u = SERVICE_URL_LINE.exec(line);
      if (u) url = u[1];
      const k = SERVICE_KEY_LINE.exec(line);
      if (k) apiKey = k[1];
      // A reopened database prints no key; the caller knows it from the first start.
      if (url && (apiKey || !expectKey)) {
        clearTimeout(timer);
        child.off('exit', onEarlyExit);
        lines.close();
        child.stdout.resume();
        resolvePromise({
          url,
          apiKey: apiKey ?? '',
          dbFile,
          process: child,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) {
              child.kill('SIGTERM');
              // A service that does not finish its graceful shutdown in time is killed outright.
              const force = setTimeout(() => child.kill('SIGKILL'), 5000);
              await exited;
              clearTimeout(force);
            }
            await exited;
          },
        });
      }
    });
  });
}

/** GET `path` from the service with its key: the JSON answer, or an error naming the path and status. */
export async function serviceJson<T>(
  service: Pick<LocalService, 'url' | 'apiKey'>,
  path: string,
): Promise<T> {
  const r = await fetch(`${service.url}${path}`, { headers: { 'X-API-KEY': service.apiKey } });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return (await r.json()) as T;
}

/**
 * Reads the edge list, then every component's detail and versions once, four at a time, as the language
 * server and the CLI ask for them (the default projection, versions a whole page at a time): the service
 * renders each answer on its first read and keeps it until the next write, so a benchmark measures its
 * client, not that first rendering.
 */
export async function warmComponentAnswers(
  service: Pick<LocalService, 'url' | 'apiKey'>,
  componentIds: readonly string[],
): Promise<void> {
  await fetch(`${service.url}/v0/experimental/edges`, { headers: { 'X-API-KEY': service.apiKey } }).then(
    (r) => r.arrayBuffer(),
  );
  const ids = [...componentIds];
  const readSome = async (): Promise<void> => {
    for (let id = ids.shift(); id; id = ids.shift())
      for (const part of ['', `/versions?limit=${VERSIONS_PAGE.max}`])
        await fetch(`${service.url}/v0/experimental/components/${id}${part}`, {
          headers: { 'X-API-KEY': service.apiKey },
        }).then((r) => r.arrayBuffer());
  };
  await Promise.all([readSome(), readSome(), readSome(), readSome()]);
}
