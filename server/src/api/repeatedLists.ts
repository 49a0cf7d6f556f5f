// A component answer's fields' depends-on lists and its boundaries' schemas, parsed once per distinct
// text. Most of a component's bytes are these lists, and they repeat: the same few tags at a few hop
// counts, in field after field and component after component; and a payload's schema comes back with
// every path through it. JSON.parse made a fresh array or object tree of each (a schema: an object per
// field), and the cache's compaction then threw most away again.
//
// One scan of the bytes checks the nesting (as jsonDepth.ts does) and finds each `depends_on` list
// inside a `field_depends_on_tags` member, and each `schema` object of a path's boundary; each is cut
// out and a marker put in its place, the rest is parsed, each distinct text is parsed once (the tables
// outlive one answer: lists and schemas repeat across components), and every marker under a path's
// boundaries is replaced by the shared value. Cached details are read-only, which makes the sharing
// safe. Any doubt — a text the scan cannot follow, a marker left unreplaced or found where its kind does
// not belong, or the answer itself holding the marker's name — and the answer is parsed whole.
//
// A list already seen is recognised without walking its bytes in JS (knownArrays.ts); only lists not
// seen before (or holding arrays themselves) are walked byte by byte.
//
// Each distinct list or schema is checked against its type once, when it is first parsed (one that
// fails makes the answer parsed whole, so the answer's check names the place). The answer's own check
// then sees one shared empty list (or object) in each one's place, and they go in once it has passed.
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { PathBoundary } from '../../../common/src/api/paths';
import { FieldDependsOnTagEntry } from '../../../common/src/api/tags';
import { isValid } from '../../../common/src/api/validate';
import { BodyBuffers } from './bodyBuffers';
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
const SCHEMA = Buffer.from('schema');
/**
 * How many objects and arrays are open where a path boundary's members are named: the answer, its
 * `component`, `paths`, a path, the boundary. (A DATA_STORE's own `schema`, a member of `component`, is
 * not cut.)
 */
const BOUNDARY_DEPTH = 5;
/** The marker's member name: one NUL character, which a JSON text can only write as `"\u0000"`. */
const MARK = '\u0000';
const MARK_ESCAPED = Buffer.from('\\u0000');

/** A distinct list (or schema) text seen before, its parsed value, and how deep it nests. */
interface Kept {
  length: number;
  value: unknown[] | JsonObject;
  nesting: number;
}

/**
 * Where the texts to cut are: start and end, the kept list there when it was seen before, else how deep
 * the text walked there nests, and whether it is a boundary's schema (else a depends-on list).
 */
