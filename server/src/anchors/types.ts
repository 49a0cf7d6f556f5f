// The anchor index's public types (the contract the rest of the language server codes against).
import type { Range } from 'vscode-languageserver';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import type { DefinitionSource } from './syntax/definitionSource';
import type { WorkspaceFolderInfo } from '../workspace/folders';

export type { WorkspaceFolderInfo };

export interface AnchorEntry {
  componentId: string;
  pathId: string;
  anchor: PathCodeAnchor;
  /**
   * The names the anchored code may bear, in order of preference: the anchor's own name (when it is an
   * identifier), the egress's and the ingress's last segment (see expectedNamesFor).
   */
  expectedNames: string[];
  /**
   * Those of expectedNames that only the path's other boundary bears (the handler the data enters
   * through): a definition of one is never taken for the anchor's code without history (ambiguous).
   */
  otherNames?: string[];
  /**
   * The commit the anchor's coordinates were recorded at (its path's scan, or an override's effective
   * commit; see session/scanCommits.ts). With it, git maps the coordinates to the working tree.
   */
  commit?: string;
  /**
   * The component's scanned commits, newest first (one array per component). A repair of lines that
   * did not exist at `commit` records the path at one of these whose version git maps them back to.
   */
  scans?: readonly string[];
  /** How users know the path and component, for messages (service text, cleaned where shown); ids otherwise. */
  names?: AnchorNames;
}

/** One object per path, shared by its anchors. */
export interface AnchorNames {
  /** The path's short label, "createOrder → insertOrder". */
  path: string;
  /** The component's friendly name, else its name. */
  component: string;
}

/**
 * `ambiguous`: without history, several definitions could be the anchor's code (or only one bearing the
 * path's other name): shown live nowhere until the user picks one (`candidates`).
 */
export type AnchorState =
  'resolved' | 'relocated' | 'stale' | 'ambiguous' | 'unresolved' | 'outsideWorkspace';

/** Why an anchor is only probably where it is (TrackedAnchor.unverifiedWhy). */
export type UnverifiedWhy = 'noRepository' | 'commitMissing' | 'notParsed';

export interface TrackedAnchor {
  entry: AnchorEntry;
  /** The file's URI (VS Code's encoding); absent when unresolved or outside the workspace. */
  uri?: string;
  /** LSP 0-based range, end exclusive; the current place (after edits and relocation). */
  range?: Range;
  state: AnchorState;
  /** Where the anchor was before it was relocated. */
  relocatedFrom?: Range;
  /** Relocated to the nearest of several definitions of its name: where the others are. */
  otherDefinitions?: Range[];
  /** How git carried the recorded coordinates to the working tree; absent when git did not map them. */
  sinceScan?: SinceScan;
  /**
   * Placed without the code it was scanned on (no git, or the scanned commit is not in this clone):
   * by its names only, so "probably here".
   */
  unverified?: boolean;
  /**
   * Why, when unverified: no git repository holds the file (or git is missing); the repository lacks
   * the scanned commit (a shallow or single-branch clone, a fork); or git has the code but its language's
   * definitions are not read, so which definition the anchor was on cannot be told.
   */
  unverifiedWhy?: UnverifiedWhy;
  /** `ambiguous`: the definitions it could be, nearest to the recorded lines first. */
  candidates?: Range[];
  /** A complete sentence for the user: what is wrong and what to do. */
  problem?: string;
}

/**
 * What git says happened to the anchored lines between the scanned commit and the working tree
 * (committed and uncommitted changes; unsaved edits are tracked on top of it).
 */
export interface SinceScan {
  /** The scanned commit, as the service gave it. */
  commit: string;
  /** `exact`: no anchored line changed; `changed`: some were rewritten; `removed`: all were removed. */
  change: 'exact' | 'changed' | 'removed';
  /** The recorded lines (0-based, inclusive), in the scanned commit's version of the file. */
  recordedLines: { start: number; end: number };
  /** The file's path at the scanned commit (repository-relative) when it was renamed since. */
  renamedFrom?: string;
}

