// The anchor index: every code anchor resolved to a workspace file, placed in the file's text and
// tracked through incremental edits of open documents. See README.md for the semantics.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type {
  AnchorEntry,
  AnchorIndexOptions,
  Disposable,
  TrackedAnchor,
  WorkspaceFolderInfo,
} from './types';
import { FileResolver, normalizeAnchorFile, type Resolution } from './fileResolver';
import { LineTable } from './lineTable';
import { applyChange, before, toTextChange } from './editTracking';
import { PositionIndex } from './positionIndex';
import { NEAR_LINES } from './verification';
import { LRUCache } from 'lru-cache';
import { definitionsOf, unchanged as unchangedDefinition } from './syntax/identity';
import {
  markDeleted,
  newSlot,
  place,
  reverify,
  sameRange,
  choiceKey,
  type Definitions,
  type ScannedFile,
  type Slot,
} from './slot';
import { TreeSitterDefinitions, type DefinitionSource } from './syntax/definitionSource';
import { relocatedMessage, unresolvedMessage } from './messages';
import { diagnosticsOf } from './diagnostics';
import { fileUri, uriToFsPath } from '../workspace/uris';
import { mapLimit } from '../util/concurrency';
import { unmapLines, type FileLineMap } from './git/lineMap';
import {
  coordinatesAt,
  coordinatesOf,
  driftOf,
  type AnchorCoordinates,
  type AnchorDrift,
  type ToRecorded,
} from './drift';
import { bufferLineMap } from './bufferDiff';
import { MTIME_SLACK_MS, sameCommit } from './git/gitMapping';
import { describeAnchorLines } from '../../../common/src/anchorLines';
import { TimeSlicer } from '../util/timeSlices';

/** How many files are resolved or read at once while building. */
const IO_CONCURRENCY = 32;
/** Reads of files at their scanned commits in flight (one `git cat-file` per repository answers them in turn). */
const SCANNED_CONCURRENCY = 64;
/** Characters of files at their scanned commits kept for identities (the files changed since the scan). */
const SCANNED_CACHE_CHARS = 32_000_000;

interface FileAnchors {
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
}

interface OpenDoc {
  uri: string;
  text: string;
  lines?: LineTable;
  /** The buffer's line changes (`map`) against the file on disk (`diskText`), as last compared (for `text`). */
  disk?: { text: string; diskText: string; map: FileLineMap | undefined };
  /** The buffer map the anchors were last placed through (see placeFile). */
  placedWith?: FileLineMap;
  /**
   * The text the editor holds as saved (clean): the disk's when first placed, then each save's and each
   * reload's. Only a change from this text can be VS Code's reload (it never reloads a dirty buffer).
   */
  clean?: string;
  /** Git's mapping of the file was renewed and no comparison has placed the anchors through it yet. */
  gitRenewed?: boolean;
}

/** Slots by anchor id (the service's own string: no per-anchor key is built and kept); rarely more than one. */
function addById(out: Map<string, Slot | Slot[]>, s: Slot): void {
  const id = s.t.entry.anchor.anchor_id;
  const had = out.get(id);
  if (had === undefined) out.set(id, s);
  else if (Array.isArray(had)) had.push(s);
  else out.set(id, [had, s]);
}

function keyOf(uriOrPath: string): string {
  return uriToFsPath(uriOrPath) ?? uriOrPath;
}

export class AnchorIndex {
  private folders: WorkspaceFolderInfo[];
  private entries: AnchorEntry[] = [];
  private slots: Slot[] = [];
  private byFile = new Map<string, FileAnchors>();
  private byId = new Map<string, Slot | Slot[]>();
  private readonly open = new Map<string, OpenDoc>();
  /** Base names of the anchored files, recorded and found (what a file watcher looks for). */
  private fileNames = new Set<string>();
  /** Open documents being compared with the disk (see syncWithDisk), and whether to go again. */
  private readonly syncing = new Map<string, { again: boolean; reloadOnly: boolean; done: Promise<void> }>();
  private readonly listeners = new Set<(uris: string[], unprompted: boolean) => void>();
  private readonly rebuildListeners = new Set<() => void>();
  /**
   * Records a repair wrote from an open document with unsaved changes, in a file git does not map:
   * their lines are the buffer's (as they will be once saved), not the disk's. File → record
   * (recordKey) → the buffer's text then. Dropped when the document is saved or closed.
   */
  private readonly writtenFromBuffer = new Map<string, Map<string, string>>();
  private generation = 0;
  /**
   * Files as they were at a scanned commit (file and commit → text, or none), read for the anchors'
   * identities: only files git says changed since that commit (the others are their own scanned text).
   */
  private readonly scannedTexts = new LRUCache<string, { text?: string }>({
    maxSize: SCANNED_CACHE_CHARS,
    sizeCalculation: (v) => (v.text?.length ?? 0) + 1,
  });
  /** During a build: files whose scanned version an anchor asked for and the cache lacks (file → disk text). */
  private wantScanned: Map<string, string> | undefined;
  /** Candidates users picked for ambiguous anchors (see Slot.choices). */
  private readonly choices = new Map<string, Range>();
  private readonly syntax: DefinitionSource | undefined;
  private readonly gitSubscription: Disposable | undefined;

  constructor(private readonly opts: AnchorIndexOptions & { onError?(err: unknown): void }) {
    this.folders = opts.folders;
    this.syntax = opts.definitions === null ? undefined : (opts.definitions ?? new TreeSitterDefinitions());
    // A commit, checkout or branch switch moves every mapping: build again from the recorded coordinates.
    // Only the index changed: git may still have rewritten files (see GitMapping.onDidChange in types.ts).
    this.gitSubscription = opts.git?.onDidChange((what) => {
      (what === 'moved' ? this.rebuild() : this.reloadWrittenFiles()).catch((err) =>
        this.opts.onError?.(err),
      );
    });
  }

  private warming: Promise<void> | undefined;
  /**
   * Loads the parsed languages' grammars and runs each once, in the background (the server calls it
   * once signed in, while components load): the first relocation then finds them compiled. Once.
   */
  warmSyntax(): Promise<void> {
    return (this.warming ??= this.syntax?.warm?.() ?? Promise.resolve());
  }

