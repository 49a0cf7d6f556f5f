// A laid-out graph as it travels: the language server lays the graph out (elkjs in a child process) and
// sends the boxes and routes with the graph; the extension passes them to the webview, which draws on
// them. Both the extension's message check and the page's check it against this schema, and the page
// checks that it covers the graph before drawing on it.
import { Type, type Static } from '@sinclair/typebox';
import { GraphDirectionSchema, Id } from '../graphSchemas';
import type { GraphResult } from '../protocol';
import { crossingBundles } from './bundles';
import type { Laid } from './layout';

/** Left to right (a wide panel) or top to bottom (a narrow one). */
export type GraphDirection = Static<typeof GraphDirectionSchema>;

/** What a layout's boxes are made of: every component, boundary and row in order, and the direction. */
export function graphShape(g: GraphResult, direction: GraphDirection): string {
  return JSON.stringify([
    direction,
    g.nodes.map((n) => [
      n.id,
      n.expanded,
      n.boundaries.map((b) => [b.id, b.moreFields > 0, b.fields.map((f) => f.id)]),
    ]),
  ]);
}

// Bounds a drawable graph stays well within (the server bounds what it sends to a few hundred boxes).
const MAX_BOXES = 20_000;
const MAX_EDGES = 50_000;
const MAX_POINTS = 2_000;

const Coord = Type.Number({ minimum: -1e7, maximum: 1e7 });
const Point = Type.Object({ x: Coord, y: Coord });
const Box = Type.Object({ x: Coord, y: Coord, width: Coord, height: Coord });

export const GraphLayoutSchema = Type.Object({
  direction: GraphDirectionSchema,
  /**
   * Laid out by elkjs for this graph (`new`), or before it was asked for, as the link that opened it was
   * shown (`ahead`), or the server's kept layout of its shape (`kept`), or one kept from an earlier
   * session (`stored`).
   */
  made: Type.Union([
    Type.Literal('new'),
    Type.Literal('ahead'),
    Type.Literal('kept'),
    Type.Literal('stored'),
  ]),
  nodes: Type.Array(Type.Tuple([Id, Box]), { maxItems: MAX_BOXES }),
  boundaries: Type.Array(Type.Tuple([Id, Box]), { maxItems: MAX_BOXES }),
  /** Each edge's route by id, bundles' and bundled crossings' too. */
  routes: Type.Array(Type.Tuple([Id, Type.Array(Point, { maxItems: MAX_POINTS })]), { maxItems: MAX_EDGES }),
  width: Coord,
  height: Coord,
});
export type GraphLayout = Static<typeof GraphLayoutSchema>;

/** A layout as it travels (plain arrays). */
export function layoutToWire(l: Laid, direction: GraphDirection, made: GraphLayout['made']): GraphLayout {
  return {
    direction,
    made,
    nodes: [...l.nodes],
    boundaries: [...l.boundaries],
    routes: [...l.edges],
    width: l.width,
    height: l.height,
  };
}

/**
 * The layout to draw `g` on, when it has a box for every component and every expanded component's
 * boundary (else undefined: it is not `g`'s layout); the bundles are `g`'s that have a route.
 */
export function layoutFromWire(g: GraphResult, w: GraphLayout): Laid | undefined {
  const laid: Laid = {
    nodes: new Map(w.nodes),
    boundaries: new Map(w.boundaries),
    edges: new Map(w.routes),
    bundles: [],
    width: w.width,
    height: w.height,
  };
  for (const n of g.nodes) {
    if (!laid.nodes.has(n.id)) return undefined;
    if (n.expanded) for (const b of n.boundaries) if (!laid.boundaries.has(b.id)) return undefined;
  }
  laid.bundles = crossingBundles(g).filter((b) => laid.edges.has(b.id));
  return laid;
}
