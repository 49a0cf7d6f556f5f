// Which of a file's anchors cover a position, without visiting every anchor of the file: its anchors
// grouped by line once (a file can hold 100,000 anchors, thousands on one line). Built when first asked
// after the file's anchors moved, and dropped by the index whenever they may have.
import type { Position } from 'vscode-languageserver';
import type { Slot } from './slot';

/** Ranges over more lines than this are kept in one list scanned per query instead of per line. */
const MAX_LINES_PER_RANGE = 64;

// Slots, not TrackedAnchors: their ranges are read as numbers (Slot.covers, span), without making a
// range object per anchor looked at (thousands can share a line).
export class PositionIndex {
  private readonly byLine = new Map<number, Slot[]>();
  private readonly wide: Slot[] = [];

  constructor(anchors: Iterable<Slot>) {
    for (const t of anchors) {
      const first = t.firstLine;
      const last = t.lastLine;
      // An ambiguous anchor is shown live nowhere: its recorded lines hold other code.
      if (first === undefined || last === undefined || t.state === 'ambiguous') continue;
      if (last - first >= MAX_LINES_PER_RANGE) {
        this.wide.push(t);
        continue;
      }
      for (let line = first; line <= last; line++) {
        const list = this.byLine.get(line);
        if (list) list.push(t);
        else this.byLine.set(line, [t]);
      }
    }
  }

  /** The anchors whose range holds `position`, the narrowest first. */
  at(position: Position): Slot[] {
    const found: Slot[] = [];
    for (const t of this.byLine.get(position.line) ?? []) if (t.covers(position)) found.push(t);
    for (const t of this.wide) if (t.covers(position)) found.push(t);
    return found.sort((a, b) => a.span - b.span);
  }
}
