// Git-aware mapping for the anchor index: per (repository, scanned commit) one `git diff -U0` from
// that commit to the working tree (committed and uncommitted changes), parsed into per-file line maps.
// Cached until HEAD, the index or a branch ref changes (watched in the git directory), or a file
// changes after its diff was taken (checked by modification time when a cached diff is reused).
// When git cannot map (no git, no repository, a commit this clone lacks), the reason is logged once
// and the index places anchors at their recorded lines. Free of LSP: the CLI can use it too.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DirectoryListings, Disposable, GitMapping, WorkspaceFolderInfo } from '../types';
import { DiffParser, PARSED_DIFF_ARGS, type ParsedDiff } from './diffParser';
import { unchangedFile, type FileLineMap } from './lineMap';
import { GitError, runGit } from './gitCli';
import { BlobReader } from './blobReader';
import { fetchMissingCommits, type FetchOutcome } from './fetchCommits';
import { presentCommits } from './commitPresence';
import { mapLimit } from '../../util/concurrency';

export interface GitMapperOptions {
  /** The git executable (default `git`, found on the PATH). */
  gitPath?: string;
  /** Informational messages, each distinct reason once. */
  log(message: string): void;
  /** Watch git directories for HEAD/index/branch changes (default true). */
  watch?: boolean;
  /** Wait this long after the last change in a git directory before re-mapping (default 150 ms). */
  settleMs?: number;
}

interface Repo {
  top: string;
  gitDir: string;
  commonDir: string;
  shallow: boolean;
}

interface FolderRepo {
  folder: WorkspaceFolderInfo;
  repo: Repo;
  /** The folder's path inside the repository, posix, '' or ending in '/'. */
  prefix: string;
}

interface DiffState {
  repo: Repo;
  commit: string;
  stamp: string;
  /** Wall-clock time the diff was started: files modified after it need their own diff. */
  startedAt: number;
  parsed?: ParsedDiff;
  /** Settles when the diff run ends, taken or failed: a build that finds it still running waits for it. */
  done?: Promise<void>;
  /** Pathspecs the diff was limited to ([] = the whole repository). */
  pathspecs: string[];
  /** Files diffed again on their own since (repository-relative path → when that diff started). */
  refreshedAt?: Map<string, number>;
}

const SHA = /^[0-9a-fA-F]{4,64}$/;
const GIT_CONCURRENCY = 4;
/** File systems with coarse timestamps: a file modified this close to the diff's start is re-checked. */
export const MTIME_SLACK_MS = 2000;

export class GitMapper implements GitMapping {
  private readonly git: string;
  /** Folder fsPath → its repository (undefined: none), discovered once per folder. */
  private readonly folderRepos = new Map<string, Promise<FolderRepo | undefined>>();
  private folders: FolderRepo[] = [];
  /** Workspace folders outside any repository, as of the last prepare (nested repositories are looked for there). */
  private bare: WorkspaceFolderInfo[] = [];
  /** Repositories nested inside such folders, by their top (prepareNested). */
  private nested: FolderRepo[] = [];
  /** Directory → the top of the repository it is in below a bare folder ('' = none), found by `.git` entries. */
  private readonly nestedTopOf = new Map<string, string>();
  /** Repository top → its discovery (once). */
  private readonly nestedRepos = new Map<string, Promise<FolderRepo | undefined>>();
  /** The commits of the last prepare, for the nested repositories' diffs. */
  private commits: ReadonlySet<string> = new Set();
  private readonly diffs = new Map<string, DiffState>();
  private readonly logged = new Set<string>();
  private readonly listeners = new Set<(what: 'moved' | 'index') => void>();
  private readonly watchers = new Map<string, fs.FSWatcher[]>();
  private timer: NodeJS.Timeout | undefined;
  private disposed = false;
  /** Diffs taken during the current prepare: their files need no modification-time check. */
  private readonly freshStates = new Set<DiffState>();
  /** One `git cat-file --batch` per repository top, started on first read. */
  private readonly blobs = new Map<string, BlobReader>();

