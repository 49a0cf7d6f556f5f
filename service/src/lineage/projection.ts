// Which paths of a component a read shows: `collapsed` keeps the effective paths (a user override
// replaces the scan path it names), `all` keeps every stored path.
import type { Component, StoredPath } from '../model/types';

export function effectivePaths(c: Component): StoredPath[] {
  const replaced = new Set<string>();
  for (const p of c.paths) if (p.type === 'USER_OVERRIDE' && p.replaces) replaced.add(p.replaces);
  return c.paths.filter((p) => !replaced.has(p.id));
}

export function projectPaths(c: Component, mode: 'collapsed' | 'all'): StoredPath[] {
  return mode === 'all' ? c.paths : effectivePaths(c);
}

/** The override currently standing in for a scan path, if any. */
export function overrideOf(c: Component, scanPathId: string): StoredPath | undefined {
  return c.paths.find((p) => p.type === 'USER_OVERRIDE' && p.replaces === scanPathId);
}
