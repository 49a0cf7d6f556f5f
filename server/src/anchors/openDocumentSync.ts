// Open documents are the truth while open: their anchors are placed in the buffer's text (through its
// unsaved changes against the disk), tracked through incremental edits, compared with the disk in the
// background (VS Code's reload of a clean document), and handed back to the disk when saved or closed.
import type { Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { applyChange, before, toTextChange } from './editTracking';
import { NEAR_LINES } from './verification';
import { markDeleted, type Slot } from './slot';
import { bufferLineMap } from './bufferDiff';
import type { FileLineMap } from './git/lineMap';
import { commitsOf, keyOf, type FileAnchors, type IndexState } from './indexState';
import type { Placement } from './placement';
import type { IndexEvents } from './indexEvents';
import type { ClosedFileSync } from './closedFileSync';
import type { WrittenFromBuffer } from './writtenFromBuffer';

export class OpenDocumentSync {
  /** Open documents being compared with the disk (see syncWithDisk), and whether to go again. */
  private readonly syncing = new Map<string, { again: boolean; reloadOnly: boolean; done: Promise<void> }>();

  constructor(
    private readonly state: IndexState,
    private readonly placement: Placement,
    private readonly events: IndexEvents,
    private readonly closed: ClosedFileSync,
    private readonly written: WrittenFromBuffer,
  ) {}

  openDocument(uri: string, text: string): void {
    const key = keyOf(uri);
    this.state.open.set(key, { uri, text });
    const fa = this.state.byFile.get(key);
    if (!fa) return;
    this.placeFile(key, fa, uri);
    this.events.emitChanged([fa.uri]);
  }

  /** Incremental (or full) changes of an open document; cost proportional to that file's anchors. */
  changeDocument(uri: string, changes: TextDocumentContentChangeEvent[], newText: string): void {
    const key = keyOf(uri);
    const doc = this.state.open.get(key);
    if (!doc) return this.openDocument(uri, newText);
    const wasClean = doc.clean !== undefined && doc.text === doc.clean;
    doc.text = newText;
    doc.lines = undefined;
    const fa = this.state.byFile.get(key);
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
        (change.text !== '' &&
          // One line's change swallows no range (it must span more lines than the range); else only
          // an anchor within its lines can be, told by numbers before a range is made.
          change.range.start.line !== change.range.end.line &&
          fa.slots.some((s) => within(change.range, s) && swallows(change.range, s.range)))
      ) {
        this.placeFile(key, fa, fa.uri);
        this.events.emitChanged([fa.uri]);
        return;
      }
      this.track(fa, toTextChange(change.range, change.text));
    }
    this.events.emitChanged([fa.uri]);
  }

  closeDocument(uri: string): void {
    const key = keyOf(uri);
    if (!this.state.open.delete(key)) return;
    // The unsaved text is gone: records written from it refer to text the file never had.
    this.written.drop(key);
    const fa = this.state.byFile.get(key);
    // The disk is the truth again (unsaved edits are gone): reload and place afresh.
    if (fa) void this.closed.reloadFromDisk(key, fa);
  }

  /**
   * The document was saved: its text is the disk's now. The anchors stay where edits took them; git's
   * mapping of the file is renewed in the background (drifts read it), and listeners told if it moved.
   */
  saveDocument(uri: string): void {
    const key = keyOf(uri);
    const doc = this.state.open.get(key);
    if (!doc) return;
    doc.disk = { text: doc.text, diskText: doc.text, map: undefined };
    doc.clean = doc.text;
    // The disk now holds the lines records written from the buffer refer to.
    this.written.drop(key);
    const fa = this.state.byFile.get(key);
    const git = this.state.opts.git;
    if (!fa || !git) return;
    git.refreshFile(key, commitsOf(fa)).then(
      (changed) => changed && this.state.byFile.get(key) === fa && this.events.emitChanged([fa.uri], true),
      (err) => this.state.report(err),
    );
  }

  /** Resolves once no open document is being compared with the disk (tests wait on it, never sleep). */
  async whenIdle(): Promise<void> {
    while (this.syncing.size > 0) await Promise.all([...this.syncing.values()].map((s) => s.done));
  }

  /**
   * Places a file's anchors against its open text; the client's URI spelling wins. The recorded
   * coordinates refer to the file on disk (through git): they go through the buffer's unsaved changes
   * (compared now when the disk can be read synchronously, else as last compared); the comparison is
   * then renewed in the background (syncWithDisk), which places again if the disk or git's mapping of
   * the file (renewed if the file changed after its diff) says otherwise.
   */
  placeFile(key: string, fa: FileAnchors, uri: string): void {
    const state = this.state;
    fa.uri = uri;
    const doc = state.open.get(key)!;
    if (doc.disk?.text !== doc.text && state.opts.readFileSync) {
      // Compared with the disk now when it can be read at once (the server can): placed right away.
      const disk = state.readNow(state.opts.readFileSync, key);
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
    this.placement.placeAll(key, fa, state.linesOf(key)!, map, doc.disk?.diskText);
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
        this.state.report(err);
      } finally {
        this.syncing.delete(key);
      }
    })();
  }

  private async compareWithDisk(key: string, reloadOnly: boolean): Promise<void> {
    const state = this.state;
    const doc = state.open.get(key);
    const fa = state.byFile.get(key);
    if (!doc || !fa) return;
    const text = doc.text;
    const current = () => state.open.get(key) === doc && doc.text === text && state.byFile.get(key) === fa;
    const disk = await state.read(key);
    if (disk === undefined || !current()) return;
    // Asked after a change from the clean text: a reload when the buffer now is the disk's text.
    if (reloadOnly && disk !== text) return;
    if (reloadOnly || doc.clean === undefined) doc.clean = disk;
    // A renewal outlives this comparison: when an edit makes it moot, the next one (which finds git's
    // mapping already renewed) must still place the anchors through it.
    if (
      (await state.opts.git?.refreshFile(key, commitsOf(fa)).catch((err) => {
        state.report(err);
        return false;
      })) === true
    )
      doc.gitRenewed = true;
    if (!current()) return;
    // Identities need the scanned versions of a file changed since (read once, then cached).
    const fetched = await this.placement.fetchScanned([[key, fa]]);
    if (!current()) return;
    const map = disk === text ? undefined : bufferLineMap(disk, text);
    doc.disk = { text, diskText: disk, map };
    if (!reloadOnly && !doc.gitRenewed && !fetched && sameHunks(map, doc.placedWith)) return;
    doc.gitRenewed = false;
    doc.placedWith = map;
    fa.uri = doc.uri;
    this.placement.placeAll(key, fa, state.linesOf(key)!, map, disk);
    this.events.emitChanged([fa.uri], true);
  }

  private track(fa: FileAnchors, change: ReturnType<typeof toTextChange>): void {
    fa.positions = undefined;
    const lines = change.newEnd.line - change.end.line;
    for (const s of fa.slots) {
      const first = s.firstLine;
      const last = s.lastLine;
      if (first === undefined || last === undefined) continue;
      let near: boolean;
      // Far from the change (most anchors of a large file): what applyChange would do, on the numbers
      // alone, without making a range per anchor per keystroke.
      if (last + NEAR_LINES < change.start.line) near = false;
      else if (change.end.line < first - NEAR_LINES) {
        near = false;
        if (lines !== 0) s.shiftLines(lines);
        if (s.deleted && s.span !== 0) s.deleted = false;
      } else {
        const range = s.range!;
        const r = applyChange(range, change);
        // Re-verify what the change may have touched: the range and its ±3-line neighbourhood.
        near =
          change.start.line <= range.end.line + NEAR_LINES &&
          change.end.line >= range.start.line - NEAR_LINES;
        if (r.range !== range) s.range = r.range;
        if (r.deleted) markDeleted(s);
        else if (s.deleted && before(r.range.start, r.range.end)) s.deleted = false; // e.g. an undo refilled it
      }
      if (near || s.state === 'stale' || s.state === 'ambiguous') {
        // Edited near: the code at its lines must be checked again, whatever git said of the file.
        s.trustMapped = false;
        s.firstLineKept = false;
        s.dirty = true;
        fa.dirty = true;
      }
    }
  }
}

/** The change spans or inserts lines (a keystroke within a line never needs the disk). */
export function spansLines(change: TextDocumentContentChangeEvent): boolean {
  return (
    !('range' in change) || change.range.start.line !== change.range.end.line || /[\r\n]/.test(change.text)
  );
}

/** The two maps change the same lines (undefined: no changes). */
export function sameHunks(a: FileLineMap | undefined, b: FileLineMap | undefined): boolean {
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

/** The change replaces all of a non-empty range's text, and more of the document than that range (a pure
 * deletion is tracked instead: the anchor goes stale and an undo restores it). */
function within(change: Range, s: Slot): boolean {
  const first = s.firstLine;
  const last = s.lastLine;
  return first !== undefined && last !== undefined && first >= change.start.line && last <= change.end.line;
}

export function swallows(change: Range, range: Range | undefined): boolean {
  if (!range || (range.start.line === range.end.line && range.start.character === range.end.character))
    return false;
  const covers = !before(range.start, change.start) && !before(change.end, range.end);
  return covers && change.end.line - change.start.line > range.end.line - range.start.line;
}
