// Small lineage graphs for the webview's tests: components with an ingress and an egress boundary
// carrying the same fields, chained by a crossing per field (as the language server sends them).
import type { GraphBoundary, GraphNode, GraphResult } from '../../common/src/protocol';

export function boundary(id: string, role: 'ingress' | 'egress', fields: string[]): GraphBoundary {
  return {
    id,
    label: id,
    roles: [role],
    fields: fields.map((f) => ({ id: `${id}#${f}`, name: f, tags: [], dependsOn: [] })),
    moreFields: 0,
  };
}
export function component(id: string, fields: string[]): GraphNode {
  return {
    id,
    type: 'CODE',
    label: id,
    namespace: 'shop',
    expanded: true,
    counts: { paths: 1, boundaries: 2, fields: fields.length * 2, taggedFields: 0 },
    boundaries: [boundary(`${id}:in`, 'ingress', fields), boundary(`${id}:out`, 'egress', fields)],
    paths: [],
    moreBoundaries: 0,
    hiddenNeighbours: 0,
  };
}

/** A chain of components, each passing its fields on to the next (a crossing per field). */
export function chain(length: number, fields: string[]): GraphResult {
  const nodes = Array.from({ length }, (_, i) => component(`c${i}`, fields));
  const edges = nodes.flatMap((n, i) => [
    ...fields.map((f) => ({
      id: `m${i}${f}`,
      source: `${n.id}:in#${f}`,
      target: `${n.id}:out#${f}`,
      kind: 'mapping' as const,
      mapping: 'DataFlow' as const,
    })),
    ...(i + 1 < length
      ? fields.map((f) => ({
          id: `x${i}${f}`,
          source: `${n.id}:out#${f}`,
          target: `c${i + 1}:in#${f}`,
          kind: 'crossing' as const,
        }))
      : []),
  ]);
  return {
    focus: { kind: 'component', componentId: 'c0' },
    centre: ['c0'],
    nodes,
    edges,
    namespaces: ['shop'],
    tags: [],
    collapsed: false,
  };
}

/** A layout in its wire form with nothing placed: what a message needs to be well formed. */
export function emptyWireLayout() {
  return {
    direction: 'RIGHT',
    made: 'new',
    nodes: [],
    boundaries: [],
    routes: [],
    width: 0,
    height: 0,
  };
}
