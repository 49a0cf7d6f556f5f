// A component answer's fields' depends-on lists, parsed once per distinct text. Most of a component's
// bytes are these lists, and they repeat: the same few tags at a few hop counts, in field after field
// and component after component. JSON.parse made a fresh array and objects of each, and the cache's
// compaction then threw most away again.
//
// One scan of the bytes checks the nesting (as jsonDepth.ts does) and finds each `depends_on` list
// inside a `field_depends_on_tags` member; each is cut out and a marker put in its place, the rest is
// parsed, each distinct list text is parsed once (the table outlives one answer: lists repeat across
// components), and every marker under a path's boundaries is replaced by the shared array. Cached
// details are read-only, which makes the sharing safe. Any doubt — a text the scan cannot follow, a
// marker left unreplaced, or the answer itself holding the marker's name — and the answer is parsed
// whole.
//
// A list already seen is recognised without walking its bytes in JS (knownArrays.ts); only lists not
// seen before (or holding arrays themselves) are walked byte by byte.
//
// Each distinct list is checked against its schema once, when it is first parsed (a list that fails
// makes the answer parsed whole, so the schema check names the place). The answer's own check then
// sees one shared empty list in each list's place, and the lists go in once it has passed.
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { FieldDependsOnTagEntry } from '../../../common/src/api/tags';
import { isValid } from '../../../common/src/api/validate';
import { KnownArrays } from './knownArrays';
import { parseBody, parseNestingChecked, type ParsedBody } from './responses';
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  isSpace,
  isJsonObject,
  isNameAt,
  type JsonObject,
} from '../../../common/src/api/jsonBytes';

const OWNER = Buffer.from('field_depends_on_tags');
const LIST = Buffer.from('depends_on');
/** The marker's member name: one NUL character, which a JSON text can only write as `"\u0000"`. */
const MARK = '\u0000';
const MARK_ESCAPED = Buffer.from('\\u0000');

/** A distinct list text seen before, its parsed array, and how deep it nests. */
interface Kept {
  length: number;
  list: unknown[];
  nesting: number;
}

/**
 * Where the lists to cut are: start and end, and the kept list there when it was seen before, else how
 * deep the list walked there nests.
 */
interface Cuts {
  at: number[];
  kept: Array<Kept | number>;
}

/**
 * The end of the list opened at `at` (exclusive), or -1 when it never closes; 'tooDeep' when it
 * nests past `limit` (counting the `depth` it opens at). `out.nesting`: how deep the list nests.
 */
function listEnd(
  b: Uint8Array,
  at: number,
  depth: number,
  limit: number,
  out: { nesting: number },
): number | 'tooDeep' {
  let d = depth;
  let deepest = depth;
  let inString = false;
  const n = b.length;
  for (let i = at; i < n; i++) {
    const c = b[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++d > limit) return 'tooDeep';
      if (d > deepest) deepest = d;
    } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --d === depth) {
      out.nesting = deepest - depth;
      return i + 1;
    }
  }
  return -1;
}

/**
 * The nesting check, and the lists to cut; undefined when the text cannot be followed (the parser
 * then says what is wrong) or holds the marker's name (nothing is cut then).
 */
function scan(
  b: Buffer,
  limit: number,
  known: (b: Buffer, at: number) => Kept | undefined,
): 'tooDeep' | Cuts | undefined {
  const cuts: Cuts = { at: [], kept: [] };
  const walked = { nesting: 0 };
  let depth = 0;
  /** The depth of the object holding a `field_depends_on_tags` member being read; -1 outside one. */
  let owner = -1;
  const n = b.length;
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c === QUOTE) {
      // The string skipped here, not by closingQuote: the language server runs without inlining
      // (compilerFlags.ts), and a call per string was most of the scan's time.
      let q = i + 1;
      for (; q < n; q++) {
        const x = b[q];
        if (x === QUOTE) break;
        if (x === BACKSLASH) q++;
      }
      if (q >= n) return undefined;
      const length = q - i - 1;
      if (length === MARK_ESCAPED.length && isNameAt(b, i + 1, MARK_ESCAPED)) return undefined;
      if (length === OWNER.length || length === LIST.length) {
        let k = q + 1;
        while (isSpace(b[k])) k++;
        if (b[k] === COLON) {
          if (length === OWNER.length && owner < 0 && isNameAt(b, i + 1, OWNER)) owner = depth;
          else if (length === LIST.length && owner >= 0 && depth > owner && isNameAt(b, i + 1, LIST)) {
            k++;
            while (isSpace(b[k])) k++;
            if (b[k] === OPEN_ARRAY) {
              const seen = known(b, k);
              if (seen) {
                if (depth + seen.nesting > limit) return 'tooDeep';
                cuts.at.push(k, k + seen.length);
                cuts.kept.push(seen);
                i = k + seen.length - 1;
                continue;
              }
              const end = listEnd(b, k, depth, limit, walked);
              if (end === 'tooDeep') return end;
              if (end < 0) return undefined;
              cuts.at.push(k, end);
              cuts.kept.push(walked.nesting);
              i = end - 1;
              continue;
            }
          }
        }
      }
      i = q;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return 'tooDeep';
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth <= owner) owner = -1;
    }
  }
  return cuts;
}

export class RepeatedLists {
  /** Distinct lists by their text (past a bound the table starts afresh: only sharing is lost). */
  private readonly kept = new KnownArrays<Kept>();
  private readonly known = (b: Buffer, at: number): Kept | undefined => this.kept.at(b, at);

