// What the readers of a JSON text share (jsonDepth.ts; the API client's dropMembers.ts,
// repeatedLists.ts and streamedResponse.ts): its structural bytes, whitespace, the end of a string, a
// name at a place, and an object told from the other values once parsed.
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_OBJECT = 0x7d;
export const CLOSE_ARRAY = 0x5d;

export const isSpace = (c: number | undefined): boolean =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The closing quote of the string opened at `at`; -1 if it never closes. */
export function closingQuote(b: Uint8Array, at: number): number {
  // A loop in JS rather than Buffer#indexOf: nearly every string of an answer is a few bytes long, and
  // a call into native code per string cost more than the bytes.
  const n = b.length;
  for (let i = at + 1; i < n; i++) {
    const c = b[i];
    if (c === QUOTE) return i;
    if (c === BACKSLASH) i++;
  }
  return -1;
}

/** Whether `name`'s bytes stand at `at` in `b`. */
export function isNameAt(b: Uint8Array, at: number, name: Uint8Array): boolean {
  for (let k = 0; k < name.length; k++) if (b[at + k] !== name[k]) return false;
  return true;
}

export type JsonObject = Record<string, unknown>;

/** An object (not null, not an array) of a parsed value. */
export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
