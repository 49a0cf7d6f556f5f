// The anchor index: every code anchor resolved to a workspace file, placed in the file's text and
// tracked through incremental edits of open documents. See README.md for the semantics. This class is
// the one door callers use; each job is its own part: building (indexBuild.ts), placing
// (placement.ts), open documents (openDocumentSync.ts), closed files (closedFileSync.ts), records for
// repairs (recordMapping.ts), queries (anchorQueries.ts) and events (indexEvents.ts).
import type { Diagnostic, Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type {
  AnchorEntry,
  AnchorIndexOptions,
  Disposable,
  TrackedAnchor,
  WorkspaceFolderInfo,
} from './types';
import { TreeSitterDefinitions } from './syntax/definitionSource';
import { driftOf, type AnchorCoordinates, type AnchorDrift } from './drift';
import { commitsOf, keyOf, IndexState } from './indexState';
import { IndexEvents } from './indexEvents';
import { Placement } from './placement';
import { WrittenFromBuffer } from './writtenFromBuffer';
import { ClosedFileSync } from './closedFileSync';
import { OpenDocumentSync } from './openDocumentSync';
import { IndexBuild, type PlacedLater } from './indexBuild';
import { RecordMapping } from './recordMapping';
import { AnchorQueries } from './anchorQueries';

export class AnchorIndex {
  private readonly state: IndexState;
  private readonly events: IndexEvents;
  private readonly placement: Placement;
  private readonly closed: ClosedFileSync;
  private readonly openDocs: OpenDocumentSync;
  private readonly build: IndexBuild;
  private readonly records: RecordMapping;
  private readonly queries: AnchorQueries;
  private readonly gitSubscription: Disposable | undefined;
  private warming: Promise<void> | undefined;

  constructor(private readonly opts: AnchorIndexOptions & { onError?(err: unknown): void }) {
    const syntax = opts.definitions === null ? undefined : (opts.definitions ?? new TreeSitterDefinitions());
    const state = (this.state = new IndexState(opts, syntax));
    const written = new WrittenFromBuffer();
    this.events = new IndexEvents((err) => state.report(err));
    this.placement = new Placement(state, written);
    this.closed = new ClosedFileSync(state, this.placement, this.events, () => this.build.rebuild());
    this.openDocs = new OpenDocumentSync(state, this.placement, this.events, this.closed, written);
    this.build = new IndexBuild(state, this.placement, this.events, this.openDocs, this.closed);
    this.records = new RecordMapping(state, written);
    this.queries = new AnchorQueries(state, this.placement, this.events);
    // A commit, checkout or branch switch moves every mapping: build again from the recorded coordinates.
    // Only the index changed: git may still have rewritten files (see GitMapping.onDidChange in types.ts).
    this.gitSubscription = opts.git?.onDidChange((what) => {
      (what === 'moved' ? this.build.rebuild() : this.closed.reloadWrittenFiles()).catch((err) =>
        state.report(err),
      );
    });
  }

  /**
   * Readies the parsing runtime in the background (the server calls it once signed in, while components
   * load): the first build then finds it compiled. Once.
   */
  warmSyntax(): Promise<void> {
    return (this.warming ??= this.state.syntax?.warm?.() ?? Promise.resolve());
  }

  /**
   * Starts loading the grammars of these files' languages (recorded anchor file names will do), ahead
   * of a build that will need them; never rejects.
   */
  prepareSyntax(files: Iterable<string>): Promise<void> {
    return this.state.syntax?.prepare(files) ?? Promise.resolve();
  }

  /** Stops following git and disposes the GitMapping it was given. */
  dispose(): void {
    this.gitSubscription?.dispose();
    this.opts.git?.dispose();
    this.events.clear();
  }

  async setFolders(folders: WorkspaceFolderInfo[]): Promise<void> {
    this.state.folders = folders;
    await this.build.rebuild();
  }

  /**
   * Replaces all anchors; resolves their files and verifies them (files not open are read from disk;
   * some perhaps after it resolves: see whenPlaced).
   */
  async setAnchors(entries: AnchorEntry[]): Promise<void> {
    this.state.entries = entries;
    await this.build.rebuild();
  }

  /**
   * Resolves once the closed files the last build left for later are placed (see
   * AnchorIndexOptions.placeInBackground): how many and how long it took; undefined when it left none or
   * a newer build began.
   */
  whenPlaced(): Promise<PlacedLater | undefined> {
    return this.build.whenPlaced();
  }

  /** How many closed files the last build left for later (see whenPlaced), placed or not by now. */
  get filesLeftForLater(): number {
    return this.build.leftForLater;
  }

  // ---- open documents and the disk (openDocumentSync.ts, closedFileSync.ts) ----------------------

  openDocument(uri: string, text: string): void {
    this.openDocs.openDocument(uri, text);
  }

  /** Incremental (or full) changes of an open document; cost proportional to that file's anchors. */
  changeDocument(uri: string, changes: TextDocumentContentChangeEvent[], newText: string): void {
    this.openDocs.changeDocument(uri, changes, newText);
  }

  /** The document was saved: its text is the disk's now (see OpenDocumentSync.saveDocument). */
  saveDocument(uri: string): void {
    this.openDocs.saveDocument(uri);
  }

  closeDocument(uri: string): void {
    this.openDocs.closeDocument(uri);
  }

  /** Resolves once no open document is being compared with the disk (tests wait on it, never sleep). */
  whenIdle(): Promise<void> {
    return this.openDocs.whenIdle();
  }

  /** Files changed on disk (a file watcher's events); see ClosedFileSync.filesChangedOnDisk. */
  filesChangedOnDisk(
    changes: ReadonlyArray<{ path: string; kind: 'created' | 'changed' | 'deleted' }>,
  ): Promise<boolean> {
    return this.closed.filesChangedOnDisk(changes);
  }

  /** What a file watcher should report: the anchored files' names, as globs. */
  watchGlobs(): string[] {
    return this.closed.watchGlobs();
  }

  // ---- queries (anchorQueries.ts) ------------------------------------------------------------------

  anchorsInFile(uri: string): TrackedAnchor[] {
    return this.queries.anchorsInFile(uri);
  }

  /** Anchors whose range contains the position (ends inclusive), most specific (smallest) first. */
  anchorsAt(uri: string, position: Position): TrackedAnchor[] {
    return this.queries.anchorsAt(uri, position);
  }

  anchor(componentId: string, pathId: string, anchorId: string): TrackedAnchor | undefined {
    return this.queries.settledSlot(componentId, pathId, anchorId);
  }

  /** The user picked one of an ambiguous anchor's candidates (see AnchorQueries.chooseCandidate). */
  chooseCandidate(componentId: string, pathId: string, anchorId: string, range: Range): boolean {
    return this.queries.chooseCandidate(componentId, pathId, anchorId, range);
  }

  /** Diagnostics of one file (cheap: only that file's anchors). */
  diagnosticsFor(uri: string): Diagnostic[] {
    return this.queries.diagnosticsFor(uri);
  }

  /** Anchors without a place in the workspace (unresolved, outside the workspace): report them on the path. */
  problems(): TrackedAnchor[] {
    return this.queries.problems();
  }

  // ---- records for repairs (recordMapping.ts) ------------------------------------------------------

  /** How far one anchor drifted from the service's record (see drifts()); undefined when it did not. */
  drift(componentId: string, pathId: string, anchorId: string): AnchorDrift | undefined {
    return this.records.drift(this.queries.settledSlot(componentId, pathId, anchorId));
  }

  /**
   * The drift of each anchor of one file (see drift()), computed as the caller iterates: a caller
   * slices a file of many anchors. The file's edits are settled first.
   */
  *driftsInFile(uri: string): Generator<AnchorDrift | undefined> {
    const key = keyOf(uri);
    const fa = this.state.byFile.get(key);
    if (!fa) return;
    this.placement.settle(key, fa);
    for (const s of fa.slots) yield this.records.drift(s);
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
    for (const s of this.state.slots) {
      const e = s.entry;
      if (componentId !== undefined && e.componentId !== componentId) continue;
      if (pathId !== undefined && e.pathId !== pathId) continue;
      if (anchorId !== undefined && e.anchor.anchor_id !== anchorId) continue;
      this.queries.settleFileOf(s);
      const d = s.movedFrom === undefined && driftOf(s, s.clamped !== undefined, this.records.toRecorded(s));
      if (d) out.push(d);
    }
    return out;
  }

  /** An anchor placed where no recordable commit has its lines (see RecordMapping.unrecordable). */
  unrecordable(
    componentId: string,
    pathId: string,
    anchorId: string,
  ): Promise<{ commit: string; head?: string; headScanned: boolean } | undefined> {
    return this.records.unrecordable(this.queries.settledSlot(componentId, pathId, anchorId));
  }

  /** An anchor's record and its place at another scanned commit (see RecordMapping.placeAt). */
  placeAt(
    componentId: string,
    pathId: string,
    anchorId: string,
    commit: string,
  ): { recorded: AnchorCoordinates; at: AnchorCoordinates } | string {
    return this.records.placeAt(this.queries.settledSlot(componentId, pathId, anchorId), commit);
  }

  /** A repair wrote `written` for this anchor (see RecordMapping.noteWrittenFromBuffer). */
  noteWrittenFromBuffer(
    componentId: string,
    pathId: string,
    anchorId: string,
    written: AnchorCoordinates,
  ): void {
    this.records.noteWrittenFromBuffer(this.queries.settledSlot(componentId, pathId, anchorId), written);
  }

  /** Renews git's mapping of these files where they changed after their diff (before a repair is written). */
  async refreshFiles(uris: Iterable<string>): Promise<void> {
    for (const uri of new Set(uris)) {
      const key = keyOf(uri);
      const fa = this.state.byFile.get(key);
      if (fa)
        await this.opts.git?.refreshFile(key, commitsOf(fa, true)).catch((err) => this.state.report(err));
    }
  }

  /**
   * Fetches the scanned commits git could not map anchors from (a shallow or single-branch clone), then
   * builds again: those anchors then know their code. On the user's request only.
   */
  async fetchScannedCommits(): Promise<{ fetched: number; missing: number; failures: string[] }> {
    const git = this.opts.git;
    if (!git?.fetchCommits) return { fetched: 0, missing: 0, failures: ['git is not available'] };
    const files = new Map<string, Set<string>>();
    for (const s of this.state.slots) {
      const commit = s.entry.commit;
      if (!s.fileKey || !commit || git.fileMap(s.fileKey, commit)) continue;
      let set = files.get(s.fileKey);
      if (!set) files.set(s.fileKey, (set = new Set()));
      set.add(commit);
    }
    const outcome = await git.fetchCommits(files);
    if (outcome.fetched > 0) await this.build.rebuild();
    return outcome;
  }

  // ---- events (indexEvents.ts) ---------------------------------------------------------------------

  /**
   * After every completed build, whatever started it (a load, folders, a commit or checkout, a file
   * created or deleted): the anchors without a place (`problems()`) and the watched names may differ.
   */
  onDidRebuild(listener: () => void): Disposable {
    return this.events.onDidRebuild(listener);
  }

  /**
   * Anchors moved in these files. `unprompted`: placed again in the background (git's mapping renewed,
   * a reload or a closed file read from disk), not by an edit the editor made and will ask lenses for.
   */
  onDidChange(listener: (uris: string[], unprompted: boolean) => void): Disposable {
    return this.events.onDidChange(listener);
  }
}
