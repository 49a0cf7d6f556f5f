// From where an anchor is now back to the lines of a recorded commit: what a repair writes (its drift
// from the service's record), whether it can be recorded at all, and where a sibling anchor sits at
// another scanned commit. Current lines go back through the buffer's unsaved changes (disk → buffer),
// then through git's mapping (commit → disk), inverted.
import { unmapLines, type FileLineMap } from './git/lineMap';
import {
  coordinatesAt,
  coordinatesOf,
  driftOf,
  type AnchorCoordinates,
  type AnchorDrift,
  type ToRecorded,
} from './drift';
import { sameCommit } from './git/gitMapping';
import { describeAnchorLines } from '../../../common/src/anchorLines';
import type { Slot } from './slot';
import type { IndexState } from './indexState';
import type { WrittenFromBuffer } from './writtenFromBuffer';

type ToCommit = (c: AnchorCoordinates) => AnchorCoordinates | undefined;

/**
 * Current coordinates → a commit's, through the inverse of `unsaved` (disk → buffer, when the file has
 * unsaved changes) and then of `git` (commit → disk). Undefined where those lines did not exist there.
 * Columns are kept; a whole-file record has no lines to map and is not passed here.
 */
export function linesToCommit(git: FileLineMap, unsaved: FileLineMap | undefined): ToCommit {
  return (c) => {
    const start = c.line_start! - 1;
    let r = { start, end: (c.line_end ?? c.line_start!) - 1 };
    if (unsaved) {
      const onDisk = unmapLines(unsaved, r.start, r.end);
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

/**
 * The recorded commit's lines (`own`) where they exist; else the first other scanned commit (`others`,
 * newest first) whose lines (`toCommit`, asked only when needed) have them, named so the path is
 * recorded there; undefined when none has them.
 */
export function recordedVia(
  own: ToCommit,
  others: readonly string[],
  toCommit: (commit: string) => ToCommit | undefined,
): ToRecorded {
  return (c) => {
    const at = own(c);
    if (at) return { at };
    for (const commit of others) {
      const there = toCommit(commit)?.(c);
      if (there) return { at: there, commit };
    }
    return undefined;
  };
}

export class RecordMapping {
  constructor(
    private readonly state: IndexState,
    private readonly written: WrittenFromBuffer,
  ) {}

  /** How far one (settled) anchor drifted from the service's record; undefined when it did not. */
  drift(slot: Slot | undefined): AnchorDrift | undefined {
    // Moved to another file: its record cannot be carried there (a re-scan records it).
    if (slot?.movedFrom !== undefined) return undefined;
    // Git's mapping is looked up only for an anchor that is placed where it could have drifted.
    return (slot && driftOf(slot, slot.clamped !== undefined, (c) => this.toRecorded(slot)(c))) || undefined;
  }

  /**
   * When an anchor is placed but its lines now existed neither at the commit it is recorded at nor at
   * any scanned commit git can compare (code added since, or not committed): that commit, and the
   * HEAD of the file's repository (for saying why). Undefined otherwise.
   */
  async unrecordable(
    slot: Slot | undefined,
  ): Promise<{ commit: string; head?: string; headScanned: boolean } | undefined> {
    const t = slot;
    if (!slot || !t?.range || !t.entry.commit || (t.state !== 'resolved' && t.state !== 'relocated'))
      return undefined;
    const recorded = coordinatesOf(t.entry.anchor);
    if (typeof recorded.line_start !== 'number') return undefined;
    if (this.toRecorded(slot)(coordinatesAt(recorded, t.range))) return undefined;
    const head = slot.fileKey ? await this.state.opts.git?.head?.(slot.fileKey) : undefined;
    const headScanned = head !== undefined && (t.entry.scans ?? []).some((c) => sameCommit(c, head));
    return { commit: t.entry.commit, ...(head ? { head } : {}), headScanned };
  }

  /**
   * An anchor's record and its current place in the lines of `commit`, for recording its path at
   * another scanned commit (a repair of a sibling anchor needs it); or why it cannot be carried there.
   */
  placeAt(
    slot: Slot | undefined,
    commit: string,
  ): { recorded: AnchorCoordinates; at: AnchorCoordinates } | string {
    if (!slot) return 'is not in the workspace';
    const t = slot;
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
   * A repair wrote `written` for this anchor. When its file is open with unsaved changes and git does
   * not map it, those are the buffer's lines (as they will be once saved): the record, once reloaded,
   * is placed in the buffer as it is now (and followed through later edits), not shifted through the
   * unsaved changes a second time.
   */
  noteWrittenFromBuffer(slot: Slot | undefined, written: AnchorCoordinates): void {
    const key = slot?.fileKey;
    const doc = key ? this.state.open.get(key) : undefined;
    if (!slot || !key || !doc || this.toCommit(slot, slot.entry.commit)) return;
    if (!this.state.unsavedChanges(key)) return;
    const e = slot.entry;
    this.written.note(key, e.componentId, e.anchor.anchor_id, written, doc.text);
  }

  /**
   * Current coordinates → the recorded commit's. Where those lines did not exist at that commit (code
   * added since), another scanned commit of the component that git has compared (its newest scan, or
   * HEAD when scanned) may have them: the path can be recorded there. Without git the record is in the
   * file's own lines, and unsaved ones count as they will be once saved: unchanged.
   */
  toRecorded(slot: Slot): ToRecorded {
    const own = this.toCommit(slot, slot.entry.commit);
    if (!own) return (c) => ({ at: c });
    const others = (slot.entry.scans ?? []).filter((commit) => commit !== slot.entry.commit);
    return recordedVia(own, others, (commit) => this.toCommit(slot, commit));
  }

  /** Current coordinates → `commit`'s lines; undefined when git does not map the file from it. */
  private toCommit(slot: Slot, commit: string | undefined): ToCommit | undefined {
    const key = slot.fileKey;
    const git = commit && key ? this.state.opts.git?.fileMap(key, commit) : undefined;
    if (!git || !key) return undefined;
    return linesToCommit(git, this.state.unsavedChanges(key));
  }
}
