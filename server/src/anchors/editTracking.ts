// Moving a range through one incremental text change. A change replaces [start, end) with `text`.
// Insertions exactly at a range's start push it down (code added above stays outside); insertions
// exactly at its end stay outside too. Text replacing part of a range becomes part of it.
// A range whose text is deleted entirely collapses to an empty range: the caller marks it stale.
import type { Position, Range } from 'vscode-languageserver';

export interface TextChange {
  start: Position;
  end: Position;
  /** Where the inserted text ends, once inserted at `start`. */
  newEnd: Position;
}

export function toTextChange(range: Range, text: string): TextChange {
  let lines = 0;
  let lastBreak = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      lines++;
      lastBreak = i;
    }
  }
  const newEnd =
    lines === 0
      ? { line: range.start.line, character: range.start.character + text.length }
      : { line: range.start.line + lines, character: text.length - lastBreak - 1 };
  return { start: range.start, end: range.end, newEnd };
}

export function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function same(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/** A position at or after the change's end, moved by it. */
function shift(p: Position, c: TextChange): Position {
  if (p.line === c.end.line)
    return { line: c.newEnd.line, character: c.newEnd.character + (p.character - c.end.character) };
  return { line: p.line + (c.newEnd.line - c.end.line), character: p.character };
}

export interface TrackedRange {
  range: Range;
  /** The range had text and the change removed all of it. */
  deleted: boolean;
}

export function applyChange(range: Range, c: TextChange): TrackedRange {
  const { start: a, end: b } = range;
  // Entirely before the change (the common case when typing below): nothing to do.
  if (before(b, c.start) || (same(b, c.start) && !same(a, b))) return { range, deleted: false };
  const empty = same(a, b);
  if (empty && !before(a, c.start) && !before(c.end, a)) {
    // An empty (deleted) range that the change touches takes the inserted text, so an undo restores it.
    return { range: { start: c.start, end: c.newEnd }, deleted: false };
  }
  const insertion = same(c.start, c.end);
  let start: Position;
  if (before(a, c.start)) start = a;
  else if (!insertion && before(a, c.end)) start = c.start;
  else start = shift(a, c);
  let end: Position;
  if (!before(c.start, b)) end = b;
  else if (!before(c.end, b)) end = c.newEnd;
  else end = shift(b, c);
  const collapsed = same(start, end) || before(end, start);
  if (collapsed) return { range: { start, end: start }, deleted: !empty };
  return { range: { start, end }, deleted: false };
}
