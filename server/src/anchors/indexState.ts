// What the anchor index's parts share: the anchors by file and by id, the open documents and the
// options. Each part (build, open-document sync, closed-file sync, record mapping, queries) reads and
// writes it; none keeps a second copy.
import type { AnchorEntry, AnchorIndexOptions, WorkspaceFolderInfo } from './types';
import type { Range } from 'vscode-languageserver';
import { LineTable } from './lineTable';
import type { PositionIndex } from './positionIndex';
import type { Slot } from './slot';
import { SlotsById } from './slotsById';
import type { DefinitionSource } from './syntax/definitionSource';
import type { FileLineMap } from './git/lineMap';
import { bufferLineMap } from './bufferDiff';
import { uriToFsPath } from '../workspace/uris';

export type IndexOptions = AnchorIndexOptions & { onError?(err: unknown): void };

export interface FileAnchors {
  uri: string;
  slots: Slot[];
  /** Some slot needs re-verification. */
  dirty: boolean;
  /** Bumped on every (re)placement, so a slower disk reload cannot overwrite newer state. */
  version: number;
  /** The anchors by line, for anchorsAt; dropped whenever a range may have changed. */
  positions?: PositionIndex;
  /** When the file was last read from disk (ms since the epoch), to tell whether it was written since. */
  readAt?: number;
  /** The file time a reload after an index change was last decided on (each write is acted on once). */
  seenMtime?: number;
  /**
   * Left by the build for later (see IndexBuild): its anchors are placed in the background, or at once
   * when something asks for them. `next`: the first slot not placed yet, once placing has begun.
   */
  pending?: PendingPlacement;
}

export interface PendingPlacement {
  next: number;
  placeOne?: (s: Slot) => void;
}

export interface OpenDoc {
  uri: string;
  text: string;
  lines?: LineTable;
  /** The buffer's line changes (`map`) against the file on disk (`diskText`), as last compared (for `text`). */
  disk?: { text: string; diskText: string; map: FileLineMap | undefined };
  /** The buffer map the anchors were last placed through (see OpenDocumentSync.placeFile). */
  placedWith?: FileLineMap;
  /**
   * The text the editor holds as saved (clean): the disk's when first placed, then each save's and each
   * reload's. Only a change from this text can be VS Code's reload (it never reloads a dirty buffer).
   */
  clean?: string;
  /** Git's mapping of the file was renewed and no comparison has placed the anchors through it yet. */
  gitRenewed?: boolean;
}

export class IndexState {
  folders: WorkspaceFolderInfo[];
  entries: AnchorEntry[] = [];
  slots: Slot[] = [];
  byFile = new Map<string, FileAnchors>();
  byId = new SlotsById([]);
  readonly open = new Map<string, OpenDoc>();
  /** Base names of the anchored files, recorded and found (what a file watcher looks for). */
  fileNames = new Set<string>();
  /** Candidates users picked for ambiguous anchors (see Slot.choices). */
  readonly choices = new Map<string, Range>();
  readonly syntax: DefinitionSource | undefined;

  constructor(
    readonly opts: IndexOptions,
    syntax: DefinitionSource | undefined,
  ) {
    this.folders = opts.folders;
    this.syntax = syntax;
  }

  /** An open document's lines (built once per text); undefined when it is not open. */
  linesOf(key: string): LineTable | undefined {
    const doc = this.open.get(key);
    if (!doc) return undefined;
    return (doc.lines ??= new LineTable(doc.text));
  }

  /** A file's text from disk; undefined when it cannot be read. */
  async read(key: string): Promise<string | undefined> {
    try {
      return await this.opts.readFile(key);
    } catch {
      return undefined;
    }
  }

  /** A file's text from disk, synchronously (when the host can); undefined when it cannot be read. */
  readNow(readSync: (fsPath: string) => string | undefined, key: string): string | undefined {
    try {
      return readSync(key);
    } catch {
      return undefined;
    }
  }

  /** An open document's unsaved changes against the disk as it was last read (undefined: none known). */
  unsavedChanges(key: string): FileLineMap | undefined {
    const doc = this.open.get(key);
    if (!doc?.disk) return undefined;
    if (doc.disk.text !== doc.text) {
      const map = doc.disk.diskText === doc.text ? undefined : bufferLineMap(doc.disk.diskText, doc.text);
      doc.disk = { text: doc.text, diskText: doc.disk.diskText, map };
    }
    return doc.disk.map;
  }

  /** Reports an error of background work to the host (it never stops the index). */
  report(err: unknown): void {
    this.opts.onError?.(err);
  }
}

/** The index's key of a file: its file-system path (a URI is converted). */
export function keyOf(uriOrPath: string): string {
  return uriToFsPath(uriOrPath) ?? uriOrPath;
}

export function newFileAnchors(uri: string): FileAnchors {
  return { uri, slots: [], dirty: false, version: 0 };
}

/** The scanned commits of a file's anchors (`withScans`: every scanned commit, which repairs read too). */
export function commitsOf(fa: FileAnchors, withScans = false): Set<string> {
  const out = new Set<string>();
  // A file's anchors mostly share their commit: a run of one commit is added once.
  let last: string | undefined;
  for (const s of fa.slots) {
    const commit = s.entry.commit;
    if (commit && commit !== last) out.add((last = commit));
    // The other scanned commits (git compared HEAD's, when scanned): repairs read them too.
    if (withScans) for (const c of s.entry.scans ?? []) out.add(c);
  }
  return out;
}
