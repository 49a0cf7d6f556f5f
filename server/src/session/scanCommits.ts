// Which commit a path's code anchors were recorded at, from the component's versions (operation 9;
// entry fields are our choice, see SCAN_ENTRY_LISTS_PATHS in common/src/api/choices.ts): a SCAN_OUTPUT
// path belongs to the scan that lists it, an override to the commit of its BYO_PATH_ADDED event.
import { VERSIONS_PAGE, type VersionEntry, type VersionsResponse } from '../../../common/src/api';

/** path id → commit SHA (as the service spells it: full or a unique prefix). */
export function commitsByPath(versions: readonly VersionEntry[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of versions) {
    if (v.kind === 'BYO_PATH_ADDED' && v.path_id !== undefined && !out.has(v.path_id))
      out.set(v.path_id, v.commit_sha); // newest first: the first event for an id is its latest
    else if (v.kind === 'SCAN')
      for (const id of v.path_ids ?? []) if (!out.has(id)) out.set(id, v.commit_sha);
  }
  return out;
}

/** The newest scanned commit (for paths no entry names: a service that lists no path ids). */
export function latestScanCommit(versions: readonly VersionEntry[]): string | undefined {
  let best: VersionEntry | undefined;
  for (const v of versions) if (v.kind === 'SCAN' && (!best || v.committed_at > best.committed_at)) best = v;
  return best?.commit_sha;
}

/** Pages read at most per component: 10 × 1,000 versions (newest first) covers every realistic history. */
const MAX_PAGES = 10;

export interface ScanCommits {
  byPath: Map<string, string>;
  latest?: string;
  /** Every scanned commit read, newest first: a repair may record a path at another of them. */
  scans: string[];
}

/** The scanned commits among `versions`, newest first. */
export function scannedCommits(versions: readonly VersionEntry[]): string[] {
  return versions
    .filter((v) => v.kind === 'SCAN')
    .sort((a, b) => (a.committed_at < b.committed_at ? 1 : a.committed_at > b.committed_at ? -1 : 0))
    .map((v) => v.commit_sha);
}

/**
 * Reads a component's versions page by page (newest first) until every path in `pathIds` has its
 * commit and the latest scan is known, or the history ends.
 */
export async function readScanCommits(
  getPage: (page: { limit: number; offset: number }) => Promise<VersionsResponse>,
  pathIds: { keys(): Iterable<string> },
): Promise<ScanCommits> {
  const all: VersionEntry[] = [];
  const limit = VERSIONS_PAGE.max;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await getPage({ limit, offset: all.length });
    all.push(...r.versions);
    const byPath = commitsByPath(all);
    const done = everyKey(pathIds, (id) => byPath.has(id)) && latestScanCommit(all) !== undefined;
    const end =
      r.versions.length === 0 ||
      r.totalCount === undefined ||
      all.length >= r.totalCount ||
      r.versions.length < (r.limit ?? limit);
    if (done || end) return { byPath, latest: latestScanCommit(all), scans: scannedCommits(all) };
  }
  return { byPath: commitsByPath(all), latest: latestScanCommit(all), scans: scannedCommits(all) };
}

function everyKey(keys: { keys(): Iterable<string> }, test: (key: string) => boolean): boolean {
  for (const k of keys.keys()) if (!test(k)) return false;
  return true;
}
