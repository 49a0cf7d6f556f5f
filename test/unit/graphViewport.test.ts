// Where the lineage graph is shown: a first drawing is readable (text at 11 px or more on screen)
// whatever the graph's size, centred on what it was opened on; a redrawing keeps the user's zoom and
// keeps what they looked at in place; a narrow panel lays out top to bottom; arrowheads keep their
// size on screen at every zoom. The layouts are elkjs's real ones, computed in Node.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import { chain } from '../helpers/graphFixtures';
import { layout } from '../../common/src/graphLayout/layout';
import {
  MARKER_PX,
  NARROW_PANEL,
  READABLE_SCALE,
  directionFor,
  fitView,
  keptView,
  markerSize,
  centredOn,
  openingBox,
  openingView,
  partlyHidden,
  visibleArea,
} from '../../webview/src/viewport';

const SMALLEST_TEXT_PX = 11;

describe('lineage graph view: zoom, direction and markers', () => {
  const elk = new ELK();
  const wide = { width: 1300, height: 800 };

  it('opens a graph too large to fit at a readable zoom, its centre in the middle of the panel', async () => {
    const g = chain(5, ['id', 'email', 'amount', 'currency', 'status', 'createdAt']);
    const laid = await layout(g, elk);
    assert.ok(fitView(wide, laid).scale < READABLE_SCALE, 'the whole graph fits only below a readable zoom');
    const v = openingView(wide, laid, laid.nodes.get('c0'));
    assert.ok(v.scale * SMALLEST_TEXT_PX >= 11, `the smallest text is ${v.scale * SMALLEST_TEXT_PX} px`);
    const c0 = laid.nodes.get('c0')!;
    const onScreen = { x: v.x + (c0.x + c0.width / 2) * v.scale, y: v.y + c0.y * v.scale };
    assert.ok(Math.abs(onScreen.x - wide.width / 2) < 1, 'the centre component in the middle');
    assert.ok(onScreen.y >= 0 && onScreen.y < wide.height, 'its top on screen');
  });

  it('opens on a centre larger than the panel at its top-left corner', () => {
    const panel = { width: 500, height: 400 };
    const big = { x: 300, y: 200, width: 900, height: 1200 };
    const v = openingView(panel, { width: 2000, height: 2000 }, big);
    assert.equal(v.scale, READABLE_SCALE);
    const corner = { x: v.x + big.x * v.scale, y: v.y + big.y * v.scale };
    assert.ok(corner.x >= 0 && corner.x <= 40 && corner.y >= 0 && corner.y <= 40, JSON.stringify(corner));
  });

  it('opens on the first boundary of a centre component too large for the panel', async () => {
    const laid = await layout(chain(3, ['id', 'email', 'amount', 'currency']), elk, 'DOWN');
    const c0 = laid.nodes.get('c0')!;
    const inside = ['c0:in', 'c0:out'].map((id) => laid.boundaries.get(id)!);
    const narrow = { width: 300, height: 500 };
    const first = [...inside].sort((a, b) => a.y - b.y || a.x - b.x)[0]!;
    assert.equal(openingBox(narrow, c0, inside), first, 'the topmost boundary');
    assert.equal(openingBox({ width: 1600, height: 1000 }, c0, inside), c0, 'a component that fits: itself');
    const v = openingView(narrow, laid, openingBox(narrow, c0, inside));
    assert.ok(v.x + first.x * v.scale >= 0 && v.y + first.y * v.scale >= 0, 'its corner on screen');
  });

  it('opens a graph that fits whole, at no less than a readable zoom', async () => {
    const laid = await layout(chain(1, ['id']), elk);
    const v = openingView(wide, laid, laid.nodes.get('c0'));
    assert.deepEqual(v, fitView(wide, laid));
    assert.ok(v.scale >= READABLE_SCALE);
    assert.ok(v.x >= 0 && v.x + laid.width * v.scale <= wide.width, 'all of it across');
  });

  it('a redrawing keeps the zoom and keeps the box looked at where it was on screen', async () => {
    const before = await layout(chain(3, ['id', 'email']), elk);
    const after = await layout(chain(4, ['id', 'email', 'amount']), elk);
    const user = { x: -140, y: 35, scale: 1.7 };
    const was = before.boundaries.get('c1:in')!;
    const now = after.boundaries.get('c1:in')!;
    const v = keptView(user, was, now);
    assert.equal(v.scale, user.scale);
    assert.ok(Math.abs(user.x + was.x * user.scale - (v.x + now.x * v.scale)) < 1e-9);
    assert.ok(Math.abs(user.y + was.y * user.scale - (v.y + now.y * v.scale)) < 1e-9);
    assert.deepEqual(keptView(user, undefined, now), user, 'nothing to follow: the view as it was');
  });

  it('lays out top to bottom in a narrow panel, left to right in a wide one', async () => {
    assert.equal(directionFor({ width: NARROW_PANEL - 1, height: 900 }), 'DOWN');
    assert.equal(directionFor({ width: NARROW_PANEL, height: 900 }), 'RIGHT');
    const g = chain(3, ['id', 'email']);
    const down = await layout(g, elk, directionFor({ width: 600, height: 900 }));
    const right = await layout(g, elk, directionFor(wide));
    const [a, b, c] = ['c0', 'c1', 'c2'].map((id) => down.nodes.get(id)!);
    assert.ok(a!.y + a!.height <= b!.y && b!.y + b!.height <= c!.y, 'each next component below');
    assert.ok(down.width < 650, `one component wide (${down.width} px): it fits the narrow panel`);
    assert.ok(down.height > down.width && right.width > right.height);
    const [ra, rb] = ['c0', 'c1'].map((id) => right.nodes.get(id)!);
    assert.ok(ra!.x + ra!.width <= rb!.x, 'side by side in a wide panel');
  });

  it('the overview frames the part shown, moves the panel to a point, and shows only while part is hidden', () => {
    const panel = { width: 800, height: 600 };
    const graph = { width: 2000, height: 1000 };
    const v = { x: -400, y: -100, scale: 2 };
    assert.deepEqual(visibleArea(v, panel), { x: 200, y: 50, width: 400, height: 300 });
    const moved = centredOn({ x: 1500, y: 900 }, v, panel);
    const a = visibleArea(moved, panel);
    assert.equal(moved.scale, 2, 'the zoom stays');
    assert.deepEqual([a.x + a.width / 2, a.y + a.height / 2], [1500, 900], 'the point in the middle');
    assert.equal(partlyHidden(v, panel, graph), true);
    assert.equal(partlyHidden(fitView(panel, graph), panel, graph), false, 'the whole graph shown: none');
  });

  it('arrowheads are the same size on screen at every zoom', () => {
    for (const scale of [0.2, 0.5, 1, 1.7, 4]) assert.equal(markerSize(scale) * scale, MARKER_PX);
    assert.equal(markerSize(0), MARKER_PX, 'a degenerate zoom does not divide by zero');
  });
});
