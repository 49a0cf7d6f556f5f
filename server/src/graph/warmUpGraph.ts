// The graphs the layout process is warmed up with: shaped like a real neighbourhood (one component
// expanded into boundaries with field ports, mappings between its fields, collapsed neighbours joined
// by component edges and by edges from its fields), since elkjs's first large layout in a fresh process
// is slow until the code such a graph goes through has been optimised; a graph of two boxes loads elkjs
// but leaves that code cold. Small, and laid out several times one after another (graphLayouts.ts), so
// a click during the warm-up waits for one small layout at most, never for a large one.
import type { GraphBoundary, GraphNode, GraphResult } from '../../../common/src/protocol';

const BOUNDARIES = 4;
const FIELDS_PER_BOUNDARY = 1;
const NEIGHBOURS = 6;
/** How many times the warm-up graph is laid out: what it takes for a large graph's first layout to run warm. */
export const WARM_UP_ROUNDS = 8;

function boundary(id: string, role: 'ingress' | 'egress'): GraphBoundary {
  return {
    id,
    label: id,
    roles: [role],
    fields: Array.from({ length: FIELDS_PER_BOUNDARY }, (_, i) => ({
      id: `${id}#f${i}`,
      name: `f${i}`,
      tags: [],
      dependsOn: [],
    })),
    moreFields: 0,
  };
}

function node(id: string, boundaries: GraphBoundary[]): GraphNode {
  const fields = boundaries.reduce((n, b) => n + b.fields.length, 0);
  return {
    id,
    type: 'CODE',
    label: id,
    namespace: '',
    expanded: boundaries.length > 0,
    counts: { paths: 1, boundaries: boundaries.length, fields, taggedFields: 0 },
    boundaries,
    paths: [],
    moreBoundaries: 0,
    hiddenNeighbours: 0,
  };
}

export function warmUpGraph(): GraphResult {
  const half = BOUNDARIES / 2;
  const centre = node(
    'c',
    Array.from({ length: BOUNDARIES }, (_, i) =>
      i < half ? boundary(`in${i}`, 'ingress') : boundary(`out${i - half}`, 'egress'),
    ),
  );
  const neighbours = Array.from({ length: NEIGHBOURS }, (_, i) => node(`n${i}`, []));
  const edges: GraphResult['edges'] = [];
  // Mappings inside the centre: each ingress field to the egress field of the same row.
  for (let b = 0; b < half; b++)
    for (let f = 0; f < FIELDS_PER_BOUNDARY; f++)
      edges.push({
        id: `m${b}.${f}`,
        source: `in${b}#f${f}`,
        target: `out${(b + f) % half}#f${f}`,
        kind: 'mapping',
        mapping: 'DataFlow',
      });
  // The centre's egress fields reach the first neighbours; the neighbours form layers between them.
  for (let b = 0; b < half; b++)
    edges.push({ id: `x${b}`, source: `out${b}#f0`, target: `n${b}`, kind: 'component' });
  for (let i = 0; i < NEIGHBOURS; i++)
    for (const j of [i + half, i + 1, i + 3])
      if (j < NEIGHBOURS)
        edges.push({ id: `n${i}>n${j}`, source: `n${i}`, target: `n${j}`, kind: 'component' });
  return {
    focus: { kind: 'component', componentId: 'c' },
    centre: ['c'],
    nodes: [centre, ...neighbours],
    edges,
    namespaces: [],
    tags: [],
    collapsed: false,
  };
}