  /** Stops following git and disposes the GitMapping it was given. */
  dispose(): void {
    this.gitSubscription?.dispose();
    this.opts.git?.dispose();
    this.listeners.clear();
    this.rebuildListeners.clear();
  }

  async setFolders(folders: WorkspaceFolderInfo[]): Promise<void> {
    this.folders = folders;
    await this.rebuild();
  }

  /** Replaces all anchors; resolves their files and verifies them (files not open are read from disk). */
  async setAnchors(entries: AnchorEntry[]): Promise<void> {
    this.entries = entries;
    await this.rebuild();
  }

  openDocument(uri: string, text: string): void {
    const key = keyOf(uri);
    this.open.set(key, { uri, text });
    const fa = this.byFile.get(key);
    if (!fa) return;
    this.placeFile(key, fa, uri);
    this.emit([fa.uri]);
  }

  /** Incremental (or full) changes of an open document; cost proportional to that file's anchors. */
  changeDocument(uri: string, changes: TextDocumentContentChangeEvent[], newText: string): void {
    const key = keyOf(uri);
    const doc = this.open.get(key);
    if (!doc) return this.openDocument(uri, newText);
    const wasClean = doc.clean !== undefined && doc.text === doc.clean;
    doc.text = newText;
    doc.lines = undefined;
    const fa = this.byFile.get(key);
    if (!fa) return;
    // VS Code reloads an open, *clean* document whose file changed on disk with one edit: the lines
    // between the common first and last lines (so a function moved lower keeps its closing brace as the
    // "unchanged" last line, and tracking would stretch its range over the new code). A change from the
    // clean text that makes the buffer equal to the disk is that reload: the disk is the truth, placed
    // afresh from the recorded coordinates (syncWithDisk). A change from a dirty buffer (an undo back to
    // the disk's text, whoever wrote it) is an edit: tracked.
    if (wasClean && changes.some(spansLines)) this.syncWithDisk(key, true);
    for (const change of changes) {
      // A full replacement loses the mapping, and so does one change that replaces an anchored range
      // whole: place everything afresh from the recorded coordinates (git mapping, name check, relocation).
      if (
        !('range' in change) ||
        (change.text !== '' && fa.slots.some((s) => swallows(change.range, s.t.range)))
      ) {
        this.placeFile(key, fa, fa.uri);
        this.emit([fa.uri]);
        return;
      }
      this.track(fa, toTextChange(change.range, change.text));
    }
    this.emit([fa.uri]);
  }

  /**
   * Files changed on disk (a file watcher's events). A closed anchored file that changed is read and
   * placed afresh (git's mapping of it renewed); one created or deleted can change which files anchors
   * resolve to (found, gone, renamed, a suffix match made ambiguous), so the index is built again when it
   * is an anchored file or bears an anchored file's name. Open documents are the editor's business (VS
   * Code reloads a clean one): skipped. Resolves when the anchors are placed: true if files were read
   * again (a rebuild tells `onDidRebuild` listeners itself).
   */
  async filesChangedOnDisk(
    changes: ReadonlyArray<{ path: string; kind: 'created' | 'changed' | 'deleted' }>,
  ): Promise<boolean> {
    let rebuild = false;
    const reloads = new Map<string, FileAnchors>();
    for (const c of changes) {
      const key = path.normalize(c.path);
      if (this.open.has(key)) continue;
      const fa = this.byFile.get(key);
      if (fa && c.kind !== 'deleted') reloads.set(key, fa);
      else if (fa || (c.kind === 'created' && this.fileNames.has(path.basename(key)))) rebuild = true;
    }
    if (rebuild) await this.rebuild();
    else await Promise.all([...reloads].map(([key, fa]) => this.reloadFromDisk(key, fa)));
    return !rebuild && reloads.size > 0;
  }

  /**
   * What a file watcher should report: the names of anchored files (as recorded, and as found), as
   * globs; names with glob syntax in them are left out (their changes are seen when opened or rebuilt).
   */
  watchGlobs(): string[] {
    const names = [...this.fileNames].filter((n) => !/[{}[\]*?,\\]/.test(n)).sort();
    if (names.length === 0) return [];
    return [names.length === 1 ? `**/${names[0]}` : `**/{${names.join(',')}}`];
  }

  /** Resolves once no open document is being compared with the disk (tests wait on it, never sleep). */
  async whenIdle(): Promise<void> {
    while (this.syncing.size > 0) await Promise.all([...this.syncing.values()].map((s) => s.done));
  }

  closeDocument(uri: string): void {
    const key = keyOf(uri);
    if (!this.open.delete(key)) return;
    // The unsaved text is gone: records written from it refer to text the file never had.
    this.writtenFromBuffer.delete(key);
    const fa = this.byFile.get(key);
    // The disk is the truth again (unsaved edits are gone): reload and place afresh.
    if (fa) void this.reloadFromDisk(key, fa);
  }

  anchorsInFile(uri: string): TrackedAnchor[] {
    const key = keyOf(uri);
    const fa = this.byFile.get(key);
    if (!fa) return [];
    this.settle(key, fa);
    return fa.slots.map((s) => s.t);
  }

  /** Anchors whose range contains the position (ends inclusive), most specific (smallest) first. */
  anchorsAt(uri: string, position: Position): TrackedAnchor[] {
    const key = keyOf(uri);
    const fa = this.byFile.get(key);
    if (!fa) return [];
    this.settle(key, fa);
    return (fa.positions ??= new PositionIndex(fa.slots.map((s) => s.t))).at(position);
  }

  anchor(componentId: string, pathId: string, anchorId: string): TrackedAnchor | undefined {
    return this.settledSlot(componentId, pathId, anchorId)?.t;
  }

  /**
   * The user picked one of an ambiguous anchor's candidates: it is placed there (relocated, so drifted
   * and repairable) until it is next placed from its record. False when it is not ambiguous or that is
   * not one of its candidates.
   */
  chooseCandidate(componentId: string, pathId: string, anchorId: string, range: Range): boolean {
    const slot = this.settledSlot(componentId, pathId, anchorId);
    const t = slot?.t;
    if (!slot || !t?.uri || !t.range || t.state !== 'ambiguous') return false;
    const picked = t.candidates?.find((c) => sameRange(c, range));
    if (!picked) return false;
    // Kept (across builds too): the anchor is placed there while that is still one of its candidates.
    this.choices.set(choiceKey(t.entry), picked);
    const fa = slot.fileKey ? this.byFile.get(slot.fileKey) : undefined;
    if (fa) fa.positions = undefined;
    const lines = slot.fileKey ? (this.linesOf(slot.fileKey) ?? undefined) : undefined;
    if (fa && lines) {
      reverify(slot, lines, this.definitionsOf(slot.fileKey!, lines));
    } else {
      t.relocatedFrom = t.range;
      t.range = picked;
      t.state = 'relocated';
      t.candidates = undefined;
      t.problem = relocatedMessage(t.entry, t.relocatedFrom, picked, t.entry.expectedNames[0] ?? '');
    }
    this.emit([t.uri]);
    return true;
  }

