// Journey 4: edit a path from the Components view, save it with a reason, see the view show the user
// override, and find the update recorded by the service (operation 9: BYO_PATH_ADDED with the reason).
import * as assert from 'node:assert/strict';
import { pathDocumentLabel } from '../../common/src/pathLabels';
import { component, displayName, pathRowLabel } from './support/demo';
import { versions } from './support/service';
import {
  activeEditor,
  activeTab,
  clickRowAction,
  escapeRegExp,
  expandRow,
  inputBox,
  quickInput,
  quickPickRow,
  openLineageContainer,
  openWorkbench,
  runCommand,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  textOf,
  treeRow,
  viewPane,
  UI_TIMEOUT,
} from './support/workbench';

describe('journey 4: edit a path and save it to the service', () => {
  screenshotOnFailure('04');
  const checkout = component('checkout-api');
  const target = checkout.paths!.find(
    (p) => p.path_type === 'SCAN_OUTPUT' && p.egress.signature_name.endsWith('.chargeCard'),
  )!;
  const pathLabel = pathRowLabel(target);
  const oldText = 'charge the card for card orders';

  it('saves the edit, the view shows the override, and the service recorded it', async () => {
    const stamp = Date.now();
    const newText = `${oldText} (reviewed ${stamp})`;
    const reason = `journey 4 review ${stamp}`;
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await openLineageContainer(page);
    const components = viewPane(page, 'Components');
    await expandRow(treeRow(components, displayName(checkout)));
    const row = treeRow(components, pathLabel);
    await row.waitFor({ timeout: UI_TIMEOUT });
    assert.doesNotMatch(await textOf(row), /override/, 'before the edit the path is the scan output');

    // Edit Path opens the path as a JSON document (lineage: scheme).
    await clickRowAction(row, 'Edit Path');
    const editor = activeEditor(page);
    await editor
      .locator('.view-line', { hasText: `"path_id": "${target.path_id}"` })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    // The tab reads as the path's short label, not its id.
    await activeTab(page, `${pathDocumentLabel(target)}.lineage-path.json`).waitFor({ timeout: UI_TIMEOUT });
    await editor.locator('.view-lines').click();
    // Find the summary text, close the find widget (the match stays selected) and type over it.
    await page.keyboard.press('Control+F');
    const find = page.locator('.find-widget.visible textarea, .find-widget.visible input').first();
    await find.waitFor({ timeout: UI_TIMEOUT });
    await find.fill(oldText);
    await page
      .locator('.find-widget.visible .matchesCount', { hasText: /^1 of 1$/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Escape');
    await page.keyboard.type(newText);
    await editor.locator('.view-line', { hasText: newText }).first().waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '04-1-edited');

    // Save: the extension asks for an optional reason before sending the update, with two labelled rows:
    // Save (effective from the latest scanned commit) and Choose Commit….
    await page.keyboard.press('Control+S');
    const reasonBox = await inputBox(page, 'Save Path to the Service');
    const saveRow = quickPickRow(page, /Save$/);
    const chooseRow = quickPickRow(page, /Choose Commit…$/);
    await saveRow.waitFor({ timeout: UI_TIMEOUT });
    await chooseRow.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(saveRow), /effective from the latest scanned commit/);
    await screenshot(page, '04-0-save-prompt');
    // Choose Commit… lists the default first, then the component's scanned commits.
    await chooseRow.click();
    await inputBox(page, 'Effective Since Commit');
    await quickPickRow(page, /Latest scanned commit \(default\)$/).waitFor({ timeout: UI_TIMEOUT });
    const commitRow = quickInput(page).locator('.monaco-list-row').nth(1);
    await commitRow.waitFor({ timeout: UI_TIMEOUT });
    const sha = (await commitRow.locator('.label-name').first().innerText()).trim();
    assert.match(sha, /^[0-9a-f]{7,12}$/, `a commit row: ${sha}`);
    assert.match(await textOf(commitRow), /Scanned/, "the commit's event in words");
    await screenshot(page, '04-0b-commit-picker');
    await commitRow.click();
    // Back at the save prompt, now effective from that commit.
    await saveRow.filter({ hasText: `effective from commit ${sha}` }).waitFor({ timeout: UI_TIMEOUT });
    await reasonBox.fill(reason);
    await page.keyboard.press('Enter');

    // The document is saved (not dirty) and the view now shows the user override.
    await page.locator('.tabs-container .tab.active:not(.dirty)').waitFor({ timeout: UI_TIMEOUT });
    const overridden = components
      .locator('.monaco-list-row[role="treeitem"]', { hasText: pathLabel })
      .filter({ hasText: /override/ })
      .first();
    await overridden.waitFor({ timeout: UI_TIMEOUT });
    // The save's progress notification goes away once the service answered.
    await page
      .locator('.notifications-toasts .notification-toast', { hasText: 'Saving path to the service' })
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await screenshot(page, '04-2-saved-view-refreshed');
    const rowText = await textOf(overridden);
    assert.match(rowText, /override/, `the path row is now the user override: ${rowText}`);
    const shown = await textOf(editor.locator('.view-lines'));
    assert.ok(shown.includes(newText), `the editor still shows the saved text: ${shown.slice(-400)}`);

    // The service recorded the update with the reason the user typed.
    const history = await versions(checkout.id);
    const added = history.find((v) => v.kind === 'BYO_PATH_ADDED' && v.reason === reason);
    assert.ok(added, `BYO_PATH_ADDED with reason "${reason}" recorded: ${JSON.stringify(history.slice(-4))}`);
    assert.ok(added.path_id && added.path_id !== target.path_id, 'the update is a new path id');
    assert.ok(
      added.commit_sha.startsWith(sha),
      `effective from the chosen commit ${sha}: ${added.commit_sha}`,
    );
    assert.ok(
      history.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === target.path_id),
      'the replaced scan path is recorded as deleted',
    );

    // The editor now shows the saved version, at the line the cursor was on; the breadcrumb names the
    // component and the path, never an id (the ids are in the document URI's query); the tab keeps the
    // path's label.
    const crumbs = page.locator('.editor-group-container.active .breadcrumbs-control');
    await crumbs
      .locator('.monaco-breadcrumb-item', { hasText: displayName(checkout) })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(crumbs), new RegExp(escapeRegExp(pathDocumentLabel(target))));
    assert.doesNotMatch(
      await textOf(crumbs),
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/,
      'the breadcrumb names no id',
    );
    await activeTab(page, `${pathDocumentLabel(target)}.lineage-path.json`).waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(editor.locator('.view-lines')), new RegExp(escapeRegExp(newText)));
    await screenshot(page, '04-3-saved-new-id-breadcrumb');
  });
});
