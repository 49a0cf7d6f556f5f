// Crossings between the same two components drawn as one bundle outside field mode: grouped by
// component pair with their count, laid out as one edge (fewer edge crossings on the real elkjs
// layout), each crossing still routed from its field's row along the bundle to the other row (what
// field mode shows), the bundle drawn with "N fields" and a tooltip, and its details listing each
// crossing with a button that selects the field.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import { Window } from 'happy-dom';
import type { GraphEdge, GraphResult } from '../../common/src/protocol';
import { bundleLines, crossingBundles } from '../../common/src/graphLayout/bundles';
import { bundleDetails } from '../../webview/src/details';
import { drawGraph } from '../../webview/src/draw';
import { HEADER, ROW, layout } from '../../common/src/graphLayout/layout';
import { component } from '../helpers/graphFixtures';
import { drawnEdges, segmentCrossings } from '../helpers/segmentCrossings';

const FIELDS = ['id', 'email', 'amount', 'currency', 'status'];

/** A diamond c0 → c1, c2 → c3 whose crossings join each field to another's row (so they cross). */
function diamond(): GraphResult {
  const nodes = ['c0', 'c1', 'c2', 'c3'].map((id) => component(id, FIELDS));
  const crossings = (from: string, to: string): GraphEdge[] =>
    FIELDS.map((f, i) => ({
      id: `x:${from}>${to}:${f}`,
      source: `${from}:out#${f}`,
      target: `${to}:in#${FIELDS[FIELDS.length - 1 - i]}`,
      kind: 'crossing',
    }));
  const mappings = nodes.flatMap((n) =>
    FIELDS.map((f) => ({
      id: `m:${n.id}:${f}`,
      source: `${n.id}:in#${f}`,
      target: `${n.id}:out#${f}`,
      kind: 'mapping' as const,
      mapping: 'DataFlow' as const,
    })),
  );
  return {
    focus: { kind: 'component', componentId: 'c0' },
    centre: ['c0'],
    nodes,
    edges: [
      ...mappings,
      ...crossings('c0', 'c1'),
      ...crossings('c0', 'c2'),
      ...crossings('c1', 'c3'),
      ...crossings('c2', 'c3'),
      // One crossing alone between a pair is drawn as itself.
      { id: 'x:c1>c2:id', source: 'c1:out#id', target: 'c2:in#id', kind: 'crossing' },
    ],
    namespaces: ['shop'],
    tags: [],
    collapsed: false,
  };
}

