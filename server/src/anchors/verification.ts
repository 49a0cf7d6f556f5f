// Is the anchored code still where the anchor says? With history (the code the anchor was scanned on,
// syntax/identity.ts), the anchor is that definition: git's mapped lines must still hold it, else it is
// found by its identity elsewhere in the file, else it is gone. Without history, in a parsed language,
// a definition of one of its names at the recorded lines confirms it, and a definition elsewhere is
// taken only when the evidence picks it clearly (else ambiguous); calls, imports and comments never
// count. In other languages the name as a whole word in or near the range confirms it, and exactly one
// whole-word occurrence elsewhere is where it moved.
import type { Range } from 'vscode-languageserver';
import type { LineTable } from './lineTable';
import type { Definition, DefinitionTable } from './syntax/definitions';
import {
  definitionOfRange,
  definitionsOf,
  sameIdentity,
  unchanged,
  type AnchorIdentity,
} from './syntax/identity';
import { plainlyDefines } from './syntax/definitionLines';
import type { GrammarName } from './syntax/languages';

export const NEAR_LINES = 3;

export type Verdict =
  /** `changed`: (history) the definition's text differs from the scanned one. */
  | { kind: 'confirmed'; changed?: boolean }
  /** Nothing to check against (no expected names). */
  | { kind: 'unchecked' }
  /** `others`: further definitions of the name (syntax only), farther from the recorded place. */
  | { kind: 'moved'; range: Range; name: string; others?: Range[]; changed?: boolean }
  /** `references`: (syntax only) how often the names occur in the file, none of them a definition. */
  | { kind: 'missing'; references?: number }
  /** `candidates` (syntax only): the definitions the evidence could not choose between, nearest first. */
  | { kind: 'ambiguous'; name: string; count: number; candidates?: Range[] };

const IDENT = /[\p{L}\p{N}_$]/u;

function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '' && IDENT.test(ch);
}

/** Whether the UTF-16 unit at `i` of `text` is part of an identifier (ASCII decided without a regex). */
function identCharAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 128)
    return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
  return IDENT.test(text[i]!);
}

/** Offsets of whole-word occurrences of name in text[from, to), at most `limit` of them. */
export function findWord(text: string, name: string, from = 0, to = text.length, limit = Infinity): number[] {
  const out: number[] = [];
  const checkBefore = isIdentChar(name[0]);
  const checkAfter = isIdentChar(name[name.length - 1]);
  let i = text.indexOf(name, from);
  while (i !== -1 && i + name.length <= to) {
    const okBefore = !checkBefore || !identCharAt(text, i - 1);
    const okAfter = !checkAfter || !identCharAt(text, i + name.length);
    if (okBefore && okAfter) {
      out.push(i);
      if (out.length >= limit) break;
    }
    i = text.indexOf(name, i + 1);
  }
  return out;
}

export function cleanNames(names: readonly string[]): readonly string[] {
  // The names an entry comes with are clean already: its own array then serves (one per anchor), and
  // telling so allocates nothing.
  if (alreadyClean(names)) return names;
  return [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))];
}

/** Trimmed, none empty, none twice. */
function alreadyClean(names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) {
    const n = names[i]!;
    if (n.length === 0) return false;
    // An ASCII character other than a space at both ends needs no trim to tell.
    const a = n.charCodeAt(0);
    const z = n.charCodeAt(n.length - 1);
    if (!(a > 32 && a < 127 && z > 32 && z < 127) && n.trim() !== n) return false;
    for (let j = 0; j < i; j++) if (names[j] === n) return false;
  }
  return true;
}

/** A file's definitions, when its language is parsed: the table is built at most once, only if asked. */
export interface ParsedFile {
  language: GrammarName;
  /** undefined when parsing failed (the text rules then apply). */
  table(): DefinitionTable | undefined;
}

