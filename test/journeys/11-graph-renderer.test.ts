// The lineage graph's renderer on its own: its real page (graphHtml, the same CSP) and bundle in
// Chromium (test/helpers/webviewPage.ts), fed what the real language server answers for the demo
// dataset (the journeys' local service): the graph laid out by the server (elkjs in its worker thread).
// The page draws exactly what the same layout computes in Node, runs no worker and no elkjs of its
// own; a graph that only hides edges comes on the server's kept layout and is drawn where the boxes
// were; a layout that does not cover the graph is not drawn on; the progress bar shows while a graph
// asked for is slow to come; the CSP is never violated.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import * as P from '../../common/src/protocol';
import type { GraphViewState } from '../../common/src/graphMessages';
import { LspClient } from '../helpers/lspClient';
import { openWebviewPage, type WebviewPage } from '../helpers/webviewPage';
import { layout, type Laid } from '../../common/src/graphLayout/layout';
import { bundleLabel, crossingBundles } from '../../common/src/graphLayout/bundles';
import { component, demo } from './support/demo';
import { session } from './support/session';

interface Posted {
  type: string;
  nodes?: number;
}
const posted = (w: WebviewPage) =>
  w.page.evaluate(() => (globalThis as unknown as { __posted: Posted[] }).__posted.slice());

// Scripts run in the page, as plain text to Chromium.
type Drawing = Record<'nodes' | 'boundaries' | 'edges', Record<string, number[]>>;
const DRAWING = `(() => {
  const box = (r) => ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
  const out = { nodes: {}, boundaries: {}, edges: {} };
  for (const g of document.querySelectorAll('g.node'))
    out.nodes[g.getAttribute('data-id')] = box(g.querySelector(':scope > rect.node-box'));
  for (const g of document.querySelectorAll('g.boundary'))
    out.boundaries[g.getAttribute('data-id')] = box(g.querySelector(':scope > rect.boundary-box'));
  for (const p of document.querySelectorAll('path.edge'))
    out.edges[p.getAttribute('data-edge')] = (p.getAttribute('d') || '').split(/[ML ]+/).filter(Boolean).map(Number);
  return out;
})()`;
const WATCH_CSP = `(() => {
  globalThis.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    globalThis.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
})()`;

/** What the SVG shows: every box and edge line by id, as numbers. */
const drawing = (w: WebviewPage) => w.page.evaluate<Drawing>(DRAWING);

function expected(l: Laid) {
  const box = (b: { x: number; y: number; width: number; height: number }) => [b.x, b.y, b.width, b.height];
  return {
    nodes: Object.fromEntries([...l.nodes].map(([id, b]) => [id, box(b)])),
    boundaries: Object.fromEntries([...l.boundaries].map(([id, b]) => [id, box(b)])),
    edges: Object.fromEntries([...l.edges].map(([id, pts]) => [id, pts.flatMap((p) => [p.x, p.y])])),
  };
}

function assertSameNumbers(actual: Record<string, number[]>, wanted: Record<string, number[]>, what: string) {
  assert.deepEqual(Object.keys(actual).sort(), Object.keys(wanted).sort(), `the same ${what}`);
  for (const [id, xs] of Object.entries(wanted)) {
    const ys = actual[id]!;
    assert.equal(ys.length, xs.length, `${what} ${id}: as many coordinates`);
    xs.forEach((x, i) =>
      assert.ok(Math.abs(x - ys[i]!) < 1e-6, `${what} ${id}: ${ys[i]} where Node laid out ${x}`),
    );
  }
}

