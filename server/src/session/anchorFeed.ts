// Turns loaded components into the anchor index's entries: every code anchor of every path of every
// CODE component. A malformed path is skipped (and reported once), never the whole component. Built in
// slices that yield to the event loop: one component can have 100,000 anchored paths.
import type { ComponentDetail, LineagePath } from '../../../common/src/api';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
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
        // What a path's anchors share, once per path.
        let shared: PathShared | undefined;
        for (const anchor of path.code_anchors ?? []) {
          if (!anchor || typeof anchor.anchor_id !== 'string')
            throw new Error('code anchor without anchor_id');
          shared ??= new PathShared(
            c.id,
            path.path_id,
            path,
            component,
            commitOf(c.id, path.path_id),
            withScans,
          );
          out.push(new FeedEntry(anchor, shared));
        }
      } catch (err) {
        log.warnOnce(`Component ${c.id}: path ${i} skipped (${(err as Error).message}).`);
      }
    }
  }
  return out;
}

/**
 * What all anchors of one path share: ids, commits, names for messages and the boundaries' names.
 * One object per path, so an anchor's entry is two fields. The label is made when a message asks for
 * it: made for every path up front, a label per path would be held for the few anchors that get a
 * message.
 */
class PathShared implements AnchorNames, BoundaryNames {
  // The boundaries' names as fields of this object, not one more object per path.
  readonly egress: string | undefined;
  readonly ingress: string | undefined;

  constructor(
    readonly componentId: string,
    readonly pathId: string,
    private readonly of: LineagePath,
    readonly component: string,
    readonly commit: string | undefined,
    readonly scans: readonly string[] | undefined,
  ) {
    const b = boundaryNames(of);
    this.egress = b.egress;
    this.ingress = b.ingress;
  }

  get path(): string {
    return shortPathLabel(this.of);
  }

  get lineage(): LineagePath {
    return this.of;
  }

  toJSON(): AnchorNames {
    return { path: this.path, component: this.component };
  }
}

/**
 * One anchor's entry: the anchor and what its path shares. The expected names are found when asked
 * (each answer a fresh array): held per anchor, they were two arrays for every anchor loaded, while
 * the index asks for them only when it checks names.
 */
class FeedEntry implements AnchorEntry {
  constructor(
    readonly anchor: PathCodeAnchor,
    private readonly shared: PathShared,
  ) {}

  get componentId(): string {
    return this.shared.componentId;
  }
  get pathId(): string {
    return this.shared.pathId;
  }
  get commit(): string | undefined {
    return this.shared.commit;
  }
  get scans(): readonly string[] | undefined {
    return this.shared.scans;
  }
  get names(): AnchorNames {
    return this.shared;
  }
  get expectedNames(): string[] {
    return expectedNamesFor(this.anchor, this.shared.lineage, this.shared);
  }
  get otherNames(): string[] | undefined {
    return otherNamesFor(this.anchor, this.shared.lineage, this.shared);
  }

  toJSON(): AnchorEntry {
    const otherNames = this.otherNames; // found anew at each read
    return {
      componentId: this.componentId,
      pathId: this.pathId,
      anchor: this.anchor,
      expectedNames: this.expectedNames,
      ...(otherNames ? { otherNames } : {}),
      ...(this.commit ? { commit: this.commit } : {}),
      ...(this.scans ? { scans: this.scans } : {}),
      names: this.names,
    };
  }
}
