// The data contracts kept in the workspace, as impact analysis needs them: each file's data asset
// (DARN) and name. Files are found by the same rule as the Contracts view (`*.contract.{yaml,yml,json}`
// anywhere, data files under a `contracts/` folder), read once, and read again after a change.
import { readRegularFile } from '../anchors/regularFiles';
import { pathToFileURL } from 'node:url';
import { summarizeContract } from '../contracts/openContracts';
import { isContractFileName } from '../../../common/src/contractFileNames';
import { WorkspaceFiles } from '../anchors/workspaceFiles';
import type { WorkspaceFolderInfo } from '../anchors/types';

export interface ContractEntry {
  uri: string;
  darn: string;
  name: string;
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
  private cached: Promise<ContractEntry[]> | undefined;
  private folders: WorkspaceFolderInfo[] = [];

  setFolders(folders: WorkspaceFolderInfo[]): void {
    this.folders = folders;
    this.cached = undefined;
  }

  /** Call when a contract file may have changed (saved, edited, created). */
  invalidate(): void {
    this.cached = undefined;
  }

  list(): Promise<ContractEntry[]> {
    this.cached ??= this.load().catch(() => []);
    return this.cached;
  }

  private async load(): Promise<ContractEntry[]> {
    const files = (await new WorkspaceFiles(this.folders).all())
      .filter(isContractPath)
      .sort()
      .slice(0, MAX_FILES);
    const out: ContractEntry[] = [];
    for (const f of files) {
      // Regular files only: a FIFO named like a contract file would hold this list forever.
      const text = await readRegularFile(f, MAX_BYTES).catch(() => undefined);
      if (text === undefined) continue;
      const s = contractSummary(text);
      if (!s) continue;
      const name = s.name ?? f.replace(/\\/g, '/').replace(/^.*\//, '');
      out.push({ uri: pathToFileURL(f).href, darn: s.darn, name });
    }
    return out;
  }
}