interface Cuts {
  at: number[];
  kept: Array<Kept | number>;
  schema: boolean[];
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
 * Where the value of the member whose name's closing quote is at `q` starts (spaces skipped); -1 when
 * no colon follows (the string was a value, not a name).
 */
function valueAfterName(b: Uint8Array, q: number): number {
  let k = q + 1;
  while (isSpace(b[k])) k++;
  if (b[k] !== COLON) return -1;
  k++;
  while (isSpace(b[k])) k++;
  return k;
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
  const cuts: Cuts = { at: [], kept: [], schema: [] };
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
      // Where a value to cut opens (a boundary's schema object, or a depends-on list), else -1.
      let cutAt = -1;
      let isSchema = false;
      if (length === SCHEMA.length && depth === BOUNDARY_DEPTH && isNameAt(b, i + 1, SCHEMA)) {
        const k = valueAfterName(b, q);
        // An object's end is known only by walking it (a list's by its first `]`): walked below, and
        // recognised by its whole text when it is parsed.
        if (b[k] === OPEN_OBJECT) {
          cutAt = k;
          isSchema = true;
        }
      } else if (length === OWNER.length || length === LIST.length) {
        const k = valueAfterName(b, q);
        if (k < 0) {
          // Not a member's name: a string value.
        } else if (length === OWNER.length && owner < 0 && isNameAt(b, i + 1, OWNER)) owner = depth;
        else if (length === LIST.length && owner >= 0 && depth > owner && isNameAt(b, i + 1, LIST)) {
          if (b[k] === OPEN_ARRAY) {
            const seen = known(b, k);
            if (seen) {
              if (depth + seen.nesting > limit) return 'tooDeep';
              cuts.at.push(k, k + seen.length);
              cuts.kept.push(seen);
              cuts.schema.push(false);
              i = k + seen.length - 1;
              continue;
            }
            cutAt = k;
          }
        }
      }
      if (cutAt >= 0) {
        const end = listEnd(b, cutAt, depth, limit, walked);
        if (end === 'tooDeep') return end;
        if (end < 0) return undefined;
        cuts.at.push(cutAt, end);
        cuts.kept.push(walked.nesting);
        cuts.schema.push(isSchema);
        i = end - 1;
        continue;
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
  /** Distinct boundary schemas by their text (found by the whole text: they are not flat arrays). */
  private readonly schemas = new KnownArrays<Kept>();
  private readonly known = (b: Buffer, at: number): Kept | undefined => this.kept.at(b, at);

  /** `buffers`: where the marked text is written (the API client's, which its answers' bytes come from). */
  constructor(private readonly buffers: BodyBuffers = new BodyBuffers(OWN_BUFFERS)) {}

  /** The body's value, its repeated lists shared; 'tooDeep' past MAX_JSON_DEPTH; 'notJson' if malformed. */
  parse(body: Buffer, limit: number = MAX_JSON_DEPTH): ParsedBody {
    try {
      return this.read(body, limit);
    } finally {
      this.kept.forget();
      this.schemas.forget();
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
    const lists: Array<unknown[] | JsonObject> = [];
    let size = body.length;
    for (let c = 0; c < cuts.kept.length; c++) {
      const start = cuts.at[2 * c]!;
      const end = cuts.at[2 * c + 1]!;
      const seen = cuts.kept[c]!;
      const list = (
        typeof seen !== 'number'
          ? seen
          : cuts.schema[c]
            ? this.distinct(this.schemas, SCHEMA_TYPE, body, start, end, seen)
            : this.distinct(this.kept, DEPENDS_ON, body, start, end, seen)
      )?.value;
      if (!list) return undefined;
      size += markerLength(lists.length) - (end - start);
      lists.push(list);
    }
    // The text with each list replaced by its marker, written into one buffer reused from answer to
    // answer (it is only read by the parse below), not fresh memory each time.
    const out = this.buffers.take(size);
    let value: unknown;
    try {
      let at = 0;
      let from = 0;
      for (let c = 0; c < lists.length; c++) {
        at += body.copy(out, at, from, cuts.at[2 * c]!);
        at = writeMarker(out, at, c);
        from = cuts.at[2 * c + 1]!;
      }
      at += body.copy(out, at, from);
      value = JSON.parse(out.toString('utf8', 0, at));
    } catch {
      return undefined;
    } finally {
      this.buffers.give(out);
    }
    const complete = putBack(value, lists, cuts.schema);
    return complete ? { value, complete } : undefined;
  }

  /**
   * The kept value of a text not recognised at once (it was walked: `nesting` is how deep it nests),
   * found in `table` by its whole text, else parsed, checked against `type` and kept.
   */
  private distinct(
    table: KnownArrays<Kept>,
    type: typeof DEPENDS_ON | typeof SCHEMA_TYPE,
    body: Buffer,
    start: number,
    end: number,
    nesting: number,
  ): Kept | undefined {
    const seen = table.get(body, start, end);
    if (seen) return seen;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8', start, end));
    } catch {
      return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || !isValid(type, parsed)) return undefined;
    const entry: Kept = { length: end - start, value: parsed as unknown[] | JsonObject, nesting };
    table.keep(body, start, end, entry);
    if (type === SCHEMA_TYPE) sharedSchemas.add(parsed);
    return entry;
  }
}

/** A RepeatedLists of its own (not an API client's): one buffer kept, of any answer's size. */
const OWN_BUFFERS = { keepUpToBytes: Number.POSITIVE_INFINITY, keepCount: 1 };

/** The boundary schemas shared between answers: a cache's compaction need walk each only once. */
const sharedSchemas = new WeakSet<object>();
export const isSharedSchema = (v: object): boolean => sharedSchemas.has(v);

/** The type of a list cut out: checked once per distinct list, not in every answer it is in. */
const DEPENDS_ON = FieldDependsOnTagEntry.properties.depends_on;
/** The type of a boundary schema cut out, likewise. */
const SCHEMA_TYPE = PathBoundary.properties.schema;
/** What the answer's own check sees in each list's place, and in each schema's. */
const CHECKED_APART: readonly unknown[] = Object.freeze([]);
const CHECKED_APART_SCHEMA: Readonly<JsonObject> = Object.freeze({});

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
 * Replaces every marker under the answer's paths' boundaries by an empty list (a schema's by an empty
 * object), and returns what puts the values themselves in; undefined unless each marker was found once,
 * where its kind belongs (`schema[n]`: marker n stands for a boundary's schema).
 */
function putBack(
  value: unknown,
  lists: Array<unknown[] | JsonObject>,
  schema: readonly boolean[],
): (() => void) | undefined {
  const used = new Uint8Array(lists.length);
  const at: JsonObject[] = new Array<JsonObject>(lists.length);
  let count = 0;
  /** Marker n's number when `v` is a marker of the kind wanted, not met before; -1 if not a marker; NaN if wrong. */
  const markerOf = (v: unknown, isSchema: boolean): number => {
    if (!isJsonObject(v) || !(MARK in v)) return -1;
    const n = v[MARK];
    if (typeof n !== 'number' || !(n >= 0 && n < lists.length) || used[n] || schema[n] !== isSchema)
      return NaN;
    used[n] = 1;
    count++;
    return n;
  };
  const paths = isJsonObject(value) && isJsonObject(value.component) ? value.component.paths : undefined;
  if (!Array.isArray(paths)) return undefined;
  for (const p of paths) {
    if (!isJsonObject(p)) continue;
    for (const side of [p.ingress, p.egress]) {
      if (!isJsonObject(side)) continue;
      const s = markerOf(side.schema, true);
      if (Number.isNaN(s)) return undefined;
      if (s >= 0) {
        side.schema = CHECKED_APART_SCHEMA;
        at[s] = side;
      }
      const entries = side.field_depends_on_tags;
      if (!Array.isArray(entries)) continue;
      for (const e of entries) {
        const n = markerOf(isJsonObject(e) ? e.depends_on : undefined, false);
        if (Number.isNaN(n)) return undefined;
        if (n < 0) continue;
        (e as JsonObject).depends_on = CHECKED_APART;
        at[n] = e as JsonObject;
      }
    }
  }
  if (count !== lists.length) return undefined;
  return () => {
    for (let n = 0; n < lists.length; n++) {
      if (schema[n]) at[n]!.schema = lists[n];
      else at[n]!.depends_on = lists[n];
    }
  };
}
