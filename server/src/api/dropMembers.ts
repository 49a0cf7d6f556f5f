// Members of a JSON text removed before it is parsed, for a run that never reads them: most of a
// component answer's bytes are its fields' depends-on tags, which `lineage-lens impact` (a walk of the
// lineage without tags) has no use for; parsing them, and collecting their objects, was most of its
// time. A scan of the bytes finds each member with one of the names, at any depth, and cuts it with
// one adjacent comma, so valid JSON stays valid. Anything it cannot follow (a string or a value that
// never ends) leaves the text as it was, for the parser to refuse. The arrays inside a member cut are
// mostly repeats (the same depends-on lists again and again): one seen before is stepped over without
// reading it (knownArrays.ts).
import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  closingQuote,
  isSpace,
  isNameAt,
} from '../../../common/src/api/jsonBytes';
import { KnownArrays } from './knownArrays';
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';

/** Whether the bytes [at, end) are one of the names. */
function isOneOf(b: Uint8Array, at: number, end: number, names: readonly Uint8Array[]): boolean {
  for (const name of names) if (name.length === end - at && isNameAt(b, at, name)) return true;
  return false;
}

/**
 * Where the value starting at `at` ends (exclusive); -1 if it never does. Flat arrays met inside are
 * kept in `known` (with their length), and ones kept before are stepped over.
 */
function valueEnd(b: Buffer, at: number, known: KnownArrays<number>): number {
  const c = b[at];
  if (c === QUOTE) {
    const q = closingQuote(b, at);
    return q < 0 ? -1 : q + 1;
  }
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    let depth = 0;
    /** Where the innermost open array began, while it holds no array; -1 otherwise. */
    let flat = -1;
    for (let i = at; i < b.length; i++) {
      const x = b[i];
      if (x === QUOTE) {
        i = closingQuote(b, i);
        if (i < 0) return -1;
      } else if (x === OPEN_ARRAY) {
        // The member's own value is rarely a repeat (its entries are): only arrays inside it are tried.
        const length = depth > 0 ? known.at(b, i) : undefined;
        if (length !== undefined) {
          i += length - 1;
          flat = -1;
          continue;
        }
        depth++;
        flat = i;
      } else if (x === OPEN_OBJECT) depth++;
      else if (x === CLOSE_OBJECT || x === CLOSE_ARRAY) {
        if (x === CLOSE_ARRAY && flat >= 0) known.keep(b, flat, i + 1, i + 1 - flat);
        if (x === CLOSE_ARRAY) flat = -1;
        if (--depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number or a literal: up to the next separator.
  let i = at;
  while (i < b.length && b[i] !== COMMA && b[i] !== CLOSE_OBJECT && b[i] !== CLOSE_ARRAY && !isSpace(b[i]))
    i++;
  return i > at ? i : -1;
}

/** The comma the text kept so far ends with (before spaces), if any: it separated a member now cut. */
function dropTrailingComma(kept: Buffer[]): void {
  for (let s = kept.length - 1; s >= 0; s--) {
    const seg = kept[s]!;
    let k = seg.length - 1;
    while (k >= 0 && isSpace(seg[k])) k--;
    if (k < 0) continue;
    if (seg[k] === COMMA) kept[s] = seg.subarray(0, k);
    return;
  }
}

/**
 * A text with the members cut, and its nesting as read on the way: 'within' the limit, 'tooDeep'
 * (the text is then returned as it was), or 'unchecked' when the text could not be followed (returned
 * as it was, for the parser to refuse).
 */
export interface Dropped {
  text: Buffer;
  nesting: 'within' | 'tooDeep' | 'unchecked';
}

/** Cuts the members named from each text it is given, remembering the arrays it stepped over. */
export class MemberDropper {
  private readonly wanted: Uint8Array[];
  private readonly known = new KnownArrays<number>();

  /** `names`: member names as they are written in the text (without escapes). */
  constructor(names: readonly string[]) {
    this.wanted = names.map((n) => Buffer.from(n, 'utf8'));
  }

  /** The text without the members named (the same buffer when none is found); `limit`: nesting allowed. */
  drop(body: Buffer, limit: number = MAX_JSON_DEPTH): Dropped {
    try {
      return cut(body, this.wanted, this.known, limit);
    } finally {
      this.known.forget();
    }
  }
}

/** The text without the members named, for one text (MemberDropper for many). */
export function dropMembers(body: Buffer, names: readonly string[]): Buffer {
  return new MemberDropper(names).drop(body, Number.MAX_SAFE_INTEGER).text;
}

function cut(
  body: Buffer,
  wanted: readonly Uint8Array[],
  known: KnownArrays<number>,
  limit: number,
): Dropped {
  const unread: Dropped = { text: body, nesting: 'unchecked' };
  const kept: Buffer[] = [];
  let from = 0;
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== QUOTE) {
      // The nesting of what is kept, counted on the way: the parser need not read it all again.
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (++depth > limit) return { text: body, nesting: 'tooDeep' };
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
      continue;
    }
    const q = closingQuote(body, i);
    if (q < 0) return unread;
    if (isOneOf(body, i + 1, q, wanted)) {
      let j = q + 1;
      while (isSpace(body[j])) j++;
      if (body[j] === COLON) {
        j++;
        while (isSpace(body[j])) j++;
        const end = valueEnd(body, j, known);
        if (end < 0) return unread;
        // One comma goes with the member: the one after it, else (the last member) the one before.
        let after = end;
        while (isSpace(body[after])) after++;
        let before = i - 1;
        while (before >= from && isSpace(body[before])) before--;
        let cutFrom = i;
        let cutTo = end;
        if (body[after] === COMMA) cutTo = after + 1;
        else if (before >= from && body[before] === COMMA) cutFrom = before;
        else if (before < from) dropTrailingComma(kept);
        kept.push(body.subarray(from, cutFrom));
        from = cutTo;
        i = cutTo - 1;
        continue;
      }
    }
    i = q;
  }
  if (kept.length === 0) return { text: body, nesting: 'within' };
  kept.push(body.subarray(from));
  return { text: Buffer.concat(kept), nesting: 'within' };
}
