// Journey 8: hover a field name in anchored code, open the lineage graph from the hover's link, select
// the tagged field in the graph and see its flow highlighted across services and data stores, then
// open its impact in the Impact view.
import * as assert from 'node:assert/strict';
import { component, emailInChargeCard } from './support/demo';
import {
  goToLine,
  graphFrame,
  hoverAtCursor,
  hoverAtCursorUntil,
  hoverWidget,
  openFile,
  runCommand,
  openWorkbench,
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

describe('journey 8: lineage graph and impact of a field', () => {
  screenshotOnFailure('08');
  const checkout = component('checkout-api');
  // createOrder → chargeCard is anchored at the chargeCard call; `billingEmail: body.email` is in it.
  const email = emailInChargeCard();
  const mappings = (
    checkout.paths as unknown as Array<{
      field_mappings?: Array<{ ingress_field: string; egress_field: string }>;
    }>
  ).flatMap((p) => p.field_mappings ?? []);
  const emailTo = (egress: string) =>
    mappings.some((m) => m.ingress_field === 'email' && m.egress_field === egress);

  it('opens the graph from the hover on a tagged field and highlights where it flows', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await openFile(page, email.file);
    await goToLine(page, email.line, email.column);
    // The cursor first, so the lens above it is on screen (an earlier journey may have left the panel
    // open, leaving fewer lines). The anchors are placed once the lenses show: a hover before that has nothing to say (the first
    // journey of a run gets here right after the sign-in).
    await visibleLens(page, /downstream field/);
    const hover = hoverWidget(page);
    const link = hover.getByRole('link', { name: 'Lineage graph' }).first();
    await hoverAtCursorUntil(page, link);
    assert.match(await textOf(hover), /email/);
    await link.click();
    // A click on a hover's link can be lost while the hover is laid out again (TypeScript's part of it
    // arriving: seen once on a fresh clone, the hover still up and no graph). The graph's tab says
    // whether it opened; if not, the hover is shown again and its link clicked once more.
    const graphTab = page.locator('.tabs-container .tab', { hasText: 'Lineage Graph' });
    const opened = await graphTab.waitFor({ timeout: UI_TIMEOUT / 4 }).then(
      () => true,
      () => false,
    );
    if (!opened) {
      await hoverAtCursor(page);
      await link.click();
    }

    const frame = graphFrame(page);
    await frame.locator('body[data-ready="true"]').waitFor({ timeout: UI_TIMEOUT });
    // Opened on the field: its row is the centre, and it carries its applied tag (●).
    const centre = frame.locator('g.field.centre').first();
    await centre.waitFor({ timeout: UI_TIMEOUT });
    assert.match((await centre.locator('.field-name').textContent()) ?? '', /^email$/);
    assert.match((await centre.locator('.field-tags').textContent()) ?? '', /● pii/);

    // Select it as a user does: a click on its row, the pointer first moved off the hover (which
    // otherwise stays up over the graph, where the row opens in the middle of the panel).
    await page.mouse.move(1, 1);
    await hoverWidget(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await centre.click();
    await frame.locator('svg.field-mode').waitFor({ timeout: UI_TIMEOUT });
    const status = await frame.locator('#status').textContent();
    const m = /(\d+) upstream, (\d+) downstream/.exec(status ?? '');
    assert.ok(m, `the status says what is highlighted: ${status}`);
    const highlighted = frame.locator('g.field.hl-down');
    assert.equal(await highlighted.count(), Number(m[2]), 'the status counts the highlighted rows');
    assert.ok(Number(m[2]) > 0);
    const names = await highlighted.locator('.field-name').allTextContents();
    // The dataset maps email to these fields on the paths out of createOrder; each is downstream.
    for (const egress of ['customer_email', 'billing_email', 'customer.email'])
      if (emailTo(egress))
        assert.ok(names.includes(egress), `${egress} is highlighted: ${JSON.stringify(names)}`);
    // The orders table (a data store) is on the flow and drawn as such.
    const store = frame.locator('g.node.store.hl');
    assert.ok((await store.count()) > 0, 'a data store on the flow is highlighted');
    assert.ok((await frame.locator('path.edge.hl').count()) > 0, 'the edges on the flow are highlighted');
    await screenshot(page, '08-graph-field-mode');

    // The field's impact, from the graph.
    await frame.getByRole('button', { name: 'Show impact' }).click();
    const impact = viewPane(page, 'Impact');
    await impact.waitFor({ timeout: UI_TIMEOUT });
    // The field changed, what depends on it by component then field (nearest first).
    const summary = treeRow(impact, 'email on CreateOrderRequest');
    await summary.waitFor({ timeout: UI_TIMEOUT });
    assert.match(
      await textOf(summary),
      /\d+ downstream fields · \d+ components · \d+ data stores · \d+ contracts/,
    );
    // What breaks leads: the contracts at risk, then the components (collapsed, nearest first).
    const contractsRow = treeRow(impact, 'Contracts at risk');
    const componentsRow = treeRow(impact, 'Components');
    await contractsRow.waitFor({ timeout: UI_TIMEOUT });
    await componentsRow.waitFor({ timeout: UI_TIMEOUT });
    const top = async (l: typeof summary) => (await l.boundingBox())?.y ?? Number.NaN;
    assert.ok(
      (await top(contractsRow)) < (await top(componentsRow)),
      'contracts are listed before components',
    );
    const checkout = treeRow(impact, 'Checkout API');
    await checkout.waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await checkout.getAttribute('aria-expanded'), 'false', 'components open collapsed');
    assert.match(await textOf(checkout), /\d+ hops? · \d+ fields?/);
    await screenshotVariants(page, '08-impact-view', () => summary.waitFor({ timeout: UI_TIMEOUT }));
    // Expanding the components shows their fields: in the maximised panel, so that every row stays on
    // screen as the list grows (a row pushed below the panel's edge is not rendered).
    await runCommand(page, 'View: Toggle Maximized Panel');
    const collapsedComponents = impact
      .locator('.monaco-list-row[aria-level="2"][aria-expanded="false"]')
      .filter({ has: page.locator('.codicon-symbol-class, .codicon-database') });
    while ((await collapsedComponents.count()) > 0) {
      const next = collapsedComponents.first();
      const name = await textOf(next.locator('.label-name'));
      await next.locator('.monaco-tl-twistie').click();
      await impact
        .locator('.monaco-list-row[aria-level="2"][aria-expanded="true"]')
        .filter({ has: page.locator('.label-name', { hasText: name }) })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
    }
    for (const egress of ['customer_email', 'billing_email'])
      if (emailTo(egress)) await treeRow(impact, egress).waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '08-impact-view-expanded');
    await runCommand(page, 'View: Toggle Maximized Panel');
    await runCommand(page, 'View: Close All Editors');
  });
});
