// Layout of a GraphResult with elkjs (layered, left to right, or top to bottom in a narrow panel):
// components are compound nodes holding their boundaries; each field row has a port on both sides so
// field edges meet their rows; crossings between the same two components are laid out as one edge
// (bundles.ts). All coordinates come back absolute (shapeCoords/edgeCoords ROOT), ready for SVG. The
// engine is passed in: the language server runs elkjs in a child process (server/src/graph/
// layoutEngine.ts), the tests run the same layout in-process. The webview only draws the result.
import type { ElkExtendedEdge, ElkNode, ElkPort } from 'elkjs/lib/elk-api';
import type { GraphBoundary, GraphNode, GraphResult } from '../protocol';
import { crossingBundles, memberRoute, type Bundle } from './bundles';

export const ROW = 18;
export const HEADER = 24;
export const NODE_HEADER = 30;
export const BOX_WIDTH = 230;
const COLLAPSED_HEIGHT = 58;
const PAD = 10;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Laid {
  nodes: Map<string, Box>;
  boundaries: Map<string, Box>;
  edges: Map<string, Array<{ x: number; y: number }>>;
  /** Crossings drawn as one edge per component pair (their members' routes are in `edges` too). */
  bundles: Bundle[];
  width: number;
  height: number;
}

export function boundaryHeight(b: GraphBoundary): number {
  return HEADER + b.fields.length * ROW + (b.moreFields > 0 ? ROW : 0) + 4;
}

function boundaryNode(b: GraphBoundary): ElkNode {
  const ports: ElkPort[] = [
    {
      id: `${b.id}:in`,
      x: 0,
      y: HEADER / 2,
      width: 1,
      height: 1,
      layoutOptions: { 'elk.port.side': 'WEST' },
    },
    {
      id: `${b.id}:out`,
      x: BOX_WIDTH,
      y: HEADER / 2,
      width: 1,
      height: 1,
      layoutOptions: { 'elk.port.side': 'EAST' },
    },
  ];
  b.fields.forEach((f, i) => {
    const y = HEADER + i * ROW + ROW / 2;
    ports.push(
      { id: `${f.id}:in`, x: 0, y, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'WEST' } },
      { id: `${f.id}:out`, x: BOX_WIDTH, y, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'EAST' } },
    );
  });
  return {
    id: b.id,
    width: BOX_WIDTH,
    height: boundaryHeight(b),
    ports,
    layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
  };
}

/** Left to right (a wide panel) or top to bottom (a narrow one: components stacked). */
export type LayoutDirection = 'RIGHT' | 'DOWN';

function componentNode(n: GraphNode): ElkNode {
  if (!n.expanded || n.boundaries.length === 0)
    return { id: n.id, width: BOX_WIDTH, height: COLLAPSED_HEIGHT };
  return {
    id: n.id,
    children: n.boundaries.map(boundaryNode),
    layoutOptions: {
      'elk.padding': `[top=${NODE_HEADER},left=${PAD},bottom=${PAD},right=${PAD}]`,
      // Left to right inside a component in both directions: ingress, mappings, egress read as a line,
      // and the component (two columns, about 550 px) still fits a narrow panel at full size.
      'elk.direction': 'RIGHT',
      // Room between a component's ingress and egress columns for its mapping edges to be seen.
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
      'elk.spacing.nodeNode': '16',
    },
  };
}

