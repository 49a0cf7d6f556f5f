// The data contracts kept in the workspace, as impact analysis needs them: each file's data asset
// (DARN) and name. Files are found by the same rule as the Contracts view (`*.contract.{yaml,yml,json}`
// anywhere, data files under a `contracts/` folder), read once; a file the client's watcher reports
// created, changed or deleted (workspace/didChangeWatchedFiles on that matcher) is read again alone.
import { readRegularFile } from '../workspace/regularFiles';
import { pathToFileURL } from 'node:url';
import { summarizeContract } from '../contracts/openContracts';
import { isContractFileName } from '../../../common/src/contractFileNames';
import { WorkspaceFiles } from '../workspace/workspaceFiles';
import type { WorkspaceFolderInfo } from '../anchors/types';

export interface ContractEntry {
  uri: string;
  darn: string;
  /** The contract's name, else its file's name. */
  name: string;
  /** The file gives no name (`name` is the file's). */
  unnamed?: true;
}

const MAX_FILES = 500;
const MAX_BYTES = 1_048_576;

export function isContractPath(p: string): boolean {
  return isContractFileName(p.replace(/\\/g, '/'));
}

/** DARN and name of a contract in either shape (request body `{contract: …}`, the contract, or a file form). */
export function contractSummary(text: string): { darn: string; name?: string } | undefined {
  const s = summarizeContract(text);
  return s?.darn ? { darn: s.darn, ...(s.name !== undefined ? { name: s.name } : {}) } : undefined;
}

export class ContractCatalog {
  /** The files' entries by path, once the workspace was searched; updates are chained onto it. */
  private cached: Promise<Map<string, ContractEntry>> | undefined;
  private folders: WorkspaceFolderInfo[] = [];

  setFolders(folders: WorkspaceFolderInfo[]): void {
    this.folders = folders;
    this.cached = undefined;
  }

  /** Searches the workspace again on the next use (a refresh). */
  invalidate(): void {
    this.cached = undefined;
  }

  /**
   * Contract files created, changed or deleted (paths on disk): only those are read again, in order
   * after any search or update under way. Not searched yet: the search will read them.
   */
  filesChanged(changes: ReadonlyArray<{ path: string; deleted: boolean }>): Promise<void> {
    const mine = changes.filter((c) => isContractPath(c.path));
    if (!this.cached || mine.length === 0) return Promise.resolve();
    const next = this.cached.then(async (entries) => {
      for (const c of mine) {
        // A file that cannot be read or parsed is no contract (and never breaks the catalog).
        const entry = c.deleted ? undefined : await readEntry(c.path).catch(() => undefined);
        if (entry) {
          if (entries.has(c.path) || entries.size < MAX_FILES) entries.set(c.path, entry);
        } else entries.delete(c.path);
      }
      return entries;
    });
    this.cached = next;
    return next.then(() => undefined);
  }

  async list(): Promise<ContractEntry[]> {
    this.cached ??= this.load().catch(() => new Map());
    const entries = await this.cached;
    return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  }

  private async load(): Promise<Map<string, ContractEntry>> {
    const files = (await new WorkspaceFiles(this.folders).all())
      .filter(isContractPath)
      .sort()
      .slice(0, MAX_FILES);
    const out = new Map<string, ContractEntry>();
    for (const f of files) {
      const entry = await readEntry(f);
      if (entry) out.set(f, entry);
    }
    return out;
  }
}

async function readEntry(f: string): Promise<ContractEntry | undefined> {
  // Regular files only: a FIFO named like a contract file would hold this list forever.
  const text = await readRegularFile(f, MAX_BYTES).catch(() => undefined);
  if (text === undefined) return undefined;
  const s = contractSummary(text);
  if (!s) return undefined;
  const name = s.name ?? f.replace(/\\/g, '/').replace(/^.*\//, '');
  return {
    uri: pathToFileURL(f).href,
    darn: s.darn,
    name,
    ...(s.name === undefined ? { unnamed: true } : {}),
  };
}
