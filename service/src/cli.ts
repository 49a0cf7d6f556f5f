// Command line of the local service, and where its files live by default.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface ServiceOptions {
  port: number;
  host: string;
  db: string;
  /** Dataset to load; undefined means "the demo dataset, if the database is new". */
  seed?: string;
  reset: boolean;
  printKey: boolean;
}

export const USAGE = `Usage: node dist/service/main.js [--port P] [--host 127.0.0.1] [--db FILE] [--seed FILE] [--reset] [--print-key]
  --port       port to listen on (0 = any free port; default 0)
  --host       address to bind (default 127.0.0.1)
  --db         database file (default: ${defaultDbFile()})
  --seed       dataset to load into a new database (default: demo/dataset.json)
  --reset      delete the database first (needed to --seed into an existing one)
  --print-key  also print the API key of an existing database (a new one always prints it)`;

export function parseOptions(argv: string[]): ServiceOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      db: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'print-key': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) throw new UsageError('');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be an integer 0..65535, not ${values.port}`);
  return {
    port,
    host: values.host,
    db: resolve(values.db ?? defaultDbFile()),
    seed: values.seed === undefined ? undefined : resolve(values.seed),
    reset: values.reset,
    printKey: values['print-key'],
  };
}

export class UsageError extends Error {}

/** The user's data folder, per platform. */
export function defaultDbFile(): string {
  const home = homedir();
  let base: string;
  if (process.platform === 'win32') base = process.env.LOCALAPPDATA ?? join(home, 'AppData', 'Local');
  else if (process.platform === 'darwin') base = join(home, 'Library', 'Application Support');
  else base = process.env.XDG_DATA_HOME || join(home, '.local', 'share');
  return join(base, 'lineage-lens', 'service.db');
}

/** demo/dataset.json of the repository or the packaged extension that holds this bundle. */
export function defaultSeedFile(): string | undefined {
  // The bundle is dist/service/main.js, so the root is two folders up; walk further for safety.
  let dir = __dirname;
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'demo', 'dataset.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}