  /**
   * Fetches the scanned commits git could not map anchors from (a shallow or single-branch clone), then
   * builds again: those anchors then know their code. On the user's request only.
   */
  async fetchScannedCommits(): Promise<{ fetched: number; missing: number; failures: string[] }> {
    const git = this.opts.git;
    if (!git?.fetchCommits) return { fetched: 0, missing: 0, failures: ['git is not available'] };
    const files = new Map<string, Set<string>>();
    for (const s of this.slots) {
      const commit = s.t.entry.commit;
      if (!s.fileKey || !commit || git.fileMap(s.fileKey, commit)) continue;
      let set = files.get(s.fileKey);
      if (!set) files.set(s.fileKey, (set = new Set()));
      set.add(commit);
    }
    const outcome = await git.fetchCommits(files);
    if (outcome.fetched > 0) await this.rebuild();
    return outcome;
  }

  /** How far one anchor drifted from the service's record (see drifts()); undefined when it did not. */
  drift(componentId: string, pathId: string, anchorId: string): AnchorDrift | undefined {
    const slot = this.settledSlot(componentId, pathId, anchorId);
    // Moved to another file: its record cannot be carried there (a re-scan records it).
    if (slot?.movedFrom !== undefined) return undefined;
    return slot && driftOf(slot.t, slot.clamped !== undefined, this.toRecorded(slot));
  }

  /**
   * When an anchor is placed but its lines now existed neither at the commit it is recorded at nor at
   * any scanned commit git can compare (code added since, or not committed): that commit, and the
   * HEAD of the file's repository (for saying why). Undefined otherwise.
   */
  async unrecordable(
    componentId: string,
    pathId: string,
    anchorId: string,
  ): Promise<{ commit: string; head?: string; headScanned: boolean } | undefined> {
    const slot = this.settledSlot(componentId, pathId, anchorId);
    const t = slot?.t;
    if (!slot || !t?.range || !t.entry.commit || (t.state !== 'resolved' && t.state !== 'relocated'))
      return undefined;
    const recorded = coordinatesOf(t.entry.anchor);
    if (typeof recorded.line_start !== 'number') return undefined;
    if (this.toRecorded(slot)(coordinatesAt(recorded, t.range))) return undefined;
    const head = slot.fileKey ? await this.opts.git?.head?.(slot.fileKey) : undefined;
    const headScanned = head !== undefined && (t.entry.scans ?? []).some((c) => sameCommit(c, head));
    return { commit: t.entry.commit, ...(head ? { head } : {}), headScanned };
  }

  /**
   * An anchor's record and its current place in the lines of `commit`, for recording its path at
   * another scanned commit (a repair of a sibling anchor needs it); or why it cannot be carried there.
   */
  placeAt(
    componentId: string,
    pathId: string,
    anchorId: string,
    commit: string,
  ): { recorded: AnchorCoordinates; at: AnchorCoordinates } | string {
    const slot = this.settledSlot(componentId, pathId, anchorId);
    if (!slot) return 'is not in the workspace';
    const t = slot.t;
    const recorded = coordinatesOf(t.entry.anchor);
    // The whole file: the same at every commit.
    if (typeof recorded.line_start !== 'number') return { recorded, at: recorded };
    if (!t.range || (t.state !== 'resolved' && t.state !== 'relocated'))
      return 'has no place in the workspace now';
    const current = coordinatesAt(recorded, t.range);
    const there = this.toCommit(slot, commit);
    if (!there)
      return this.toCommit(slot, t.entry.commit)
        ? `is in a file git cannot compare with commit ${commit.slice(0, 12)}`
        : { recorded, at: current };
    const at = there(current);
    return at
      ? { recorded, at }
      : `is at lines ${describeAnchorLines(current)}, which did not exist at commit ${commit.slice(0, 12)}`;
  }

  /**
   * Current coordinates → the recorded commit's, through the inverse of the file's mapping: git's
   * (commit → disk) after the buffer's (disk → unsaved text). Where those lines did not exist at that
   * commit (code added since), another scanned commit of the component that git has compared (its
   * newest scan, or HEAD when scanned) may have them: the path can be recorded there. Without git the record is in
   * the file's own lines, and unsaved ones count as they will be once saved: unchanged.
   */
  private toRecorded(slot: Slot): ToRecorded {
    const own = this.toCommit(slot, slot.t.entry.commit);
    if (!own) return (c) => ({ at: c });
    return (c) => {
      const at = own(c);
      if (at) return { at };
      for (const commit of slot.t.entry.scans ?? []) {
        if (commit === slot.t.entry.commit) continue;
        const there = this.toCommit(slot, commit)?.(c);
        if (there) return { at: there, commit };
      }
      return undefined;
    };
  }

  /** Current coordinates → `commit`'s lines (undefined: not there); undefined when git does not map the file from it. */
  private toCommit(
    slot: Slot,
    commit: string | undefined,
  ): ((c: AnchorCoordinates) => AnchorCoordinates | undefined) | undefined {
    const key = slot.fileKey;
    const git = commit && key ? this.opts.git?.fileMap(key, commit) : undefined;
    if (!git || !key) return undefined;
    const buffer = this.bufferMapNow(key);
    return (c) => {
      const start = c.line_start! - 1;
      let r = { start, end: (c.line_end ?? c.line_start!) - 1 };
      if (buffer) {
        const onDisk = unmapLines(buffer, r.start, r.end);
        if (!onDisk) return undefined;
        r = onDisk;
      }
      const atCommit = unmapLines(git, r.start, r.end);
      if (!atCommit) return undefined;
      const out: AnchorCoordinates = { ...c, line_start: atCommit.start + 1 };
      if (c.line_end !== undefined) out.line_end = atCommit.end + 1;
      return out;
    };
  }

