// What the scans of a JSON text's bytes share (dropMembers.ts, repeatedLists.ts): its structural
// bytes, whitespace, and the end of a string.
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
