// Journey 8b: the lineage graph panel as a keyboard and mouse user drives it. Opened from the editor's
// context menu on anchored code, from a component's and a namespace's row in the Components view; moved
// around with the keyboard; narrowed with the filters; its buttons open the path document and the
// source, reveal the component and re-centre the graph; Export SVG writes a standalone picture; it
// follows a high-contrast theme; it comes back after a reload. The code lens "N downstream fields ·
// M contracts" opens the Impact view.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { component, demo, displayName, emailInChargeCard, type DemoComponent } from './support/demo';
import { session } from './support/session';
import {
  activeEditor,
  activeTab,
  clickRowAction,
  goToLine,
  graphFrame,
  openFile,
  openLineageContainer,
  openWorkbench,
  quickInput,
  quickPickRow,
  redrawn,
  runCommand,
  screenshot,
  screenshotOnFailure,
  screenshotVariants,
  signInThroughUi,
  textOf,
  treeRow,
  UI_TIMEOUT,
  viewPane,
  visibleLens,
} from './support/workbench';

const checkout = component('checkout-api');
const billing = component('billing-worker');
const email = emailInChargeCard();
const file = email.file;

/** Centre of an element's box on screen. */
async function centreOf(l: Locator): Promise<{ x: number; y: number }> {
  const b = await l.boundingBox();
  assert.ok(b, 'the element is on screen');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The graph's zoom, from the viewport's transform. */
async function scaleOf(frame: FrameLocator): Promise<number> {
  const t = (await frame.locator('g.viewport').getAttribute('transform')) ?? '';
  return Number(/scale\(([\d.e-]+)\)/.exec(t)?.[1]);
}

/** The smallest text the graph draws (tags, counts), in px at zoom 1. */
const SMALLEST_TEXT = 11;

/** Arrowheads' size on screen: their size in the graph's units times the zoom. */
async function arrowheadPx(frame: FrameLocator): Promise<number> {
  const marker = frame.locator('marker#arrow');
  assert.equal(await marker.getAttribute('markerUnits'), 'userSpaceOnUse', "not scaled by the edge's width");
  return Number(await marker.getAttribute('markerWidth')) * (await scaleOf(frame));
}

/** Opens the graph on a component from its row in the Components view (the row's inline action). */
async function graphOfComponent(page: Page, c: DemoComponent): Promise<FrameLocator> {
  // A graph already open is closed first, and its page waited out: read too early, the closing page
  // (still in the DOM a moment) would be taken for the new one.
  const open = await page.locator('iframe.webview.ready').count();
  await runCommand(page, 'View: Close All Editors');
  if (open > 0)
    await page.waitForFunction((n) => document.querySelectorAll('iframe.webview.ready').length < n, open, {
      timeout: UI_TIMEOUT,
    });
  await openLineageContainer(page);
  await clickRowAction(treeRow(viewPane(page, 'Components'), displayName(c)), 'Show Lineage Graph');
  const frame = graphFrame(page);
  await frame
    .locator(`body[data-ready="true"] g.node.centre[data-id="${c.id}"]`)
    .waitFor({ timeout: UI_TIMEOUT });
  return frame;
}

describe('journey 8b: the lineage graph panel by keyboard and mouse', () => {
  screenshotOnFailure('08b');

  it('opens from the context menu on anchored code, centred on the field under the cursor; the keyboard moves, selects and zooms', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, file);
    // `billingEmail: body.email,` below the chargeCard call: the cursor on `email`.
    await goToLine(page, email.line, email.column);
    // The cursor first, so the lens above it is on screen (an earlier journey may have left the panel
    // open, leaving fewer lines). The anchors are placed once the lenses show (right after a sign-in they may not be yet).
    await visibleLens(page, /downstream field/);
    const cursor = await centreOf(activeEditor(page).locator('.cursors-layer .cursor').first());
    await page.mouse.click(cursor.x + 2, cursor.y, { button: 'right' });
    const item = page.locator('.context-view .action-label', { hasText: /^Show Lineage Graph$/ });
    await item.waitFor({ timeout: UI_TIMEOUT });
    // Pointed at, then Enter: a click right as the menu opens is sometimes dropped by the menu.
    await item.hover();
    await page.keyboard.press('Enter');
    await page.locator('.context-view .monaco-menu').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    // Several fields under the cursor: the user picks the one named there.
    const pick = quickPickRow(page, /email/);
    const frame = graphFrame(page);
    const centre = frame.locator('body[data-ready="true"] g.field.centre').first();
    await Promise.race([pick.waitFor({ timeout: UI_TIMEOUT }), centre.waitFor({ timeout: UI_TIMEOUT })]);
    if (await quickInput(page).isVisible()) await pick.click();
    await centre.waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await centre.locator('.field-name').textContent(), 'email');
    // Readable at first sight: the smallest text at least 11 px on screen, the field in view.
    assert.ok((await scaleOf(frame)) * SMALLEST_TEXT >= 11, `opened at zoom ${await scaleOf(frame)}`);
    const row = await centre.boundingBox();
    const shown = await frame.locator('#canvas').boundingBox();
    assert.ok(row && shown && row.y >= shown.y && row.y + row.height <= shown.y + shown.height, 'on screen');

    // Keyboard: a click puts the focus on the row; Escape leaves field mode, the focus stays.
    await centre.click();
    await frame.locator('svg.field-mode').waitFor({ timeout: UI_TIMEOUT });
    // The keys go to the row (the workbench may have taken the focus back as the flow was shown).
    await centre.focus();
    await page.keyboard.press('Escape');
    await frame.locator('svg.graph:not(.field-mode)').waitFor({ timeout: UI_TIMEOUT });
    const focused = frame.locator(':focus');
    assert.match((await focused.getAttribute('aria-label')) ?? '', /^Field email on /);
    const at0 = await centreOf(focused);
    await page.keyboard.press('ArrowDown');
    const below = (await focused.getAttribute('aria-label')) ?? '';
    const at1 = await centreOf(focused);
    assert.ok(at1.y > at0.y, `ArrowDown moves down (${at0.y} → ${at1.y}) to ${below}`);
    assert.match(below, /^(Field|Component|Data store) /);
    await page.keyboard.press('ArrowRight');
    const at2 = await centreOf(focused);
    assert.ok(at2.x > at1.x, `ArrowRight moves right (${at1.x} → ${at2.x})`);
    await page.keyboard.press('ArrowLeft');
    assert.ok((await centreOf(focused)).x < at2.x, 'ArrowLeft moves back left');
    // Enter on a field selects it (field mode), as a click does.
    const label = (await focused.getAttribute('aria-label')) ?? '';
    if (label.startsWith('Field ')) {
      await page.keyboard.press('Enter');
      await frame.locator('svg.field-mode g.field.selected:focus').waitFor({ timeout: UI_TIMEOUT });
      await page.keyboard.press('Escape');
    }
    // + zooms in, - out, 0 fits the whole graph.
    const s0 = await scaleOf(frame);
    await page.keyboard.press('+');
    const s1 = await scaleOf(frame);
    assert.ok(Math.abs(s1 / s0 - 1.2) < 1e-6, `+ zooms in by 1.2 (${s0} → ${s1})`);
    assert.ok(Math.abs((await arrowheadPx(frame)) - 8) < 1e-6, 'arrowheads stay 8 px on screen when zoomed');
    await page.keyboard.press('-');
    assert.ok(Math.abs((await scaleOf(frame)) - s0) < 1e-9, '- zooms back out');
    await page.keyboard.press('0');
    const whole = await frame.locator('g.viewport').boundingBox();
    const canvas = await frame.locator('#canvas').boundingBox();
    assert.ok(whole && canvas && whole.width <= canvas.width + 1, '0 fits the whole graph in the panel');
    await centre.focus();
    await screenshot(page, '08b-graph-keyboard');
  });

  it('filters: tag, mapping kinds and depth narrow the graph and stay set', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const frame = await graphOfComponent(page, checkout);
    const kinds = frame.locator('path.edge.kind-ControlFlow');
    assert.ok((await kinds.count()) > 0, 'checkout-api maps paymentMethod by ControlFlow');

    await redrawn(frame, () => frame.locator('#kind-ControlFlow').uncheck());
    assert.equal(await kinds.count(), 0, 'no ControlFlow edge once unticked');
    assert.ok((await frame.locator('path.edge.kind-DataFlow').count()) > 0, 'DataFlow edges stay');
    assert.equal(await frame.locator('#kind-ControlFlow').isChecked(), false, 'the box stays unticked');
    await redrawn(frame, () => frame.locator('#kind-ControlFlow').check());

    await redrawn(frame, async () => {
      await frame.locator('#tag').selectOption('pii');
    });
    assert.equal(await frame.locator('#tag').inputValue(), 'pii');
    const rows = frame.locator('g.field');
    assert.ok((await rows.count()) > 0, 'fields carrying pii are shown');
    for (const tags of await rows.locator('.field-tags').allTextContents())
      assert.match(tags, /[●◌] pii/, 'every field shown carries pii');
    assert.equal(
      await rows.count(),
      await rows.filter({ has: frame.locator('.field-tags') }).count(),
      'no untagged field is shown',
    );
    await screenshot(page, '08b-graph-filter-pii');
    await redrawn(frame, async () => {
      await frame.locator('#tag').selectOption('');
    });

    const nodes = frame.locator('g.node');
    assert.ok((await nodes.count()) > 1, 'the neighbourhood');
    // A number typed and committed (Tab), as a user does: each commit asks for the graph anew.
    const setDepth = (id: 'depthUp' | 'depthDown', value: string) =>
      redrawn(frame, async () => {
        await frame.locator(`#${id}`).fill(value);
        await frame.locator(`#${id}`).press('Tab');
      });
    await setDepth('depthUp', '0');
    await setDepth('depthDown', '0');
    assert.equal(await nodes.count(), 1, 'depth 0 up and down: the component alone');
    assert.equal(await frame.locator('g.node.centre').getAttribute('data-id'), checkout.id);
    // What the depth hides is said where it cuts (Checkout API has nothing upstream: all downstream).
    assert.match(
      (await frame.locator('g.node.centre .hidden-links').textContent()) ?? '',
      /^\+\d+ beyond depth 0$/,
    );
    await screenshot(page, '08b-graph-beyond-depth');
    assert.equal(await frame.locator('#depthDown').inputValue(), '0');
    await setDepth('depthUp', '2');
    await setDepth('depthDown', '2');
  });

  it("a component's buttons open its source, reveal it, collapse it and centre the graph elsewhere", async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const frame = await graphOfComponent(page, checkout);
    const header = (id: string) => frame.locator(`g.node[data-id="${id}"] .node-header`);
    const details = frame.locator('#details');
    /** Clicks a component's header (after Fit: the graph opens on its centre at full size). */
    const select = async (id: string, name: string) => {
      await frame.locator('body[data-ready="true"] svg.graph').waitFor({ timeout: UI_TIMEOUT });
      await frame.getByRole('button', { name: 'Fit' }).click();
      await header(id).click();
      await details.getByText(name, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    };
    await select(checkout.id, displayName(checkout));
    const graphTab = page.locator('.tabs-container .tab', { hasText: 'Lineage Graph' });
    // The path document: its JSON in a lineage: tab (in the full run after journey 6's reload and journey
    // 7's settings writes, which once made it fail with "Signed out").
    await details.getByRole('button', { name: 'Open path document' }).first().click();
    await activeTab(page, /\.lineage-path\.json$/).waitFor({ timeout: UI_TIMEOUT });
    await activeEditor(page)
      .locator('.view-line', { hasText: '"path_id"' })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await page.getByText('could not be opened').count(), 0, 'the path document opened');
    await graphTab.click();
    await select(checkout.id, displayName(checkout));
    await details.getByRole('button', { name: 'Open source' }).first().click();
    // A path anchored in several places asks which one (Go to Anchor's pick): the first.
    const source = activeTab(page, /\.(ts|py|go|java)$/);
    const pick = quickInput(page).locator('.monaco-list-row').first();
    await Promise.race([source.waitFor({ timeout: UI_TIMEOUT }), pick.waitFor({ timeout: UI_TIMEOUT })]);
    if (await pick.isVisible()) await page.keyboard.press('Enter');
    await source.waitFor({ timeout: UI_TIMEOUT });
    await graphTab.click();
    await select(checkout.id, displayName(checkout));
    await details.getByRole('button', { name: 'Reveal in Components view' }).click();
    const row = treeRow(viewPane(page, 'Components'), displayName(checkout));
    await row.and(page.locator('[aria-selected="true"]')).waitFor({ timeout: UI_TIMEOUT });

    await redrawn(frame, () => details.getByRole('button', { name: 'Collapse' }).click());
    assert.equal(await frame.locator(`g.node.expanded[data-id="${checkout.id}"]`).count(), 0, 'collapsed');
    assert.match(
      (await frame.locator(`g.node[data-id="${checkout.id}"]`).textContent()) ?? '',
      /\d+ paths? · \d+ fields?/,
    );
    // The details follow the drawing: the button now offers to expand it again.
    await details.getByRole('button', { name: 'Expand' }).waitFor({ timeout: UI_TIMEOUT });

    await select(billing.id, displayName(billing));
    await redrawn(frame, () => details.getByRole('button', { name: 'Centre here' }).click());
    assert.equal(await frame.locator('g.node.centre').getAttribute('data-id'), billing.id);
    await screenshot(page, '08b-graph-centred-elsewhere');

    // The details' selection outlives the tab: closed, then opened again from Checkout API's row, the
    // graph shows Billing worker's details (drawn there too), its buttons with them.
    const reopened = await graphOfComponent(page, checkout);
    assert.equal(await reopened.locator('g.node.centre').getAttribute('data-id'), checkout.id);
    const kept = reopened.locator('#details');
    await kept.getByText(displayName(billing), { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await kept.getByRole('button', { name: 'Centre here' }).waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '08b-graph-details-kept');
    // Escape clears it, and a closed and reopened tab then shows no details.
    await reopened.locator('g.node.centre .focusable').first().press('Escape');
    await kept.locator('strong').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const cleared = await graphOfComponent(page, checkout);
    assert.equal(await cleared.locator('#details strong').count(), 0, 'nothing selected after Escape');
  });

  it('Export SVG writes a standalone picture with the theme colours resolved', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const frame = await graphOfComponent(page, checkout);
    const target = path.join(session().workspace, 'lineage-graph.svg');
    fs.rmSync(target, { force: true });
    await frame.getByRole('button', { name: 'Export SVG' }).click();
    // The save dialog (VS Code's own in the browser) proposes lineage-graph.svg in the workspace.
    const input = quickInput(page).locator('input.input');
    await input.waitFor({ timeout: UI_TIMEOUT });
    // The dialog fills in the folder first, then the proposed name.
    await page.waitForFunction(
      `document.querySelector('.quick-input-widget input.input')?.value?.endsWith('/lineage-graph.svg')`,
      undefined,
      { timeout: UI_TIMEOUT },
    );
    assert.match(await input.inputValue(), /lineage-graph\.svg$/);
    await page.keyboard.press('Enter');
    await page
      .locator('.notification-list-item', { hasText: /Lineage graph saved to .*lineage-graph\.svg/ })
      .waitFor({ timeout: UI_TIMEOUT });
    const svg = fs.readFileSync(target, 'utf8');
    assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg, /viewBox="0 0 [\d.]+ [\d.]+"/);
    assert.ok(svg.includes(`>${displayName(checkout)}<`), 'the component is named in it');
    assert.ok(!svg.includes('var(--vscode'), 'no theme variable left: it reads outside VS Code');
    assert.match(svg, /style="fill:rgb\(/, 'colours are written into the picture');
    // Which filters made it, in the picture and as its title.
    assert.ok(svg.includes(`<title>Lineage graph of ${displayName(checkout)} (`), 'titled by its centre');
    assert.ok(
      svg.includes('>Filters: depth up 2, down 2 · all namespaces · any tag · all mapping kinds<'),
      'the filters are written above the drawing',
    );
    const drawn = await frame.locator('g.node').count();
    assert.equal((svg.match(/<g class="node /g) ?? []).length, drawn, 'every component drawn is in it');
    fs.rmSync(target, { force: true });
  });

  it('follows a high-contrast theme', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const frame = await graphOfComponent(page, checkout);
    const pickTheme = async (name: string) => {
      await runCommand(page, 'Preferences: Color Theme');
      const input = quickInput(page).locator('input.input');
      await input.fill(name);
      await quickPickRow(page, name).click();
    };
    try {
      await pickTheme('Light High Contrast');
      await frame.locator('body.vscode-high-contrast').waitFor({ timeout: UI_TIMEOUT });
      const box = frame.locator('g.node .node-box').first();
      // The box's stroke, and the theme's contrast border resolved to a colour the same way (the
      // page's globals are typed here as far as they are used).
      const style = await box.evaluate((e) => {
        interface Css {
          strokeWidth: string;
          stroke: string;
          color: string;
          getPropertyValue(name: string): string;
        }
        interface El {
          style: { color: string };
          remove(): void;
        }
        const w = globalThis as unknown as {
          getComputedStyle(x: unknown): Css;
          document: { documentElement: unknown; body: { append(x: El): void }; createElement(t: string): El };
        };
        const probe = w.document.createElement('div');
        probe.style.color = w
          .getComputedStyle(w.document.documentElement)
          .getPropertyValue('--vscode-contrastBorder');
        w.document.body.append(probe);
        const border = w.getComputedStyle(probe).color;
        probe.remove();
        const cs = w.getComputedStyle(e);
        return { width: cs.strokeWidth, stroke: cs.stroke, border };
      });
      assert.equal(style.width, '2px', 'boxes get a thicker border');
      assert.equal(style.stroke, style.border, "boxes are outlined in the theme's contrast border");
      await screenshot(page, '08b-graph-high-contrast');
    } finally {
      await pickTheme('Light Modern');
    }
    await frame.locator('body:not(.vscode-high-contrast)').waitFor({ timeout: UI_TIMEOUT });
  });

  it('keeps the zoom and field mode across filter changes, reuses its one panel, and stacks components in a narrow window', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const frame = await graphOfComponent(page, checkout);
    // From the Components view too, readable at first sight.
    assert.ok((await scaleOf(frame)) * SMALLEST_TEXT >= 11, `opened at zoom ${await scaleOf(frame)}`);
    const email = frame
      .locator('g.field', { has: frame.locator('.field-name', { hasText: /^email$/ }) })
      .first();
    await email.click();
    await frame.locator('svg.field-mode g.field.selected').waitFor({ timeout: UI_TIMEOUT });
    await email.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    const zoom = await scaleOf(frame);
    // The box of the field's boundary (its rows may move inside it when a filter hides some).
    const boundaryOfSelected = frame.locator('g.boundary:has(g.field.selected) > rect.boundary-box');
    const before = await boundaryOfSelected.boundingBox();

    // A filter changed: the same zoom, the field where it was, still in field mode.
    await redrawn(frame, async () => {
      await frame.locator('#tag').selectOption('pii');
    });
    assert.equal(await scaleOf(frame), zoom, 'the zoom stays');
    const selected = frame.locator('svg.field-mode g.field.selected');
    await selected.waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await selected.locator('.field-name').textContent(), 'email');
    const after = await boundaryOfSelected.boundingBox();
    assert.ok(
      before && after && Math.abs(after.y - before.y) < 1 && Math.abs(after.x - before.x) < 1,
      `the field's box stays in place (${JSON.stringify(before)} → ${JSON.stringify(after)})`,
    );
    await frame.locator('#status', { hasText: /^Field mode: / }).waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '08b-graph-filter-keeps-field');
    await redrawn(frame, async () => {
      await frame.locator('#tag').selectOption('');
    });

    // Opened again from another row: the same panel, in the same group, centred on the new component.
    const groups = await page.locator('.editor-group-container').count();
    await clickRowAction(treeRow(viewPane(page, 'Components'), displayName(billing)), 'Show Lineage Graph');
    await frame
      .locator(`body[data-ready="true"] g.node.centre[data-id="${billing.id}"]`)
      .waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'Lineage Graph' }).count(), 1);
    assert.equal(await page.locator('.editor-group-container').count(), groups, 'no editor group added');

    // Outside field mode, the crossings between two components are one edge with its count; Enter on it
    // lists them, each with a button that shows that field's flow.
    const bundle = frame.locator('g.bundle').first();
    const label = (await bundle.locator('.bundle-label').textContent()) ?? '';
    const count = Number(/^(\d+) fields$/.exec(label)?.[1]);
    assert.ok(count > 1, `a bundle labelled with its count: "${label}"`);
    await bundle.focus();
    await page.keyboard.press('Enter');
    const crossings = frame.locator('#details .crossing-row');
    await crossings.first().waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await crossings.count(), Math.min(count, 50), 'each crossing listed');
    await screenshot(page, '08b-graph-bundle-details');
    await crossings.first().getByRole('button', { name: 'Show flow' }).click();
    await frame.locator('svg.field-mode path.edge.bundled.hl').first().waitFor({ timeout: UI_TIMEOUT });
    await frame.locator('#details').getByRole('button', { name: 'Clear' }).click();
    await frame.locator('svg.graph:not(.field-mode)').waitFor({ timeout: UI_TIMEOUT });

    // The overview: shown while part of the graph is off the panel; a click on it moves the panel there
    // (the zoom stays); gone once Fit shows the whole graph.
    const overview = frame.locator('#overview:not([hidden]) svg');
    await overview.waitFor({ timeout: UI_TIMEOUT });
    const panelFrame = frame.locator('#overview .ov-view');
    const was = Number(await panelFrame.getAttribute('x'));
    const scaleBefore = await scaleOf(frame);
    const map = await overview.boundingBox();
    assert.ok(map, 'the overview is on screen');
    await page.mouse.click(map.x + map.width - 4, map.y + map.height / 2);
    assert.ok(Number(await panelFrame.getAttribute('x')) > was, 'the panel moved right, where the click was');
    assert.equal(await scaleOf(frame), scaleBefore, 'the zoom stays');
    await screenshot(page, '08b-graph-overview');

    // Light and dark, wide and narrow: a narrow panel lays out top to bottom, each screenshot looked at.
    await screenshotVariants(page, '08b-graph', async () => {
      const narrow = (page.viewportSize()?.width ?? 1400) < 1000;
      await frame
        .locator(
          `body[data-ready="true"][data-direction="${narrow ? 'DOWN' : 'RIGHT'}"]:not([data-busy]) svg.graph`,
        )
        .waitFor({ timeout: UI_TIMEOUT });
    });
    await frame.getByRole('button', { name: 'Fit' }).click();
    await frame.locator('#overview[hidden]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  });

  it('a namespace row opens the namespace collapsed to components with counts', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await openLineageContainer(page);
    await clickRowAction(treeRow(viewPane(page, 'Components'), checkout.namespace), 'Show Namespace Graph');
    const frame = graphFrame(page);
    await frame.locator('body[data-ready="true"] svg.graph').waitFor({ timeout: UI_TIMEOUT });
    await frame.locator('#status', { hasText: 'collapsed to components with counts' }).waitFor({
      timeout: UI_TIMEOUT,
    });
    const inNamespace = demo().components.filter((c) => c.namespace === checkout.namespace);
    const nodes = frame.locator('g.node');
    assert.deepEqual(
      (await Promise.all((await nodes.all()).map((n) => n.getAttribute('data-id')))).sort(),
      inNamespace.map((c) => c.id).sort(),
    );
    for (const t of await nodes.locator('.counts').first().allTextContents())
      assert.match(t, /^\d+ paths? · \d+ fields?/);
    assert.equal(await frame.locator('g.node.expanded').count(), 0);
    await screenshot(page, '08b-graph-namespace');
  });

  it('opened again after its tab was closed, draws at once on the kept layout', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const boxes = (frame: FrameLocator) =>
      frame
        .locator('body')
        .evaluate(() =>
          [...document.querySelectorAll('g.node > rect.node-box')].map((r) =>
            ['x', 'y', 'width', 'height'].map((a) => r.getAttribute(a)).join(' '),
          ),
        );
    const first = await graphOfComponent(page, checkout);
    const before = await boxes(first);
    assert.ok(before.length > 1, 'components drawn');
    // Closed (the page goes) and opened again on the same graph: the server's kept layout.
    const again = await graphOfComponent(page, checkout);
    assert.equal(await again.locator('body').getAttribute('data-layout'), 'kept', 'no new layout');
    assert.deepEqual(await boxes(again), before, 'every box where it was');
    // That a graph of another shape is laid out anew is the unit tests' (graphLayoutReuse): here
    // every shape an earlier test of this window drew is kept already.
  });

  it('comes back after a reload, on the same field with its flow highlighted', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    const frame = await graphOfComponent(page, checkout);
    const email = frame
      .locator('g.field', { has: frame.locator('.field-name', { hasText: /^email$/ }) })
      .first();
    await email.click();
    await frame.locator('svg.field-mode g.field.selected').waitFor({ timeout: UI_TIMEOUT });

    const reloaded = page.waitForEvent('load', { timeout: UI_TIMEOUT });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.locator('.monaco-workbench').waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.tabs-container .tab', { hasText: 'Lineage Graph' }).waitFor({ timeout: UI_TIMEOUT });
    const again = graphFrame(page);
    await again.locator('body[data-ready="true"] g.node.centre').waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await again.locator('g.node.centre').getAttribute('data-id'), checkout.id);
    const selected = again.locator('svg.field-mode g.field.selected');
    await selected.waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await selected.locator('.field-name').textContent(), 'email');
    await screenshot(page, '08b-graph-restored');
  });

  it('the code lens "N downstream fields · M contracts" counts a contract file added on disk at once, and opens the Impact view', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, file);
    // The lens of createOrder → insertOrder, which writes the orders table (on screen: lenses are only
    // drawn for visible lines).
    const insert = checkout
      .paths!.flatMap((p) => p.code_anchors ?? [])
      .find((a) => a.name === 'insertOrder' && a.file.includes('handlers'))!;
    await goToLine(page, insert.line_start);
    const lenses = activeEditor(page)
      .locator('.codelens-decoration', { hasText: 'createOrder → insertOrder' })
      .locator('a');
    const lens = lenses.filter({ hasText: /^\d+ downstream fields? · \d+ contracts?$/ }).first();
    await lens.waitFor({ timeout: UI_TIMEOUT });
    const [, fields, contracts] = /^(\d+) downstream fields? · (\d+) contract/.exec(
      (await lens.textContent()) ?? '',
    )!;
    const was = Number(contracts);
    assert.ok(was > 0, 'the path writes the orders table, which has a contract');

    // Another contract on the orders table, written on disk (not through the editor): the lens counts
    // it without a refresh (the language server watches contract files).
    const orders = fs.readFileSync(
      path.join(session().workspace, 'contracts', 'orders.contract.yaml'),
      'utf8',
    );
    const darn = /dataAssetResourceName:\s*(\S+)/.exec(orders)![1]!;
    const added = path.join(session().workspace, 'contracts', 'late-orders.contract.yaml');
    const counted = (n: number) =>
      lenses
        .filter({ hasText: `${fields} downstream fields · ${n} contract${n === 1 ? '' : 's'}` })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
    try {
      fs.writeFileSync(added, `name: Late orders\ndataAssetResourceName: ${darn}\ncontractSchema: []\n`);
      await counted(was + 1);

      await lenses
        .filter({ hasText: `${fields} downstream fields · ${was + 1} contracts` })
        .first()
        .click();
      const impact = viewPane(page, 'Impact');
      await impact.waitFor({ timeout: UI_TIMEOUT });
      const summary = impact.locator('.monaco-list-row[role="treeitem"]').first();
      await summary.locator('.label-description', { hasText: `${fields} downstream fields` }).waitFor({
        timeout: UI_TIMEOUT,
      });
      assert.match(await textOf(summary), new RegExp(`${was + 1} contracts`));
      // Both contracts on the orders table are rows of their own (one asset, two files); the one whose
      // file gives no name reads as the table it covers, its file named beside it.
      await treeRow(impact, 'Late orders').waitFor({ timeout: UI_TIMEOUT });
      const unnamed = treeRow(impact, 'Orders table');
      await unnamed.waitFor({ timeout: UI_TIMEOUT });
      assert.match(await textOf(unnamed), /orders\.contract\.yaml/);
      await screenshot(page, '08b-lens-impact');
    } finally {
      fs.rmSync(added, { force: true });
    }
    await counted(was);
  });
});
