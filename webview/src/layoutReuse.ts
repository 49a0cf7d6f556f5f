// A layout kept for the next graph: a filter that only hides edges (a mapping kind unticked) or ticks
// them back sends a graph with the same boxes, and drawing it on the kept positions skips elkjs and
// keeps everything where the user saw it. Anything the boxes depend on (components, expanded or not,
// boundaries, field rows, the direction) or an edge the kept layout has no route for means a new layout.
import type { GraphEdge, GraphResult } from '../../common/src/protocol';
import { crossingBundles } from './bundles';
import type { Laid, LayoutDirection } from './layout';

/** What the layout's boxes are made of: every component, boundary and row in order, and the direction. */
export function shapeKey(g: GraphResult, direction: LayoutDirection): string {
  return JSON.stringify([
    direction,
    g.nodes.map((n) => [
      n.id,
      n.expanded,
      n.boundaries.map((b) => [b.id, b.moreFields > 0, b.fields.map((f) => f.id)]),
    ]),
  ]);
}

const ends = (e: Pick<GraphEdge, 'source' | 'target' | 'kind'>) => `${e.kind} ${e.source}>${e.target}`;

interface Kept {
  key: string;
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
      key: shapeKey(g, direction),
      edges: new Map(g.edges.map((e) => [e.id, ends(e)])),
      bundles: new Map(laid.bundles.map((b) => [b.id, `${b.source}>${b.target}`])),
      laid,
    };
  }

  /**
   * The kept layout for `g`, when `g` has the kept graph's shape and only edges the kept graph had
   * (same ends) and bundles it laid out (same ends): the kept boxes, and the kept routes of `g`'s edges
   * and bundles. Otherwise undefined: `g` needs a layout of its own.
   */
  reuse(g: GraphResult, direction: LayoutDirection): Laid | undefined {
    const k = this.kept;
    if (!k || k.key !== shapeKey(g, direction)) return undefined;
    for (const e of g.edges) if (k.edges.get(e.id) !== ends(e)) return undefined;
    const bundles = crossingBundles(g);
    for (const b of bundles) if (k.bundles.get(b.id) !== `${b.source}>${b.target}`) return undefined;
    const wanted = new Set([...g.edges.map((e) => e.id), ...bundles.map((b) => b.id)]);
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