describe('lineage graph: crossings bundled per component pair', () => {
  const elk = new ELK();

  it('groups crossings by component pair, with their count, from and to the one boundary they use', () => {
    const bundles = crossingBundles(diamond());
    assert.deepEqual(
      bundles.map((b) => [b.id, b.source, b.target, b.count, b.members.length]),
      [
        ['bundle:c0>c1', 'c0:out', 'c1:in', 5, 5],
        ['bundle:c0>c2', 'c0:out', 'c2:in', 5, 5],
        ['bundle:c1>c3', 'c1:out', 'c3:in', 5, 5],
        ['bundle:c2>c3', 'c2:out', 'c3:in', 5, 5],
      ],
      'the single crossing c1 → c2 is not bundled',
    );
    const g = diamond();
    // Crossings leaving two boundaries of a component: the bundle starts at the component.
    g.edges.push({ id: 'x:extra', source: 'c0:in#id', target: 'c1:in#id', kind: 'crossing', count: 3 });
    const b = crossingBundles(g).find((x) => x.id === 'bundle:c0>c1')!;
    assert.equal(b.source, 'c0');
    assert.equal(b.target, 'c1:in');
    assert.equal(b.count, 8, 'a crossing folded to a boundary counts each of its flows');
  });

  it('lays each bundle out as one edge, with fewer edge crossings, and routes every crossing along it between its rows', async () => {
    const g = diamond();
    const before = await layout(g, elk, 'RIGHT', { bundle: false });
    const after = await layout(g, elk);
    assert.equal(after.bundles.length, 4);
    const was = segmentCrossings(drawnEdges(before));
    const now = segmentCrossings(drawnEdges(after));
    assert.ok(was > 0, 'field by field, the crossings cross');
    assert.ok(now < was, `${was} segment crossings before bundling, ${now} after`);
    assert.equal(drawnEdges(after).length, drawnEdges(before).length - 4 * 5 + 4);

    for (const b of after.bundles) {
      const route = after.edges.get(b.id)!;
      assert.ok(route.length >= 2, `${b.id} is laid out`);
      for (const e of b.members) {
        const pts = after.edges.get(e.id)!;
        const [boundary, field] = e.source.split('#') as [string, string];
        const bb = after.boundaries.get(boundary)!;
        assert.deepEqual(
          pts[0],
          { x: bb.x + bb.width, y: bb.y + HEADER + FIELDS.indexOf(field) * ROW + ROW / 2 },
          'from its field row',
        );
        const [tBoundary, tField] = e.target.split('#') as [string, string];
        const tb = after.boundaries.get(tBoundary)!;
        assert.deepEqual(
          pts.at(-1),
          { x: tb.x, y: tb.y + HEADER + FIELDS.indexOf(tField) * ROW + ROW / 2 },
          'to the other row',
        );
        for (const p of route.slice(1, -1))
          assert.ok(
            pts.some((q) => q.x === p.x && q.y === p.y),
            'along the bundle',
          );
        pts
          .slice(1)
          .forEach((p, i) => assert.ok(p.x === pts[i]!.x || p.y === pts[i]!.y, `${e.id}: orthogonal`));
      }
    }
    assert.ok(after.edges.has('x:c1>c2:id'), 'a single crossing keeps its own edge');
  });

  it('draws a bundle with its count and a tooltip; its crossings are drawn for field mode only', async () => {
    const doc = new Window().document as unknown as Document;
    const g = diamond();
    const l = await layout(g, elk);
    const svg = drawGraph(doc, g, l, 1, {});
    const bundle = svg.querySelector('[data-bundle="bundle:c0>c1"]')!;
    assert.equal(bundle.querySelector('.bundle-label')?.textContent, '5 fields');
    assert.equal(bundle.getAttribute('role'), 'button', 'reachable by keyboard');
    const tip = bundle.querySelector('title')!.textContent!.split('\n');
    assert.equal(tip[0], '5 fields cross from c0 to c1');
    assert.deepEqual(tip.slice(1), [
      'id → status',
      'email → currency',
      'amount → amount',
      'currency → email',
      'status → id',
    ]);
    assert.equal(
      svg.querySelectorAll('path.edge.bundled').length,
      20,
      'each crossing drawn, marked as bundled',
    );
    assert.equal(svg.querySelectorAll('path.edge-bundle').length, 4);
    assert.equal(svg.querySelectorAll('path.edge.edge-crossing:not(.bundled):not(.edge-bundle)').length, 1);
  });

  it("a bundle's details list its crossings, each with a button that shows the field's flow", () => {
    const doc = new Window().document as unknown as Document;
    const g = diamond();
    const b = crossingBundles(g)[0]!;
    const chosen: string[] = [];
    const box = doc.createElement('div');
    box.append(
      ...bundleDetails(doc, g, b, {
        post: () => undefined,
        clear: () => undefined,
        selectField: (id) => chosen.push(id),
      }),
    );
    assert.equal(box.querySelector('strong')?.textContent, bundleLines(g, b)[0]);
    const rows = [...box.querySelectorAll('.crossing-row')];
    assert.equal(rows.length, 5);
    assert.equal(rows[1]!.querySelector('span')?.textContent, 'email → currency');
    rows[1]!.querySelector('button')!.click();
    assert.deepEqual(chosen, ['c0:out#email']);
  });
});