  constructor(private readonly opts: GitMapperOptions) {
    this.git = opts.gitPath ?? 'git';
  }

  async prepare(
    folders: readonly WorkspaceFolderInfo[],
    commits: ReadonlySet<string>,
    headCandidates: ReadonlySet<string> = new Set(),
    latestScans: ReadonlySet<string> = new Set(),
  ): Promise<void> {
    this.freshStates.clear();
    const found = await Promise.all(folders.map((f) => this.folderRepo(f)));
    this.folders = found.filter((f): f is FolderRepo => f !== undefined);
    this.bare = folders.filter((_, i) => found[i] === undefined);
    this.nested = [];
    this.commits = commits;
    if (commits.size === 0 || this.folders.length === 0) return;
    const byTop = new Map<string, FolderRepo[]>();
    for (const f of this.folders) {
      const list = byTop.get(f.repo.top);
      if (list) list.push(f);
      else byTop.set(f.repo.top, [f]);
    }
    const jobs: Array<[FolderRepo[], string]> = [];
    for (const list of byTop.values()) for (const c of commits) jobs.push([list, c]);
    // Scanned commits no anchor is recorded at, where a repair can record lines code added since a
    // path's commit (anchors/README.md, "Repairs"): each component's newest scan, and any scanned
    // commit that is a repository's HEAD. Quietly: no anchor depends on them.
    const extra: Array<[FolderRepo[], string]> = [];
    const latest = [...latestScans].filter((c) => !commits.has(c) && SHA.test(c));
    const others = [...headCandidates].filter((c) => !commits.has(c) && !latest.includes(c) && SHA.test(c));
    for (const list of byTop.values()) {
      for (const c of latest) extra.push([list, c]);
      const head = others.length ? await this.headOf(list[0]!.repo) : undefined;
      const c = head && others.find((x) => sameCommit(x, head));
      if (c) extra.push([list, c]);
    }
    // A scanned commit diffed as HEAD before is stale once HEAD moved (its diff no longer describes the
    // working tree): only this build's commits are kept.
    const kept = new Set(extra.map(([l, c]) => diffKey(l[0]!.repo.top, c)));
    for (const [key, state] of this.diffs)
      if (!commits.has(state.commit) && !kept.has(key)) this.diffs.delete(key);
    await this.diffAll([
      ...jobs.map((j) => [...j, false] as const),
      ...extra.map((j) => [...j, true] as const),
    ]);
  }

  /**
   * Diffs each job's commit whose diff is not current, after asking once per repository which of those
   * commits it holds. A repository's stamp is read once for the whole batch.
   */
  private async diffAll(jobs: ReadonlyArray<readonly [FolderRepo[], string, boolean]>): Promise<void> {
    const stamps = new Map<string, string>();
    const stampOf = (repo: Repo) => {
      let stamp = stamps.get(repo.top);
      if (stamp === undefined) stamps.set(repo.top, (stamp = repoStamp(repo)));
      return stamp;
    };
    const todo: Array<(typeof jobs)[number]> = [];
    // Current diffs may still be running (an earlier build's, superseded): this build waits for them.
    const running: Array<Promise<void>> = [];
    for (const job of jobs) {
      const [list, commit] = job;
      if (!this.current(list, commit, stampOf(list[0]!.repo))) todo.push(job);
      else {
        const done = this.diffs.get(diffKey(list[0]!.repo.top, commit))?.done;
        if (done) running.push(done);
      }
    }
    const byTop = new Map<string, Set<string>>();
    for (const [list, commit] of todo) {
      if (!SHA.test(commit)) continue;
      const top = list[0]!.repo.top;
      let set = byTop.get(top);
      if (!set) byTop.set(top, (set = new Set()));
      set.add(commit);
    }
    // Asked first only when there are more commits than diffs run at once: a few are diffed straight
    // away (a lacking one fails its own diff, which says why), sparing the build a git run before them.
    const present = new Map<string, Set<string>>();
    await Promise.all(
      [...byTop].map(async ([top, set]) =>
        present.set(top, set.size <= GIT_CONCURRENCY ? set : await presentCommits(this.git, top, [...set])),
      ),
    );
    await mapLimit(todo, GIT_CONCURRENCY, async ([list, commit, quiet]) => {
      const repo = list[0]!.repo;
      const has = present.get(repo.top);
      if (!SHA.test(commit) || !has || has.has(commit))
        return this.ensureDiff(list, commit, quiet, stampOf(repo));
      this.diffs.delete(diffKey(repo.top, commit));
      if (!quiet) this.noteDiffFailure(repo, commit, this.unknownCommit(repo, commit, ''));
    });
    await Promise.all(running);
  }

