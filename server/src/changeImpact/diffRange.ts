// The diff a change-impact analysis reads, taken with git itself (anchors/git/gitCli.ts): the working
// tree and index against a base commit (untracked files count as added), or one commit against
// another; "branch" mode takes the merge-base of HEAD with its upstream, else the remote's default
// branch, else main/master. Paths are made relative to the analysed folder (which may sit inside the
// repository).
import * as path from 'node:path';
import { DiffParser, PARSED_DIFF_ARGS } from '../anchors/git/diffParser';
import { runGit, GitError } from '../anchors/git/gitCli';
import { BlobReader } from '../anchors/git/blobReader';
import type { FileLineMap } from '../anchors/git/lineMap';
import { UserInputError } from '../api/serviceErrors';

export interface DiffRequest {
  /** A commit-ish; default HEAD. Ignored in branch mode. */
  base?: string;
  /** A commit-ish; absent: the working tree (with the index). */
  head?: string;
  /** Base = the merge-base of HEAD (or head) with the upstream or default branch. */
  branch?: boolean;
}

export interface ChangedFile {
  /** Path in the head (posix, relative to the analysed folder; may start with `../` outside it). */
  file: string;
  /** Path at the base when renamed. */
  baseFile?: string;
  map: FileLineMap;
  /** Not tracked by git (working-tree mode): every line is new. */
  untracked?: boolean;
}

export interface DiffRange {
  /** The repository's top and the folder's path inside it ('' or ending in '/'). */
  top: string;
  prefix: string;
  base: { ref: string; commit: string };
  head: { ref: string; commit?: string };
  /** Changed files in the head, by head path. */
  files: Map<string, ChangedFile>;
  /** Files deleted since the base (base paths, relative to the folder). */
  deleted: Set<string>;
  /** Reads files at the base and head commits (made on first use; closeDiff ends it). */
  blobs?: BlobReader;
}

const GIT = 'git';
/** A ref or range as the user may spell it: no option injection, no spaces. */
const REF = /^[A-Za-z0-9_][A-Za-z0-9_./@{}^~:+-]*$/;

function checkRef(ref: string, what: string): void {
  if (!REF.test(ref) || ref.includes('..'))
    throw new UserInputError(`${what} ${JSON.stringify(ref.slice(0, 80))} is not a commit or branch name.`);
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    return await runGit(GIT, args, { cwd });
  } catch (err) {
    if (err instanceof GitError)
      throw new UserInputError(
        err.kind === 'missing'
          ? `${err.message}: change impact needs git.`
          : `git ${args[0]}: ${err.message}`,
      );
    throw err;
  }
}

async function commitOf(cwd: string, ref: string, what: string): Promise<string> {
  checkRef(ref, what);
  try {
    return (await runGit(GIT, ['rev-parse', '--verify', '-q', `${ref}^{commit}`], { cwd })).trim();
  } catch {
    throw new UserInputError(`${what} ${JSON.stringify(ref)} is not a commit in this repository.`);
  }
}