describe('graph renderer: drawing the layout the language server made', () => {
  let client: LspClient;
  let web: WebviewPage;
  let dir: string;
  let neighbourhood: P.GraphResult;
  let namespace: P.GraphResult;
  let laidNeighbourhood: P.LaidOutGraph;
  let laidNamespace: P.LaidOutGraph;
  const laidOut = (graph: P.GraphParams) =>
    client.conn.sendRequest(P.LaidOutGraphRequest, { graph, direction: 'RIGHT' });
  const state = (g: P.GraphResult): GraphViewState => ({ params: { focus: g.focus } });

  before(async function () {
    this.timeout(120_000);
    const s = session();
    dir = mkdtempSync(join(tmpdir(), 'lineage-renderer-'));
    client = await LspClient.start({
      workspaceFolder: dir,
      initializationOptions: { serviceUrl: s.serviceUrl, apiKey: s.apiKey },
      settings: { components: demo().components.map((c) => c.id), refreshIntervalSeconds: 0 },
      timeoutMs: 60_000,
    });
    await client.waitForStatus((st) => st.state === 'connected' && st.componentCount > 0);
    laidNeighbourhood = await laidOut({
      focus: { kind: 'component', componentId: component('checkout-api').id },
    });
    neighbourhood = laidNeighbourhood.graph;
    laidNamespace = await laidOut({
      focus: { kind: 'namespace', namespace: component('checkout-api').namespace },
    });
    namespace = laidNamespace.graph;
    web = await openWebviewPage();
    await web.page.evaluate(WATCH_CSP);
  });
  after(async () => {
    await web?.close();
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws the layout the language server made, as the same layout computes in Node, with no worker of its own', async () => {
    assert.ok(
      neighbourhood.nodes.some((n) => n.expanded && n.boundaries.length > 0),
      'compound nodes',
    );
    await web.render(laidNeighbourhood, state(neighbourhood));
    const want = expected(await layout(neighbourhood, new ELK()));
    const got = await drawing(web);
    assertSameNumbers(got.nodes, want.nodes, 'component boxes');
    assertSameNumbers(got.boundaries, want.boundaries, 'boundary boxes');
    assertSameNumbers(got.edges, want.edges, 'edge lines');
    assert.ok(Object.keys(want.edges).length > 0, 'edges are drawn');
    assert.equal(await web.page.locator('body').getAttribute('data-layout'), laidNeighbourhood.layout.made);

    assert.deepEqual(web.page.workers(), [], 'no worker in the page');
    assert.equal(
      await web.page.evaluate(() => typeof (globalThis as { Worker?: unknown }).Worker),
      'function',
      'a worker could be started: none was',
    );
    assert.deepEqual(
      await web.page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations),
      [],
    );
  });

  it('draws the crossings between two components as one bundle with its count; a click lists them', async () => {
    await web.render(laidNeighbourhood, state(neighbourhood));
    const bundles = crossingBundles(neighbourhood);
    assert.ok(bundles.length > 0, 'the demo neighbourhood has components joined by several crossings');
    for (const b of bundles) {
      const drawn = web.page.locator(`[data-bundle="${b.id}"]`);
      assert.equal(await drawn.locator('.bundle-label').textContent(), bundleLabel(b));
      assert.match(bundleLabel(b), /^\d+ fields$/);
      // Its crossings are drawn for field mode, hidden outside it.
      const member = web.page.locator(`path[data-edge="${b.members[0]!.id}"]`);
      assert.equal(await member.evaluate((e) => getComputedStyle(e).display), 'none');
    }
    const widest = [...bundles].sort((a, b) => b.members.length - a.members.length)[0]!;
    await web.page.locator(`[data-bundle="${widest.id}"] .bundle-label-box`).click();
    const rows = web.page.locator('#details .crossing-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), Math.min(widest.members.length, 50), 'the details list its crossings');
    assert.match((await web.page.locator('#details strong').textContent()) ?? '', /fields? cross from /);
  });

  it('a namespace collapsed to components draws as Node lays it out too', async () => {
    assert.ok(namespace.collapsed);
    await web.render(laidNamespace, state(namespace));
    const want = expected(await layout(namespace, new ELK()));
    const got = await drawing(web);
    assertSameNumbers(got.nodes, want.nodes, 'component boxes');
    assertSameNumbers(got.edges, want.edges, 'edge lines');
  });

  it('draws a graph that only hides edges on the kept layout, and does not draw on a layout that does not cover the graph', async () => {
    await web.render(laidNeighbourhood, state(neighbourhood));
    const whole = expected(await layout(neighbourhood, new ELK()));
    // ControlFlow unticked: the same boxes, fewer edges (the demo's neighbourhood has such mappings).
    const filters: P.GraphFilters = { kinds: ['DataFlow', 'KeyValueBridge'] };
    const fewer = await laidOut({ focus: neighbourhood.focus, filters });
    assert.ok(
      fewer.graph.edges.length < neighbourhood.edges.length,
      'the neighbourhood has ControlFlow mappings',
    );
    assert.equal(fewer.layout.made, 'kept', 'the server drew it on its kept layout');
    await web.render(fewer, { params: { focus: neighbourhood.focus, filters } });
    assert.equal(await web.page.locator('body').getAttribute('data-layout'), 'kept');
    const got = await drawing(web);
    assertSameNumbers(got.nodes, whole.nodes, 'component boxes, where they were');
    assertSameNumbers(got.boundaries, whole.boundaries, 'boundary boxes, where they were');
    const shown = Object.fromEntries(Object.entries(whole.edges).filter(([id]) => id in got.edges));
    assertSameNumbers(got.edges, shown, 'the edges still shown, on their routes');
    for (const e of neighbourhood.edges.filter((x) => x.mapping === 'ControlFlow'))
      assert.ok(!(e.id in got.edges), `${e.id} (ControlFlow) is not drawn`);

    // A layout missing a boundary's box (another graph's): the page says so and draws nothing on it.
    const before = await drawing(web);
    const broken = { ...laidNeighbourhood.layout, boundaries: laidNeighbourhood.layout.boundaries.slice(1) };
    await web.page.evaluate(
      ([g, l, st]) =>
        (globalThis as unknown as { postMessage(m: unknown, o: string): void }).postMessage(
          { type: 'graph', graph: g, layout: l, state: st },
          '*',
        ),
      [neighbourhood, broken, state(neighbourhood)] as const,
    );
    await web.page.locator('#status', { hasText: 'could not be laid out' }).waitFor();
    assert.deepEqual(await drawing(web), before, 'the drawing stays as it was');
  });

  it('says it is loading until the first graph comes, and shows progress while a graph asked for is slow to come', async () => {
    const fresh = await openWebviewPage();
    try {
      // Ready and nothing sent yet: the page says the graph is on its way.
      await fresh.page.locator('body[data-busy] #progress:not([hidden])').waitFor();
      assert.equal(await fresh.page.locator('#status').textContent(), 'Loading the lineage graph…');
      await fresh.render(laidNeighbourhood, state(neighbourhood));
      assert.equal(await fresh.page.locator('#progress').isHidden(), true, 'hidden once drawn');
      assert.equal(await fresh.page.locator('body[data-busy]').count(), 0);
      // A filter: the page asks for a graph and none comes for now: the progress bar shows.
      const n = (await posted(fresh)).length;
      await fresh.page.locator('#kind-ControlFlow').uncheck();
      await fresh.page.waitForFunction(
        (k) =>
          (globalThis as unknown as { __posted: Posted[] }).__posted
            .slice(k)
            .some((m) => m.type === 'filters'),
        n,
      );
      await fresh.page.locator('body[data-busy] #progress:not([hidden])').waitFor();
      assert.equal(await fresh.page.locator('#status').textContent(), 'Loading the lineage graph…');
      const filters: P.GraphFilters = { kinds: ['DataFlow', 'KeyValueBridge'] };
      const fewer = await laidOut({ focus: neighbourhood.focus, filters });
      await fresh.render(fewer, { params: { focus: neighbourhood.focus, filters } });
      assert.equal(await fresh.page.locator('#progress').isHidden(), true, 'hidden once drawn again');
      assert.equal(await fresh.page.locator('body[data-busy]').count(), 0);
    } finally {
      await fresh.close();
    }
  });

  it('fits a long field name and a long tag line to their row: cut with an ellipsis, never over each other', async () => {
    const g = structuredClone(neighbourhood);
    const rows = g.nodes.flatMap((n) => n.boundaries.flatMap((b) => b.fields));
    assert.ok(rows.length >= 2, 'field rows to change');
    const long = rows[0]!;
    const longName = 'customer.billing_address.street_line_two_with_a_long_name';
    long.name = longName;
    long.tags = [{ name: 'pii' }];
    long.dependsOn = ['phi', 'pifi', 'secret', 'team-tag-0', 'team-tag-1', 'team-tag-2'].map((name, i) => ({
      name,
      hops: i + 1,
    }));
    const whole = rows.find((f) => f !== long && f.name.length < 12)!;
    await web.render({ graph: g, layout: laidNeighbourhood.layout }, state(g));
    const row = (id: string) =>
      web.page.evaluate((fieldId) => {
        const r = [...document.querySelectorAll('g.field')].find(
          (e) => e.getAttribute('data-field') === fieldId,
        )!;
        const box = (e: Element | null) => {
          if (!e) return undefined;
          const b = (e as SVGGraphicsElement).getBBox();
          return { left: b.x, right: b.x + b.width };
        };
        const name = r.querySelector('tspan.field-name-text');
        const tags = r.querySelector('tspan.field-tags-text');
        return {
          row: box(r.querySelector('rect.field-row')),
          name: box(name),
          tags: box(tags),
          nameText: name?.textContent,
          tagsText: tags?.textContent,
          nameTitle: r.querySelector('text.field-name > title')?.textContent,
        };
      }, id);
    const cut = await row(long.id);
    assert.ok(cut.nameText?.endsWith('…') && longName.startsWith(cut.nameText.slice(0, -1)), cut.nameText);
    assert.equal(cut.nameTitle, longName, 'the whole name in the tooltip');
    assert.ok(cut.tagsText?.endsWith('…') && cut.tagsText.startsWith('● pii'), cut.tagsText);
    assert.ok(
      cut.name!.right <= cut.tags!.left,
      `name ends at ${cut.name!.right}, tags start at ${cut.tags!.left}`,
    );
    assert.ok(cut.name!.left >= cut.row!.left && cut.tags!.right <= cut.row!.right, 'both inside the row');
    const kept = await row(whole.id);
    assert.equal(kept.nameText, whole.name, 'a short name whole');
    assert.equal(kept.nameTitle, undefined);
  });
});