  /** The full SHA of HEAD of the repository holding a file (undefined: none, or no commit yet). */
  async head(fsPath: string): Promise<string | undefined> {
    const where = this.locate(fsPath);
    return where && this.headOf(where.f.repo);
  }

  private async headOf(repo: Repo): Promise<string | undefined> {
    try {
      const out = (await runGit(this.git, ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: repo.top })).trim();
      return SHA.test(out) ? out.toLowerCase() : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Files in workspace folders that are not in a repository may be in one nested inside the folder
   * (a monorepo checkout under a plain folder): each file's directory is looked up once, walking up to
   * the folder for a `.git` entry (no process), and each repository found is read once (`git rev-parse`)
   * and diffed once per commit, as a folder's repository is. Renames are not followed there.
   */
  async prepareNested(fsPaths: Iterable<string>, listed?: DirectoryListings): Promise<void> {
    if (this.bare.length === 0 || this.commits.size === 0) return;
    const tops = new Set<string>();
    for (const p of fsPaths) {
      const folder = this.bare.find((f) => isInsideDir(f.fsPath, p));
      if (!folder) continue;
      const top = this.nestedTop(path.dirname(p), folder.fsPath, listed);
      if (top) tops.add(top);
    }
    const found = await Promise.all([...tops].map((top) => this.nestedRepo(top)));
    this.nested = found.filter((f): f is FolderRepo => f !== undefined);
    const jobs: Array<[FolderRepo[], string]> = [];
    for (const f of this.nested) for (const c of this.commits) jobs.push([[f], c]);
    await this.diffAll(jobs.map(([list, commit]) => [list, commit, false] as const));
  }

  /** The nearest directory from `dir` up to `root` holding a `.git` entry ('' when none), cached per directory. */
  private nestedTop(dir: string, root: string, listed?: DirectoryListings): string {
    const seen: string[] = [];
    let d = dir;
    let top = '';
    for (;;) {
      const known = this.nestedTopOf.get(d);
      if (known !== undefined) {
        top = known;
        break;
      }
      seen.push(d);
      // A file's own directory was listed when the file was resolved: no system call for it.
      const entries = listed?.(d);
      if (entries ? entries.has('.git') : fs.existsSync(path.join(d, '.git'))) {
        top = d;
        break;
      }
      const up = path.dirname(d);
      if (d === root || up === d || !isInsideDir(root, up)) break;
      d = up;
    }
    for (const s of seen) this.nestedTopOf.set(s, top);
    return top;
  }

  private nestedRepo(top: string): Promise<FolderRepo | undefined> {
    let p = this.nestedRepos.get(top);
    if (!p) {
      p = this.discover({ uri: '', fsPath: top, projectRoot: '' });
      this.nestedRepos.set(top, p);
    }
    return p;
  }

  inRepository(fsPath: string): boolean {
    return this.locate(fsPath) !== undefined;
  }

  fileMap(fsPath: string, commit: string): FileLineMap | undefined {
    const where = this.locate(fsPath);
    if (!where) return undefined;
    const parsed = this.diffs.get(diffKey(where.f.repo.top, commit))?.parsed;
    if (!parsed) return undefined;
    return parsed.files.get(where.rel) ?? unchangedFile();
  }

  /** The file as it was at `commit` (under its name then), when git maps it from that commit. */
  readAtCommit(fsPath: string, commit: string): Promise<string | undefined> {
    const where = this.locate(fsPath);
    const map = where && SHA.test(commit) ? this.fileMap(fsPath, commit) : undefined;
    if (!where || !map || map.added) return Promise.resolve(undefined);
    const top = where.f.repo.top;
    let reader = this.blobs.get(top);
    if (!reader) this.blobs.set(top, (reader = new BlobReader(this.git, top)));
    return reader.read(commit, map.renamedFrom ?? where.rel);
  }

  /**
   * The files git says were added to or changed in since `commit`, in the repository of `fsPath` and
   * inside its workspace folder (absolute paths): where a definition moved out of `fsPath` can have gone.
   */
  changedFiles(fsPath: string, commit: string): string[] {
    const where = this.locate(fsPath);
    const parsed = where && this.diffs.get(diffKey(where.f.repo.top, commit))?.parsed;
    if (!where || !parsed) return [];
    const out: string[] = [];
    for (const [rel, map] of parsed.files)
      if ((map.added || map.hunks.length > 0) && rel.startsWith(where.f.prefix))
        out.push(path.join(where.f.folder.fsPath, ...rel.slice(where.f.prefix.length).split('/')));
    return out;
  }

  /**
   * Fetches the commits of these files' anchors that their repositories lack (see fetchCommits.ts).
   * Mappings are taken again at the next prepare.
   */
  async fetchCommits(files: ReadonlyMap<string, ReadonlySet<string>>): Promise<FetchOutcome> {
    const byRepo = new Map<string, Set<string>>();
    for (const [fsPath, commits] of files) {
      const where = this.locate(fsPath);
      if (!where) continue;
      let set = byRepo.get(where.f.repo.top);
      if (!set) byRepo.set(where.f.repo.top, (set = new Set()));
      for (const c of commits) if (SHA.test(c)) set.add(c);
    }
    const out: FetchOutcome = { fetched: 0, missing: 0, failures: [] };
    for (const [top, commits] of byRepo) {
      const r = await fetchMissingCommits(this.git, top, [...commits]);
      out.fetched += r.fetched;
      out.missing += r.missing;
      out.failures.push(...r.failures);
    }
    return out;
  }

  renamedTo(folders: readonly WorkspaceFolderInfo[], file: string, commit: string): string | undefined {
    for (const f of this.folders) {
      if (!folders.some((x) => x.fsPath === f.folder.fsPath)) continue;
      const parsed = this.diffs.get(diffKey(f.repo.top, commit))?.parsed;
      if (!parsed || parsed.renames.size === 0) continue;
      const root = f.folder.projectRoot ? toPosix(f.folder.projectRoot).replace(/\/*$/, '/') : '';
      const old = path.posix.normalize(f.prefix + root + file);
      const now = parsed.renames.get(old);
      if (now === undefined || !now.startsWith(f.prefix)) continue;
      return now.slice(f.prefix.length);
    }
    return undefined;
  }

  /**
   * Files whose diff was taken before they last changed get a fresh one (one git run per repository
   * and commit). Only cached diffs are checked: a diff taken during this build is current. Resolves
   * true when some file's mapping changed.
   */
  async refreshFiles(
    files: ReadonlyArray<{ fsPath: string; commit: string }>,
    fresh = this.freshStates,
  ): Promise<boolean> {
    // A first build's diffs were all taken during it: no file to look at.
    if (![...this.diffs.values()].some((s) => s.parsed && !fresh.has(s))) return false;
    const todo = new Map<DiffState, Set<string>>();
    for (const { fsPath, commit } of files) {
      const where = this.locate(fsPath);
      if (!where) continue;
      const state = this.diffs.get(diffKey(where.f.repo.top, commit));
      if (!state?.parsed || fresh.has(state)) continue;
      let mtime: number;
      try {
        mtime = fs.statSync(fsPath).mtimeMs;
      } catch {
        continue;
      }
      const takenAt = state.refreshedAt?.get(where.rel) ?? state.startedAt;
      if (mtime < takenAt - MTIME_SLACK_MS) continue;
      let set = todo.get(state);
      if (!set) todo.set(state, (set = new Set()));
      set.add(where.rel);
      const from = state.parsed.files.get(where.rel)?.renamedFrom;
      if (from) set.add(from);
    }
    let changed = false;
    await mapLimit([...todo], GIT_CONCURRENCY, async ([state, rels]) => {
      try {
        const startedAt = Date.now();
        const parsed = await this.diff(state.repo, state.commit, [...rels]);
        const files = state.parsed?.files;
        if (!files) return;
        for (const rel of rels) {
          const before = JSON.stringify(files.get(rel) ?? null);
          files.delete(rel);
          const now = parsed.files.get(rel);
          if (now) files.set(rel, now);
          if (before !== JSON.stringify(now ?? null)) changed = true;
          (state.refreshedAt ??= new Map()).set(rel, startedAt);
        }
        for (const [from, to] of parsed.renames) state.parsed?.renames.set(from, to);
      } catch {
        // The whole-repository diff still stands for these files; a later build retries.
      }
    });
    return changed;
  }

  /** One file is read again from disk (e.g. its document closed): a diff older than the file is renewed. */
  async refreshFile(fsPath: string, commits: Iterable<string>): Promise<boolean> {
    const list = [...commits].map((commit) => ({ fsPath, commit }));
    return this.refreshFiles(list, new Set());
  }

  onDidChange(listener: (what: 'moved' | 'index') => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  dispose(): void {
    this.disposed = true;
    for (const r of this.blobs.values()) r.dispose();
    this.blobs.clear();
    if (this.timer) clearTimeout(this.timer);
    for (const ws of this.watchers.values()) for (const w of ws) w.close();
    this.watchers.clear();
    this.listeners.clear();
  }

  // ---- repositories --------------------------------------------------------------------------------

  private folderRepo(f: WorkspaceFolderInfo): Promise<FolderRepo | undefined> {
    let p = this.folderRepos.get(f.fsPath);
    if (!p) {
      p = this.discover(f);
      this.folderRepos.set(f.fsPath, p);
    }
    // The same folder with another projectRoot setting: same repository.
    return p.then((r) => (r ? { ...r, folder: f } : undefined));
  }

  private async discover(f: WorkspaceFolderInfo): Promise<FolderRepo | undefined> {
    try {
      const out = await runGit(
        this.git,
        [
          'rev-parse',
          '--show-toplevel',
          '--absolute-git-dir',
          '--git-common-dir',
          '--is-shallow-repository',
          '--show-prefix',
        ],
        { cwd: f.fsPath },
      );
      const [top, gitDir, common, shallow, prefix = ''] = out.split('\n');
      if (!top || !gitDir || !common) return undefined;
      const repo: Repo = {
        top,
        gitDir,
        commonDir: path.resolve(f.fsPath, common),
        shallow: shallow === 'true',
      };
      this.watch(repo);
      return { folder: f, repo, prefix: prefix.trim() ? toPosix(prefix.trim()).replace(/\/*$/, '/') : '' };
    } catch (err) {
      this.explainRepoFailure(f, err);
      return undefined;
    }
  }

  private explainRepoFailure(f: WorkspaceFolderInfo, err: unknown): void {
    const e = err as GitError;
    if (e.kind === 'missing')
      return this.note(
        'git-missing',
        `${e.message}: code anchors are placed at their recorded lines, without git mapping.`,
      );
    if (/not a git repository/i.test(e.message))
      return this.note(
        `norepo:${f.fsPath}`,
        `Workspace folder ${f.fsPath} is not in a git repository: its code anchors are placed at their recorded lines, without git mapping (except in repositories inside it).`,
      );
    this.note(
      `repo-failed:${f.fsPath}`,
      `git could not read the repository of ${f.fsPath} (${e.message}): its code anchors are placed at their recorded lines, without git mapping.`,
    );
  }

  private locate(fsPath: string): { f: FolderRepo; rel: string } | undefined {
    let best: FolderRepo | undefined;
    for (const f of [...this.folders, ...this.nested]) {
      const root = f.folder.fsPath;
      const inside = fsPath === root || fsPath.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
      if (inside && (!best || root.length > best.folder.fsPath.length)) best = f;
    }
    if (!best) return undefined;
    const rel = toPosix(path.relative(best.folder.fsPath, fsPath));
    return { f: best, rel: best.prefix + rel };
  }

  // ---- diffs ---------------------------------------------------------------------------------------

  /** Whether the diff from `commit` is kept and still describes the repository (its `stamp`) and these folders. */
  private current(list: FolderRepo[], commit: string, stamp: string): boolean {
    const had = this.diffs.get(diffKey(list[0]!.repo.top, commit));
    return !!had && had.stamp === stamp && sameList(had.pathspecs, pathspecsOf(list));
  }

  /** Diffs from `commit` (not current: see diffAll), or says why it cannot. */
  private async ensureDiff(list: FolderRepo[], commit: string, quiet: boolean, stamp: string): Promise<void> {
    const repo = list[0]!.repo;
    const key = diffKey(repo.top, commit);
    if (!SHA.test(commit)) {
      this.diffs.delete(key);
      return this.note(
        `badsha:${commit}`,
        `Scanned commit ${JSON.stringify(commit.slice(0, 80))} is not a commit SHA: anchors recorded at it are placed at their recorded lines, without git mapping.`,
      );
    }
    const pathspecs = pathspecsOf(list);
    const state: DiffState = { repo, commit, stamp, startedAt: Date.now(), pathspecs };
    this.diffs.set(key, state);
    state.done = this.diff(repo, commit, pathspecs).then(
      (parsed) => {
        state.parsed = parsed;
        this.freshStates.add(state);
      },
      (err: unknown) => {
        if (this.diffs.get(key) === state) this.diffs.delete(key);
        if (!quiet) this.explainDiffFailure(repo, commit, err);
      },
    );
    await state.done;
  }

  private async diff(repo: Repo, commit: string, pathspecs: readonly string[]): Promise<ParsedDiff> {
    const parser = new DiffParser();
    await runGit(this.git, [...PARSED_DIFF_ARGS, commit, '--', ...pathspecs], {
      cwd: repo.top,
      onStdout: (chunk) => parser.push(chunk),
    });
    return parser.end();
  }

  private explainDiffFailure(repo: Repo, commit: string, err: unknown): void {
    const e = err as GitError;
    if (e.kind === 'missing')
      return this.note(
        'git-missing',
        `${e.message}: code anchors are placed at their recorded lines, without git mapping.`,
      );
    const unknown =
      /bad revision|unknown revision|ambiguous argument|bad object|not a valid|invalid object/i.test(
        e.stderr || e.message,
      );
    this.noteDiffFailure(
      repo,
      commit,
      unknown ? this.unknownCommit(repo, commit, e.stderr) : `git diff failed (${e.message})`,
    );
  }

  /** Why a commit git does not know cannot be diffed against. */
  private unknownCommit(repo: Repo, commit: string, stderr: string): string {
    return repo.shallow
      ? `commit ${commit} is not in this shallow clone (fetch more history, e.g. git fetch --unshallow)`
      : /ambiguous/i.test(stderr) && /short/i.test(stderr)
        ? `commit ${commit} is an ambiguous abbreviation here`
        : `commit ${commit} is not in this repository (fetch it, or the scan came from another repository)`;
  }

  private noteDiffFailure(repo: Repo, commit: string, why: string): void {
    this.note(
      `diff:${repo.top}:${commit}:${why}`,
      `Repository ${repo.top}: ${why}. Code anchors recorded at ${commit} are placed at their recorded lines, without git mapping.`,
    );
  }

  // ---- watching ------------------------------------------------------------------------------------

  private watch(repo: Repo): void {
    if (this.opts.watch === false || this.watchers.has(repo.top)) return;
    const dirs = [...new Set([repo.gitDir, repo.commonDir, path.join(repo.commonDir, 'refs', 'heads')])];
    const list: fs.FSWatcher[] = [];
    for (const dir of dirs) {
      try {
        const w = fs.watch(dir, { persistent: false }, () => this.changed());
        w.on('error', () => undefined);
        list.push(w);
      } catch (err) {
        this.note(
          `watch:${dir}`,
          `Cannot watch ${dir} (${(err as Error).message}): commits and checkouts there are noticed on the next refresh only.`,
        );
      }
    }
    this.watchers.set(repo.top, list);
  }

  /**
   * Something in a git directory changed. Once it settles: HEAD or the branch moved (commit, checkout,
   * branch switch, reset) → drop that repository's diffs and re-map; only the index changed (staging,
   * stash, an editor's `git status` refreshing it) → take the diffs again and re-map only if a file's
   * mapping differs, so index churn costs one git run and no rebuild (listeners hear `index`: the files
   * git wrote meanwhile are read again, as when HEAD left and came back before the events settled).
   */
  private changed(): void {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.settle(), this.opts.settleMs ?? 150);
    this.timer.unref();
  }

  private async settle(): Promise<void> {
    this.timer = undefined;
    let moved = false;
    let touched = false;
    await mapLimit([...this.diffs], GIT_CONCURRENCY, async ([key, state]) => {
      const now = repoStamp(state.repo);
      if (now === state.stamp) return;
      touched = true;
      if (headOf(now) !== headOf(state.stamp)) {
        this.diffs.delete(key);
        moved = true;
        return;
      }
      try {
        const parsed = await this.diff(state.repo, state.commit, state.pathspecs);
        state.stamp = now;
        if (this.diffs.get(key) !== state) return;
        if (signature(parsed) !== signature(state.parsed)) {
          state.parsed = parsed;
          state.startedAt = Date.now();
          moved = true;
        }
      } catch {
        this.diffs.delete(key);
        moved = true;
      }
    });
    if (!touched || this.disposed) return;
    for (const l of [...this.listeners]) l(moved ? 'moved' : 'index');
  }

  private note(key: string, message: string): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.opts.log(message);
  }
}

function isInsideDir(dir: string, p: string): boolean {
  return p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

function diffKey(top: string, commit: string): string {
  return `${top}\0${commit.toLowerCase()}`;
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** A folder at the repository's top means the whole repository; else only the folders' subtrees. */
function pathspecsOf(list: readonly FolderRepo[]): string[] {
  return list.some((f) => f.prefix === '') ? [] : [...new Set(list.map((f) => f.prefix))].sort();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A commit as the service spells it (full, or a unique prefix) names the full SHA `full`. */
export function sameCommit(spelled: string, full: string): boolean {
  return spelled.length >= 4 && full.toLowerCase().startsWith(spelled.toLowerCase());
}

/** What identifies the repository's state for mapping: HEAD, what it points to, and the index. */
export function repoStamp(repo: Repo): string {
  const parts: string[] = [];
  const read = (p: string) => {
    try {
      return fs.readFileSync(p, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const stat = (p: string) => {
    try {
      const s = fs.statSync(p);
      return `${s.mtimeMs}:${s.size}`;
    } catch {
      return '-';
    }
  };
  const head = read(path.join(repo.gitDir, 'HEAD'));
  parts.push(head);
  const ref = /^ref: (.+)$/.exec(head)?.[1];
  if (ref) parts.push(read(path.join(repo.commonDir, ref)) || stat(path.join(repo.commonDir, 'packed-refs')));
  return `${parts.join('|')}#${stat(path.join(repo.gitDir, 'index'))}`;
}

function headOf(stamp: string): string {
  return stamp.slice(0, stamp.lastIndexOf('#'));
}

function signature(p: ParsedDiff | undefined): string {
  if (!p) return '';
  return JSON.stringify([[...p.files], [...p.renames], [...p.deleted]]);
}
