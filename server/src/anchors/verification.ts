// Is the anchored code still where the anchor says? In a parsed language (syntax/), a definition of an
// expected name at the range confirms it; one a few lines off (±3) or around it is where the anchor lands
// exactly, and otherwise the nearest definition of the name elsewhere is where it moved; calls, imports
// and comments never count. In other languages the name as a whole word in or near the range confirms
// it, and exactly one whole-word occurrence elsewhere is where it moved.
import type { Range } from 'vscode-languageserver';
import type { LineTable } from './lineTable';
import type { Definition, DefinitionTable } from './syntax/definitions';
import { plainlyDefines } from './syntax/definitionLines';
import type { GrammarName } from './syntax/languages';

export const NEAR_LINES = 3;

export type Verdict =
  | { kind: 'confirmed' }
  /** Nothing to check against (no expected names). */
  | { kind: 'unchecked' }
  /** `others`: further definitions of the name (syntax only), farther from the recorded place. */
  | { kind: 'moved'; range: Range; name: string; others?: Range[] }
  /** `references`: (syntax only) how often the names occur in the file, none of them a definition. */
  | { kind: 'missing'; references?: number }
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

export function cleanNames(names: readonly string[]): readonly string[] {
  const clean = [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))];
  // The names an entry comes with are clean already: its own array then serves (one per anchor).
  return clean.length === names.length && clean.every((n, i) => n === names[i]) ? names : clean;
}

/** A file's definitions, when its language is parsed: the table is built at most once, only if asked. */
export interface ParsedFile {
  language: GrammarName;
  /** undefined when parsing failed (the text rules then apply). */
  table(): DefinitionTable | undefined;
}

/**
 * Verifies one anchor. `searchNear` is false for a range whose code was deleted: only a definition
 * (or, in text files, a unique occurrence) elsewhere can then bring it back. `parsed` is given when
 * the file's language is parsed: then only a *definition* of an expected name at the range confirms the
 * anchor, one near it moves the anchor onto it — a call, import or comment near it counts for nothing (a
 * deleted function with a call left beside its old place goes stale). The file is parsed only when no
 * occurrence at the range plainly defines the name (definitionLines.ts).
 */
export function verify(
  range: Range,
  names: readonly string[],
  lines: LineTable,
  searchNear = true,
  parsed?: ParsedFile,
  /** A one-line column anchor's recorded width (its range may be clamped to a shorter line now). */
  width?: number,
): Verdict {
  if (names.length === 0) return { kind: 'unchecked' };
  const text = lines.text;
  let nameNear = false;
  if (searchNear) {
    const first = Math.max(0, range.start.line - NEAR_LINES);
    const from = lines.lineStart(first);
    const lastLine = range.end.line + NEAR_LINES;
    const to = lastLine + 1 < lines.lineCount ? lines.lineStart(lastLine + 1) : text.length;
    for (const name of names) {
      const hits = findWord(text, name, from, to, parsed ? Infinity : 1);
      if (hits.length === 0) continue;
      if (!parsed) return { kind: 'confirmed' };
      nameNear = true;
      for (const offset of hits) {
        const at = lines.positionAt(offset);
        const lineText = text.slice(
          lines.lineStart(at.line),
          lines.lineStart(at.line) + lines.lineLength(at.line),
        );
        // Only a definition exactly at the anchor confirms it without parsing; one a few lines off is
        // where the anchor must land (the parser gives its lines).
        if (plainlyDefines(parsed.language, lineText, at.character, name) && startsAt(range, lines, at, name))
          return { kind: 'confirmed' };
      }
    }
  }
  // No expected name anywhere in the text: no definition of it either, whatever a parse would say.
  if (parsed && !nameNear && names.every((n) => findWord(text, n, 0, text.length, 1).length === 0))
    return { kind: 'missing', references: 0 };
  const table = parsed?.table();
  if (table) return relocateToDefinition(range, names, lines, table, searchNear, width);
  // Not parsed here (or the parse failed): the text rules.
  if (nameNear) return { kind: 'confirmed' };
  let ambiguous: { name: string; count: number } | undefined;
  for (const name of names) {
    const hits = findWord(text, name, 0, text.length, 3);
    if (hits.length === 1) return { kind: 'moved', range: movedRange(range, lines, hits[0]!, name), name };
    if (hits.length > 1 && !ambiguous) ambiguous = { name, count: findWord(text, name).length };
  }
  return ambiguous ? { kind: 'ambiguous', ...ambiguous } : { kind: 'missing' };
}

/**
 * Syntax-aware. A definition of an expected name *at* the range (its first line, a Python decorator of
 * it, or, for a column range, over its name) confirms it. A definition named within ±3 lines
 * of the range, or enclosing it, means the code shifted: the anchor lands exactly on the nearest such
 * definition (reported as moved, so it is drifted from its record) — except a range inside a definition's
 * body that is not shaped like a definition near it (its height, or its name's width): a statement of the
 * function, confirmed where it is. Else the first expected name that has definitions moves the anchor to
 * the nearest one.
 */
