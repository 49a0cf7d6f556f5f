// Opening the SQLite file (node-sqlite3-wasm: no native build, runs from the packaged extension),
// running migrations, and the one transaction helper every write goes through.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { MIGRATIONS } from './migrations';
import { claimOwnership, releaseOwnership } from './ownership';

export type Row = Record<string, string | number | null>;
export type Param = string | number | null;

export class ServiceDb {
  private constructor(
    private readonly db: Database,
    readonly file: string,
    /** True when this open created the file (so it holds no data yet). */
    readonly isNew: boolean,
  ) {}

  static open(file: string): ServiceDb {
    const isNew = !existsSync(file);
    mkdirSync(dirname(file), { recursive: true });
    claimOwnership(file);
    const db = new Database(file);
    // Rollback journal with full syncs: a crash mid-write leaves the previous committed state.
    db.exec('PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
    const self = new ServiceDb(db, file, isNew);
    self.migrate();
    return self;
  }

  private migrate(): void {
    const version = Number(this.get('PRAGMA user_version')?.user_version ?? 0);
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.transaction(() => {
        this.db.exec(MIGRATIONS[v]!);
        this.db.exec(`PRAGMA user_version = ${v + 1}`);
      });
    }
  }

  all(sql: string, params: Param[] = []): Row[] {
    return this.db.all(sql, params) as Row[];
  }

  get(sql: string, params: Param[] = []): Row | undefined {
    return (this.db.get(sql, params) as Row | null) ?? undefined;
  }

  run(sql: string, params: Param[] = []): void {
    this.db.run(sql, params);
  }

  /** Runs fn in one transaction: everything it wrote commits together, or nothing does. */
  transaction<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /** Runs one prepared statement for many rows (the seed loader's bulk inserts). */
  runMany(sql: string, rows: Iterable<Param[]>): void {
    const stmt = this.db.prepare(sql);
    try {
      for (const r of rows) stmt.run(r);
    } finally {
      stmt.finalize();
    }
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
    releaseOwnership(this.file);
  }
}
