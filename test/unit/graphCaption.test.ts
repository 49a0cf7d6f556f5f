// The graph's words for what it leaves out and what an exported picture shows.
import { strict as assert } from 'node:assert';
import type { GraphNode, GraphResult } from '../../common/src/protocol';
import { collapsedCounts, flowBeyondDepth, graphCaption, hiddenLinks } from '../../webview/src/caption';

const node = (extra: Partial<GraphNode>): GraphNode => ({
  id: 'c1',
  type: 'CODE',
  label: 'Checkout API',
  namespace: 'shop',
  expanded: true,
  counts: { paths: 1, boundaries: 2, fields: 4, taggedFields: 0 },
  boundaries: [],
  paths: [
    {
      id: 'p1',
      label: 'createOrder → insertOrder',
      ingress: 'a',
      egress: 'b',
      suppressed: false,
      anchored: true,
    },
  ],
  moreBoundaries: 0,
  hiddenNeighbours: 0,
  ...extra,
});
const graph = (focus: GraphResult['focus']): GraphResult => ({
  focus,
  centre: ['c1'],
  nodes: [node({})],
  edges: [],
  namespaces: ['shop'],
  tags: ['pii'],
  collapsed: false,
});

describe('lineage graph words', () => {
  it('counts a collapsed component in words, one path as one', () => {
    assert.equal(
      collapsedCounts({ paths: 1, boundaries: 2, fields: 1, taggedFields: 0 }),
      '1 path · 1 field',
    );
    assert.equal(
      collapsedCounts({ paths: 5, boundaries: 8, fields: 29, taggedFields: 7 }),
      '5 paths · 29 fields · 7 tagged',
    );
  });

  it('says where the depth cut, apart from links hidden for other reasons', () => {
    assert.deepEqual(
      hiddenLinks(node({ hiddenNeighbours: 3, beyondDepth: { up: 0, down: 2 } }), { depthDown: 1 }),
      ['+2 beyond depth 1', '+1 more linked'],
    );
    assert.deepEqual(hiddenLinks(node({ hiddenNeighbours: 1, beyondDepth: { up: 1, down: 0 } }), {}), [
      '+1 beyond depth 2 up',
    ]);
    assert.deepEqual(hiddenLinks(node({ hiddenNeighbours: 2 }), {}), ['+2 more linked']);
    assert.deepEqual(hiddenLinks(node({}), {}), []);
  });

  it("names the fields of a flow the depth hides, and the Impact view's larger count", () => {
    const flow = { field: 'x#a', upstream: [], downstream: [], edges: [] };
    assert.equal(flowBeyondDepth(flow, {}), '');
    assert.match(
      flowBeyondDepth({ ...flow, beyondDepth: { upstream: 0, downstream: 2 } }, { depthDown: 1 }),
      /^\+2 downstream beyond depth 1 \(.*Show impact counts them\)$/,
    );
  });

  it('an exported picture names its centre and every filter, those left as they were too', () => {
    const [title, filters] = graphCaption(graph({ kind: 'component', componentId: 'c1' }), {});
    assert.equal(title, 'Lineage graph of Checkout API (1 component)');
    assert.equal(filters, 'Filters: depth up 2, down 2 · all namespaces · any tag · all mapping kinds');
    const narrowed = graphCaption(graph({ kind: 'path', componentId: 'c1', pathId: 'p1' }), {
      depthUp: 0,
      depthDown: 3,
      namespaces: ['shop'],
      tag: 'pii',
      kinds: ['DataFlow'],
    });
    assert.deepEqual(narrowed, [
      'Lineage graph of path createOrder → insertOrder (1 component)',
      'Filters: depth up 0, down 3 · namespace shop · tag pii · mappings DataFlow',
    ]);
    assert.match(
      graphCaption(graph({ kind: 'namespace', namespace: 'shop' }), {})[1]!,
      /^Filters: whole namespace/,
    );
  });
});