  /** The body's value, its repeated lists shared; 'tooDeep' past MAX_JSON_DEPTH; 'notJson' if malformed. */
  parse(body: Buffer, limit: number = MAX_JSON_DEPTH): ParsedBody {
    try {
      return this.read(body, limit);
    } finally {
      this.kept.forget();
    }
  }

  private read(body: Buffer, limit: number): ParsedBody {
    if (body.length === 0) return 'notJson';
    const found = scan(body, limit, this.known);
    if (found === 'tooDeep') return found;
    if (found === undefined) {
      // Not followed, or holding the marker's name: the nesting check of the whole, then the parser.
      return parseBody(body, limit);
    }
    if (found.kept.length > 0) {
      const parsed = this.parseCut(body, found);
      if (parsed) return parsed;
    }
    return parseNestingChecked(body);
  }

  private parseCut(body: Buffer, cuts: Cuts): { value: unknown; complete: () => void } | undefined {
    const lists: unknown[][] = [];
    let size = body.length;
    for (let c = 0; c < cuts.kept.length; c++) {
      const start = cuts.at[2 * c]!;
      const end = cuts.at[2 * c + 1]!;
      const seen = cuts.kept[c]!;
      const list = (typeof seen === 'number' ? this.list(body, start, end, seen) : seen)?.list;
      if (!list) return undefined;
      size += markerLength(lists.length) - (end - start);
      lists.push(list);
    }
    // The text with each list replaced by its marker, written into one buffer.
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    let from = 0;
    for (let c = 0; c < lists.length; c++) {
      at += body.copy(out, at, from, cuts.at[2 * c]!);
      at = writeMarker(out, at, c);
      from = cuts.at[2 * c + 1]!;
    }
    at += body.copy(out, at, from);
    let value: unknown;
    try {
      value = JSON.parse(out.toString('utf8', 0, at));
    } catch {
      return undefined;
    }
    const complete = putBack(value, lists);
    return complete ? { value, complete } : undefined;
  }

  /**
   * The kept list of a text not recognised at once (it was walked: `nesting` is how deep it nests),
   * found by its whole text, else parsed and kept.
   */
  private list(body: Buffer, start: number, end: number, nesting: number): Kept | undefined {
    const seen = this.kept.get(body, start, end);
    if (seen) return seen;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8', start, end));
    } catch {
      return undefined;
    }
    if (!Array.isArray(parsed) || !isValid(DEPENDS_ON, parsed)) return undefined;
    const entry: Kept = { length: end - start, list: parsed as unknown[], nesting };
    this.kept.keep(body, start, end, entry);
    return entry;
  }
}

/** The schema of a list cut out: checked once per distinct list, not in every answer it is in. */
const DEPENDS_ON = FieldDependsOnTagEntry.properties.depends_on;
/** What the answer's own check sees in each list's place. */
const CHECKED_APART: readonly unknown[] = Object.freeze([]);

/** A marker's text up to its number: `{"\u0000":`, then the list's number, then `}`. */
const MARK_OPEN = Buffer.from('{"\\u0000":');

function digitCount(n: number): number {
  let d = 1;
  while (n >= 10 ** d) d++;
  return d;
}
const markerLength = (n: number) => MARK_OPEN.length + digitCount(n) + 1;

/**
 * Writes list `n`'s marker at `at` and returns where it ends; byte by byte: a Buffer#write per marker (a
 * call into native code, thousands per answer) cost more than the marker's dozen bytes.
 */
function writeMarker(out: Buffer, at: number, n: number): number {
  let k = at;
  for (let i = 0; i < MARK_OPEN.length; i++) out[k++] = MARK_OPEN[i]!;
  for (let d = 10 ** (digitCount(n) - 1); d >= 1; d /= 10) out[k++] = 48 + (Math.floor(n / d) % 10);
  out[k++] = CLOSE_OBJECT;
  return k;
}

/**
 * Replaces every marker under the answer's paths' boundaries by an empty list, and returns what puts
 * the lists themselves in; undefined unless each marker was found once.
 */
function putBack(value: unknown, lists: unknown[][]): (() => void) | undefined {
  const used = new Uint8Array(lists.length);
  const at: JsonObject[] = new Array<JsonObject>(lists.length);
  let count = 0;
  const paths = isJsonObject(value) && isJsonObject(value.component) ? value.component.paths : undefined;
  if (!Array.isArray(paths)) return undefined;
  for (const p of paths) {
    if (!isJsonObject(p)) continue;
    for (const side of [p.ingress, p.egress]) {
      const entries = isJsonObject(side) ? side.field_depends_on_tags : undefined;
      if (!Array.isArray(entries)) continue;
      for (const e of entries) {
        const mark = isJsonObject(e) ? e.depends_on : undefined;
        if (!isJsonObject(mark) || !(MARK in mark)) continue;
        const n = mark[MARK];
        if (typeof n !== 'number' || !(n >= 0 && n < lists.length) || used[n]) return undefined;
        used[n] = 1;
        count++;
        (e as JsonObject).depends_on = CHECKED_APART;
        at[n] = e as JsonObject;
      }
    }
  }
  if (count !== lists.length) return undefined;
  return () => {
    for (let n = 0; n < lists.length; n++) at[n]!.depends_on = lists[n];
  };
}
