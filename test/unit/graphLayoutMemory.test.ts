// A layout kept by the extension for a page opened again (client/src/graph/layoutMemory.ts, adopted by
// the page through webview/src/layoutReuse.ts): a graph of the kept shape is drawn on the kept
// positions without elkjs; a graph whose shape changed gets no kept layout from the extension, and a
// page that is handed one anyway does not draw on it. The layouts are elkjs's, in Node, and travel as
// JSON, as postMessage carries them.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import { Value } from '@sinclair/typebox/value';
import { KeptLayoutSchema, type KeptLayout } from '../../common/src/graphLayout';
import { parseFromWebview, parseToWebview } from '../../common/src/graphMessages';
import type { GraphResult } from '../../common/src/protocol';
import { LayoutMemory } from '../../client/src/graph/layoutMemory';
import { layout, type Laid } from '../../webview/src/layout';
import { LayoutReuse } from '../../webview/src/layoutReuse';
import { chain } from '../helpers/graphFixtures';

const FIELDS = ['id', 'email', 'amount', 'currency'];
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** What a page sends once elkjs has laid `g` out. */
function made(g: GraphResult, laid: Laid, direction: 'RIGHT' | 'DOWN' = 'RIGHT'): KeptLayout {
  const page = new LayoutReuse();
  page.keep(g, direction, laid);
  return copy(page.exported()!);
}

describe('lineage graph: a layout kept by the extension for a page opened again', () => {
  const elk = new ELK();
  let full: GraphResult;
  let laid: Laid;

  before(async () => {
    full = chain(3, FIELDS);
    laid = await layout(full, elk);
  });

  it('travels as a valid message both ways and draws a new page on the same positions', () => {
    const sent = made(full, laid);
    assert.ok(Value.Check(KeptLayoutSchema, sent));
    const m = parseFromWebview({ type: 'layout', layout: sent });
    assert.ok(m?.type === 'layout');
    const memory = new LayoutMemory();
    memory.keep(m.layout);
    const handed = memory.for(copy(full));
    assert.equal(handed.length, 1);
    const back = parseToWebview(
      copy({ type: 'graph', graph: full, state: { params: { focus: full.focus } }, layouts: handed }),
    );
    assert.ok(back?.type === 'graph' && back.layouts?.length === 1, 'the page accepts it');

    const page = new LayoutReuse();
    page.adopt(back.layouts[0]!);
    const l = page.reuse(copy(full), 'RIGHT');
    assert.ok(l, 'drawn on the kept layout');
    assert.deepEqual(l.nodes, laid.nodes);
    assert.deepEqual(l.boundaries, laid.boundaries);
    assert.deepEqual(l.edges, laid.edges);
    assert.deepEqual(
      l.bundles.map((b) => [b.id, b.count]),
      laid.bundles.map((b) => [b.id, b.count]),
    );
    assert.deepEqual([l.width, l.height], [laid.width, laid.height]);
  });

  const changes: Array<[string, (g: GraphResult) => void]> = [
    [
      'a field row more',
      (g) =>
        g.nodes[1]!.boundaries[0]!.fields.push({ ...g.nodes[1]!.boundaries[0]!.fields[0]!, id: 'c1:in#new' }),
    ],
    ['a component collapsed', (g) => (g.nodes[2]!.expanded = false)],
    ['a component fewer', (g) => g.nodes.pop()],
    ['rows in another order', (g) => g.nodes[0]!.boundaries[1]!.fields.reverse()],
  ];
  for (const [what, change] of changes)
    it(`hands no kept layout for a graph with ${what}, and a page handed one lays out anew`, () => {
      const memory = new LayoutMemory();
      memory.keep(made(full, laid));
      const changed = copy(full);
      change(changed);
      assert.deepEqual(memory.for(changed), [], 'the extension hands nothing over');
      // Handed the stale layout anyway (another page's, a bug in the extension): not drawn on.
      const page = new LayoutReuse();
      page.adopt(made(full, laid));
      assert.equal(page.reuse(changed, 'RIGHT'), undefined, 'stale positions are not used');
    });

  it('does not draw on a layout whose shape is right but which lacks a box of it', () => {
    const sent = made(full, laid);
    sent.boundaries = sent.boundaries.slice(1);
    const page = new LayoutReuse();
    page.adopt(sent);
    assert.equal(page.reuse(copy(full), 'RIGHT'), undefined);
  });

  it('hands the layout of each direction kept, and none of the other direction to a page laying out that way', async () => {
    const down = await layout(full, elk, 'DOWN');
    const memory = new LayoutMemory();
    memory.keep(made(full, laid, 'RIGHT'));
    memory.keep(made(full, down, 'DOWN'));
    assert.deepEqual(
      memory.for(full).map((k) => k.direction),
      ['RIGHT', 'DOWN'],
    );
    const page = new LayoutReuse();
    page.adopt(made(full, laid, 'RIGHT'));
    assert.equal(page.reuse(copy(full), 'DOWN'), undefined);
  });

  it('keeps only the last few shapes, the newest of each', async () => {
    const memory = new LayoutMemory(2);
    const graphs = [chain(2, FIELDS), chain(3, FIELDS), chain(4, FIELDS)];
    const laids = await Promise.all(graphs.map((g) => layout(g, elk)));
    graphs.forEach((g, i) => memory.keep(made(g, laids[i]!)));
    assert.equal(memory.size, 2);
    assert.deepEqual(memory.for(graphs[0]!), [], 'the oldest is dropped');
    assert.equal(memory.for(graphs[1]!).length, 1);
    assert.equal(memory.for(graphs[2]!).length, 1);
    // The same shape again replaces its layout.
    const again = made(graphs[2]!, laids[2]!);
    again.width += 1;
    memory.keep(again);
    assert.equal(memory.size, 2);
    assert.equal(memory.for(graphs[2]!)[0]!.width, again.width);
  });

  it('drops malformed layouts on both sides', () => {
    const good = made(full, laid);
    const bad: unknown[] = [
      { ...good, shape: '' },
      { ...good, direction: 'UP' },
      { ...good, nodes: [['c0', { x: 'a', y: 0, width: 1, height: 1 }]] },
      { ...good, routes: [['e', [{ x: 0 }]]] },
      { ...good, width: Number.POSITIVE_INFINITY },
      { ...good, nodes: undefined },
    ];
    for (const layout of bad) {
      assert.equal(
        parseFromWebview({ type: 'layout', layout }),
        undefined,
        JSON.stringify(layout).slice(0, 80),
      );
      assert.equal(
        parseToWebview({
          type: 'graph',
          graph: full,
          state: { params: { focus: full.focus } },
          layouts: [layout],
        }),
        undefined,
      );
    }
    assert.equal(
      parseToWebview({
        type: 'graph',
        graph: full,
        state: { params: { focus: full.focus } },
        layouts: [good, good, good],
      }),
      undefined,
      'at most one per direction',
    );
  });
});
