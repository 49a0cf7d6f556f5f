// Crossings between the same two components drawn as one edge: a neighbourhood where each field that
// crosses had its own edge drew dozens of long parallel lines looping round the boxes. Outside field
// mode the pair's crossings are one bundle, laid out as one edge, with the number of fields on it;
// each crossing keeps a route of its own along the bundle (from its field's row to the bundle's start,
// along it, and from its end to the other field's row), shown in field mode.
import type { GraphEdge, GraphResult } from '../protocol';
import { counted } from '../countWords';

export interface Bundle {
  /** `bundle:<source component>><target component>`. */
  id: string;
  sourceNode: string;
  targetNode: string;
  /** What the bundle is laid out from and to: the one boundary all its crossings leave (enter), else the component. */
  source: string;
  target: string;
  /** The crossings it stands for, in the graph's order. */
  members: GraphEdge[];
  /** How many field flows it carries (a crossing folded to a boundary counts each of its flows). */
  count: number;
}

export interface Where {
  node: string;
  boundary?: string;
}

/** Where each endpoint id of a graph (component, boundary, field) is drawn. */
export function endpointsOf(g: GraphResult): Map<string, Where> {
  const at = new Map<string, Where>();
  for (const n of g.nodes) {
    at.set(n.id, { node: n.id });
    for (const b of n.boundaries) {
      at.set(b.id, { node: n.id, boundary: b.id });
      for (const f of b.fields) at.set(f.id, { node: n.id, boundary: b.id });
    }
  }
  return at;
}

export function bundleId(sourceNode: string, targetNode: string): string {
  return `bundle:${sourceNode}>${targetNode}`;
}

/**
 * The crossings of a graph grouped by component pair, for pairs joined by two crossings or more (a
 * single crossing is drawn as itself, to its fields' rows). Crossings whose ends are not drawn are left
 * out, as the layout leaves them out.
 */
export function crossingBundles(g: GraphResult): Bundle[] {
  const at = endpointsOf(g);
  const byPair = new Map<string, Bundle>();
  for (const e of g.edges) {
    if (e.kind !== 'crossing') continue;
    const s = at.get(e.source);
    const t = at.get(e.target);
    if (!s || !t || s.node === t.node) continue;
    const id = bundleId(s.node, t.node);
    let b = byPair.get(id);
    if (!b) {
      b = {
        id,
        sourceNode: s.node,
        targetNode: t.node,
        source: s.boundary ?? s.node,
        target: t.boundary ?? t.node,
        members: [],
        count: 0,
      };
      byPair.set(id, b);
    }
    // Crossings leaving (entering) more than one boundary of the component: the component's edge.
    if (b.source !== (s.boundary ?? s.node)) b.source = s.node;
    if (b.target !== (t.boundary ?? t.node)) b.target = t.node;
    b.members.push(e);
    b.count += e.count ?? 1;
  }
  return [...byPair.values()].filter((b) => b.members.length > 1);
}

/** The words on a bundle: how many fields cross. */
export function bundleLabel(b: Bundle): string {
  return counted(b.count, 'field');
}

/** The tooltip's and the details' lines: the pair, then each crossing (field → field). */
export function bundleLines(g: GraphResult, b: Bundle, max = 20): string[] {
  const names = new Map<string, string>();
  const labels = new Map<string, string>();
  for (const n of g.nodes) {
    labels.set(n.id, n.label);
    for (const bd of n.boundaries) {
      names.set(bd.id, bd.label);
      for (const f of bd.fields) names.set(f.id, f.name);
    }
  }
  const name = (id: string) => names.get(id) ?? labels.get(id) ?? id;
  const lines = [
    `${bundleLabel(b)} cross from ${labels.get(b.sourceNode) ?? b.sourceNode} to ${labels.get(b.targetNode) ?? b.targetNode}`,
    ...b.members.slice(0, max).map((e) => `${name(e.source)} → ${name(e.target)}`),
  ];
  if (b.members.length > max) lines.push(`+${b.members.length - max} more`);
  return lines;
}

type Point = { x: number; y: number };

/** How far from a field's row a crossing turns towards its bundle. */
const STUB = 6;

/**
 * A crossing's own route along its bundle's: out of its field's row, into the bundle's line, along it,
 * and out of it into the other field's row. The bundle's first and last segments leave and enter the
 * boxes' sides (orthogonal routing), so the crossing turns a few pixels out of each box.
 */
export function memberRoute(from: Point, bundle: readonly Point[], to: Point): Point[] {
  if (bundle.length < 2) return [from, to];
  const first = bundle[0]!;
  const last = bundle[bundle.length - 1]!;
  const out = from.x + STUB * Math.sign(bundle[1]!.x - first.x || 1);
  const into = to.x - STUB * Math.sign(last.x - bundle[bundle.length - 2]!.x || 1);
  return [
    from,
    { x: out, y: from.y },
    { x: out, y: first.y },
    ...bundle.slice(1, -1),
    { x: into, y: last.y },
    { x: into, y: to.y },
    to,
  ];
}
