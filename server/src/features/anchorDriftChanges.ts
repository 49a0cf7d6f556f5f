// Which components' drifted anchors changed when the anchors of some files moved (edits, relocation,
// git): the Components view marks drifted anchors and offers their repair, and learns of a change only
// through this (data refreshes are minutes apart). Keeps, per file, the drifted anchors it last saw;
// a change of that set, not of the lines, is what the view shows.
import type { AnchorDrift, TrackedAnchor } from '../anchors';

/** The narrow view of the anchor index this needs. */
export interface DriftSource {
  anchorsInFile(uri: string): TrackedAnchor[];
  drift(componentId: string, pathId: string, anchorId: string): AnchorDrift | undefined;
}

export class AnchorDriftChanges {
  /** File URI → component id → keys of its drifted anchors there (files without any are absent). */
  private readonly seen = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly index: DriftSource) {}

  /** Looks at the anchors of these files again; returns the components whose drifted anchors changed. */
  update(uris: readonly string[]): string[] {
    const changed = new Set<string>();
    for (const uri of uris) {
      const now = new Map<string, Set<string>>();
      for (const t of this.index.anchorsInFile(uri)) {
        const { componentId, pathId, anchor } = t.entry;
        if (!this.index.drift(componentId, pathId, anchor.anchor_id)) continue;
        let keys = now.get(componentId);
        if (!keys) now.set(componentId, (keys = new Set()));
        keys.add(JSON.stringify([pathId, anchor.anchor_id]));
      }
      const before = this.seen.get(uri) ?? new Map<string, Set<string>>();
      for (const id of new Set([...before.keys(), ...now.keys()])) {
        const a = before.get(id);
        const b = now.get(id);
        if (a?.size !== b?.size || [...(a ?? [])].some((k) => !b?.has(k))) changed.add(id);
      }
      if (now.size) this.seen.set(uri, now);
      else this.seen.delete(uri);
    }
    return [...changed];
  }
}
