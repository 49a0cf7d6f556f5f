// A layout as it travels from the language server to the page (common/src/graphLayout/wire.ts): it
// survives JSON (the LSP answer, then postMessage) and the page draws on the same positions, bundles
// recounted from the graph; a layout that does not cover the graph is not drawn on, and a malformed one
// is dropped by the page's message check. The layouts are elkjs's, in Node.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import { Value } from '@sinclair/typebox/value';
import {
  GraphLayoutSchema,
  layoutFromWire,
  layoutToWire,
  type GraphLayout,
} from '../../common/src/graphLayout/wire';
import { parseFromWebview, parseToWebview } from '../../common/src/graphMessages';
import type { GraphResult } from '../../common/src/protocol';
import { layout, type Laid } from '../../common/src/graphLayout/layout';
import { chain } from '../helpers/graphFixtures';

const FIELDS = ['id', 'email', 'amount', 'currency'];
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('lineage graph: a layout as it travels from the server to the page', () => {
  const elk = new ELK();
  let full: GraphResult;
  let laid: Laid;
  let sent: GraphLayout;

  before(async () => {
    full = chain(3, FIELDS);
    laid = await layout(full, elk);
    sent = copy(layoutToWire(laid, 'RIGHT', 'new'));
  });

  it('travels as a valid message and is drawn on the same positions, bundles and all', () => {
    assert.ok(Value.Check(GraphLayoutSchema, sent));
    const m = parseToWebview(
      copy({ type: 'graph', graph: full, state: { params: { focus: full.focus } }, layout: sent }),
    );
    assert.ok(m?.type === 'graph', 'the page accepts it');
    const l = layoutFromWire(m.graph, m.layout);
    assert.ok(l, 'drawn on it');
    assert.deepEqual(l.nodes, laid.nodes);
    assert.deepEqual(l.boundaries, laid.boundaries);
    assert.deepEqual(l.edges, laid.edges);
    assert.ok(laid.bundles.length > 0, 'the fixture has bundles');
    assert.deepEqual(
      l.bundles.map((b) => [b.id, b.count]),
      laid.bundles.map((b) => [b.id, b.count]),
    );
    assert.deepEqual([l.width, l.height], [laid.width, laid.height]);
  });

  it('is not drawn on when it lacks a box of the graph', () => {
    assert.equal(layoutFromWire(full, { ...sent, boundaries: sent.boundaries.slice(1) }), undefined);
    assert.equal(layoutFromWire(full, { ...sent, nodes: sent.nodes.slice(1) }), undefined);
    const more = copy(full);
    more.nodes.push({ ...copy(full.nodes[0]!), id: 'c9' });
    assert.equal(layoutFromWire(more, sent), undefined);
  });

  it('drops a graph message whose layout is malformed or missing', () => {
    const bad: unknown[] = [
      { ...sent, direction: 'UP' },
      { ...sent, made: 'maybe' },
      { ...sent, nodes: [['c0', { x: 'a', y: 0, width: 1, height: 1 }]] },
      { ...sent, routes: [['e', [{ x: 0 }]]] },
      { ...sent, width: Number.POSITIVE_INFINITY },
      { ...sent, nodes: undefined },
      undefined,
    ];
    for (const layout of bad)
      assert.equal(
        parseToWebview({ type: 'graph', graph: full, state: { params: { focus: full.focus } }, layout }),
        undefined,
        JSON.stringify(layout)?.slice(0, 80),
      );
  });

  it("takes the page's direction when it loads or is resized, and nothing else", () => {
    assert.deepEqual(parseFromWebview({ type: 'ready', direction: 'DOWN' }), {
      type: 'ready',
      direction: 'DOWN',
    });
    assert.deepEqual(parseFromWebview({ type: 'direction', direction: 'RIGHT' }), {
      type: 'direction',
      direction: 'RIGHT',
    });
    assert.equal(parseFromWebview({ type: 'ready' }), undefined);
    assert.equal(parseFromWebview({ type: 'direction', direction: 'UP' }), undefined);
    assert.equal(
      parseFromWebview({ type: 'layout', layout: sent }),
      undefined,
      'pages no longer send layouts',
    );
  });
});
