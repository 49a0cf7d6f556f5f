// Entry point of the local service: parse the command line, open (and maybe seed) the database,
// serve HTTP on 127.0.0.1, and shut down cleanly on SIGINT/SIGTERM.
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseOptions, UsageError, USAGE, defaultSeedFile, type ServiceOptions } from './cli';
import { ServiceDb } from './db/database';
import { ensureSystemTags, seedDatabase } from './db/seed';
import { readDataset } from './dataset/loadDataset';
import type { Dataset } from '../../common/src/dataset/schema';
import { Store } from './model/store';
import { buildServer } from './http/server';
import { keyLine, urlLine } from '../../common/src/serviceAnnouncement';

async function main(): Promise<void> {
  let opts: ServiceOptions;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (message) process.stderr.write(`${message}\n`);
    process.stderr.write(`${USAGE}\n`);
    process.exit(err instanceof UsageError && !message ? 0 : 2);
  }

  if (opts.reset) for (const suffix of ['', '-journal']) rmSync(opts.db + suffix, { force: true });
  const exists = existsSync(opts.db);
  if (exists && opts.seed !== undefined) {
    fatal(
      `the database ${opts.db} already exists; refusing to load ${opts.seed} into it (add --reset to start over from the dataset)`,
    );
  }

  // Check the port before creating anything: a start that cannot listen must not leave behind a
  // seeded database whose key it never printed (the next start would refuse to seed it again).
  const portProblem = await portUnavailable(opts.host, opts.port);
  if (portProblem)
    fatal(`cannot listen on ${opts.host}:${opts.port}: ${portProblem}; nothing was created or changed`);

  // Check the dataset before creating anything, so a bad dataset leaves no half-made database.
  let dataset: Dataset | undefined;
  if (!exists) {
    const seedFile = opts.seed ?? defaultSeedFile();
    if (seedFile === undefined) fatal('no dataset to load into the new database: pass --seed FILE');
    try {
      dataset = readDataset(seedFile);
    } catch (err) {
      fatal((err as Error).message);
    }
  }

  let db: ServiceDb;
  try {
    db = ServiceDb.open(opts.db);
  } catch (err) {
    fatal((err as Error).message);
  }
  let newKey: string | undefined;
  /** Closes the database and, when this start created it, removes it again. */
  const undo = () => {
    db.close();
    if (dataset) for (const suffix of ['', '-journal']) rmSync(opts.db + suffix, { force: true });
  };
  if (dataset) {
    try {
      newKey = seedDatabase(db, dataset);
    } catch (err) {
      undo();
      fatal(`could not load the dataset: ${(err as Error).message}`);
    }
  }
  ensureSystemTags(db);
  const store = new Store(db);
  const server = await buildServer(store, { host: opts.host });
  try {
    await server.listen({ port: opts.port, host: opts.host });
  } catch (err) {
    // The port was taken between the check and now: leave nothing behind either.
    undo();
    fatal(
      `cannot listen on ${opts.host}:${opts.port}: ${(err as Error).message}; nothing was created or changed`,
    );
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  process.stdout.write(urlLine(opts.host, port));
  // The key goes only to stdout (never to a log): always for a new database, whose creator has no
  // other way to learn it, and for an existing one only on request.
  const key = newKey ?? (opts.printKey ? store.apiKeys[0]?.value : undefined);
  if (key !== undefined) process.stdout.write(keyLine(key));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server
      .close()
      .catch(() => undefined)
      .finally(() => {
        db.close();
        process.stderr.write(`local service stopped (${signal})\n`);
        process.exit(0);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Why `host:port` cannot be listened on (in use, not an address of this machine…), or undefined. */
function portUnavailable(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'EADDRINUSE' ? 'the port is in use' : err.message),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

function fatal(message: string): never {
  process.stderr.write(`lineage-lens service: ${message}\n`);
  process.exit(1);
}

main().catch((err) => fatal(err instanceof Error ? err.message : String(err)));
