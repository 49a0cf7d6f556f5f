// The graph panel's state across redraws: a filter or depth change (the same focus drawn again) keeps
// the user's zoom, keeps the selected field (its flow is asked for again: field mode stays on) and the
// selected component while it is drawn; another focus opens at a readable view. Real elkjs layouts.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { GraphViewState } from '../../common/src/graphMessages';
import type { GraphResult } from '../../common/src/protocol';
import { layout, type Laid } from '../../common/src/graphLayout/layout';
import { GraphViewModel } from '../../webview/src/state';
import { boundary, chain } from '../helpers/graphFixtures';

const panel = { width: 1300, height: 800 };
const FIELDS = ['id', 'email', 'amount', 'currency', 'status', 'createdAt'];

function stateOf(g: GraphResult, extra: Partial<GraphViewState> = {}): GraphViewState {
  return { params: { focus: g.focus, filters: { depthUp: 2, depthDown: 2 } }, ...extra };
}

describe('lineage graph panel state', () => {
  const elk = new ELK();

  it('keeps field mode, the zoom and the field looked at in place when a filter changes', async () => {
    const model = new GraphViewModel();
    const g = chain(4, FIELDS);
    const s = stateOf(g);
    model.receive(s);
    model.drawn(g, s, await layout(g, elk), panel, 'RIGHT');
    assert.ok(model.selectField('c1:in#email'), 'a field can be selected once a graph is shown');
    model.zoom(1.7, { x: 100, y: 100 });
    const zoomed = { ...model.view };
    const fieldBefore = model.laid!.boundaries.get('c1:in')!;
    const onScreen = (v: typeof zoomed, b: typeof fieldBefore) => ({
      x: v.x + b.x * v.scale,
      y: v.y + b.y * v.scale,
    });
    const was = onScreen(zoomed, fieldBefore);

    // The extension answers a filter change with the same focus, fewer components, the state kept.
    const narrower = chain(3, FIELDS);
    const next: GraphViewState = {
      params: { ...s.params, filters: { depthUp: 1, depthDown: 1 } },
      selectedField: 'c1:in#email',
    };
    model.receive(next);
    const l2 = await layout(narrower, elk);
    const redraw = model.drawn(narrower, next, l2, panel, 'RIGHT');
    assert.equal(redraw.requestFlow, 'c1:in#email', 'the flow is asked for again: field mode stays on');
    assert.ok(model.wants({ field: 'c1:in#email', upstream: [], downstream: [], edges: [] }));
    assert.equal(redraw.view.scale, zoomed.scale, 'the zoom stays');
    const now = onScreen(redraw.view, l2.boundaries.get('c1:in')!);
    assert.ok(
      Math.abs(now.x - was.x) < 0.5 && Math.abs(now.y - was.y) < 0.5,
      `${JSON.stringify(was)} → ${JSON.stringify(now)}`,
    );
    assert.equal(redraw.clearDetails, false, 'the field details stay');
    assert.equal(model.saved()?.selectedField, 'c1:in#email', 'the selection is saved with the view');
  });

  it('keeps a selected component while it is drawn, and forgets it when a filter hides it', async () => {
    const model = new GraphViewModel();
    const g = chain(4, ['id']);
    const s = stateOf(g);
    model.receive(s);
    model.drawn(g, s, await layout(g, elk), panel, 'RIGHT');
    model.selectComponent('c3');
    assert.equal(model.selectedNode, 'c3');
    const same = model.drawn(
      g,
      stateOf(g, { selectedComponent: 'c3' }),
      await layout(g, elk),
      panel,
      'RIGHT',
    );
    assert.equal(same.componentDetails, 'c3', 'the details follow the new drawing');
    assert.equal(same.componentGone, false);

    const shorter = chain(2, ['id']);
    const hidden = model.drawn(
      shorter,
      stateOf(shorter, { selectedComponent: 'c3' }),
      await layout(shorter, elk),
      panel,
      'RIGHT',
    );
    assert.equal(hidden.componentGone, true, 'a component no longer drawn is forgotten');
    assert.equal(hidden.clearDetails, true, 'and its details go');
    assert.equal(model.selectedNode, undefined);
    assert.equal(model.saved()?.selectedComponent, undefined);
  });

  it('opens another focus at a readable view, not the zoom left on the last one', async () => {
    const model = new GraphViewModel();
    const g = chain(5, FIELDS);
    model.receive(stateOf(g));
    model.drawn(g, stateOf(g), await layout(g, elk), panel, 'RIGHT');
    model.zoom(0.2);
    const other: GraphResult = { ...g, focus: { kind: 'component', componentId: 'c4' }, centre: ['c4'] };
    const r = model.drawn(other, stateOf(other), await layout(other, elk), panel, 'RIGHT');
    assert.ok(r.view.scale >= 1, `opened at ${r.view.scale}`);
    const sameFocusNarrow = model.drawn(
      other,
      stateOf(other),
      await layout(other, elk, 'DOWN'),
      { width: 600, height: 800 },
      'DOWN',
    );
    assert.ok(sameFocusNarrow.view.scale >= 1, 'the other direction is another drawing');
  });

  it('opens a component too large for the panel on the ingress where most of its data comes in', () => {
    const model = new GraphViewModel();
    const g = chain(1, ['id', 'email', 'amount']);
    g.nodes[0]!.boundaries.unshift(boundary('c0:health', 'ingress', ['ip']));
    // Laid out with the one-field ingress (a health check) and the egress on top, the big ingress below.
    const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
    const l: Laid = {
      nodes: new Map([['c0', box(0, 0, 560, 900)]]),
      boundaries: new Map([
        ['c0:health', box(10, 30, 230, 46)],
        ['c0:out', box(320, 30, 230, 82)],
        ['c0:in', box(10, 700, 230, 82)],
      ]),
      edges: new Map(),
      bundles: [],
      width: 560,
      height: 900,
    };
    const small = { width: 400, height: 300 };
    const r = model.drawn(g, stateOf(g), l, small, 'RIGHT');
    const big = l.boundaries.get('c0:in')!;
    const top = r.view.y + big.y * r.view.scale;
    const bottom = top + big.height * r.view.scale;
    assert.ok(
      top >= 0 && bottom <= small.height,
      `the three-field ingress is in the panel: ${top}–${bottom}`,
    );
  });

  it('drops a flow that is not the one last asked for, and any after Escape or Clear', async () => {
    const model = new GraphViewModel();
    const g = chain(2, ['id', 'email']);
    model.receive(stateOf(g));
    model.drawn(g, stateOf(g), await layout(g, elk), panel, 'RIGHT');
    const flow = (field: string) => ({ field, upstream: [], downstream: [], edges: [] });
    model.selectField('c0:in#id');
    model.selectField('c0:in#email');
    assert.equal(model.wants(flow('c0:in#id')), false, 'an earlier field');
    assert.equal(model.wants(flow('c0:in#email')), true);
    model.selectComponent('c1');
    assert.equal(model.fieldDetailsShown(), false, 'a component chosen after the field keeps its details');
    assert.equal(model.dismiss(), true, 'Escape forgets the component (the extension is told)');
    assert.equal(model.wants(flow('c0:in#email')), false, 'no flow after Escape');
    assert.equal(model.saved()?.selectedField, 'c0:in#email', 'Escape keeps the field for a reload');
    model.clear();
    assert.equal(model.saved()?.selectedField, undefined, 'Clear forgets it');
  });

  it('restores the zoom the host kept, and ignores a malformed one', () => {
    const model = new GraphViewModel();
    model.restore({ view: { x: 1, y: 2, scale: 0 }, drawnKey: 'k' });
    assert.deepEqual(model.view, { x: 0, y: 0, scale: 1 });
    model.restore({ view: { x: 1, y: 2, scale: Number.NaN }, drawnKey: 'k' });
    assert.deepEqual(model.view, { x: 0, y: 0, scale: 1 });
    model.restore({ view: { x: 10, y: 20, scale: 1.5 }, drawnKey: 'k' });
    assert.deepEqual(model.view, { x: 10, y: 20, scale: 1.5 });
    assert.equal(model.drawnKey, 'k');
  });
});
