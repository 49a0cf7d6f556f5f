// Which of a file's anchors cover a position, without visiting every anchor of the file: its anchors
// grouped by line once (a file can hold 100,000 anchors, thousands on one line). Built when first asked
// after the file's anchors moved, and dropped by the index whenever they may have.
import type { Position } from 'vscode-languageserver';
import type { TrackedAnchor } from './types';
import { before } from './editTracking';

/** Ranges over more lines than this are kept in one list scanned per query instead of per line. */
const MAX_LINES_PER_RANGE = 64;

export class PositionIndex {
  private readonly byLine = new Map<number, TrackedAnchor[]>();
  private readonly wide: TrackedAnchor[] = [];

  constructor(anchors: Iterable<TrackedAnchor>) {
    for (const t of anchors) {
      const r = t.range;
      // An ambiguous anchor is shown live nowhere: its recorded lines hold other code.
      if (!r || t.state === 'ambiguous') continue;
      if (r.end.line - r.start.line >= MAX_LINES_PER_RANGE) {
        this.wide.push(t);
        continue;
      }
      for (let line = r.start.line; line <= r.end.line; line++) {
        const list = this.byLine.get(line);
        if (list) list.push(t);
        else this.byLine.set(line, [t]);
      }
    }
  }

  /** The anchors whose range holds `position`, the narrowest first. */
  at(position: Position): TrackedAnchor[] {
    const found: TrackedAnchor[] = [];
    const covers = (t: TrackedAnchor) => !before(position, t.range!.start) && !before(t.range!.end, position);
    for (const t of this.byLine.get(position.line) ?? []) if (covers(t)) found.push(t);
    for (const t of this.wide) if (covers(t)) found.push(t);
    return found.sort((a, b) => span(a) - span(b));
  }
}

function span(t: TrackedAnchor): number {
  const r = t.range!;
  return (r.end.line - r.start.line) * 1e6 + (r.end.character - r.start.character);
}
