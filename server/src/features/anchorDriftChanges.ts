// Which components' drifted anchors changed when the anchors of some files moved (edits, relocation,
// git): the Components view marks drifted anchors and offers their repair, and learns of a change only
// through this (data refreshes are minutes apart). Keeps, per file, the drifted anchors it last saw;
// a change of that set, not of the lines, is what the view shows. A file can hold 100,000 anchors, so
// its anchors are looked at in time slices, and one update runs at a time (a later one waits its turn,
// then compares with what the earlier one saw).
import type { AnchorDrift } from '../anchors';
import { TimeSlicer } from '../util/timeSlices';

/** The narrow view of the anchor index this needs. */
export interface DriftSource {
  /** The drift of each anchor of the file (undefined: not drifted), computed as it is iterated. */
  driftsInFile(uri: string): Iterable<AnchorDrift | undefined>;
}

export class AnchorDriftChanges {
  /** File URI → component id → keys of its drifted anchors there (files without any are absent). */
  private readonly seen = new Map<string, Map<string, Set<string>>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly index: DriftSource) {}

  /** Looks at the anchors of these files again; resolves with the components whose drifted anchors changed. */
  update(uris: readonly string[]): Promise<string[]> {
    const run = this.queue.then(() => this.compare(uris));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async compare(uris: readonly string[]): Promise<string[]> {
    const changed = new Set<string>();
    const slicer = new TimeSlicer();
    for (const uri of uris) {
      const now = new Map<string, Set<string>>();
      for (const d of this.index.driftsInFile(uri)) {
        if (slicer.tick()) await slicer.pause();
        if (!d) continue;
        const { componentId, pathId, anchor } = d.anchor.entry;
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