/** What an anchor is checked against: its names, and the code it was scanned on when history knows it. */
export interface AnchorEvidence {
  /** Expected names, in order of preference: the anchor's own name, the egress's, the ingress's. */
  names: readonly string[];
  /** Those of `names` that name the path's other boundary (the handler): offered, never chosen alone. */
  other?: readonly string[] | undefined;
  /**
   * The definition the anchor covered at its scanned commit (history), null when its range was on no
   * definition then; undefined: not known (no history, or not computed).
   */
  identity?: AnchorIdentity | null | undefined;
}

/**
 * Verifies one anchor. `searchNear` is false for a range whose code was deleted: only a definition
 * (or, in text files, a unique occurrence) elsewhere can then bring it back. `parsed` is given when
 * the file's language is parsed: then only a *definition* counts — a call, import or comment counts
 * for nothing (a deleted function with a call left beside its old place goes stale). With an identity
 * (history) the anchor follows that definition and nothing else; without one, the names decide, and a
 * candidate is taken only when the evidence picks it clearly (ambiguous otherwise).
 */
export function verify(
  range: Range,
  evidence: AnchorEvidence,
  lines: LineTable,
  searchNear = true,
  parsed?: ParsedFile,
  /** A one-line column anchor's recorded width (its range may be clamped to a shorter line now). */
  width?: number,
): Verdict {
  const { names, identity } = evidence;
  // On no definition at the scan (identity null): history cannot say which code it is; the names decide.
  if (identity) {
    const table = parsed?.table();
    if (table)
      return followIdentity(identity, range, lines, table, searchNear, columnAnchor(range, lines, width));
  }
  if (names.length === 0) return { kind: 'unchecked' };
  const text = lines.text;
  // Only a definition of its own names exactly at the anchor's first line confirms it without parsing
  // (one of the other end's must also be shaped like the recorded code: the parser says).
  const own = evidence.other ? names.filter((n) => !evidence.other!.includes(n)) : names;
  if (searchNear && parsed && plainlyAt(range, own, lines, parsed)) return { kind: 'confirmed' };
  // No expected name anywhere in the text: no definition of it either, whatever a parse would say.
  if (parsed && names.every((n) => findWord(text, n, 0, text.length, 1).length === 0))
    return { kind: 'missing', references: 0 };
  const table = parsed?.table();
  if (table) return placeByNames(range, evidence, lines, table, searchNear, width);
  return verifyByText(range, names, lines, searchNear);
}

/**
 * The range's first line plainly defines one of `names` (`func name`, `def name`, …, keyword first), at
 * the range (definitionLines.ts): no parse needed to know the anchor is on that definition.
 */
export function plainlyAt(
  range: Range,
  names: readonly string[],
  lines: LineTable,
  parsed: ParsedFile,
): boolean {
  const lineStart = lines.lineStart(range.start.line);
  const lineText = lines.text.slice(lineStart, lineStart + lines.lineLength(range.start.line));
  for (const name of names)
    for (const at of findWord(lineText, name))
      if (
        plainlyDefines(parsed.language, lineText, at, name) &&
        startsAt(range, lines, { line: range.start.line, character: at }, name)
      )
        return true;
  return false;
}

const IDENTIFIERS = /[\p{L}_$][\p{L}\p{N}_$]*/gu;

/** The name a line plainly defines (`func Name`, `def name`, …, keyword first), if any: no parse. */
export function plainNameAt(
  lines: LineTable,
  line: number,
  language: ParsedFile['language'],
): string | undefined {
  if (line < 0 || line >= lines.lineCount) return undefined;
  const start = lines.lineStart(line);
  const lineText = lines.text.slice(start, start + lines.lineLength(line));
  for (const m of lineText.matchAll(IDENTIFIERS))
    if (plainlyDefines(language, lineText, m.index, m[0])) return m[0];
  return undefined;
}

