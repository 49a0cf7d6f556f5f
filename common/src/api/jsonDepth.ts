// How deeply a JSON text nests, found without parsing it (no recursion, no objects). JSON.parse copes
// with any depth, but every recursive step after it (JSON.stringify, schema walks, the LSP writer)
// throws RangeError on a value nested ~10,000 levels deep, so such a text is refused before parsing.
import { MAX_JSON_DEPTH } from './choices';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './jsonBytes';

/** Whether the JSON text (bytes or string) opens more than `limit` objects/arrays inside each other. */
export function jsonNestsDeeperThan(text: Uint8Array | string, limit: number = MAX_JSON_DEPTH): boolean {
  // Two monomorphic loops, strings skipped without a closure per character: every answer goes through
  // here, and a per-character closure made this cost as much as JSON.parse itself.
  return typeof text === 'string' ? stringNestsDeeper(text, limit) : bytesNestDeeper(text, limit);
}

function bytesNestDeeper(b: Uint8Array, limit: number): boolean {
  let depth = 0;
  const n = b.length;
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c === QUOTE) {
      // The string skipped here, not by closingQuote: the language server runs without inlining
      // (compilerFlags.ts), and a call per string was most of this loop's time.
      for (i++; i < n; i++) {
        const x = b[i];
        if (x === QUOTE) break;
        if (x === BACKSLASH) i++;
      }
      if (i >= n) return false;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

function stringNestsDeeper(t: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === QUOTE) {
      for (;;) {
        i = t.indexOf('"', i + 1);
        if (i < 0) return false;
        let k = i - 1;
        while (t.charCodeAt(k) === BACKSLASH) k--;
        if ((i - 1 - k) % 2 === 0) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}
