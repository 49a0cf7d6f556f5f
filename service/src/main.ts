// Entry point of the local service: parse the command line, open (and maybe seed) the database,
// serve HTTP on 127.0.0.1, and shut down cleanly on SIGINT/SIGTERM.
import { existsSync, rmSync } from 'node:fs';
import { parseOptions, UsageError, USAGE, defaultSeedFile, type ServiceOptions } from './cli';
import { ServiceDb } from './db/database';
import { ensureSystemTags, seedDatabase } from './db/seed';
import { readDataset } from './dataset/loadDataset';
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

  // Check the dataset before creating anything, so a bad dataset leaves no half-made database.
  let dataset;
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
  if (dataset) {
    try {
      newKey = seedDatabase(db, dataset);
    } catch (err) {
      db.close();
      for (const suffix of ['', '-journal']) rmSync(opts.db + suffix, { force: true });
      fatal(`could not load the dataset: ${(err as Error).message}`);
    }
  }
  ensureSystemTags(db);
  const store = new Store(db);
  const server = await buildServer(store);
  await server.listen({ port: opts.port, host: opts.host });
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

function fatal(message: string): never {
  process.stderr.write(`lineage-lens service: ${message}\n`);
  process.exit(1);
}

main().catch((err) => fatal(err instanceof Error ? err.message : String(err)));
