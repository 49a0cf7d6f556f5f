// The last few layouts the server made, kept for the next graphs: a filter that only hides edges (a
// mapping kind unticked) or ticks them back sends a graph with the same boxes, and drawing it on the
// kept positions skips elkjs and keeps everything where the user saw it; the panel closed and opened
// again gets the layout it had. Anything the boxes depend on (components, expanded or not, boundaries,
// field rows, the direction) or an edge the kept layout has no route for means a new layout.
import { type GraphDirection, graphShape } from '../../../common/src/graphLayout/wire';
import { crossingBundles } from '../../../common/src/graphLayout/bundles';
import type { Laid } from '../../../common/src/graphLayout/layout';
import type { GraphEdge, GraphResult } from '../../../common/src/protocol';

const ends = (e: Pick<GraphEdge, 'source' | 'target' | 'kind'>) => `${e.kind} ${e.source}>${e.target}`;

export interface KeptLayout {
  /** Each edge of the kept graph by id: its kind and ends. */
  edges: Map<string, string>;
  /** Each bundle laid out by id: the boundary or component it leaves and enters. */
  bundles: Map<string, string>;
  laid: Laid;
}

export class LayoutReuse {
  /** By the graph's shape (`graphShape`), oldest first. */
  private readonly kept = new Map<string, KeptLayout>();

  constructor(private readonly limit = 4) {}

  /**
   * A graph just laid out by elkjs: later graphs of its shape may be drawn on it (the newest of a shape).
   * Returns its shape and what was kept (for the layouts kept across sessions).
   */
  keep(g: GraphResult, direction: GraphDirection, laid: Laid): { shape: string; kept: KeptLayout } {
    const shape = graphShape(g, direction);
    const kept: KeptLayout = {
      edges: new Map(g.edges.map((e) => [e.id, ends(e)])),
      bundles: new Map(laid.bundles.map((b) => [b.id, `${b.source}>${b.target}`])),
      laid,
    };
    this.adopt(shape, kept);
    return { shape, kept };
  }

  /** A layout kept before (a later session reading an earlier one's): as if `keep` had just made it. */
  adopt(shape: string, kept: KeptLayout): void {
    this.kept.delete(shape);
    this.kept.set(shape, kept);
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Whether a layout of this shape (`graphShape`) is kept. */
  has(shape: string): boolean {
    return this.kept.has(shape);
  }

  /**
   * The kept layout for `g`, when a graph of `g`'s shape was laid out and `g` has only edges it had (same
   * ends) and bundles it laid out (same ends): the kept boxes, and the kept routes of `g`'s edges and
   * bundles. Otherwise undefined: `g` needs a layout of its own. `shape`: `g`'s, if the caller has it.
   */
  reuse(g: GraphResult, direction: GraphDirection, shape?: string): Laid | undefined {
    const key = shape ?? graphShape(g, direction);
    const k = this.kept.get(key);
    if (!k) return undefined;
    for (const e of g.edges) if (k.edges.get(e.id) !== ends(e)) return undefined;
    const bundles = crossingBundles(g);
    for (const b of bundles) if (k.bundles.get(b.id) !== `${b.source}>${b.target}`) return undefined;
    const wanted = new Set([...g.edges.map((e) => e.id), ...bundles.map((b) => b.id)]);
    // The most recently used is the last one dropped.
    this.kept.delete(key);
    this.kept.set(key, k);
    return {
      nodes: k.laid.nodes,
      boundaries: k.laid.boundaries,
      edges: new Map([...k.laid.edges].filter(([id]) => wanted.has(id))),
      bundles,
      width: k.laid.width,
      height: k.laid.height,
    };
  }

  get size(): number {
    return this.kept.size;
  }

  forget(): void {
    this.kept.clear();
  }
}
