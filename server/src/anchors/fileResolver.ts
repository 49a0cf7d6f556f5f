// Where an anchor's `file` lives in the workspace. `file` is relative to the scanned project's root:
// tried under each folder's projectRoot, then as an exact path under each folder, then as a unique
// path suffix among the workspace files. Nothing outside the workspace folders is ever resolved:
// absolute paths, `..` escapes and symlinks whose real path leaves the folders are refused before
// any read (realpath and stat only look at metadata).
import { promises as fs, readdirSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceFolderInfo } from './types';
import { WorkspaceFiles } from '../workspace/workspaceFiles';
import { isInside } from '../workspace/folders';
import type { TimeSlicer } from '../util/timeSlices';

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

/** A name's candidates inside the folders, in the order tried, and whether an attempt escaped them. */
interface Plan {
  rel: string;
  candidates: Array<[fsPath: string, how: 'projectRoot' | 'exact']>;
  escapes: boolean;
}

/** No candidate is a file: a link out of the folders, an escape, or undefined (then a search by suffix). */
function notFound(plan: Plan, symlinkOut: boolean): Resolution | undefined {
  if (symlinkOut) return { kind: 'outside', why: 'symlink' };
  if (plan.escapes) return { kind: 'outside', why: 'escapes' };
  return undefined;
}

export class FileResolver {
  private realFolders: Promise<string[]>;
  private files: WorkspaceFiles | undefined;
  private readonly realDirs = new Map<string, Promise<RealDir | undefined>>();
  private readonly listings = new Map<string, Promise<Map<string, boolean> | undefined>>();
  /**
   * What has arrived of the above, for answers without waiting (resolveNow, listed): a directory's
   * listing (null: it could not be listed), its real path (null: none), the folders' real paths.
   */
  private readonly listingNow = new Map<string, Map<string, boolean> | null>();
  private readonly realNow = new Map<string, RealDir | null>();
  private rootsNow: string[] | undefined;

  constructor(
    private readonly folders: WorkspaceFolderInfo[],
    private readonly deps: ResolverDeps,
  ) {
    this.realFolders = Promise.all(
      folders.map((f) => fs.realpath(f.fsPath).catch(() => path.resolve(f.fsPath))),
    ).then((roots) => (this.rootsNow = roots));
  }

  /**
   * Where a file's name is looked for, in order — under each folder's project root, then each folder —
   * keeping the candidates that stay inside their folder; or the answer when the name itself settles it.
   */
  private plan(file: string | undefined): Plan | Resolution {
    const norm = normalizeAnchorFile(file);
    if ('kind' in norm) return norm;
    const segments = norm.rel.split('/');
    const attempts: Array<[string, string, 'projectRoot' | 'exact']> = [];
    for (const f of this.folders) {
      if (f.projectRoot && f.projectRoot !== '.')
        attempts.push([f.fsPath, path.resolve(f.fsPath, f.projectRoot, ...segments), 'projectRoot']);
    }
    for (const f of this.folders) attempts.push([f.fsPath, path.resolve(f.fsPath, ...segments), 'exact']);
    const candidates: Plan['candidates'] = [];
    let escaped = false;
    for (const [folder, candidate, how] of attempts) {
      if (this.insideFolder(folder, candidate)) candidates.push([candidate, how]);
      else escaped = true;
    }
    return { rel: norm.rel, candidates, escapes: escaped || segments[0] === '..' };
  }

  /**
   * Lists the directories where these files are looked for first and finds their real paths, one
   * directory after another with synchronous calls (as an index build reads its files: a thread-pool
   * round trip and promises for each cost more than the call), yielding between slices; resolveNow()
   * then settles most files without waiting. An index build resolves thousands of files in a few
   * hundred directories.
   */
  async prefetch(files: Iterable<string | undefined>, slicer: TimeSlicer): Promise<void> {
    const dirs = new Set<string>();
    for (const file of files) {
      const p = this.plan(file);
      const first = 'kind' in p ? undefined : p.candidates[0];
      if (first) dirs.add(path.dirname(first[0]));
    }
    await this.realFolders;
    for (const dir of dirs) {
      this.listNow(dir);
      if (slicer.due()) await slicer.pause();
    }
  }