/** Languages that are not parsed (or a parse that failed): the name as a whole word. */
function verifyByText(
  range: Range,
  names: readonly string[],
  lines: LineTable,
  searchNear: boolean,
): Verdict {
  const text = lines.text;
  if (searchNear) {
    const first = Math.max(0, range.start.line - NEAR_LINES);
    const from = lines.lineStart(first);
    const lastLine = range.end.line + NEAR_LINES;
    const to = lastLine + 1 < lines.lineCount ? lines.lineStart(lastLine + 1) : text.length;
    if (names.some((name) => findWord(text, name, from, to, 1).length > 0)) return { kind: 'confirmed' };
  }
  let ambiguous: { name: string; count: number } | undefined;
  for (const name of names) {
    const hits = findWord(text, name, 0, text.length, 3);
    if (hits.length === 1) return { kind: 'moved', range: movedRange(range, lines, hits[0]!, name), name };
    if (hits.length > 1 && !ambiguous) ambiguous = { name, count: findWord(text, name).length };
  }
  return ambiguous ? { kind: 'ambiguous', ...ambiguous } : { kind: 'missing' };
}

/**
 * History known: the anchor is the definition it covered at the scan. Git's mapped range must still be
 * on that definition (same kind, container and a name in common); else that definition elsewhere in
 * the file (the unchanged one first, then the nearest); else it is gone. Never another definition.
 */
function followIdentity(
  id: AnchorIdentity,
  range: Range,
  lines: LineTable,
  table: DefinitionTable,
  searchNear: boolean,
  column: boolean,
): Verdict {
  const text = lines.text;
  if (searchNear) {
    const span = { start: range.start.line, end: range.end.line };
    const at = definitionOfRange(table, span);
    if (at && sameIdentity(id, at.def) && Boolean(at.inner) === Boolean(id.inner))
      return onDefinition(range, lines, at, table, !unchanged(id, at.def, text));
    // A statement of the function: the mapped lines are inside that same definition.
    if (id.inner) {
      const around = table.all.find(
        (d) => d.headLine <= span.start && d.endLine >= span.end && sameIdentity(id, d),
      );
      if (around) return { kind: 'confirmed', changed: !unchanged(id, around, text) };
    }
  }
  const defs = definitionsOf(id, table);
  if (defs.length === 0) return { kind: 'missing', references: countNames(id.names, text) };
  const distance = (d: Definition) => Math.abs(d.startLine - range.start.line);
  const [best, ...others] = [...defs].sort(
    (a, b) =>
      Number(!unchanged(id, a, text)) - Number(!unchanged(id, b, text)) ||
      distance(a) - distance(b) ||
      a.startLine - b.startLine,
  );
  const target = id.inner ? innerRange(best!, id.inner, lines) : definitionRange(column, lines, best!);
  return {
    kind: 'moved',
    range: target,
    name: best!.name,
    changed: !unchanged(id, best!, text),
    ...(others.length ? { others: others.map((d) => definitionRange(column, lines, d)) } : {}),
  };
}

/** The lines of a definition where a range inside it was at the scan (clamped into the definition). */
function innerRange(d: Definition, inner: { offset: number; height: number }, lines: LineTable): Range {
  const start = Math.min(d.endLine, d.startLine + inner.offset);
  const end = Math.min(d.endLine, start + inner.height);
  return { start: { line: start, character: 0 }, end: { line: end, character: lines.lineLength(end) } };
}

/**
 * No history: the recorded lines are the only evidence. On a definition of one of the names, or inside
 * one of the anchor's own, the anchor is there. Else a definition of its own names elsewhere is taken
 * only when it is the one definition of that name and about as high as the recorded range or still on
 * some of its lines; several, or one of another height away from them, or only the other boundary's
 * name (as high as the recorded range): ambiguous
 * (the user picks); none: missing.
 */
