// Is the anchored code still where the anchor says? In a parsed language (syntax/), a definition of an
// expected name in or near the range (±3 lines), or one enclosing it, confirms it; otherwise the
// nearest definition of the name elsewhere is where it moved; calls, imports and comments never count.
// In other languages the name as a whole word in or near the range confirms it, and exactly one
// whole-word occurrence elsewhere is where it moved.
import type { Range } from 'vscode-languageserver';
import type { LineTable } from './lineTable';
import { enclosingDefinition, type Definition, type DefinitionTable } from './syntax/definitions';
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

export function cleanNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))];
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
 * the file's language is parsed: then only a *definition* of an expected name near the range (or one
 * enclosing it) confirms the anchor — a call, import or comment near it does not (a deleted function
 * with a call left beside its old place goes stale). The file is parsed only when no occurrence near
 * the range plainly defines the name (definitionLines.ts).
 */
export function verify(
  range: Range,
  names: readonly string[],
  lines: LineTable,
  searchNear = true,
  parsed?: ParsedFile,
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
        if (plainlyDefines(parsed.language, lineText, at.character, name)) return { kind: 'confirmed' };
      }
    }
  }
  const table = parsed?.table();
  if (table) return relocateToDefinition(range, names, lines, table, searchNear);
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
 * Syntax-aware: a definition of an expected name enclosing the range, or named within ±3 lines of it,
 * confirms it; else the first expected name that has definitions moves the anchor to the nearest one.
 */
function relocateToDefinition(
  range: Range,
  names: readonly string[],
  lines: LineTable,
  table: DefinitionTable,
  searchNear: boolean,
): Verdict {
  if (searchNear) {
    if (enclosingDefinition(table, names, range.start.line, range.end.line)) return { kind: 'confirmed' };
    const first = range.start.line - NEAR_LINES;
    const last = range.end.line + NEAR_LINES;
    for (const name of names)
      if (table.get(name)?.some((d) => d.nameLine >= first && d.nameLine <= last))
        return { kind: 'confirmed' };
  }
  for (const name of names) {
    const defs = table.get(name);
    if (!defs?.length) continue;
    const distance = (d: Definition) => Math.abs(d.startLine - range.start.line);
    const [best, ...others] = [...defs].sort(
      (a, b) => distance(a) - distance(b) || a.startLine - b.startLine,
    );
    return {
      kind: 'moved',
      range: definitionRange(range, lines, best!),
      name,
      others: others.map((d) => definitionRange(range, lines, d)),
    };
  }
  let references = 0;
  for (const name of names) references += findWord(lines.text, name).length;
  return { kind: 'missing', references };
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
