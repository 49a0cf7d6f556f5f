// Where an anchor's `file` lives in the workspace. `file` is relative to the scanned project's root:
// tried under each folder's projectRoot, then as an exact path under each folder, then as a unique
// path suffix among the workspace files. Nothing outside the workspace folders is ever resolved:
// absolute paths, `..` escapes and symlinks whose real path leaves the folders are refused before
// any read (realpath and stat only look at metadata).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceFolderInfo } from './types';
import { WorkspaceFiles } from '../workspace/workspaceFiles';
import { isInside } from '../workspace/folders';

export type Resolution =
  | { kind: 'file'; fsPath: string; how: 'projectRoot' | 'exact' | 'suffix' }
  | { kind: 'noFile' }
  | { kind: 'invalid' }
  | { kind: 'missing' }
  | { kind: 'ambiguous'; candidates: string[] }
  /** `why`: 'absolute' | 'escapes' | 'symlink'. */
  | { kind: 'outside'; why: 'absolute' | 'escapes' | 'symlink' };

export interface ResolverDeps {
  /** When absent, a successful realpath is taken as existence (one metadata call per file, not two). */
  fileExists?(fsPath: string): Promise<boolean>;
  /** Files open in the editor count as existing even before they are saved. */
  isOpen(fsPath: string): boolean;
  listFiles?(): Promise<string[]>;
}

interface RealDir {
  path: string;
  /** Whether it is a workspace folder or inside one (computed on first use). */
  inside?: boolean;
}

/** A directory's entries: name → whether it is a symbolic link; undefined when it cannot be listed. */
async function listDirectory(dir: string): Promise<Map<string, boolean> | undefined> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return new Map(entries.map((e) => [e.name, e.isSymbolicLink()]));
  } catch {
    return undefined;
  }
}

export { isInside };

/** The anchor's path made posix and normalized, or why it cannot be used. */
export function normalizeAnchorFile(file: string | undefined): { rel: string } | Resolution {
  if (file === undefined || file.trim() === '') return { kind: 'noFile' };
  if (file.includes('\0')) return { kind: 'invalid' };
  const f = file.replace(/\\/g, '/');
  // Absolute posix/UNC paths, drive letters and URIs (file:, http: …) are all refused.
  if (f.startsWith('/') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(f)) return { kind: 'outside', why: 'absolute' };
  const rel = path.posix.normalize(f).replace(/^(\.\/)+/, '');
  if (rel === '.' || rel === '' || rel.endsWith('/')) return { kind: 'invalid' };
  return { rel };
}

export class FileResolver {
  private realFolders: Promise<string[]>;
  private files: WorkspaceFiles | undefined;
  private readonly realDirs = new Map<string, Promise<RealDir | undefined>>();
  private readonly listings = new Map<string, Promise<Map<string, boolean> | undefined>>();
  /** The listings taken so far, once each has arrived (for listed()). */
  private readonly arrived = new Map<string, Map<string, boolean>>();

  constructor(
    private readonly folders: WorkspaceFolderInfo[],
    private readonly deps: ResolverDeps,
  ) {
    this.realFolders = Promise.all(
      folders.map((f) => fs.realpath(f.fsPath).catch(() => path.resolve(f.fsPath))),
    );
  }

  async resolve(file: string | undefined): Promise<Resolution> {
    const norm = normalizeAnchorFile(file);
    if ('kind' in norm) return norm;
    const segments = norm.rel.split('/');
    let escaped = false;
    let symlinkOut = false;
    const attempts: Array<[string, string, 'projectRoot' | 'exact']> = [];
    for (const f of this.folders) {
      if (f.projectRoot && f.projectRoot !== '.')
        attempts.push([f.fsPath, path.resolve(f.fsPath, f.projectRoot, ...segments), 'projectRoot']);
    }
    for (const f of this.folders) attempts.push([f.fsPath, path.resolve(f.fsPath, ...segments), 'exact']);
    for (const [folder, candidate, how] of attempts) {
      if (!this.insideFolder(folder, candidate)) {
        escaped = true;
        continue;
      }
      const found = await this.check(candidate);
      if (found === 'ok') return { kind: 'file', fsPath: candidate, how };
      if (found === 'outside') symlinkOut = true;
    }
    if (symlinkOut) return { kind: 'outside', why: 'symlink' };
    if (escaped || segments[0] === '..') return { kind: 'outside', why: 'escapes' };
    return this.bySuffix(norm.rel);
  }