function placeByNames(
  range: Range,
  evidence: AnchorEvidence,
  lines: LineTable,
  table: DefinitionTable,
  searchNear: boolean,
  width: number | undefined,
): Verdict {
  const { names } = evidence;
  const other = evidence.other ?? NONE;
  const own = names.filter((n) => !other.includes(n));
  const column = columnAnchor(range, lines, width);
  const span = { start: range.start.line, end: range.end.line };
  // A column range is on a definition when it is on its name; a line range when it starts on or mostly covers it.
  const at = searchNear && !column ? definitionOfRange(table, span) : undefined;
  // On a definition of its own names; or starting on one of the other boundary's and shaped like it (a
  // handler the anchor was recorded on) — a neighbour of another height shifted there, or merely
  // covering most of the handler, is not it.
  if (
    at &&
    !at.inner &&
    (at.def.names.some((n) => own.includes(n)) ||
      (at.startsOn &&
        at.def.names.some((n) => names.includes(n)) &&
        aboutAsHigh(span.end - span.start + 1, at.def)))
  )
    return onDefinition(range, lines, at, table);
  if (
    searchNear &&
    column &&
    names.some((n) =>
      (table.get(n) ?? []).some((d) => d.nameLine === span.start && covers(range, d.nameStart, d.nameEnd)),
    )
  )
    return { kind: 'confirmed' };
  // A region holding a definition of its own names whole: a whole-file anchor, or one that starts on a
  // definition around it (a class around its method). Lines that merely hold it are a neighbourhood the
  // definition shrank or shifted into: that is decided below.
  const region = range.start.line === 0 || at?.startsOn === true;
  if (searchNear && !column && region && own.some((n) => (table.get(n) ?? []).some((d) => holds(range, d))))
    return { kind: 'confirmed' };
  const inside = (ns: readonly string[]) =>
    searchNear &&
    ns.some((n) => (table.get(n) ?? []).some((d) => d.headLine <= span.start && d.endLine >= span.end));
  // Inside one of its own definitions and about as high as it: that definition, shifted within itself.
  if (searchNear && !column) {
    const whole = own
      .flatMap((n) => table.get(n) ?? [])
      .find(
        (d) => d.headLine <= span.start && d.endLine >= span.end && aboutAsHigh(span.end - span.start + 1, d),
      );
    if (whole) return { kind: 'moved', range: definitionRange(false, lines, whole), name: whole.name };
  }
  // A statement of its own function; a column range on a use of a name (a call) inside it.
  if (inside(own) && !(column && sameShapeAsName(range, width, table, own))) return { kind: 'confirmed' };
  if (searchNear && column && inside(names) && names.includes(textOf(range, lines)))
    return { kind: 'confirmed' };
  const height = range.end.line - range.start.line + 1;
  const fits = (d: Definition) => column || aboutAsHigh(height, d);
  for (const name of own) {
    const defs = table.get(name);
    if (!defs?.length) continue;
    // One definition of its own name, shaped like the recorded code or still on some of its lines: the
    // name and the place agree (a function that shrank or grew where it was).
    if (defs.length === 1 && (fits(defs[0]!) || (searchNear && !column && overlaps(span, defs[0]!))))
      return { kind: 'moved', range: definitionRange(column, lines, defs[0]!), name };
    return ambiguous(range, column, lines, name, defs);
  }
  if (searchNear) {
    // A statement of the handler (the other boundary) where it was recorded.
    if (inside(other)) return { kind: 'confirmed' };
    // Offered only when shaped like the recorded code: a handler of another height is not a candidate.
    for (const name of other) {
      const defs = table.get(name)?.filter(fits);
      if (defs?.length) return ambiguous(range, column, lines, name, defs);
    }
  }
  return { kind: 'missing', references: countNames(names, lines.text) };
}

const NONE: readonly string[] = [];

/** A recorded height (lines) within ±25 % of the definition's (at least a line either way). */
function aboutAsHigh(lines: number, d: Definition): boolean {
  const own = d.endLine - d.startLine + 1;
  return Math.abs(own - lines) <= Math.max(1, Math.round(lines / 4));
}

/**
 * A range on a definition: confirmed where it is exactly on it, or where it has another shape (a part of
 * it: its signature, a few statements). One about as high as the definition but off its lines is that
 * definition shifted or grown (lines added or removed above or inside, unsaved edits without git): it
 * lands exactly on it.
 */
