// How far an anchor has drifted from what the service records: its current place (after git mapping,
// unsaved edits and relocation) in the service's coordinates (1-based, inclusive; columns only when the
// record has them), and the sentence that explains a repair ("anchor moved from 369–377 to 374–382").
import type { Range } from 'vscode-languageserver';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import type { TrackedAnchor } from './types';
import { describeAnchorLines } from '../../../common/src/anchorLines';

export type AnchorCoordinates = Pick<
  PathCodeAnchor,
  'line_start' | 'line_end' | 'column_start' | 'column_end'
>;

export interface AnchorDrift {
  anchor: TrackedAnchor;
  /** The coordinates the service holds. */
  recorded: AnchorCoordinates;
  /** Where the anchor is now, in the same form. */
  current: AnchorCoordinates;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Only the coordinate members (absent ones stay absent). */
export function coordinatesOf(a: PathCodeAnchor): AnchorCoordinates {
  const out: AnchorCoordinates = {};
  if (isNum(a.line_start)) out.line_start = a.line_start;
  if (isNum(a.line_end)) out.line_end = a.line_end;
  if (isNum(a.column_start)) out.column_start = a.column_start;
  if (isNum(a.column_end)) out.column_end = a.column_end;
  return out;
}

/** The range in the recorded anchor's form: whole lines stay whole lines, columns only where recorded. */
export function coordinatesAt(recorded: AnchorCoordinates, range: Range): AnchorCoordinates {
  // An end at the very start of a later line closes the line before it.
  const lastLine =
    range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
  const out: AnchorCoordinates = { line_start: range.start.line + 1 };
  if (isNum(recorded.line_end) || lastLine !== range.start.line) out.line_end = lastLine + 1;
  if (isNum(recorded.column_start)) out.column_start = range.start.character + 1;
  if (isNum(recorded.column_end)) out.column_end = range.end.character; // exclusive 0-based == inclusive 1-based
  return out;
}

/**
 * The drift of a placed anchor, or undefined when it is where the record says, has no place (stale,
 * unresolved, outside), covers the whole file, or only looks moved because its record did not fit the
 * file (clamped, and not relocated).
 */
export function driftOf(t: TrackedAnchor, clamped: boolean): AnchorDrift | undefined {
  if (!t.range || !t.uri) return undefined;
  if (t.state !== 'resolved' && t.state !== 'relocated') return undefined;
  // A record that does not fit the text is no drift where the anchor stayed; once relocated, the
  // definition's place is real (the old coordinates often no longer fit the changed lines).
  if (clamped && t.state !== 'relocated') return undefined;
  const recorded = coordinatesOf(t.entry.anchor);
  if (!isNum(recorded.line_start)) return undefined;
  const current = coordinatesAt(recorded, t.range);
  const same =
    current.line_start === recorded.line_start &&
    (current.line_end ?? current.line_start) === (recorded.line_end ?? recorded.line_start) &&
    current.column_start === recorded.column_start &&
    current.column_end === recorded.column_end;
  return same ? undefined : { anchor: t, recorded, current };
}

/** The reason written with the repaired path, e.g. "anchor moved from 369–377 to 374–382". */
export function driftReason(d: Pick<AnchorDrift, 'recorded' | 'current'>): string {
  return `anchor moved from ${describeAnchorLines(d.recorded)} to ${describeAnchorLines(d.current)}`;
}
