// Which commit a path's code anchors were recorded at, from the component's versions (operation 9;
// entry fields are our choice, see SCAN_ENTRY_LISTS_PATHS in common/src/api/choices.ts): a SCAN_OUTPUT
// path belongs to the scan that lists it, an override to the commit of its BYO_PATH_ADDED event.
import type { VersionEntry } from '../../../common/src/api';

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
