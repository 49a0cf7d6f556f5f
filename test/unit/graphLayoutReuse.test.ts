// The server's kept layouts (server/src/graph/layoutReuse.ts): a graph of the same boxes that only
// hides edges is drawn on the kept positions with the kept routes of what it still has; any change to
// what the boxes are made of, the direction, or an edge or bundle the kept layout has no route for
// gets no kept layout (it would be drawn on stale positions). The layouts are elkjs's, in Node.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { GraphEdge, GraphResult } from '../../common/src/protocol';
import { crossingBundles } from '../../common/src/graphLayout/bundles';
import { layout, type Laid } from '../../common/src/graphLayout/layout';
import { LayoutReuse } from '../../server/src/graph/layoutReuse';
import { chain } from '../helpers/graphFixtures';

const FIELDS = ['id', 'email', 'amount', 'currency'];
const copy = (g: GraphResult): GraphResult => structuredClone(g);

describe('lineage graph: a kept layout reused for a graph that only hides edges', () => {
  const elk = new ELK();
  let full: GraphResult;
  let laid: Laid;
  let kept: LayoutReuse;

  before(async () => {
    full = chain(3, FIELDS);
    laid = await layout(full, elk);
  });
  beforeEach(() => {
    kept = new LayoutReuse();
    kept.keep(full, 'RIGHT', laid);
  });

  it('draws a graph with some edges hidden on the kept boxes, with the kept routes of the rest', () => {
    // The mapping edges of one field hidden (as unticking a mapping kind hides them).
    const fewer = copy(full);
    fewer.edges = fewer.edges.filter((e) => !(e.kind === 'mapping' && e.id.endsWith('email')));
    const l = kept.reuse(fewer, 'RIGHT');
    assert.ok(l, 'reused');
    assert.deepEqual(l.nodes, laid.nodes);
    assert.deepEqual(l.boundaries, laid.boundaries);
    assert.deepEqual([l.width, l.height], [laid.width, laid.height]);
    const ids = [...fewer.edges.map((e) => e.id), ...crossingBundles(fewer).map((b) => b.id)];
    assert.deepEqual([...l.edges.keys()].sort(), ids.filter((id) => laid.edges.has(id)).sort());
    assert.ok(l.edges.size < laid.edges.size, 'the hidden edges are not drawn');
    for (const [id, route] of l.edges) assert.deepEqual(route, laid.edges.get(id), `${id}: the kept route`);
    // Ticked back: the whole graph again, still on the kept layout.
    assert.deepEqual(kept.reuse(copy(full), 'RIGHT')?.edges, laid.edges);
  });

  it('recounts a bundle that lost crossings, and lays out anew when its ends change', () => {
    const oneLess = copy(full);
    oneLess.edges = oneLess.edges.filter((e) => e.id !== 'x0email');
    const l = kept.reuse(oneLess, 'RIGHT');
    assert.ok(l);
    const before = laid.bundles.find((b) => b.id === 'bundle:c0>c1')!;
    const after = l.bundles.find((b) => b.id === 'bundle:c0>c1')!;
    assert.equal(after.count, before.count - 1, 'the bundle counts what is drawn');
    assert.ok(!l.edges.has('x0email'));
    // A crossing that enters c1 through its other boundary: the bundle now enters the component, a
    // route the kept layout does not have.
    const moved = copy(full);
    moved.edges = moved.edges.map((e) => (e.id === 'x0email' ? { ...e, target: 'c1:out#email' } : e));
    assert.equal(kept.reuse(moved, 'RIGHT'), undefined);
  });

  const changes: Array<[string, (g: GraphResult) => void]> = [
    [
      'a field row more',
      (g) =>
        g.nodes[1]!.boundaries[0]!.fields.push({ ...g.nodes[1]!.boundaries[0]!.fields[0]!, id: 'c1:in#new' }),
    ],
    ['a field row fewer', (g) => g.nodes[1]!.boundaries[0]!.fields.pop()],
    ['rows in another order', (g) => g.nodes[0]!.boundaries[1]!.fields.reverse()],
    ['a folded row', (g) => (g.nodes[0]!.boundaries[0]!.moreFields = 3)],
    ['a component collapsed', (g) => (g.nodes[2]!.expanded = false)],
    ['a component fewer', (g) => g.nodes.pop()],
    ['a component more', (g) => g.nodes.push({ ...structuredClone(g.nodes[0]!), id: 'c9', boundaries: [] })],
    ['a boundary fewer', (g) => g.nodes[2]!.boundaries.pop()],
    [
      'an edge the kept graph did not have',
      (g) => g.edges.push({ id: 'new', source: 'c0:in#id', target: 'c2:out#id', kind: 'crossing' }),
    ],
    [
      'an edge with other ends under a kept id',
      (g) =>
        (g.edges[0] = {
          ...g.edges[0]!,
          target: `${(g.edges[0] as GraphEdge).source.split('#')[0]!.replace(':in', ':out')}#amount`,
        }),
    ],
    ['an edge of another kind under a kept id', (g) => (g.edges[0] = { ...g.edges[0]!, kind: 'crossing' })],
  ];
  for (const [what, change] of changes)
    it(`lays out anew for ${what}`, () => {
      const g = copy(full);
      change(g);
      assert.equal(kept.reuse(g, 'RIGHT'), undefined);
    });

  it('lays out anew in the other direction, and with nothing kept', () => {
    assert.equal(kept.reuse(copy(full), 'DOWN'), undefined);
    kept.forget();
    assert.equal(kept.reuse(copy(full), 'RIGHT'), undefined);
  });

  it('keeps the layout of each direction, and of the last few shapes (the panel opened again)', async () => {
    const down = await layout(full, elk, 'DOWN');
    kept.keep(full, 'DOWN', down);
    assert.deepEqual(kept.reuse(copy(full), 'DOWN')?.nodes, down.nodes);
    assert.deepEqual(kept.reuse(copy(full), 'RIGHT')?.nodes, laid.nodes);
    const few = new LayoutReuse(2);
    const graphs = [chain(2, FIELDS), chain(3, FIELDS), chain(4, FIELDS)];
    const laids = await Promise.all(graphs.map((g) => layout(g, elk)));
    graphs.forEach((g, i) => few.keep(g, 'RIGHT', laids[i]!));
    assert.equal(few.size, 2);
    assert.equal(few.reuse(copy(graphs[0]!), 'RIGHT'), undefined, 'the oldest is dropped');
    assert.deepEqual(few.reuse(copy(graphs[1]!), 'RIGHT')?.nodes, laids[1]!.nodes);
    // Used just now, graphs[1] stays when another shape comes; graphs[2] goes.
    few.keep(graphs[0]!, 'RIGHT', laids[0]!);
    assert.ok(few.reuse(copy(graphs[1]!), 'RIGHT'));
    assert.equal(few.reuse(copy(graphs[2]!), 'RIGHT'), undefined);
  });
});
