// How deeply a JSON text nests, found without parsing it (no recursion, no objects). JSON.parse copes
// with any depth, but every recursive step after it (JSON.stringify, schema walks, the LSP writer)
// throws RangeError on a value nested ~10,000 levels deep, so such a text is refused before parsing.
import { MAX_JSON_DEPTH } from './choices';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Whether the JSON text (bytes or string) opens more than `limit` objects/arrays inside each other. */
export function jsonNestsDeeperThan(text: Uint8Array | string, limit: number = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? undefined : text;
  const length = text.length;
  const at = bytes ? (i: number) => bytes[i]! : (i: number) => (text as string).charCodeAt(i);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = at(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}
