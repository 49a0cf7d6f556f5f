// Which of a file's anchors cover a position, without visiting every anchor of the file: its anchors
// grouped by line once (a file can hold 100,000 anchors, thousands on one line). Built when first asked
// after the file's anchors moved, and dropped by the index whenever they may have.
import type { Position } from 'vscode-languageserver';
import type { Slot } from './slot';
import { startsAfterFill, startsFromCounts } from '../util/compressedRows';

/** Ranges over more lines than this are kept in one list scanned per query instead of per line. */
const MAX_LINES_PER_RANGE = 64;

// Slots, not TrackedAnchors: their ranges are read as numbers (Slot.covers, span), without making a
// range object per anchor looked at (thousands can share a line).
//
// Compressed rows (one offsets array over the lines the anchors span, one array of slots), not a map
// of a list per line: a file's index is rebuilt after every edit that moves its anchors, and a map entry
// and a growing list per line made several times the garbage, which outlived the young generation.
export class PositionIndex {
  /** The first line any anchor (narrow enough to be listed per line) covers. */
  private readonly base: number;
  /** Line `base + i`'s anchors are slots[start[i]] … slots[start[i + 1] - 1], in the file's order. */
  private readonly start: Int32Array;
  private readonly slots: Slot[];
  private readonly wide: Slot[] = [];

  constructor(anchors: readonly Slot[]) {
    // An ambiguous anchor is shown live nowhere: its recorded lines hold other code.
    const placed = (t: Slot) => t.firstLine !== undefined && t.state !== 'ambiguous';
    const listed = (t: Slot) => placed(t) && t.lastLine! - t.firstLine! < MAX_LINES_PER_RANGE;
    let min = Infinity;
    let max = -1;
    let entries = 0;
    for (const t of anchors) {
      if (!placed(t)) continue;
      if (!listed(t)) {
        this.wide.push(t);
        continue;
      }
      if (t.firstLine! < min) min = t.firstLine!;
      if (t.lastLine! > max) max = t.lastLine!;
      entries += t.lastLine! - t.firstLine! + 1;
    }
    this.base = entries ? min : 0;
    const lines = entries ? max - min + 1 : 0;
    const start = new Int32Array(lines + 1);
    for (const t of anchors) {
      if (!listed(t)) continue;
      for (let line = t.firstLine!; line <= t.lastLine!; line++) start[line - this.base + 1]!++;
    }
    startsFromCounts(start, lines);
    const slots = new Array<Slot>(entries);
    for (const t of anchors) {
      if (!listed(t)) continue;
      for (let line = t.firstLine!; line <= t.lastLine!; line++) slots[start[line - this.base]!++] = t;
    }
    startsAfterFill(start, lines);
    this.start = start;
    this.slots = slots;
  }

  /** The anchors whose range holds `position`, the narrowest first. */
  at(position: Position): Slot[] {
    const found: Slot[] = [];
    const i = position.line - this.base;
    if (i >= 0 && i < this.start.length - 1)
      for (let k = this.start[i]!; k < this.start[i + 1]!; k++) {
        const t = this.slots[k]!;
        if (t.covers(position)) found.push(t);
      }
    for (const t of this.wide) if (t.covers(position)) found.push(t);
    return found.sort((a, b) => a.span - b.span);
  }
}