function relocateToDefinition(
  range: Range,
  names: readonly string[],
  lines: LineTable,
  table: DefinitionTable,
  searchNear: boolean,
  width: number | undefined,
): Verdict {
  if (searchNear) {
    const first = range.start.line - NEAR_LINES;
    const last = range.end.line + NEAR_LINES;
    const column = isColumnRange(range, lines);
    for (const name of names) {
      const near = (table.get(name) ?? []).filter(
        (d) => (d.nameLine >= first && d.nameLine <= last) || encloses(d, range),
      );
      if (near.length === 0) continue;
      // On the definition, or a region holding it whole (a whole-file anchor, a class around a method).
      if (near.some((d) => definitionAt(range, column, d) || holds(range, d))) return { kind: 'confirmed' };
      const inside = near.some((d) => encloses(d, range));
      // A column range on an expected name inside the function (a call of the anchored name) is on that
      // use, however wide the function's own name is.
      if (inside && column && names.includes(textOf(range, lines))) return { kind: 'confirmed' };
      const targets = inside ? near.filter((d) => sameShape(range, column, d, width)) : near;
      if (targets.length === 0) return { kind: 'confirmed' };
      return nearest(range, lines, name, targets);
    }
  }
  for (const name of names) {
    const defs = table.get(name);
    if (defs?.length) return nearest(range, lines, name, defs);
  }
  let references = 0;
  for (const name of names) references += findWord(lines.text, name).length;
  return { kind: 'missing', references };
}

/** The nearest of `defs` (distance of first lines from the range's) is where the anchor moves; the others are named. */
function nearest(range: Range, lines: LineTable, name: string, defs: readonly Definition[]): Verdict {
  const distance = (d: Definition) => Math.abs(d.startLine - range.start.line);
  const [best, ...others] = [...defs].sort((a, b) => distance(a) - distance(b) || a.startLine - b.startLine);
  return {
    kind: 'moved',
    range: definitionRange(range, lines, best!),
    name,
    others: others.map((d) => definitionRange(range, lines, d)),
  };
}

/** The text of a one-line range. */
function textOf(r: Range, lines: LineTable): string {
  const start = lines.lineStart(r.start.line);
  return lines.text.slice(start + r.start.character, start + r.end.character);
}

function holds(r: Range, d: Definition): boolean {
  return r.start.line <= d.startLine && r.end.line >= d.endLine;
}

function encloses(d: Definition, r: Range): boolean {
  return d.startLine <= r.start.line && d.endLine >= r.end.line;
}

/** The range is on the definition: a column range over its name; else it starts on its head or first line. */
function definitionAt(r: Range, column: boolean, d: Definition): boolean {
  if (column) return r.start.line === d.nameLine && covers(r, d.nameStart, d.nameEnd);
  return r.start.line >= d.headLine && r.start.line <= Math.max(d.startLine, d.nameLine);
}

/** Shaped like the definition: about as wide as its name (column range), or as high as it (line range). */
function sameShape(r: Range, column: boolean, d: Definition, width: number | undefined): boolean {
  if (column) {
    // As wide as the name, or a character or two wider (the `(` after it, as covers() allows).
    const extra = (width ?? r.end.character - r.start.character) - (d.nameEnd - d.nameStart);
    return extra >= 0 && extra <= 2;
  }
  const height = r.end.line - r.start.line;
  return height === d.endLine - d.startLine || height === d.endLine - d.headLine;
}

/** A plain definition found at `at` is at the range: its name's columns, or the range's first line. */
function startsAt(
  r: Range,
  lines: LineTable,
  at: { line: number; character: number },
  name: string,
): boolean {
  if (!isColumnRange(r, lines)) return at.line === r.start.line;
  return at.line === r.start.line && covers(r, at.character, at.character + name.length);
}

/**
 * A one-line column range covers the name's columns (exactly, or with more of the line: scanners and
 * generated datasets often take the `(` after the name too).
 */
function covers(r: Range, nameStart: number, nameEnd: number): boolean {
  return r.start.character <= nameStart && r.end.character >= nameEnd;
}

/** A column range on one line becomes the definition's name; a line range becomes the definition's lines. */
function definitionRange(old: Range, lines: LineTable, d: Definition): Range {
  if (isColumnRange(old, lines))
    return {
      start: { line: d.nameLine, character: d.nameStart },
      end: { line: d.nameLine, character: d.nameEnd },
    };
  return {
    start: { line: d.startLine, character: 0 },
    end: { line: d.endLine, character: lines.lineLength(d.endLine) },
  };
}

function isColumnRange(r: Range, lines: LineTable): boolean {
  return (
    r.start.line === r.end.line &&
    (r.start.character !== 0 || r.end.character !== lines.lineLength(r.end.line))
  );
}

/** A column range on one line becomes the occurrence itself; a line range keeps its height from the occurrence's line. */
function movedRange(old: Range, lines: LineTable, offset: number, name: string): Range {
  const at = lines.positionAt(offset);
  if (isColumnRange(old, lines))
    return { start: at, end: { line: at.line, character: at.character + name.length } };
  const last = Math.min(lines.lineCount - 1, at.line + Math.max(0, old.end.line - old.start.line));
  return { start: { line: at.line, character: 0 }, end: { line: last, character: lines.lineLength(last) } };
}