function onDefinition(
  range: Range,
  lines: LineTable,
  at: { def: Definition; startsOn?: boolean },
  table: DefinitionTable,
  changed?: boolean,
): Verdict {
  const d = at.def;
  const confirmed: Verdict = changed === undefined ? { kind: 'confirmed' } : { kind: 'confirmed', changed };
  if (isColumnRange(range, lines)) return confirmed;
  const { start, end } = { start: range.start.line, end: range.end.line };
  const exact = (start === d.startLine || start === d.headLine) && end === d.endLine;
  if (exact) return confirmed;
  const moved: Verdict = {
    kind: 'moved',
    range: definitionRange(false, lines, d),
    name: d.name,
    ...(changed === undefined ? {} : { changed }),
  };
  // Holding it whole: with its doc comment or blank lines around, that is the definition as recorded;
  // reaching into other code, it is the neighbourhood the definition shrank or shifted into.
  if (start <= d.headLine && end >= d.endLine) return reachesOtherCode(range, d, table) ? moved : confirmed;
  return aboutAsHigh(end - start + 1, d) ? moved : confirmed;
}

/** A definition other than `d`, its containers and its parts, overlaps the range's lines. */
function reachesOtherCode(range: Range, d: Definition, table: DefinitionTable): boolean {
  return table.all.some(
    (e) =>
      e !== d &&
      !(e.headLine <= d.headLine && e.endLine >= d.endLine) &&
      !(e.headLine >= d.headLine && e.endLine <= d.endLine) &&
      e.headLine <= range.end.line &&
      e.endLine >= range.start.line,
  );
}

function ambiguous(
  range: Range,
  column: boolean,
  lines: LineTable,
  name: string,
  defs: readonly Definition[],
): Verdict {
  const distance = (d: Definition) => Math.abs(d.startLine - range.start.line);
  const sorted = [...defs].sort((a, b) => distance(a) - distance(b) || a.startLine - b.startLine);
  return {
    kind: 'ambiguous',
    name,
    count: defs.length,
    candidates: sorted.map((d) => definitionRange(column, lines, d)),
  };
}

/** A column range as wide as a definition's name (a name anchor, not a use of the name inside its body). */
function sameShapeAsName(
  range: Range,
  width: number | undefined,
  table: DefinitionTable,
  names: readonly string[],
): boolean {
  const w = width ?? range.end.character - range.start.character;
  return names.some((n) =>
    (table.get(n) ?? []).some((d) => {
      const extra = w - (d.nameEnd - d.nameStart);
      return extra >= 0 && extra <= 2 && d.nameLine !== range.start.line;
    }),
  );
}

function countNames(names: readonly string[], text: string): number {
  let n = 0;
  for (const name of names) n += findWord(text, name).length;
  return n;
}

/** The text of a one-line range. */
function textOf(r: Range, lines: LineTable): string {
  const start = lines.lineStart(r.start.line);
  return lines.text.slice(start + r.start.character, start + r.end.character);
}

function overlaps(span: { start: number; end: number }, d: Definition): boolean {
  return span.start <= d.endLine && span.end >= d.startLine;
}

function holds(r: Range, d: Definition): boolean {
  return r.start.line <= d.startLine && r.end.line >= d.endLine;
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

/** A column anchor becomes the definition's name; a line range becomes the definition's lines. */
function definitionRange(column: boolean, lines: LineTable, d: Definition): Range {
  if (column)
    return {
      start: { line: d.nameLine, character: d.nameStart },
      end: { line: d.nameLine, character: d.nameEnd },
    };
  return {
    start: { line: d.startLine, character: 0 },
    end: { line: d.endLine, character: lines.lineLength(d.endLine) },
  };
}

/**
 * A column anchor: one recorded as part of a line (`width`), or a one-line range that is not the whole
 * line. A deleted anchor's empty placeholder is neither.
 */
function columnAnchor(r: Range, lines: LineTable, width: number | undefined): boolean {
  if (width !== undefined) return true;
  const empty = r.start.line === r.end.line && r.start.character === r.end.character;
  return !empty && isColumnRange(r, lines);
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