/** The branch a branch-mode analysis compares with: the upstream, else the remote's default, else main/master. */
async function defaultBranch(cwd: string): Promise<string> {
  const tryRef = async (args: string[]) => {
    try {
      return (await runGit(GIT, args, { cwd })).trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const upstream = await tryRef(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']);
  if (upstream) return upstream;
  const remoteHead = await tryRef(['symbolic-ref', '-q', '--short', 'refs/remotes/origin/HEAD']);
  if (remoteHead) return remoteHead;
  for (const name of ['origin/main', 'origin/master', 'main', 'master']) {
    if (await tryRef(['rev-parse', '--verify', '-q', `${name}^{commit}`])) return name;
  }
  throw new UserInputError(
    'No branch to compare with: HEAD has no upstream, and there is no origin/HEAD, main or master.',
  );
}

/**
 * A folder's repository top and its prefix there, asked once per folder: the editor analyses on every
 * save, and each git process costs more the larger the server's heap. A folder that is no repository
 * (yet) is asked again next time.
 */
const whereOf = new Map<string, Promise<{ top: string; prefix: string }>>();
const MAX_FOLDERS_KEPT = 64;

function repositoryOf(folder: string): Promise<{ top: string; prefix: string }> {
  let p = whereOf.get(folder);
  if (!p) {
    p = git(folder, ['rev-parse', '--show-toplevel', '--show-prefix']).then((info) => {
      const [top = folder, prefix = ''] = info.split('\n');
      return { top, prefix: prefix.trim() };
    });
    if (whereOf.size >= MAX_FOLDERS_KEPT) whereOf.clear();
    whereOf.set(folder, p);
    p.catch(() => whereOf.delete(folder));
  }
  return p;
}

export async function readDiff(folder: string, req: DiffRequest): Promise<DiffRange> {
  const { top, prefix } = await repositoryOf(folder);
  let baseRef = req.base ?? 'HEAD';
  const headRef = req.head;
  const headCommit = headRef === undefined ? undefined : await commitOf(folder, headRef, 'The head');
  let baseCommit: string;
  if (req.branch) {
    const other = await defaultBranch(folder);
    baseRef = other;
    const mb = await git(folder, ['merge-base', headCommit ?? 'HEAD', other]).catch(() => '');
    if (!mb.trim()) throw new UserInputError(`HEAD and ${other} have no common ancestor.`);
    baseCommit = mb.trim();
  } else baseCommit = await commitOf(folder, baseRef, 'The base');

  const parser = new DiffParser();
  // The diff and (working tree) the untracked files, side by side.
  const [, untracked] = await Promise.all([
    git(top, [
      ...PARSED_DIFF_ARGS,
      baseCommit,
      ...(headCommit ? [headCommit] : []),
      '--',
      ...(prefix ? [prefix] : []),
    ]).then((out) => parser.push(out)),
    headCommit
      ? Promise.resolve('')
      : git(folder, ['ls-files', '-z', '--others', '--exclude-standard', '--full-name']),
  ]);
  const parsed = parser.end();
  const rel = (repoPath: string) => path.posix.relative(prefix.replace(/\/$/, ''), repoPath) || repoPath;
  const files = new Map<string, ChangedFile>();
  for (const [p, map] of parsed.files) {
    const f: ChangedFile = { file: rel(p), map };
    if (map.renamedFrom) f.baseFile = rel(map.renamedFrom);
    files.set(f.file, f);
  }
  // New files not yet added: the working tree has them, git diff does not.
  for (const p of untracked.split('\0')) {
    if (!p) continue;
    const f = rel(p);
    if (!files.has(f)) files.set(f, { file: f, map: { hunks: [], added: true }, untracked: true });
  }
  return {
    top,
    prefix,
    base: { ref: baseRef, commit: baseCommit },
    head: headCommit ? { ref: headRef!, commit: headCommit } : { ref: 'WORKTREE' },
    files,
    deleted: new Set([...parsed.deleted].map(rel)),
  };
}

/**
 * A file's text at a commit (path relative to the analysed folder); undefined when it is not there.
 * Read through one `git cat-file --batch` per analysis (anchors/git/blobReader.ts), not a process per file.
 */
export function textAt(range: DiffRange, commit: string, file: string): Promise<string | undefined> {
  const repoPath = path.posix.normalize(range.prefix + file);
  range.blobs ??= new BlobReader(GIT, range.top);
  return range.blobs.read(commit, repoPath);
}

/** One file (relative to `folder`) at a commit, outside an analysis; undefined when it is not there. */
export async function fileAtCommit(
  folder: string,
  commit: string,
  file: string,
): Promise<string | undefined> {
  const { top, prefix } = await repositoryOf(folder);
  const reader = new BlobReader(GIT, top);
  try {
    return await reader.read(commit, path.posix.normalize(prefix + file));
  } finally {
    reader.dispose();
  }
}

/** Ends the analysis's git reader. */
export function closeDiff(range: DiffRange): void {
  range.blobs?.dispose();
  range.blobs = undefined;
}
