// Is the anchored code still where the anchor says? An expected name in or near the range (±3 lines)
// confirms it; otherwise exactly one whole-word occurrence elsewhere in the file is where it moved.
import type { Range } from 'vscode-languageserver';
import type { LineTable } from './lineTable';

export const NEAR_LINES = 3;

export type Verdict =
  | { kind: 'confirmed' }
  /** Nothing to check against (no expected names). */
  | { kind: 'unchecked' }
  | { kind: 'moved'; range: Range; name: string }
  | { kind: 'missing' }
  | { kind: 'ambiguous'; name: string; count: number };

const IDENT = /[\p{L}\p{N}_$]/u;

function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '' && IDENT.test(ch);
}

/** Offsets of whole-word occurrences of name in text[from, to), at most `limit` of them. */
export function findWord(text: string, name: string, from = 0, to = text.length, limit = Infinity): number[] {
  const out: number[] = [];
  const checkBefore = isIdentChar(name[0]);
  const checkAfter = isIdentChar(name[name.length - 1]);
  let i = text.indexOf(name, from);
  while (i !== -1 && i + name.length <= to) {
    const okBefore = !checkBefore || !isIdentChar(text[i - 1]);
    const okAfter = !checkAfter || !isIdentChar(text[i + name.length]);
    if (okBefore && okAfter) {
      out.push(i);
      if (out.length >= limit) break;
    }
    i = text.indexOf(name, i + 1);
  }
  return out;
}

export function cleanNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))];
}

/**
 * Verifies one anchor. `searchNear` is false for a range whose code was deleted: only a unique
 * occurrence elsewhere can then bring it back.
 */
export function verify(range: Range, names: readonly string[], lines: LineTable, searchNear = true): Verdict {
  if (names.length === 0) return { kind: 'unchecked' };
  const text = lines.text;
  if (searchNear) {
    const from = lines.lineStart(Math.max(0, range.start.line - NEAR_LINES));
    const lastLine = range.end.line + NEAR_LINES;
    const to = lastLine + 1 < lines.lineCount ? lines.lineStart(lastLine + 1) : text.length;
    for (const name of names) if (findWord(text, name, from, to, 1).length > 0) return { kind: 'confirmed' };
  }
  let ambiguous: { name: string; count: number } | undefined;
  for (const name of names) {
    const hits = findWord(text, name, 0, text.length, 3);
    if (hits.length === 1) return { kind: 'moved', range: movedRange(range, lines, hits[0]!, name), name };
    if (hits.length > 1 && !ambiguous) ambiguous = { name, count: findWord(text, name).length };
  }
  return ambiguous ? { kind: 'ambiguous', ...ambiguous } : { kind: 'missing' };
}

/** A column range on one line becomes the occurrence itself; a line range keeps its height from the occurrence's line. */
function movedRange(old: Range, lines: LineTable, offset: number, name: string): Range {
  const at = lines.positionAt(offset);
  const oneLine = old.start.line === old.end.line;
  const columns = old.start.character !== 0 || old.end.character !== lines.lineLength(old.end.line);
  if (oneLine && columns) return { start: at, end: { line: at.line, character: at.character + name.length } };
  const last = Math.min(lines.lineCount - 1, at.line + Math.max(0, old.end.line - old.start.line));
  return { start: { line: at.line, character: 0 }, end: { line: last, character: lines.lineLength(last) } };
}