  /** An open document's unsaved changes against the disk as it was last read (undefined: none known). */
  private bufferMapNow(key: string): FileLineMap | undefined {
    const doc = this.open.get(key);
    if (!doc?.disk) return undefined;
    if (doc.disk.text !== doc.text) {
      const map = doc.disk.diskText === doc.text ? undefined : bufferLineMap(doc.disk.diskText, doc.text);
      doc.disk = { text: doc.text, diskText: doc.disk.diskText, map };
    }
    return doc.disk.map;
  }

  /**
   * The document was saved: its text is the disk's now. The anchors stay where edits took them; git's
   * mapping of the file is renewed in the background (drifts read it), and listeners told if it moved.
   */
  saveDocument(uri: string): void {
    const key = keyOf(uri);
    const doc = this.open.get(key);
    if (!doc) return;
    doc.disk = { text: doc.text, diskText: doc.text, map: undefined };
    doc.clean = doc.text;
    // The disk now holds the lines records written from the buffer refer to.
    this.writtenFromBuffer.delete(key);
    const fa = this.byFile.get(key);
    const git = this.opts.git;
    if (!fa || !git) return;
    git.refreshFile(key, commitsOf(fa)).then(
      (changed) => changed && this.byFile.get(key) === fa && this.emit([fa.uri], true),
      (err) => this.opts.onError?.(err),
    );
  }

  /**
   * A repair wrote `written` for this anchor. When its file is open with unsaved changes and git does
   * not map it, those are the buffer's lines (as they will be once saved): the record, once reloaded,
   * is placed in the buffer as it is now (and followed through later edits), not shifted through the
   * unsaved changes a second time.
   */
  noteWrittenFromBuffer(
    componentId: string,
    pathId: string,
    anchorId: string,
    written: AnchorCoordinates,
  ): void {
    const slot = this.settledSlot(componentId, pathId, anchorId);
    const key = slot?.fileKey;
    const doc = key ? this.open.get(key) : undefined;
    if (!slot || !key || !doc || this.toCommit(slot, slot.t.entry.commit)) return;
    if (!this.bufferMapNow(key)) return;
    let notes = this.writtenFromBuffer.get(key);
    if (!notes) this.writtenFromBuffer.set(key, (notes = new Map<string, string>()));
    notes.set(recordKey(componentId, anchorId, written), doc.text);
  }

  /** Renews git's mapping of these files where they changed after their diff (before a repair is written). */
  async refreshFiles(uris: Iterable<string>): Promise<void> {
    for (const uri of new Set(uris)) {
      const key = keyOf(uri);
      const fa = this.byFile.get(key);
      if (fa)
        await this.opts.git?.refreshFile(key, commitsOf(fa, true)).catch((err) => this.opts.onError?.(err));
    }
  }

  private settledSlot(componentId: string, pathId: string, anchorId: string): Slot | undefined {
    const found = this.byId.get(anchorId);
    const matches = (s: Slot) => s.t.entry.componentId === componentId && s.t.entry.pathId === pathId;
    // The same ids twice: the later entry wins.
    const slot = Array.isArray(found)
      ? found.filter(matches).pop()
      : found && matches(found)
        ? found
        : undefined;
    if (!slot) return undefined;
    if (slot.fileKey) {
      const fa = this.byFile.get(slot.fileKey);
      if (fa) this.settle(slot.fileKey, fa);
    }
    return slot;
  }

  /** Diagnostics of one file (cheap: only that file's anchors). */
  diagnosticsFor(uri: string): Diagnostic[] {
    const key = keyOf(uri);
    const fa = this.byFile.get(key);
    if (!fa) return [];
    this.settle(key, fa);
    return diagnosticsOf(fa.slots);
  }

  /**
   * Anchors whose current place differs from the service's record (moved by edits, git or relocation),
   * optionally only those of one component, path or anchor. Stale, unplaced and clamped anchors are not
   * drifted: there is no better place to record.
   */
  drifts(filter: { componentId?: string; pathId?: string; anchorId?: string } = {}): AnchorDrift[] {
    const { componentId, pathId, anchorId } = filter;
    if (componentId !== undefined && pathId !== undefined && anchorId !== undefined) {
      const d = this.drift(componentId, pathId, anchorId);
      return d ? [d] : [];
    }
    const out: AnchorDrift[] = [];
    for (const s of this.slots) {
      const e = s.t.entry;
      if (filter.componentId !== undefined && e.componentId !== filter.componentId) continue;
      if (filter.pathId !== undefined && e.pathId !== filter.pathId) continue;
      if (filter.anchorId !== undefined && e.anchor.anchor_id !== filter.anchorId) continue;
      if (s.fileKey) {
        const fa = this.byFile.get(s.fileKey);
        if (fa) this.settle(s.fileKey, fa);
      }
      const d = s.movedFrom === undefined && driftOf(s.t, s.clamped !== undefined, this.toRecorded(s));
      if (d) out.push(d);
    }
    return out;
  }

  /** Anchors without a place in the workspace (unresolved, outside the workspace): report them on the path. */
  problems(): TrackedAnchor[] {
    return this.slots
      .filter((s) => s.t.state === 'unresolved' || s.t.state === 'outsideWorkspace')
      .map((s) => s.t);
  }

  /**
   * After every completed build, whatever started it (a load, folders, a commit or checkout, a file
   * created or deleted): the anchors without a place (`problems()`) and the watched names may differ.
   */
  onDidRebuild(listener: () => void): Disposable {
    this.rebuildListeners.add(listener);
    return { dispose: () => this.rebuildListeners.delete(listener) };
  }

