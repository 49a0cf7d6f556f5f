// The lineage graph as the server holds it, derived from the cache (component details and the edges of
// operation 12) and rebuilt only when the cache changes: built by modelBuilder.ts (in time slices when
// asked), held here with its arcs packed per direction (arcs.ts) and the arrays walks work in.
// modelCache.ts keeps the one for the cache as it is now.
import type { ComponentDetail } from '../../../common/src/api';
import {
  ARC_CROSSING,
  arcKindOf,
  packArcs,
  type Arc,
  type ArcArrays,
  type ArcList,
  type WalkScratch,
} from './arcs';
import { FieldTable } from './fieldTable';
import { ModelBuilder } from './modelBuilder';
import type { BoundaryModel, ComponentModel, FieldSet } from './modelTypes';
import { TimeSlicer } from '../util/timeSlices';

export type { BoundaryModel, ComponentModel, PathModel, Role } from './modelTypes';
export type { FieldNode } from './fieldTable';

export interface ModelOptions {
  /** Built in slices by finish() (else at once). */
  sliced?: boolean;
  /**
   * The fields' applied and depends-on tags (hovers, the graph's tag filter, agents). A run that only
   * walks the lineage (`lineage-lens impact`) leaves them out: a quarter of the build.
   */
  tags?: boolean;
}

export class LineageModel {
  readonly components = new Map<string, ComponentModel>();
  readonly boundaries = new Map<string, BoundaryModel>();
  /** The field nodes (0 … fields.length - 1; the walks' nodes after them are hubs). */
  readonly fields = new FieldTable();
  /** Component adjacency: operation 12 edges plus links implied by crossings. */
  readonly compOut = new Map<string, Set<string>>();
  readonly compIn = new Map<string, Set<string>>();
  /** Tag name → field nodes carrying it (applied or depended on). */
  readonly fieldsByTag = new Map<string, FieldSet>();
  /**
   * Per field node, the index in pathIdList of the first path mapping it (to open its document and
   * anchor), or -1.
   */
  private fieldPaths: Int32Array = new Int32Array(0);
  /** Components in a list, and each field's place in it (impact counts per component in an array). */
  readonly componentList: ComponentModel[] = [];
  private fieldComponents: Int32Array | undefined;
  private readonly packed: Partial<Record<'down' | 'up', ArcArrays>> = {};
  private readonly scratch: Partial<Record<'down' | 'up', WalkScratch>> = {};
  /** The build's arcs until both directions are packed; the path ids they name; the hubs after the fields. */
  private arcList: ArcList | undefined;
  private pathIdList: readonly string[] = [];
  private hubCount = 0;

  /** The build's remaining steps while it is made in slices (`sliced`), until finished. */
  private pending: Generator<void, void> | undefined;
  private finishing: Promise<void> | undefined;

  /**
   * Built at once, or with `sliced` only by finish(), in slices that yield to the event loop (a
   * component can have 100,000 paths: seconds of work).
   */
  constructor(
    details: readonly ComponentDetail[],
    edges: readonly { sourceComponentId: string; destinationComponentId: string }[],
    opts?: ModelOptions,
  ) {
    this.pending = new ModelBuilder(this, opts?.tags ?? true).steps(details, edges);
    if (!opts?.sliced) this.finishNow();
  }

  /** A field's node by its id (`boundary id#field path`, protocol.ts fieldId). */
  fieldIndexOf(id: string): number | undefined {
    // A boundary id never holds '#' (its parts are URI-encoded): the first one ends it.
    const hash = typeof id === 'string' ? id.indexOf('#') : -1;
    if (hash < 0) return undefined;
    const b = this.boundaries.get(id.slice(0, hash));
    return b && this.fields.find(b, id.slice(hash + 1));
  }

  /** The id of the first path mapping a field (undefined when no path maps it). */
  pathOfField(i: number): string | undefined {
    return this.pathIdAt(this.fieldPaths[i] ?? -1);
  }

  /** Whether the build is complete (a sliced one, once finish() has run to its end). */
  get finished(): boolean {
    return this.pending === undefined;
  }

  /** Finishes the build in slices; calls while one runs share it. */
  finish(): Promise<void> {
    if (!this.pending) return Promise.resolve();
    return (this.finishing ??= (async () => {
      const slicer = new TimeSlicer();
      while (this.pending) {
        if (this.pending.next().done) this.pending = undefined;
        else if (slicer.tick()) await slicer.pause();
      }
    })());
  }