  /** A directory listed and its real path found, now (once each, shared with listingOf and realDirOf). */
  private listNow(dir: string): void {
    if (!this.listings.has(dir)) {
      let entries: Map<string, boolean> | undefined;
      try {
        entries = new Map(readdirSync(dir, { withFileTypes: true }).map((e) => [e.name, e.isSymbolicLink()]));
      } catch {
        entries = undefined;
      }
      this.listingNow.set(dir, entries ?? null);
      this.listings.set(dir, Promise.resolve(entries));
    }
    if (!this.realDirs.has(dir)) {
      let real: RealDir | undefined;
      try {
        real = { path: realpathSync.native(dir) };
      } catch {
        real = undefined;
      }
      this.realNow.set(dir, real ?? null);
      this.realDirs.set(dir, Promise.resolve(real));
    }
  }

  /**
   * resolve() without waiting, for a file whose place is known from what has arrived (its directory
   * listed, a plain entry there, the directory's real path); undefined when finding out needs the file
   * system (a link, a name the listing lacks, a search by suffix …): then resolve().
   */
  resolveNow(file: string | undefined): Resolution | undefined {
    const p = this.plan(file);
    if ('kind' in p) return p;
    let symlinkOut = false;
    for (const [candidate, how] of p.candidates) {
      const found = this.checkNow(candidate);
      if (found === undefined) return undefined;
      if (found === 'ok') return { kind: 'file', fsPath: candidate, how };
      symlinkOut = true;
    }
    return notFound(p, symlinkOut);
  }

  /** check() for a plain entry of a listed directory whose real path has arrived; else undefined. */
  private checkNow(candidate: string): 'ok' | 'outside' | undefined {
    const dir = path.dirname(candidate);
    const roots = this.rootsNow;
    const isLink = this.listingNow.get(dir)?.get(path.basename(candidate));
    const real = this.realNow.get(dir);
    if (!roots || isLink !== false || !real || this.deps.fileExists) return undefined;
    const inside = (real.inside ??= roots.some((r) => r === real.path || isInside(r, real.path)));
    return inside ? 'ok' : 'outside';
  }

  async resolve(file: string | undefined): Promise<Resolution> {
    const p = this.plan(file);
    if ('kind' in p) return p;
    let symlinkOut = false;
    for (const [candidate, how] of p.candidates) {
      const found = await this.check(candidate);
      if (found === 'ok') return { kind: 'file', fsPath: candidate, how };
      if (found === 'outside') symlinkOut = true;
    }
    return notFound(p, symlinkOut) ?? this.bySuffix(p.rel);
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
    const entries = await this.listingOf(dir);
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
    const d = await this.realDirOf(dir);
    return d === undefined ? undefined : { dir: d };
  }

  /** A directory's entries (name → whether it is a link), listed once. */
  private listingOf(dir: string): Promise<Map<string, boolean> | undefined> {
    let listing = this.listings.get(dir);
    if (!listing) {
      listing = listDirectory(dir).then((entries) => {
        this.listingNow.set(dir, entries ?? null);
        return entries;
      });
      this.listings.set(dir, listing);
    }
    return listing;
  }

  /** A directory's real path, resolved once. */
  private realDirOf(dir: string): Promise<RealDir | undefined> {
    let real = this.realDirs.get(dir);
    if (!real) {
      real = fs.realpath(dir).then(
        (p): RealDir => {
          const d = { path: p };
          this.realNow.set(dir, d);
          return d;
        },
        () => {
          this.realNow.set(dir, null);
          return undefined;
        },
      );
      this.realDirs.set(dir, real);
    }
    return real;
  }

  /** A directory's entries (name → whether it is a link), if resolving has listed it. */
  readonly listed = (dir: string): ReadonlyMap<string, boolean> | undefined =>
    this.listingNow.get(dir) ?? undefined;

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
