// A lens stands once per set of paths within a function: a line inside the function whose anchored
// paths are exactly those of a line above it in that function (the call to insertOrder inside
// createOrder, when createOrder's signature is anchored to that one path) gets no lens of its own, so
// the same lens does not stand twice a few lines apart. The same paths anchored in another function
// keep their lens there. "Inside" is read from the text's indentation: every line between is blank,
// indented deeper, or continues the signature (starts with a closing bracket of a parameter list).

const INDENT = /^[ \t]*/;

function indentOf(line: string): number {
  return INDENT.exec(line)![0].replace(/\t/g, '    ').length;
}

/** Whether line `to` is still in the block that starts at line `from` (0-based lines of `text`). */
export function insideBlock(lines: readonly string[], from: number, to: number): boolean {
  const start = lines[from];
  if (start === undefined || to <= from || to >= lines.length) return false;
  const base = indentOf(start);
  for (let i = from + 1; i <= to; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    if (indentOf(line) > base) continue;
    // `): Promise<X> {` or `]` at the signature's own depth: a multi-line signature, not its end.
    if (/^[ \t]*[)\]]/.test(line)) continue;
    return false;
  }
  return true;
}

/**
 * The groups (sorted by line) without those inside the block of an earlier group with exactly the
 * same path keys. Without the document's lines nothing is left out.
 */
export function firstLinePerPathSet<T extends { line: number; keys: ReadonlySet<string> }>(
  groups: T[],
  lines?: readonly string[],
): T[] {
  const kept = new Map<string, number>();
  return groups
    .sort((a, b) => a.line - b.line)
    .filter((g) => {
      const key = [...g.keys].sort().join('\u0001');
      const from = kept.get(key);
      if (lines && from !== undefined && insideBlock(lines, from, g.line)) return false;
      kept.set(key, g.line);
      return true;
    });
}