  /**
   * Anchors moved in these files. `unprompted`: placed again in the background (git's mapping renewed,
   * a reload or a closed file read from disk), not by an edit the editor made and will ask lenses for.
   */
  onDidChange(listener: (uris: string[], unprompted: boolean) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  // ---- building -------------------------------------------------------------------------------

  private async rebuild(): Promise<void> {
    const generation = ++this.generation;
    const entries = this.entries;
    const git = this.opts.git;
    // Resolve each distinct `file` once. In slices: a component can have 100,000 anchors.
    const slicer = new TimeSlicer();
    const commits = new Set<string>();
    const scans = new Set<string>();
    const latest = new Set<string>();
    const slots: Slot[] = [];
    const byId = new Map<string, Slot | Slot[]>();
    const byName = new Map<string, Slot[]>();
    for (const e of entries) {
      const s = newSlot(e, this.choices);
      slots.push(s);
      addById(byId, s);
      if (e.commit) commits.add(e.commit);
      for (const c of e.scans ?? []) scans.add(c);
      if (e.scans?.[0]) latest.add(e.scans[0]);
      const f = e.anchor.file ?? '';
      const list = byName.get(f);
      if (list) list.push(s);
      else byName.set(f, [s]);
      if (slicer.tick()) {
        await slicer.pause();
        if (generation !== this.generation) return;
      }
    }
    // The grammars of the anchors' languages (by the recorded file names) start loading now, beside
    // git and file resolution: compiling them is most of a cold build's relocation cost.
    const syntaxReady = this.syntax?.prepare(byName.keys());
    // Git runs beside file resolution (another process, another core); awaited before placing.
    const gitReady =
      git && commits.size > 0
        ? git.prepare(this.folders, commits, scans, latest).catch((err) => this.opts.onError?.(err))
        : undefined;
    const resolver = new FileResolver(this.folders, {
      fileExists: this.opts.fileExists,
      isOpen: (p) => this.open.has(path.normalize(p)),
      listFiles: this.opts.listFiles,
    });
    const byFile = new Map<string, FileAnchors>();
    const addToFile = (key: string, group: Slot[]) => {
      let fa = byFile.get(key);
      if (!fa) byFile.set(key, (fa = { uri: fileUri(key), slots: [], dirty: false, version: 0 }));
      for (const s of group) {
        s.fileKey = key;
        fa.slots.push(s);
      }
    };
    const missing: Array<[string, Slot[], Exclude<Resolution, { kind: 'file' }>]> = [];
    await mapLimit([...byName], IO_CONCURRENCY, async ([file, group]) => {
      const r = await resolver.resolve(file || undefined);
      if (r.kind === 'file') return addToFile(path.normalize(r.fsPath), group);
      if (r.kind === 'missing' && git && group.some((s) => s.t.entry.commit)) missing.push([file, group, r]);
      else this.refuse(group, r);
    });
    await gitReady;
    if (generation !== this.generation) return;
    // Repositories nested inside folders that are in none: found per file's directory, diffed once.
    if (git?.prepareNested && commits.size > 0)
      await git.prepareNested(byFile.keys()).catch((err) => this.opts.onError?.(err));
    if (generation !== this.generation) return;
    // Files git saw renamed since the scanned commit live under their new name.
    await mapLimit(missing, IO_CONCURRENCY, async ([file, group, r]) => {
      const renamed = this.renamedFile(file, group);
      const again = renamed === undefined ? r : await resolver.resolve(renamed);
      if (again.kind === 'file') addToFile(path.normalize(again.fsPath), group);
      else this.refuse(group, r);
    });
    if (git && commits.size > 0) {
      const stale: Array<{ fsPath: string; commit: string }> = [];
      for (const [key, fa] of byFile)
        for (const commit of commitsOf(fa)) if (!this.open.has(key)) stale.push({ fsPath: key, commit });
      await git.refreshFiles(stale).catch((err) => this.opts.onError?.(err));
    }
    if (generation !== this.generation) return;
    // Grammars load once (those of files found under other names too); parsing waits until a name
    // check needs it.
    await syntaxReady;
    await this.syntax?.prepare(byFile.keys());
    if (generation !== this.generation) return;
    // Files whose anchors need their scanned version (an identity no plain definition line settles):
    // read from git's object store after this pass, then those files placed again.
    const wanted = new Map<string, string>();
    this.wantScanned = wanted;
    // Files not open are read from disk, placed and verified; their text is not kept.
    const skipped = new Set<string>();
    const load = (key: string, fa: FileAnchors, text: string | undefined, readAt: number) => {
      fa.readAt = readAt;
      if (text === undefined) this.unreadable(fa);
      else this.placeAll(key, fa, new LineTable(text));
    };
    const readSync = this.opts.readFileSync;
    if (readSync) {
      for (const [key, fa] of byFile) {
        if (this.open.has(key)) {
          skipped.add(key);
          continue;
        }
        fa.readAt = Date.now();
        const text = this.readNow(readSync, key);
        if (text === undefined) this.unreadable(fa);
        else {
          // Requests and notifications are served between slices, by time and within a file too (one
          // file can hold 100,000 anchors); a newer build makes this one moot.
          const placeOne = this.placer(key, fa, new LineTable(text));
          for (const s of fa.slots) {
            placeOne(s);
            if (slicer.tick()) {
              await slicer.pause();
              if (generation !== this.generation) return;
            }
          }
        }
        if (slicer.due()) {
          await slicer.pause();
          if (generation !== this.generation) return;
        }
      }
    } else {
      await mapLimit([...byFile], IO_CONCURRENCY, async ([key, fa]) => {
        if (this.open.has(key)) return void skipped.add(key);
        const readAt = Date.now();
        load(key, fa, await this.read(key), readAt);
      });
    }
    if (this.wantScanned === wanted) this.wantScanned = undefined;
    if (generation !== this.generation) return;
    if (wanted.size > 0) {
      await this.fetchScanned([...wanted.keys()].map((key) => [key, byFile.get(key)!]));
      if (generation !== this.generation) return;
      for (const [key, text] of wanted) {
        // An open document is placed last, against its own text, below.
        if (!this.open.has(key)) this.placeAll(key, byFile.get(key)!, new LineTable(text));
        if (slicer.due()) {
          await slicer.pause();
          if (generation !== this.generation) return;
        }
      }
    }
    // Definitions that left their file since the scan, for a file the diff added them to.
    await this.followMovedDefinitions(byFile);
    if (generation !== this.generation) return;
    // Open documents are placed last, synchronously, against their current text.
    for (const [key, fa] of byFile) {
      const doc = this.open.get(key);
      if (doc) this.placeFile(key, fa, doc.uri);
      else if (skipped.has(key)) void this.reloadFromDisk(key, fa); // closed while we were reading
    }
    const changed = new Set<string>([...this.byFile.values()].map((f) => f.uri));
    for (const fa of byFile.values()) changed.add(fa.uri);
    this.slots = slots;
    this.byFile = byFile;
    this.byId = byId;
    // One name per recorded file (byName's keys), not per anchor: 100,000 anchors name 1,000 files.
    this.fileNames = new Set([
      ...[...byName.keys()].map((f) => path.posix.basename(f.replace(/\\/g, '/'))).filter(Boolean),
      ...[...byFile.keys()].map((k) => path.basename(k)),
    ]);
    this.emit([...changed]);
    this.notify(this.rebuildListeners);
  }

  /**
   * Anchors whose definition is gone from their file (stale, with an identity from history): looked for
   * in the files git says were added to or changed since their scanned commit, in the same language.
   * Exactly one definition of that identity among them (an unchanged one preferred) takes the anchor,
   * which from then on is placed in that file by its identity alone.
   */
  private async followMovedDefinitions(byFile: Map<string, FileAnchors>): Promise<void> {
    const git = this.opts.git;
    const syntax = this.syntax;
    if (!git?.changedFiles || !syntax) return;
    const lost: Array<{ key: string; fa: FileAnchors; slot: Slot }> = [];
    for (const [key, fa] of byFile)
      for (const slot of fa.slots)
        if (slot.history && slot.identity && slot.t.state === 'stale' && slot.movedFrom === undefined)
          lost.push({ key, fa, slot });
    if (lost.length === 0) return;
    const texts = new Map<string, string | undefined>();
    const textOf = async (f: string) => {
      if (!texts.has(f)) texts.set(f, this.open.get(f)?.text ?? (await this.read(f)));
      return texts.get(f);
    };
    for (const { key, fa, slot } of lost) {
      const id = slot.identity!;
      const language = syntax.languageOf(key);
      const found: Array<{ file: string; unchanged: boolean }> = [];
      for (const f of git.changedFiles(key, slot.t.entry.commit!)) {
        if (f === key || syntax.languageOf(f) !== language) continue;
        const text = await textOf(f);
        const table = text === undefined ? undefined : syntax.definitions(f, text);
        for (const d of table ? definitionsOf(id, table) : [])
          found.push({ file: f, unchanged: unchangedDefinition(id, d, text!) });
      }
      const best = found.filter((x) => x.unchanged);
      const pick = best.length === 1 ? best[0] : found.length === 1 ? found[0] : undefined;
      if (!pick) continue;
      fa.slots.splice(fa.slots.indexOf(slot), 1);
      let target = byFile.get(pick.file);
      if (!target)
        byFile.set(pick.file, (target = { uri: fileUri(pick.file), slots: [], dirty: false, version: 0 }));
      target.slots.push(slot);
      slot.fileKey = pick.file;
      slot.movedFrom = slot.t.entry.anchor.file ?? path.basename(key);
      const lines = new LineTable((await textOf(pick.file))!);
      place(slot, target.uri, lines, this.definitionsOf(pick.file, lines));
    }
  }

  /** The anchor's file under the name git says it was renamed to since the scanned commit. */
  private renamedFile(file: string, group: Slot[]): string | undefined {
    const norm = normalizeAnchorFile(file);
    if (!('rel' in norm)) return undefined;
    for (const commit of new Set(group.map((s) => s.t.entry.commit))) {
      if (!commit) continue;
      const to = this.opts.git?.renamedTo(this.folders, norm.rel, commit);
      if (to !== undefined) return to;
    }
    return undefined;
  }

  private refuse(group: Slot[], r: Exclude<Resolution, { kind: 'file' }>): void {
    for (const s of group) {
      s.t.state = r.kind === 'outside' ? 'outsideWorkspace' : 'unresolved';
      s.t.problem = unresolvedMessage(s.t.entry, r);
    }
  }

  private unreadable(fa: FileAnchors): void {
    fa.positions = undefined;
    for (const s of fa.slots) {
      s.t.uri = undefined;
      s.t.range = undefined;
      s.t.state = 'unresolved';
      s.t.problem = unresolvedMessage(s.t.entry, { kind: 'unreadable' });
    }
  }

  private readNow(readSync: (fsPath: string) => string | undefined, key: string): string | undefined {
    try {
      return readSync(key);
    } catch {
      return undefined;
    }
  }

  private async read(key: string): Promise<string | undefined> {
    try {
      return await this.opts.readFile(key);
    } catch {
      return undefined;
    }
  }

  private placeAll(
    key: string,
    fa: FileAnchors,
    lines: LineTable,
    bufferMap?: FileLineMap,
    diskText: string | undefined = bufferMap ? undefined : lines.text,
  ): void {
    const placeOne = this.placer(key, fa, lines, bufferMap, diskText);
    for (const s of fa.slots) placeOne(s);
  }

  /** Places (and verifies) one slot of the file at a time, what they share found once per file. */
  private placer(
    key: string,
    fa: FileAnchors,
    lines: LineTable,
    bufferMap?: FileLineMap,
    diskText: string | undefined = bufferMap ? undefined : lines.text,
  ): (s: Slot) => void {
    fa.version++;
    fa.dirty = false;
    fa.positions = undefined;
    const definitions = this.definitionsOf(key, lines);
    const scanned = this.scannedFor(key, diskText);
    const git = this.opts.git;
    // One lookup per commit for the file, not per anchor (a file's anchors mostly share a commit).
    let lastCommit: string | undefined;
    let lastMap: FileLineMap | undefined;
    const notes = this.writtenFromBuffer.get(key);
    const text = notes && this.open.get(key)?.text;
    const fromNote = new Map<string, FileLineMap | undefined>();
    return (s) => {
      const commit = s.t.entry.commit;
      if (git && commit && commit !== lastCommit) {
        lastCommit = commit;
        lastMap = git.fileMap(key, commit);
      }
      const gitMap = git && commit ? lastMap : undefined;
      let edits = bufferMap;
      // Written from the buffer (noteWrittenFromBuffer): through the edits since that text only.
      const then = text !== undefined && !gitMap ? notes!.get(recordKeyOf(s.t.entry)) : undefined;
      if (then !== undefined) {
        if (!fromNote.has(then)) fromNote.set(then, then === text ? undefined : bufferLineMap(then, text!));
        edits = fromNote.get(then);
      }
      place(s, fa.uri, lines, definitions, gitMap, edits, scanned);
    };
  }

  /**
   * Reads the files of these anchors as they were at their scanned commits, where git says they changed
   * since (an unchanged file is its own scanned text) and their language is parsed. Cached.
   */
  private async fetchScanned(files: ReadonlyArray<[string, FileAnchors]>): Promise<boolean> {
    const git = this.opts.git;
    if (!git?.readAtCommit || !this.syntax) return false;
    const wanted: Array<{ key: string; commit: string; at: string }> = [];
    for (const [key, fa] of files) {
      if (!this.syntax.languageOf(key)) continue;
      for (const commit of commitsOf(fa)) {
        const at = `${key}\0${commit}`;
        if (this.scannedTexts.has(at)) continue;
        const map = git.fileMap(key, commit);
        if (map && !map.added && (map.hunks.length > 0 || map.renamedFrom)) wanted.push({ key, commit, at });
      }
    }
    await mapLimit(wanted, SCANNED_CONCURRENCY, async ({ key, commit, at }) => {
      const text = await git.readAtCommit!(key, commit).catch(() => undefined);
      this.scannedTexts.set(at, text === undefined ? {} : { text });
    });
    return wanted.length > 0;
  }

  /** A file at its anchors' scanned commits, parsed: from git when it changed since, else `diskText`. */
  private scannedFor(key: string, diskText: string | undefined): ScannedFile | undefined {
    const git = this.opts.git;
    const syntax = this.syntax;
    if (!git || !syntax) return undefined;
    // One line table per commit asked for (a file's anchors mostly share one), parsed only if asked.
    const made = new Map<string, ReturnType<ScannedFile>>();
    return (commit) => {
      if (made.has(commit)) return made.get(commit);
      const map = git.fileMap(key, commit);
      const unchanged = map !== undefined && map.hunks.length === 0 && !map.renamedFrom;
      const cached = !map || map.added || unchanged ? undefined : this.scannedTexts.get(`${key}\0${commit}`);
      // Not read yet, during a build: asked for, and this file placed again once it is.
      if (map && !map.added && !unchanged && !cached && diskText !== undefined)
        this.wantScanned?.set(key, diskText);
      const text = !map || map.added ? undefined : unchanged ? diskText : cached?.text;
      const file =
        text === undefined
          ? undefined
          : {
              text,
              lines: new LineTable(text),
              table: () => syntax.definitions(key, text, unchanged ? undefined : commit),
            };
      made.set(commit, file);
      return file;
    };
  }

  /** The file's definitions for the name check and relocation: parsed on first use, at most once per text. */
  private definitionsOf(key: string, lines: LineTable): Definitions | undefined {
    const syntax = this.syntax;
    const language = syntax?.languageOf(key);
    if (!syntax || !language) return undefined;
    let table: ReturnType<Definitions['table']> | null = null;
    return {
      language,
      table: () => (table === null ? (table = syntax.definitions(key, lines.text)) : table),
    };
  }

  /**
   * Places a file's anchors against its open text; the client's URI spelling wins. The recorded
   * coordinates refer to the file on disk (through git): they go through the buffer's unsaved changes
   * (compared now when the disk can be read synchronously, else as last compared); the comparison is
   * then renewed in the background (syncWithDisk), which places again if the disk or git's mapping of
   * the file (renewed if the file changed after its diff) says otherwise.
   */
  private placeFile(key: string, fa: FileAnchors, uri: string): void {
    fa.uri = uri;
    const doc = this.open.get(key)!;
    if (doc.disk?.text !== doc.text && this.opts.readFileSync) {
      // Compared with the disk now when it can be read at once (the server can): placed right away.
      const disk = this.readNow(this.opts.readFileSync, key);
      if (disk !== undefined) {
        doc.disk = {
          text: doc.text,
          diskText: disk,
          map: disk === doc.text ? undefined : bufferLineMap(disk, doc.text),
        };
        // Opened (or first anchored) now: the editor's saved version is the disk's.
        doc.clean ??= disk;
      }
    }
    const map = doc.disk?.text === doc.text ? doc.disk.map : undefined;
    doc.placedWith = map;
    this.placeAll(key, fa, this.linesOf(key)!, map, doc.disk?.diskText);
    this.syncWithDisk(key, false);
  }

  /**
   * Compares an open document with its file on disk (and renews git's mapping of the file if it changed
   * after its diff was taken). `reloadOnly`: only when the buffer now equals a disk text the index did
   * not know (VS Code reloaded it) are the anchors placed afresh. Otherwise (just placed): placed again
   * when the unsaved changes or git's mapping differ from what the placement used. One comparison per
   * document at a time; requests meanwhile run it once more.
   */
  private syncWithDisk(key: string, reloadOnly: boolean): void {
    const running = this.syncing.get(key);
    if (running) {
      running.again = true;
      running.reloadOnly &&= reloadOnly;
      return;
    }
    const state = { again: true, reloadOnly, done: Promise.resolve() };
    this.syncing.set(key, state);
    state.done = (async () => {
      try {
        while (state.again) {
          state.again = false;
          const mode = state.reloadOnly;
          state.reloadOnly = true;
          await this.compareWithDisk(key, mode);
        }
      } catch (err) {
        this.opts.onError?.(err);
      } finally {
        this.syncing.delete(key);
      }
    })();
  }

  private async compareWithDisk(key: string, reloadOnly: boolean): Promise<void> {
    const doc = this.open.get(key);
    const fa = this.byFile.get(key);
    if (!doc || !fa) return;
    const text = doc.text;
    const current = () => this.open.get(key) === doc && doc.text === text && this.byFile.get(key) === fa;
    const disk = await this.read(key);
    if (disk === undefined || !current()) return;
    // Asked after a change from the clean text: a reload when the buffer now is the disk's text.
    if (reloadOnly && disk !== text) return;
    if (reloadOnly || doc.clean === undefined) doc.clean = disk;
    // A renewal outlives this comparison: when an edit makes it moot, the next one (which finds git's
    // mapping already renewed) must still place the anchors through it.
    if (
      (await this.opts.git?.refreshFile(key, commitsOf(fa)).catch((err) => {
        this.opts.onError?.(err);
        return false;
      })) === true
    )
      doc.gitRenewed = true;
    if (!current()) return;
    // Identities need the scanned versions of a file changed since (read once, then cached).
    const fetched = await this.fetchScanned([[key, fa]]);
    if (!current()) return;
    const map = disk === text ? undefined : bufferLineMap(disk, text);
    doc.disk = { text, diskText: disk, map };
    if (!reloadOnly && !doc.gitRenewed && !fetched && sameHunks(map, doc.placedWith)) return;
    doc.gitRenewed = false;
    doc.placedWith = map;
    fa.uri = doc.uri;
    this.placeAll(key, fa, this.linesOf(key)!, map, disk);
    this.emit([fa.uri], true);
  }

  private async reloadFromDisk(key: string, fa: FileAnchors): Promise<void> {
    const version = ++fa.version;
    const readAt = Date.now();
    const text = await this.read(key);
    // The file may have been written since its diff was taken: git maps it afresh if so. Asked after the
    // read, so the mapping is never older than the text it places (a checkout can land in between).
    await this.opts.git?.refreshFile(key, commitsOf(fa)).catch((err) => this.opts.onError?.(err));
    await this.fetchScanned([[key, fa]]);
    // Reopened, rebuilt or reloaded again meanwhile: that newer state wins.
    if (this.open.has(key) || fa.version !== version || this.byFile.get(key) !== fa) return;
    fa.readAt = readAt;
    fa.uri = fileUri(key);
    if (text === undefined) this.unreadable(fa);
    else this.placeAll(key, fa, new LineTable(text));
    this.emit([fa.uri], true);
  }

  /**
   * The index changed and no mapping did: the closed files written since they were read (by a checkout
   * and back, a stash, a reset) are read and placed again; the rest cost one stat each.
   */
  private async reloadWrittenFiles(): Promise<void> {
    const written: Array<[string, FileAnchors]> = [];
    await mapLimit([...this.byFile], IO_CONCURRENCY, async ([key, fa]) => {
      if (this.open.has(key) || fa.readAt === undefined) return;
      const mtime = await fsp.stat(key).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      if (mtime === undefined || mtime === fa.seenMtime) return;
      fa.seenMtime = mtime;
      // Coarse or skewed file times: a file written just before it was read counts as written since.
      if (mtime >= fa.readAt - MTIME_SLACK_MS) written.push([key, fa]);
    });
    await Promise.all(written.map(([key, fa]) => this.reloadFromDisk(key, fa)));
  }

  // ---- tracking ---------------------------------------------------------------------------------

  private track(fa: FileAnchors, change: ReturnType<typeof toTextChange>): void {
    fa.positions = undefined;
    for (const s of fa.slots) {
      const range = s.t.range;
      if (!range) continue;
      const r = applyChange(range, change);
      // Re-verify what the change may have touched: the range and its ±3-line neighbourhood.
      const near =
        change.start.line <= range.end.line + NEAR_LINES && change.end.line >= range.start.line - NEAR_LINES;
      if (r.range !== range) s.t.range = r.range;
      if (r.deleted) markDeleted(s);
      else if (s.deleted && before(r.range.start, r.range.end)) s.deleted = false; // e.g. an undo refilled it
      if (near || s.t.state === 'stale' || s.t.state === 'ambiguous') {
        // Edited near: the code at its lines must be checked again, whatever git said of the file.
        s.trustMapped = false;
        s.firstLineKept = false;
        s.dirty = true;
        fa.dirty = true;
      }
    }
  }

  private linesOf(key: string): LineTable | undefined {
    const doc = this.open.get(key);
    if (!doc) return undefined;
    return (doc.lines ??= new LineTable(doc.text));
  }

  /** Lazily re-verifies a file's anchors that edits touched. */
  private settle(key: string, fa: FileAnchors): void {
    if (!fa.dirty) return;
    fa.dirty = false;
    fa.positions = undefined;
    const lines = this.linesOf(key);
    if (!lines) return;
    const definitions = this.definitionsOf(key, lines);
    const scanned = this.scannedFor(key, this.open.get(key)?.disk?.diskText);
    for (const s of fa.slots) if (s.dirty) reverify(s, lines, definitions, scanned);
  }

  private emit(uris: string[], unprompted = false): void {
    if (uris.length === 0) return;
    this.notify(this.listeners, uris, unprompted);
  }

  /** Calls each listener (a copy of the set: one may unsubscribe); one that throws does not stop the rest. */
  private notify<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, ...args: A): void {
    for (const l of [...listeners]) {
      try {
        l(...args);
      } catch (err) {
        this.opts.onError?.(err);
      }
    }
  }
}

