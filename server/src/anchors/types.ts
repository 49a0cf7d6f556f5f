// The anchor index's public types (the contract the rest of the language server codes against).
import type { Range } from 'vscode-languageserver';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import type { DefinitionSource } from './syntax/definitionSource';

export interface WorkspaceFolderInfo {
  uri: string;
  fsPath: string;
  /** The scanned project's root relative to the folder ('' = the folder itself); setting `lineageLens.projectRoot`. */
  projectRoot: string;
}

export interface AnchorEntry {
  componentId: string;
  pathId: string;
  anchor: PathCodeAnchor;
  /** Names expected in or near the range: anchor.name and the last segment of the boundaries' signature_name (see expectedNamesFor). */
  expectedNames: string[];
}

export type AnchorState = 'resolved' | 'relocated' | 'stale' | 'unresolved' | 'outsideWorkspace';

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
  /** A complete sentence for the user: what is wrong and what to do. */
  problem?: string;
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
}

export interface Disposable {
  dispose(): void;
}
