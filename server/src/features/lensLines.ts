// Lenses stand once per set of paths: a line whose anchored paths are exactly those of a line above it
// (a call inside a function that has that one path, below the function's signature) gets no lens of
// its own, so the same lens does not stand twice a few lines apart.

/** The groups (sorted by line) without those whose path keys repeat an earlier group's exactly. */
export function firstLinePerPathSet<T extends { line: number; keys: ReadonlySet<string> }>(groups: T[]): T[] {
  const seen = new Set<string>();
  return groups
    .sort((a, b) => a.line - b.line)
    .filter((g) => {
      const key = [...g.keys].sort().join('\u0001');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