/** What elkjs is asked to lay out for a graph: a bundle's crossings as one edge, the bundle's. */
export function elkGraph(
  g: GraphResult,
  direction: LayoutDirection = 'RIGHT',
  bundles: readonly Bundle[] = [],
): ElkNode {
  const endpoints = new Map<string, { in: string; out: string }>();
  for (const n of g.nodes) {
    endpoints.set(n.id, { in: n.id, out: n.id });
    for (const b of n.boundaries) {
      endpoints.set(b.id, { in: `${b.id}:in`, out: `${b.id}:out` });
      for (const f of b.fields) endpoints.set(f.id, { in: `${f.id}:in`, out: `${f.id}:out` });
    }
  }
  const edges: ElkExtendedEdge[] = [];
  const bundled = new Set(bundles.flatMap((b) => b.members.map((e) => e.id)));
  for (const b of bundles) {
    const s = endpoints.get(b.source);
    const t = endpoints.get(b.target);
    if (s && t) edges.push({ id: b.id, sources: [s.out], targets: [t.in] });
  }
  for (const e of g.edges) {
    if (bundled.has(e.id)) continue;
    const s = endpoints.get(e.source);
    const t = endpoints.get(e.target);
    if (s && t) edges.push({ id: e.id, sources: [s.out], targets: [t.in] });
  }
  // Compound nodes with field ports need hierarchy-wide routing; a graph of collapsed components
  // (a namespace) does not, and takes the cheapest layered settings so hundreds of edges stay quick.
  const compound = g.nodes.some((n) => n.expanded && n.boundaries.length > 0);
  const large = g.nodes.length > 40;
  const root: ElkNode = {
    id: '__root',
    children: g.nodes.map(componentNode),
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.layered.thoroughness': large ? '1' : '4',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      ...(compound
        ? {
            'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
            'elk.edgeRouting': 'ORTHOGONAL',
            // Many components (the rest collapsed round an expanded few): their edges, which have no
            // ports, share their ends at each box, which makes elkjs quicker and the drawing smaller;
            // field edges keep their rows' ports.
            ...(large ? { 'elk.layered.mergeEdges': 'true' } : {}),
            // Top to bottom, field ports sit on the boxes' sides: placing nodes to straighten those
            // edges shifts each component right of the one before (a staircase wider than the panel);
            // the simple placement keeps them in one column.
            ...(direction === 'DOWN' ? { 'elk.layered.nodePlacement.strategy': 'SIMPLE' } : {}),
          }
        : {
            'elk.edgeRouting': 'POLYLINE',
            'elk.layered.mergeEdges': 'true',
            'elk.layered.layering.strategy': 'LONGEST_PATH',
            'elk.layered.cycleBreaking.strategy': 'GREEDY',
            'elk.layered.crossingMinimization.strategy': 'INTERACTIVE',
            'elk.layered.nodePlacement.strategy': 'SIMPLE',
          }),
    },
  };
  return root;
}

/** elkjs's answer as boxes and edge points by id; each bundled crossing's route along its bundle. */
export function readLayout(out: ElkNode, g?: GraphResult, bundles: readonly Bundle[] = []): Laid {
  const laid: Laid = {
    nodes: new Map(),
    boundaries: new Map(),
    edges: new Map(),
    bundles: [],
    width: out.width ?? 0,
    height: out.height ?? 0,
  };
  for (const c of out.children ?? []) {
    laid.nodes.set(c.id, { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 });
    for (const b of c.children ?? [])
      laid.boundaries.set(b.id, { x: b.x ?? 0, y: b.y ?? 0, width: b.width ?? 0, height: b.height ?? 0 });
  }
  const collect = (n: ElkNode) => {
    for (const e of n.edges ?? []) {
      const pts: Array<{ x: number; y: number }> = [];
      for (const s of e.sections ?? []) {
        pts.push(s.startPoint, ...(s.bendPoints ?? []), s.endPoint);
      }
      if (pts.length) laid.edges.set(e.id, pts);
    }
    for (const c of n.children ?? []) collect(c);
  };
  collect(out);
  if (g && bundles.length) {
    const rows = rowsOf(g, laid);
    for (const b of bundles) {
      const route = laid.edges.get(b.id);
      if (!route) continue;
      laid.bundles.push(b);
      for (const e of b.members) {
        const from = rows.get(e.source)?.out;
        const to = rows.get(e.target)?.in;
        if (from && to) laid.edges.set(e.id, memberRoute(from, route, to));
      }
    }
  }
  return laid;
}

type Point = { x: number; y: number };

/** Where a field's row (or a folded boundary's header) meets an edge, on each side of its box. */
function rowsOf(g: GraphResult, l: Laid): Map<string, { in: Point; out: Point }> {
  const rows = new Map<string, { in: Point; out: Point }>();
  for (const n of g.nodes)
    for (const b of n.boundaries) {
      const bb = l.boundaries.get(b.id);
      if (!bb) continue;
      const at = (y: number) => ({ in: { x: bb.x, y: bb.y + y }, out: { x: bb.x + bb.width, y: bb.y + y } });
      rows.set(b.id, at(HEADER / 2));
      b.fields.forEach((f, i) => rows.set(f.id, at(HEADER + i * ROW + ROW / 2)));
    }
  return rows;
}

export async function layout(
  g: GraphResult,
  elk: { layout(graph: ElkNode): Promise<ElkNode> },
  direction: LayoutDirection = 'RIGHT',
  opts: { bundle?: boolean } = {},
): Promise<Laid> {
  const bundles = opts.bundle === false ? [] : crossingBundles(g);
  return readLayout(await elk.layout(elkGraph(g, direction, bundles)), g, bundles);
}
