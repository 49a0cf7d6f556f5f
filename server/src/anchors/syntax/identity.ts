// Which code an anchor is: the definition its recorded range is on in the text it was scanned from —
// its kind, names and container, and a fingerprint of its text — and, for a range inside a definition
// (a call, a few statements), that enclosing definition and where in it the range was. A path's names
// say what the path is about; only this says which code its anchor covers.
import type { Definition, DefinitionKind, DefinitionTable } from './definitions';

export interface AnchorIdentity {
  kind: DefinitionKind;
  name: string;
  names: readonly string[];
  container: string;
  /** Of the definition's text with its whitespace collapsed: equal means unchanged since the scan. */
  fingerprint: number;
  /** The definition's height in lines at the scan. */
  height: number;
  /** A range inside the definition: its first line's offset from the definition's first line, and its height. */
  inner?: { offset: number; height: number };
}

/** 0-based inclusive lines. */
export interface LineSpan {
  start: number;
  end: number;
}

/**
 * The definition a range is on: the innermost one it starts on (its head or first line) or mostly covers
 * (half of the definition's lines and half of the range's); else the innermost one around it, with the
 * range as an inner offset. Undefined: the range is on no definition (imports, top-level statements).
 */
export function definitionOfRange(
  table: DefinitionTable,
  range: LineSpan,
): { def: Definition; inner?: { offset: number; height: number }; startsOn?: boolean } | undefined {
  let on: Definition | undefined;
  let onStart = false;
  let around: Definition | undefined;
  for (const d of table.all) {
    if (d.startLine > range.end) break;
    const starts = startsOn(range, d);
    if (starts || mostlyCovers(range, d)) {
      if (!on || height(d) < height(on)) [on, onStart] = [d, starts];
    } else if (d.headLine <= range.start && d.endLine >= range.end) {
      if (!around || height(d) < height(around)) around = d;
    }
  }
  // A definition inside the one the range covers (a class's method, when the range is the class) is not it.
  if (on) return { def: on, startsOn: onStart };
  if (around)
    return {
      def: around,
      inner: { offset: range.start - around.startLine, height: range.end - range.start },
    };
  return undefined;
}

export function identityOf(def: Definition, text: string, inner?: AnchorIdentity['inner']): AnchorIdentity {
  return {
    kind: def.kind,
    name: def.name,
    names: def.names,
    container: def.container,
    fingerprint: fingerprint(text, def),
    height: height(def),
    ...(inner ? { inner } : {}),
  };
}

/** What makes two definitions the same one (in two versions of a file): an identity, or a definition. */
export type DefinitionKey = Pick<AnchorIdentity, 'kind' | 'names' | 'container'>;

/** The same definition: same kind and container, and a name in common. */
export function sameIdentity(id: DefinitionKey, d: Definition): boolean {
  return d.kind === id.kind && d.container === id.container && d.names.some((n) => id.names.includes(n));
}

/** The definitions of the table that are this identity. */
export function definitionsOf(id: DefinitionKey, table: DefinitionTable): Definition[] {
  const out: Definition[] = [];
  const seen = new Set<Definition>();
  for (const n of id.names)
    for (const d of table.get(n) ?? [])
      if (!seen.has(d) && sameIdentity(id, d)) {
        seen.add(d);
        out.push(d);
      }
  return out;
}

/** The definition starting nearest to `line` (0-based); of two as near, the earlier. */
export function nearestDefinition(defs: readonly Definition[], line: number): Definition | undefined {
  let best: Definition | undefined;
  for (const d of defs) {
    const distance = Math.abs(d.startLine - line);
    const bestDistance = best ? Math.abs(best.startLine - line) : Infinity;
    if (distance < bestDistance || (distance === bestDistance && best && d.startLine < best.startLine))
      best = d;
  }
  return best;
}

export function unchanged(id: AnchorIdentity, d: Definition, text: string): boolean {
  return fingerprint(text, d) === id.fingerprint;
}

function startsOn(r: LineSpan, d: Definition): boolean {
  return r.start >= d.headLine && r.start <= Math.max(d.startLine, d.nameLine) && r.end <= d.endLine + 1;
}

function mostlyCovers(r: LineSpan, d: Definition): boolean {
  const overlap = Math.min(r.end, d.endLine) - Math.max(r.start, d.headLine) + 1;
  return overlap > 0 && overlap * 2 >= height(d) + 1 && overlap * 2 >= r.end - r.start + 1;
}

function height(d: Definition): number {
  return d.endLine - d.startLine;
}

/** FNV-1a over the definition's text with runs of whitespace collapsed (a reindent is no change). */
export function fingerprint(text: string, d: Pick<Definition, 'startIndex' | 'endIndex'>): number {
  let h = 0x811c9dc5;
  let space = false;
  for (let i = d.startIndex; i < d.endIndex; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      space = true;
      continue;
    }
    if (space) {
      h = Math.imul(h ^ 32, 0x01000193);
      space = false;
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}
