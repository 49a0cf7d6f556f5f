// The workspace's file list, indexed by base name, for path-suffix matching in monorepos.
// Listed once per resolver (i.e. per setAnchors/setFolders), and only if some anchor needs it.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceFolderInfo } from './folders';

const SKIP_DIRS = new Set(['.git', 'node_modules']);
const MAX_FILES = 200_000;

export class WorkspaceFiles {
  private byName: Promise<Map<string, Set<string>>> | undefined;

  constructor(
    private readonly folders: WorkspaceFolderInfo[],
    private readonly listFiles?: () => Promise<string[]>,
  ) {}

  /** Absolute paths of listed files whose path ends with `/rel` (posix, normalized). */
  async withSuffix(rel: string): Promise<string[]> {
    this.byName ??= this.build();
    const index = await this.byName;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const out: string[] = [];
    for (const abs of index.get(name) ?? []) {
      const posix = abs.split(path.sep).join('/');
      if (posix.endsWith('/' + rel)) out.push(abs);
    }
    return out;
  }

  /** Every listed file (absolute paths; walked once when no list was given). */
  async all(): Promise<string[]> {
    return this.listFiles ? await this.listFiles() : await this.walk();
  }

  private async build(): Promise<Map<string, Set<string>>> {
    const listed = this.listFiles ? await this.listFiles() : await this.walk();
    const index = new Map<string, Set<string>>();
    for (const entry of listed) {
      // Relative entries are tried under every folder; the resolver then keeps only those that exist.
      const absolute = path.isAbsolute(entry)
        ? [path.normalize(entry)]
        : this.folders.map((f) => path.resolve(f.fsPath, ...entry.split('/')));
      for (const abs of absolute) {
        const name = path.basename(abs);
        const set = index.get(name);
        if (set) set.add(abs);
        else index.set(name, new Set([abs]));
      }
    }
    return index;
  }

  private async walk(): Promise<string[]> {
    const out: string[] = [];
    const stack = this.folders.map((f) => f.fsPath);
    while (stack.length > 0 && out.length < MAX_FILES) {
      const dir = stack.pop()!;
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        // Symlinked directories are not followed (they may lead out of the workspace).
        if (e.isDirectory()) {
          if (!SKIP_DIRS.has(e.name)) stack.push(path.join(dir, e.name));
        } else if (e.isFile() || e.isSymbolicLink()) out.push(path.join(dir, e.name));
      }
    }
    return out;
  }
}