  private finishNow(): void {
    while (this.pending) if (this.pending.next().done) this.pending = undefined;
  }

  /**
   * The builder's arcs, once it has made them all (packed by arcs(), then released), the path ids they
   * name, and each field's first path (an index into those).
   */
  adoptArcs(list: ArcList, pathIds: readonly string[], hubs: number, fieldPaths: Int32Array): void {
    this.arcList = list;
    this.pathIdList = pathIds;
    this.hubCount = hubs;
    this.fieldPaths = fieldPaths;
  }

  /**
   * The arcs of one direction packed into typed arrays, each field's arcs in the order they were made
   * (packed once the build has made them all, then kept).
   */
  arcs(direction: 'down' | 'up'): ArcArrays {
    let packed = this.packed[direction];
    if (!packed) {
      const list = this.arcList;
      if (!list) throw new Error('the arcs were released before both directions were packed');
      this.packed[direction] = packed = packArcs(list, this.nodeCount, direction);
      if (this.packed.down && this.packed.up) this.arcList = undefined;
    }
    return packed;
  }

  /** Fields and hubs: the nodes a walk goes through (a node ≥ fields.length is a hub). */
  get nodeCount(): number {
    return this.fields.length + this.hubCount;
  }

  /** The path id an arc's `path` index names (undefined for a crossing's -1). */
  pathIdAt(index: number): string | undefined {
    return index < 0 ? undefined : this.pathIdList[index];
  }

  /**
   * Every arc from (down) or into (up) one field to a field, hubs passed through (a hub stands for an
   * arc per pair: from a source's hub, through a destination's, to each field of its path), with its
   * kind code and path index; an arc through a hub is a crossing (ARC_CROSSING, path -1).
   */
  forEachFieldArc(
    v: number,
    direction: 'down' | 'up',
    each: (to: number, kind: number, path: number) => void,
  ): void {
    const { start, to, kind, path } = this.arcs(direction);
    const fields = this.fields.length;
    // Hubs lead to hubs at most twice (source's, destination's): a small stack, no recursion.
    const stack = [v];
    while (stack.length) {
      const u = stack.pop()!;
      for (let a = start[u]!; a < start[u + 1]!; a++) {
        const w = to[a]!;
        if (w >= fields) stack.push(w);
        else if (u === v) each(w, kind[a]!, path[a]!);
        else each(w, ARC_CROSSING, -1);
      }
    }
  }

  /** The arcs from (down) or into (up) one field as objects (forEachFieldArc): for a few fields, not for walks. */
  arcsOf(v: number, direction: 'down' | 'up'): Arc[] {
    const out: Arc[] = [];
    this.forEachFieldArc(v, direction, (w, k, p) => {
      const arc: Arc = { to: w, kind: arcKindOf(k) };
      const pathId = this.pathIdAt(p);
      if (pathId !== undefined) arc.pathId = pathId;
      out.push(arc);
    });
    return out;
  }

  walkScratch(direction: 'down' | 'up'): WalkScratch {
    const n = this.nodeCount;
    return (this.scratch[direction] ??= {
      hops: new Int32Array(n).fill(-1),
      kinds: new Uint8Array(n),
      order: new Int32Array(this.fields.length),
      count: 0,
      hubs: new Int32Array(this.hubCount),
      hubCount: 0,
      stack: new Int32Array(n),
      queued: new Uint8Array(n),
      codes: new Uint8Array(n),
      levels: [new Int32Array(n), new Int32Array(n)],
    });
  }

  /** Each field's component as its index in componentList. */
  componentIndexes(): Int32Array {
    if (!this.fieldComponents) {
      const index = new Map(this.componentList.map((c, i) => [c.detail.id, i]));
      const out = new Int32Array(this.fields.length);
      for (const c of this.componentList) {
        const at = index.get(c.detail.id)!;
        for (const b of c.boundaries) out.fill(at, b.firstField, b.firstField + b.fieldCount);
      }
      this.fieldComponents = out;
    }
    return this.fieldComponents;
  }

  componentOfField(i: number): ComponentModel | undefined {
    return this.components.get(this.fields.componentId(i));
  }
}