/** The change spans or inserts lines (a keystroke within a line never needs the disk). */
function spansLines(change: TextDocumentContentChangeEvent): boolean {
  return (
    !('range' in change) || change.range.start.line !== change.range.end.line || /[\r\n]/.test(change.text)
  );
}

function sameHunks(a: FileLineMap | undefined, b: FileLineMap | undefined): boolean {
  const ha = a?.hunks ?? [];
  const hb = b?.hunks ?? [];
  return (
    ha.length === hb.length &&
    ha.every(
      (h, i) =>
        h.oldStart === hb[i]!.oldStart &&
        h.oldCount === hb[i]!.oldCount &&
        h.newStart === hb[i]!.newStart &&
        h.newCount === hb[i]!.newCount,
    )
  );
}

function recordKey(componentId: string, anchorId: string, c: AnchorCoordinates): string {
  return JSON.stringify([componentId, anchorId, c.line_start, c.line_end, c.column_start, c.column_end]);
}

function recordKeyOf(e: AnchorEntry): string {
  return recordKey(e.componentId, e.anchor.anchor_id, coordinatesOf(e.anchor));
}

function commitsOf(fa: FileAnchors, withScans = false): Set<string> {
  const out = new Set<string>();
  for (const s of fa.slots) {
    if (s.t.entry.commit) out.add(s.t.entry.commit);
    // The other scanned commits (git compared HEAD's, when scanned): repairs read them too.
    if (withScans) for (const c of s.t.entry.scans ?? []) out.add(c);
  }
  return out;
}

/** The change replaces all of a non-empty range's text, and more of the document than that range (a pure
 * deletion is tracked instead: the anchor goes stale and an undo restores it). */
function swallows(change: Range, range: Range | undefined): boolean {
  if (!range || (range.start.line === range.end.line && range.start.character === range.end.character))
    return false;
  const covers = !before(range.start, change.start) && !before(change.end, range.end);
  return covers && change.end.line - change.start.line > range.end.line - range.start.line;
}
