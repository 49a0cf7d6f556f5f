// The overview in the panel's corner: the components and, inside the expanded ones, their boundaries
// as blocks (so a single large component still shows where the panel is within it), and no overview
// at all when it would be a single block. Real elkjs layouts, drawn into happy-dom's document.
import { strict as assert } from 'node:assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import { Window } from 'happy-dom';
import { drawOverview } from '../../webview/src/draw';
import { layout } from '../../common/src/graphLayout/layout';
import { chain } from '../helpers/graphFixtures';

describe('lineage graph overview', () => {
  const elk = new ELK();
  const doc = new Window().document as unknown as Document;

  it("draws one component's boundaries as blocks inside it, the centre marked, with the panel's frame", async () => {
    const g = chain(1, ['id', 'email']);
    const svg = drawOverview(doc, g, await layout(g, elk))!;
    assert.ok(svg, 'a single expanded component has an overview');
    assert.equal(svg.querySelectorAll('.ov-node').length, 1);
    assert.equal(svg.querySelectorAll('.ov-boundary').length, 2, 'its ingress and egress');
    assert.equal(svg.querySelectorAll('.ov-node.centre').length, 1);
    assert.equal(svg.querySelectorAll('.ov-view').length, 1);
    assert.ok(Number(svg.getAttribute('width')) <= 180 && Number(svg.getAttribute('height')) <= 120);
  });

  it('is left out when it would be a single block', async () => {
    const g = chain(1, ['id']);
    g.nodes[0]!.expanded = false;
    g.nodes[0]!.boundaries = [];
    g.edges = [];
    assert.equal(drawOverview(doc, g, await layout(g, elk)), undefined);
    const two = chain(2, ['id']);
    for (const n of two.nodes) {
      n.expanded = false;
      n.boundaries = [];
    }
    two.edges = [];
    assert.equal(drawOverview(doc, two, await layout(two, elk))?.querySelectorAll('.ov-node').length, 2);
  });
});