  /** Folder → its resolved path and that path with a separator (what a path inside it starts with). */
  private readonly folderPrefixes = new Map<string, { resolved: string; prefix: string }>();

  /** isInside(folder, candidate) for a resolved candidate; a plain prefix says yes without path.relative. */
  private insideFolder(folder: string, candidate: string): boolean {
    let f = this.folderPrefixes.get(folder);
    if (!f) {
      const resolved = path.resolve(folder);
      f = { resolved, prefix: resolved.endsWith(path.sep) ? resolved : resolved + path.sep };
      this.folderPrefixes.set(folder, f);
    }
    return (
      (candidate.length > f.prefix.length && candidate.startsWith(f.prefix)) ||
      isInside(f.resolved, candidate)
    );
  }

  private async bySuffix(rel: string): Promise<Resolution> {
    this.files ??= new WorkspaceFiles(this.folders, this.deps.listFiles);
    const matches = await this.files.withSuffix(rel);
    const found: string[] = [];
    let symlinkOut = false;
    for (const candidate of matches) {
      const r = await this.check(candidate);
      if (r === 'ok') found.push(candidate);
      else if (r === 'outside') symlinkOut = true;
    }
    if (found.length === 1) return { kind: 'file', fsPath: found[0]!, how: 'suffix' };
    if (found.length > 1) return { kind: 'ambiguous', candidates: found.map((c) => this.display(c)) };
    return symlinkOut ? { kind: 'outside', why: 'symlink' } : { kind: 'missing' };
  }

  /** A candidate inside a folder (lexically): does it exist, and does its real path stay inside? */
  private async check(candidate: string): Promise<'ok' | 'missing' | 'outside'> {
    const found = await this.locate(candidate);
    if (found !== undefined) {
      const roots = await this.realFolders;
      const inside =
        'link' in found
          ? roots.some((r) => isInside(r, found.link))
          : // A plain entry's real path is its directory's plus its name: inside iff the directory is
            // a folder or inside one, decided once per directory.
            (found.dir.inside ??= roots.some((r) => r === found.dir.path || isInside(r, found.dir.path)));
      if (!inside) return 'outside';
    }
    if (this.deps.isOpen(candidate)) return 'ok';
    if (!this.deps.fileExists) return found !== undefined ? 'ok' : 'missing';
    return (await this.deps.fileExists(candidate)) ? 'ok' : 'missing';
  }

  /**
   * Where a candidate really is, or undefined when it does not exist. realpath(3) would cost an
   * lstat per path component for every file; instead each directory is listed once (its entries'
   * types say which names exist and which are links) and its real path resolved once, and only
   * links get a realpath of their own. Names the listing lacks are checked with lstat.
   */
  private async locate(candidate: string): Promise<{ dir: RealDir } | { link: string } | undefined> {
    const dir = path.dirname(candidate);
    let listing = this.listings.get(dir);
    if (!listing) {
      listing = listDirectory(dir);
      this.listings.set(dir, listing);
      void listing.then((entries) => entries && this.arrived.set(dir, entries));
    }
    const entries = await listing;
    let isLink: boolean | undefined = entries?.get(path.basename(candidate));
    if (isLink === undefined) {
      // Not listed (or no listing): asked directly, as case-insensitive file systems find other spellings.
      try {
        isLink = (await fs.lstat(candidate)).isSymbolicLink();
      } catch {
        return undefined;
      }
    }
    if (isLink) {
      const link = await fs.realpath(candidate).catch(() => undefined);
      return link === undefined ? undefined : { link };
    }
    let real = this.realDirs.get(dir);
    if (!real)
      this.realDirs.set(
        dir,
        (real = fs.realpath(dir).then(
          (p): RealDir => ({ path: p }),
          () => undefined,
        )),
      );
    const d = await real;
    return d === undefined ? undefined : { dir: d };
  }

  /** A directory's entries (name → whether it is a link), if resolving has listed it. */
  readonly listed = (dir: string): ReadonlyMap<string, boolean> | undefined => this.arrived.get(dir);

  /** A candidate as the user knows it: relative to its folder (prefixed by the folder name in multi-root). */
  display(fsPath: string): string {
    for (const f of this.folders) {
      if (isInside(path.resolve(f.fsPath), fsPath)) {
        const rel = path.relative(f.fsPath, fsPath).split(path.sep).join('/');
        return this.folders.length > 1 ? `${path.basename(f.fsPath)}/${rel}` : rel;
      }
    }
    return fsPath;
  }
}
