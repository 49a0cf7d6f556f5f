// Journey 3: from a path in the Components view to its anchor in the source: the path row's inline
// "Go to Anchor" action, pick the anchor, and the editor shows the file with the cursor on its line.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { component, displayName, pathRowLabel } from './support/demo';
import {
  activeEditor,
  activeTab,
  clickRowAction,
  cursorPosition,
  expandRow,
  openLineageContainer,
  openWorkbench,
  quickInput,
  quickPickRow,
  rowPartFits,
  runCommand,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  textOf,
  treeRow,
  viewPane,
  UI_TIMEOUT,
} from './support/workbench';

describe('journey 3: from a path to its anchored source line', () => {
  screenshotOnFailure('03');
  const checkout = component('checkout-api');
  const target = checkout.paths!.find((p) => p.code_anchors?.some((a) => a.name === 'insertOrder'))!;
  const anchor = target.code_anchors!.find((a) => a.name === 'insertOrder')!;
  const pathLabel = pathRowLabel(target);

  it('opens the anchored file with the cursor on the anchor, from the tree item action', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await page
      .locator('.editor-group-container.active .monaco-editor')
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    await openLineageContainer(page);
    const components = viewPane(page, 'Components');
    await expandRow(treeRow(components, displayName(checkout)));
    const row = treeRow(components, pathLabel);
    await row.waitFor({ timeout: UI_TIMEOUT });
    // Every path row reads "<ingress> → <egress>" by short names, one label per path.
    const componentRow = treeRow(components, displayName(checkout));
    const level = Number(await componentRow.getAttribute('aria-level')) + 1;
    const pathRows = components.locator(`.monaco-list-row[role="treeitem"][aria-level="${level}"]`);
    const labels = await pathRows.locator('.label-name').allInnerTexts();
    assert.ok(labels.length >= 4, `the Checkout API paths are listed: ${labels.join(' | ')}`);
    assert.equal(
      new Set(labels).size,
      labels.length,
      `each path row has its own label: ${labels.join(' | ')}`,
    );
    for (const label of labels)
      assert.match(label, /^\w+ → \w+$/, `a short "ingress → egress" label: ${label}`);
    // At the default side bar width a short label is read in full (longer method names may still be cut).
    assert.ok(await rowPartFits(row, '.label-name'), `the label ${pathLabel} is not cut off`);
    await screenshot(page, '03-1-path-in-tree');

    await clickRowAction(row, 'Go to Anchor');
    // The path has two anchors (ingress and egress side): the user picks one.
    const pick = quickPickRow(page, anchor.name);
    await pick.waitFor({ timeout: UI_TIMEOUT });
    const picks = await textOf(quickInput(page).locator('.quick-input-list'));
    assert.ok(picks.includes(path.basename(anchor.file)), `the anchor pick names the file: ${picks}`);
    await pick.click();

    await activeTab(page, path.basename(anchor.file)).waitFor({ timeout: UI_TIMEOUT });
    const position = await cursorPosition(page, /^Ln \d+, Col \d+/);
    const line = Number(/^Ln (\d+)/.exec(position)![1]);
    assert.ok(
      line >= anchor.line_start && line <= anchor.line_end,
      `the cursor is inside the anchor (lines ${anchor.line_start}-${anchor.line_end}): ${position}`,
    );
    assert.match(position, /selected/, `the anchored range is selected: ${position}`);
    const activeLine = await textOf(activeEditor(page).locator('.line-numbers.active-line-number').first());
    assert.equal(Number(activeLine), line, 'the gutter highlights the cursor line');
    // The anchored call is on screen.
    await activeEditor(page)
      .locator('.view-line', { hasText: `await ${anchor.name}(` })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '03-2-anchor-in-editor');
  });
});
