// Turns loaded components into the anchor index's entries: every code anchor of every path of every
// CODE component. A malformed path is skipped (and reported once), never the whole component. Built in
// slices that yield to the event loop: one component can have 100,000 anchored paths.
import type { ComponentDetail, LineagePath } from '../../../common/src/api';
import type { AnchorEntry, AnchorNames } from '../anchors/types';
import { boundaryNames, expectedNamesFor, otherNamesFor, type BoundaryNames } from '../anchors/expectedNames';
import type { OnceLogger } from '../util/log';
import { shortPathLabel } from '../domain/pathSummary';
import { TimeSlicer } from '../util/timeSlices';
import { componentLabel } from '../../../common/src/componentLabel';

export async function anchorEntries(
  components: readonly ComponentDetail[],
  log: OnceLogger,
  commitOf: (componentId: string, pathId: string) => string | undefined = () => undefined,
  scansOf: (componentId: string) => readonly string[] | undefined = () => undefined,
): Promise<AnchorEntry[]> {
  const out: AnchorEntry[] = [];
  const slicer = new TimeSlicer();
  for (const c of components) {
    if (c.type !== 'CODE' || !Array.isArray(c.paths)) continue;
    const scans = scansOf(c.id);
    const withScans = scans?.length ? scans : undefined;
    const component = componentLabel(c);
    for (let i = 0; i < c.paths.length; i++) {
      const path = c.paths[i]!;
      if (slicer.tick()) await slicer.pause();
      try {
        if (!path.path_id) throw new Error('path without path_id');
        const commit = commitOf(c.id, path.path_id);
        const names = new PathNames(path, component);
        // The boundaries' names, once per path (at its first anchor), not per anchor.
        let boundaries: BoundaryNames | undefined;
        for (const anchor of path.code_anchors ?? []) {
          if (!anchor || typeof anchor.anchor_id !== 'string')
            throw new Error('code anchor without anchor_id');
          boundaries ??= boundaryNames(path);
          // Every member in the literal (undefined when absent), none spread in: no temporary object
          // per member, one shape for all entries, and no second array for members added later.
          const entry: AnchorEntry = {
            componentId: c.id,
            pathId: path.path_id,
            anchor,
            expectedNames: expectedNamesFor(anchor, path, boundaries),
            otherNames: otherNamesFor(anchor, path, boundaries),
            commit,
            scans: withScans,
            names,
          };
          out.push(entry);
        }
      } catch (err) {
        log.warnOnce(`Component ${c.id}: path ${i} skipped (${(err as Error).message}).`);
      }
    }
  }
  return out;
}

/**
 * A path's names for messages, shared by its anchors. The label is made when a message asks for it:
 * made for every path up front, a label per path would be held for the few anchors that get a message.
 */
class PathNames implements AnchorNames {
  constructor(
    private readonly of: LineagePath,
    readonly component: string,
  ) {}

  get path(): string {
    return shortPathLabel(this.of);
  }

  toJSON(): AnchorNames {
    return { path: this.path, component: this.component };
  }
}
