// A laid-out graph as it travels between the graph webview and the extension: the page sends each
// layout elkjs made, the extension keeps the last few in memory and hands those of the graph's shape to
// a new page (the panel closed and opened again, or hidden and shown), which draws on them at once.
// Both sides check it against this schema; the page also checks the shape again before using it.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './graphSchemas';
import type { GraphResult } from './protocol';

/** Left to right (a wide panel) or top to bottom (a narrow one). */
export type GraphDirection = 'RIGHT' | 'DOWN';

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
const MAX_SHAPE = 8 * 1_048_576;
const MAX_BOXES = 20_000;
const MAX_EDGES = 50_000;
const MAX_POINTS = 2_000;

const Coord = Type.Number({ minimum: -1e7, maximum: 1e7 });
const Point = Type.Object({ x: Coord, y: Coord });
const Box = Type.Object({ x: Coord, y: Coord, width: Coord, height: Coord });
/** An edge's or a bundle's id and its ends (`kind source>target`, `source>target`). */
const Ends = Type.Tuple([Id, Type.String({ maxLength: 10_000 })]);

export const KeptLayoutSchema = Type.Object({
  shape: Type.String({ minLength: 1, maxLength: MAX_SHAPE }),
  direction: Type.Union([Type.Literal('RIGHT'), Type.Literal('DOWN')]),
  edgeEnds: Type.Array(Ends, { maxItems: MAX_EDGES }),
  bundleEnds: Type.Array(Ends, { maxItems: MAX_EDGES }),
  nodes: Type.Array(Type.Tuple([Id, Box]), { maxItems: MAX_BOXES }),
  boundaries: Type.Array(Type.Tuple([Id, Box]), { maxItems: MAX_BOXES }),
  routes: Type.Array(Type.Tuple([Id, Type.Array(Point, { maxItems: MAX_POINTS })]), { maxItems: MAX_EDGES }),
  width: Coord,
  height: Coord,
});
export type KeptLayout = Static<typeof KeptLayoutSchema>;
