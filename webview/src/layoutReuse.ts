// A layout kept for the next graph: a filter that only hides edges (a mapping kind unticked) or ticks
// them back sends a graph with the same boxes, and drawing it on the kept positions skips elkjs and
// keeps everything where the user saw it. Anything the boxes depend on (components, expanded or not,
// boundaries, field rows, the direction) or an edge the kept layout has no route for means a new layout.
// A kept layout also travels (`KeptLayout`): the extension keeps the last few and hands one of the
// graph's shape to a new page, which adopts it and is held to the same checks.
import { graphShape, type KeptLayout } from '../../common/src/graphLayout';
import type { GraphEdge, GraphResult } from '../../common/src/protocol';
import { crossingBundles } from './bundles';
import type { Laid, LayoutDirection } from './layout';

const ends = (e: Pick<GraphEdge, 'source' | 'target' | 'kind'>) => `${e.kind} ${e.source}>${e.target}`;

interface Kept {
  key: string;
  direction: LayoutDirection;
  /** Each edge of the kept graph by id: its kind and ends. */
  edges: Map<string, string>;
  /** Each bundle laid out by id: the boundary or component it leaves and enters. */
  bundles: Map<string, string>;
  laid: Laid;
}

export class LayoutReuse {
  private kept: Kept | undefined;

  /** A graph just laid out by elkjs: later graphs of its shape may be drawn on it. */
  keep(g: GraphResult, direction: LayoutDirection, laid: Laid): void {
    this.kept = {
      key: graphShape(g, direction),
      direction,
      edges: new Map(g.edges.map((e) => [e.id, ends(e)])),
      bundles: new Map(laid.bundles.map((b) => [b.id, `${b.source}>${b.target}`])),
      laid,
    };
  }

  /** The kept layout as it travels to the extension (plain arrays, no graph). */
  exported(): KeptLayout | undefined {
    const k = this.kept;
    if (!k) return undefined;
    return {
      shape: k.key,
      direction: k.direction,
      edgeEnds: [...k.edges],
      bundleEnds: [...k.bundles],
      nodes: [...k.laid.nodes],
      boundaries: [...k.laid.boundaries],
      routes: [...k.laid.edges],
      width: k.laid.width,
      height: k.laid.height,
    };
  }

  /**
   * A layout kept by the extension from an earlier page: kept here as if elkjs had just made it, so
   * `reuse` draws a graph of its shape on it (and only such a graph).
   */
  adopt(k: KeptLayout): void {
    this.kept = {
      key: k.shape,
      direction: k.direction,
      edges: new Map(k.edgeEnds),
      bundles: new Map(k.bundleEnds),
      laid: {
        nodes: new Map(k.nodes),
        boundaries: new Map(k.boundaries),
        edges: new Map(k.routes),
        bundles: [],
        width: k.width,
        height: k.height,
      },
    };
  }

  /**
   * The kept layout for `g`, when `g` has the kept graph's shape and only edges the kept graph had
   * (same ends) and bundles it laid out (same ends): the kept boxes, and the kept routes of `g`'s edges
   * and bundles. Otherwise undefined: `g` needs a layout of its own.
   */
  reuse(g: GraphResult, direction: LayoutDirection): Laid | undefined {
    const k = this.kept;
    if (!k || k.key !== graphShape(g, direction)) return undefined;
    for (const e of g.edges) if (k.edges.get(e.id) !== ends(e)) return undefined;
    const bundles = crossingBundles(g);
    for (const b of bundles) if (k.bundles.get(b.id) !== `${b.source}>${b.target}`) return undefined;
    const wanted = new Set([...g.edges.map((e) => e.id), ...bundles.map((b) => b.id)]);
    // Every box of the shape must have its position (an adopted layout came from elsewhere).
    for (const n of g.nodes) {
      if (!k.laid.nodes.has(n.id)) return undefined;
      if (n.expanded) for (const b of n.boundaries) if (!k.laid.boundaries.has(b.id)) return undefined;
    }
    return {
      nodes: k.laid.nodes,
      boundaries: k.laid.boundaries,
      edges: new Map([...k.laid.edges].filter(([id]) => wanted.has(id))),
      bundles,
      width: k.laid.width,
      height: k.laid.height,
    };
  }

  forget(): void {
    this.kept = undefined;
  }
}
