// Anchor coordinates -> LSP ranges. Scanner coordinates are 1-based (as in SARIF): line_start..line_end
// inclusive, column_start..column_end inclusive, columns counted in UTF-16 code units. A missing column
// means whole lines, a missing line_start the whole file. Out-of-range values are clamped and reported.
import type { Range } from 'vscode-languageserver';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import type { LineTable } from './lineTable';

export interface ConvertedRange {
  range: Range;
  /** Set when the coordinates did not fit the file and were clamped: a phrase for a message. */
  clamped?: string;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function wholeFileRange(lines: LineTable): Range {
  const last = lines.lineCount - 1;
  return { start: { line: 0, character: 0 }, end: { line: last, character: lines.lineLength(last) } };
}

/**
 * `shared`: whole-line ranges already made for this text, by their lines (a file can hold thousands of
 * anchors on one line; ranges are never changed in place, only replaced, so equal ones can be one object).
 */
export function toLspRange(
  anchor: PathCodeAnchor,
  lines: LineTable,
  shared?: Map<number, Range>,
): ConvertedRange {
  if (!isNum(anchor.line_start)) return { range: wholeFileRange(lines) };
  const count = lines.lineCount;
  let first = anchor.line_start;
  let last = isNum(anchor.line_end) ? anchor.line_end : first;
  // Whole lines that fit the file (most anchors): nothing to clamp or say.
  if (
    first >= 1 &&
    last >= first &&
    last <= count &&
    anchor.column_start === undefined &&
    anchor.column_end === undefined
  ) {
    const key = first * 0x1_0000_0000 + last;
    let range = shared?.get(key);
    if (!range) {
      range = {
        start: { line: first - 1, character: 0 },
        end: { line: last - 1, character: lines.lineLength(last - 1) },
      };
      shared?.set(key, range);
    }
    return { range };
  }
  const notes: string[] = [];
  if (last < first) {
    notes.push(`line_end ${last} is before line_start ${first}`);
    last = first;
  }
  if (first < 1 || last > count) notes.push(`${describeLines(anchor)} not within the file's ${count} lines`);
  first = clamp(first, 1, count) - 1;
  last = clamp(last, 1, count) - 1;

  let startChar = 0;
  if (isNum(anchor.column_start)) {
    startChar = anchor.column_start - 1;
    const len = lines.lineLength(first);
    if (startChar < 0 || startChar > len)
      notes.push(`column ${anchor.column_start} is outside line ${first + 1}`);
    startChar = clamp(startChar, 0, len);
  }
  const lastLen = lines.lineLength(last);
  let endChar = lastLen;
  if (isNum(anchor.column_end)) {
    endChar = anchor.column_end; // inclusive 1-based == exclusive 0-based
    // A column_end on the line break itself is common and harmless; only further out is reported.
    if (endChar < 1 || endChar > lastLen + 1)
      notes.push(`column ${anchor.column_end} is outside line ${last + 1}`);
    endChar = clamp(endChar, 0, lastLen);
  }
  if (first === last && endChar < startChar) {
    notes.push(`column_end ${anchor.column_end} is before column_start ${anchor.column_start}`);
    endChar = lastLen;
  }
  const range = { start: { line: first, character: startChar }, end: { line: last, character: endChar } };
  return notes.length ? { range, clamped: notes.join('; ') } : { range };
}

/** "line 12" or "lines 12–20", as the scan recorded them. */
export function describeLines(anchor: PathCodeAnchor): string {
  if (!isNum(anchor.line_start)) return 'the whole file';
  const end = isNum(anchor.line_end) ? anchor.line_end : anchor.line_start;
  return end === anchor.line_start ? `line ${anchor.line_start}` : `lines ${anchor.line_start}–${end}`;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
