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
  /** Where the anchor is now, in the same form (the editor's lines: what the user sees). */
  current: AnchorCoordinates;
  /**
   * What a repair records: `current` in the lines of `commit`, the commit the path's anchors are
   * recorded at (sent as `effective_since_commit_sha`), so git maps it back to `current`. Equal to
   * `current` when git does not map the file.
   */
  written: AnchorCoordinates;
  commit?: string;
  /**
   * Set when `current` did not exist at the path's commit (code added since) and `written` is in the
   * lines of another scanned commit (`commit`, e.g. HEAD): the commit the path is recorded at now. A
   * repair then records the whole path at `commit`, its other anchors carried there too.
   */
  rebasedFrom?: string;
}

/**
 * Converts current coordinates to the recorded commit's (`commit` absent), or to another scanned
 * commit's where they did not exist there; undefined: no scanned commit had those lines.
 */
export type ToRecorded = (
  current: AnchorCoordinates,
) => { at: AnchorCoordinates; commit?: string } | undefined;

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
export function driftOf(
  t: TrackedAnchor,
  clamped: boolean,
  toRecorded: ToRecorded = (c) => ({ at: c }),
): AnchorDrift | undefined {
  if (!t.range || !t.uri) return undefined;
  if (t.state !== 'resolved' && t.state !== 'relocated') return undefined;
  // A record that does not fit the text is no drift where the anchor stayed; once relocated, the
  // definition's place is real (the old coordinates often no longer fit the changed lines).
  if (clamped && t.state !== 'relocated') return undefined;
  const recorded = coordinatesOf(t.entry.anchor);
  if (!isNum(recorded.line_start)) return undefined;
  const current = coordinatesAt(recorded, t.range);
  // Git maps the record from its commit: the anchor drifted when its place, carried back there, is not
  // the record (lines git only shifted are no drift). Lines newer than the commit cannot be recorded
  // at it: no repair is offered (a new scan records them).
  const there = toRecorded(current);
  if (!there) return undefined;
  const written = there.at;
  const same =
    there.commit === undefined &&
    written.line_start === recorded.line_start &&
    (written.line_end ?? written.line_start) === (recorded.line_end ?? recorded.line_start) &&
    written.column_start === recorded.column_start &&
    written.column_end === recorded.column_end;
  if (same) return undefined;
  const d: AnchorDrift = { anchor: t, recorded, current, written };
  if (there.commit !== undefined) {
    d.commit = there.commit;
    if (t.entry.commit) d.rebasedFrom = t.entry.commit;
  } else if (t.entry.commit) d.commit = t.entry.commit;
  return d;
}

/**
 * The reason written with the repaired path, e.g. "anchor moved from 369–377 to 374–382": both in the
 * recorded commit's lines (`written`; the editor's lines when git does not map the file).
 */
export function driftReason(d: Pick<AnchorDrift, 'recorded' | 'written' | 'commit' | 'rebasedFrom'>): string {
  const from = describeAnchorLines(d.recorded);
  const to = describeAnchorLines(d.written);
  // Recorded at another commit: each side's lines are those of its own commit.
  if (d.rebasedFrom !== undefined && d.commit !== undefined)
    return `anchor moved from ${from} at commit ${d.rebasedFrom.slice(0, 12)} to ${to} at commit ${d.commit.slice(0, 12)}`;
  return `anchor moved from ${from} to ${to}`;
}
