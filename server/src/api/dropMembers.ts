// Members of a JSON text removed before it is parsed, for a run that never reads them: most of a
// component answer's bytes are its fields' depends-on tags, which `lineage-lens impact` (a walk of the
// lineage without tags) has no use for; parsing them, and collecting their objects, was most of its
// time. A scan of the bytes finds each member with one of the names, at any depth, and cuts it with
// one adjacent comma, so valid JSON stays valid. Anything it cannot follow (a string or a value that
// never ends) leaves the text as it was, for the parser to refuse.
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

/** Whether the bytes [at, end) are one of the names. */
function isOneOf(b: Uint8Array, at: number, end: number, names: readonly Uint8Array[]): boolean {
  for (const name of names) if (name.length === end - at && isNameAt(b, at, name)) return true;
  return false;
}

/** Where the value starting at `at` ends (exclusive); -1 if it never does. */
function valueEnd(b: Uint8Array, at: number): number {
  const c = b[at];
  if (c === QUOTE) {
    const q = closingQuote(b, at);
    return q < 0 ? -1 : q + 1;
  }
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    let depth = 0;
    for (let i = at; i < b.length; i++) {
      const x = b[i];
      if (x === QUOTE) {
        i = closingQuote(b, i);
        if (i < 0) return -1;
      } else if (x === OPEN_OBJECT || x === OPEN_ARRAY) depth++;
      else if ((x === CLOSE_OBJECT || x === CLOSE_ARRAY) && --depth === 0) return i + 1;
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
 * The text without the members named (the same buffer when none is found). `names` are member names
 * as they are written in the text (without escapes).
 */
export function dropMembers(body: Buffer, names: readonly string[]): Buffer {
  if (names.length === 0) return body;
  const wanted = names.map((n) => Buffer.from(n, 'utf8'));
  const kept: Buffer[] = [];
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== QUOTE) continue;
    const q = closingQuote(body, i);
    if (q < 0) return body;
    if (isOneOf(body, i + 1, q, wanted)) {
      let j = q + 1;
      while (isSpace(body[j])) j++;
      if (body[j] === COLON) {
        j++;
        while (isSpace(body[j])) j++;
        const end = valueEnd(body, j);
        if (end < 0) return body;
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
  if (kept.length === 0) return body;
  kept.push(body.subarray(from));
  return Buffer.concat(kept);
}
