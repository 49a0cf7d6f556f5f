// The graph panel's details and drawing show names from the service and the workspace as text: markup
// in a component, path, boundary or field name stays characters on screen, no element is made of it.
// Rendered into happy-dom's document (a DOM implementation for Node), and its buttons post the
// messages their labels say.
import { strict as assert } from 'node:assert';
import { Window } from 'happy-dom';
import type { FromWebview } from '../../common/src/graphMessages';
import type { GraphNode } from '../../common/src/protocol';
import { componentDetails, DETAILS_PATHS, fieldDetails } from '../../webview/src/details';
import { drawGraph } from '../../webview/src/draw';
import { layout } from '../../common/src/graphLayout/layout';
import ELK from 'elkjs/lib/elk.bundled.js';
import { chain, component } from '../helpers/graphFixtures';

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;';

function page() {
  // happy-dom's document, seen through the DOM's own types as the webview code sees a browser's.
  const doc = new Window().document as unknown as Document;
  const box = doc.createElement('div');
  doc.body.append(box);
  return { doc, box };
}

describe('lineage graph details and drawing: untrusted text', () => {
  it('shows a hostile component and path name as text, and its buttons post their messages', () => {
    const { doc, box } = page();
    const posted: FromWebview[] = [];
    const n: GraphNode = {
      ...component('c1', ['id']),
      label: HOSTILE,
      paths: Array.from({ length: DETAILS_PATHS + 2 }, (_, i) => ({
        id: `p${i}`,
        label: `${HOSTILE} ${i}`,
        ingress: 'a',
        egress: 'b',
        suppressed: i === 1,
        anchored: i === 0,
      })),
    };
    box.append(
      ...componentDetails(doc, n, {
        post: (m) => posted.push(m),
        clear: () => undefined,
        selectField: () => undefined,
      }),
    );
    assert.equal(box.querySelectorAll('img, script').length, 0, 'no element made of the names');
    assert.equal(box.querySelector('strong')?.textContent, HOSTILE);
    assert.ok(box.innerHTML.includes('&lt;img src=x'), box.innerHTML.slice(0, 200));
    const rows = box.querySelectorAll('.path-row');
    assert.equal(rows.length, DETAILS_PATHS, 'the first paths listed');
    assert.equal(rows[1]!.querySelector('span')?.textContent, `${HOSTILE} 1 (suppressed)`);
    const buttons = [...box.querySelectorAll('button')];
    const click = (text: string) => buttons.find((b) => b.textContent === text)!.click();
    click('Reveal in Components view');
    click('Collapse');
    click('Centre here');
    click('Open source');
    assert.deepEqual(posted, [
      { type: 'open', action: 'reveal', componentId: 'c1' },
      { type: 'expand', componentId: 'c1', expanded: false },
      { type: 'focus', componentId: 'c1' },
      { type: 'open', action: 'source', componentId: 'c1', pathId: 'p0' },
    ]);
    assert.equal(
      buttons.filter((b) => b.textContent === 'Open source').length,
      1,
      'only an anchored path has a source',
    );
  });

  it('shows a hostile field name as text, with Show impact and Clear', () => {
    const { doc, box } = page();
    const posted: FromWebview[] = [];
    let cleared = 0;
    const id = `b:c1:x#${HOSTILE}`;
    box.append(
      ...fieldDetails(doc, id, {
        post: (m) => posted.push(m),
        clear: () => cleared++,
        selectField: () => undefined,
      }),
    );
    assert.equal(box.querySelectorAll('img, script').length, 0);
    assert.equal(box.querySelector('strong')?.textContent, HOSTILE);
    const [, impact, clear] = [...box.children] as HTMLElement[];
    impact!.click();
    clear!.click();
    assert.deepEqual(posted, [{ type: 'impact', field: id }]);
    assert.equal(cleared, 1);
  });

  it('draws hostile names in the graph as SVG text', async () => {
    const { doc, box } = page();
    const g = chain(2, ['id']);
    g.nodes[0]!.label = HOSTILE;
    g.nodes[0]!.boundaries[0]!.label = HOSTILE;
    g.nodes[0]!.boundaries[0]!.fields[0]!.name = HOSTILE;
    const svg = drawGraph(doc, g, await layout(g, new ELK()), 1, {});
    box.append(svg);
    assert.equal(box.querySelectorAll('img, script').length, 0);
    const texts = [...box.querySelectorAll('text')].map((t) => t.textContent);
    assert.ok(texts.includes(HOSTILE), 'the component title');
    assert.ok(texts.includes(`ingress · ${HOSTILE}`), 'the boundary title');
    assert.ok(box.querySelectorAll('[data-field]').length >= 4, 'field rows drawn');
  });
});