/** Maps recorded coordinates through git (see git/README in anchors/README.md); optional. */
export interface GitMapping extends Disposable {
  /**
   * Starts whatever git work a build needs for these (file → commit) pairs, once per
   * (repository, commit); resolves when the mappings are ready (or known unavailable).
   */
  prepare(
    folders: readonly WorkspaceFolderInfo[],
    commits: ReadonlySet<string>,
    /** Other scanned commits: each is diffed too in a repository whose HEAD it is (see Repairs). */
    headCandidates?: ReadonlySet<string>,
    /** Each component's newest scanned commit: diffed too, quietly (see Repairs). */
    latestScans?: ReadonlySet<string>,
  ): Promise<void>;
  /** Whether a repository (a folder's, or one nested in it, once prepared) holds the file. Optional. */
  inRepository?(fsPath: string): boolean;
  /** The full SHA of HEAD of the repository holding a file; undefined: none. Optional. */
  head?(fsPath: string): Promise<string | undefined>;
  /**
   * After prepare, once the files are resolved: the repositories of files whose workspace folder is in
   * none (a repository nested inside the folder), found and diffed like a folder's. `listed` answers
   * from directory listings already taken (the file resolver's), where it has one. Optional.
   */
  prepareNested?(fsPaths: Iterable<string>, listed?: DirectoryListings): Promise<void>;
  /**
   * The file (absolute path) as it was at `commit`, under its name then; undefined when git does not map
   * it from that commit or cannot read it. Optional: without it anchors have no identity from history.
   */
  readAtCommit?(fsPath: string, commit: string): Promise<string | undefined>;
  /** Files (absolute) added to or changed in since `commit`, in `fsPath`'s repository and folder. Optional. */
  changedFiles?(fsPath: string, commit: string): string[];
  /**
   * Fetches the commits (file → its anchors' commits) that the files' repositories lack. Optional; only
   * on the user's request.
   */
  fetchCommits?(
    files: ReadonlyMap<string, ReadonlySet<string>>,
  ): Promise<{ fetched: number; missing: number; failures: string[] }>;
  /** Line mapping of one file (absolute path) from `commit` to the working tree; undefined: unmapped. */
  fileMap(fsPath: string, commit: string): import('./git/lineMap').FileLineMap | undefined;
  /**
   * Renews cached mappings of files modified after their diff was taken (one git run per repository
   * and commit); mappings taken by the last prepare are current and not checked. True: some changed.
   */
  refreshFiles(files: ReadonlyArray<{ fsPath: string; commit: string }>): Promise<boolean>;
  /** One file is read again from disk: renews its mapping if the file is newer than its diff (true: it changed). */
  refreshFile(fsPath: string, commits: Iterable<string>): Promise<boolean>;
  /**
   * Where a file recorded at `commit` lives now when git knows it was renamed since: a posix path
   * relative to the workspace folder. `file` is the anchor's normalized project-relative path.
   */
  renamedTo(folders: readonly WorkspaceFolderInfo[], file: string, commit: string): string | undefined;
  /**
   * Something changed in a repository. `moved`: HEAD, a branch or a file's mapping changed, so mappings
   * are stale: rebuild. `index`: only the index changed. Git rewrote files then (a checkout there and
   * back before it settled, a stash, a reset) and the mappings stand: the files written since they were
   * read are worth reading again.
   */
  onDidChange(listener: (what: 'moved' | 'index') => void): Disposable;
}

export interface AnchorIndexOptions {
  folders: WorkspaceFolderInfo[];
  /** Reads a file's text; undefined when it cannot be read. Only ever called for files inside the workspace folders. */
  readFile(fsPath: string): Promise<string | undefined>;
  /**
   * Optional synchronous read, used by index builds: files are then read in small batches with the
   * event loop free between them. For thousands of small files this is several times cheaper than
   * asynchronous reads (no thread-pool round trip per system call). Same contract as readFile.
   */
  readFileSync?(fsPath: string): string | undefined;
  /**
   * Closed files whose anchors need nothing but the file's own text (git says it did not change since
   * their scan, or there is no history to follow) are placed after the build resolves: in the
   * background, or at once when something asks for their anchors (`AnchorIndex.whenPlaced`). Only with
   * `readFileSync`. An editor wants it (it serves hovers sooner); a one-shot check does not.
   */
  placeInBackground?: boolean;
  /** Whether a file exists (default: its realpath succeeds; a directory then fails to read and is reported unreadable). */
  fileExists?(fsPath: string): Promise<boolean>;
  /**
   * Workspace files for suffix matching: absolute paths, or posix paths relative to a workspace folder
   * (tried under each folder). Default: a walk of the folders (skipping .git and node_modules).
   */
  listFiles?(): Promise<string[]>;
  /**
   * Definitions for syntax-aware relocation (Go, Python, TypeScript/JavaScript, Java). Default: a
   * TreeSitterDefinitions; null: text rules for every file.
   */
  definitions?: DefinitionSource | null;
  /** Git-aware mapping from each anchor's scanned commit to the working tree (git/gitMapping.ts). */
  git?: GitMapping;
}

export interface Disposable {
  dispose(): void;
}

/** A directory's entries by name, from a listing already taken; undefined when that directory was not listed. */
export type DirectoryListings = (dir: string) => ReadonlyMap<string, unknown> | undefined;
