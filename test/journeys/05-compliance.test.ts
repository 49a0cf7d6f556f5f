// Journey 5: open a contract file, run "Lineage Lens: Check Compliance" from the command palette, and
// read its violations in the Problems panel (and the count in the Contracts view).
import * as assert from 'node:assert/strict';
import {
  openFile,
  openLineageContainer,
  rowPartFits,
  openWorkbench,
  runCommand,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  textOf,
  viewPane,
  UI_TIMEOUT,
} from './support/workbench';
import { component, displayName } from './support/demo';

describe('journey 5: contract violations in the Problems panel', () => {
  screenshotOnFailure('05');
  // demo/README.md: "order-created for CRM sync" is violated — customer.loyaltyTier is missing and
  // totalCents is typed as a string.
  const file = 'contracts/order-created.contract.json';

  it('checks the open contract file and lists its violations as problems', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, file);

    await runCommand(page, 'Lineage Lens: Check Compliance');
    const toast = page
      .locator('.notification-toast', {
        hasText: /violations of the contract on kafka:\/\/events:order-created/,
      })
      .first();
    await toast.waitFor({ timeout: UI_TIMEOUT });
    // The progress notification is gone by the time the result shows (not spinning beside it).
    const progressToasts = page.locator('.notification-toast', { hasText: /Checking compliance of/ });
    assert.equal(
      await progressToasts.count(),
      0,
      `the progress notification is closed when the result shows: ${await progressToasts.allInnerTexts()}`,
    );
    const toastText = await textOf(toast);
    assert.match(
      toastText,
      /order-created\.contract\.json: \d+ violations/,
      `the notification names the file and the count: ${toastText}`,
    );
    const count = Number(/: (\d+) violations/.exec(toastText)![1]);
    assert.ok(count >= 2, `at least the two violations the demo describes: ${toastText}`);
    await screenshot(page, '05-1-checked');

    await toast.getByRole('button', { name: 'Show Problems' }).click();
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ timeout: UI_TIMEOUT });
    // Other files have problems too (TypeScript, anchors); the user narrows the list to the contract.
    const filter = page.getByPlaceholder(/^Filter \(e\.g\./).first();
    await filter.fill('**/order-created.contract.json');
    const fileRow = problems.locator('.monaco-list-row', { hasText: 'order-created.contract.json' }).first();
    await fileRow.waitFor({ timeout: UI_TIMEOUT });
    for (const field of ['loyaltyTier', 'totalCents']) {
      await problems.locator('.monaco-list-row', { hasText: field }).first().waitFor({ timeout: UI_TIMEOUT });
    }
    await screenshot(page, '05-2-problems');
    const text = await textOf(problems.locator('.monaco-list').first());
    assert.match(text, /loyaltyTier/, `the Problems panel names the missing field: ${text}`);
    assert.match(text, /totalCents/, `the Problems panel names the mistyped field: ${text}`);
    const badge = await textOf(fileRow);
    assert.match(badge, new RegExp(`\\b${count}\\b`), `the file's row counts ${count} problems: ${badge}`);

    // The Contracts view shows the count beside the file.
    await openLineageContainer(page);
    const contracts = viewPane(page, 'Contracts');
    const row = contracts.locator('.monaco-list-row[role="treeitem"]', { hasText: 'order-created' }).first();
    await row
      .filter({ hasText: new RegExp(`(^|\\D)${count} violations?\\b`) })
      .waitFor({ timeout: UI_TIMEOUT })
      .catch(async (err: Error) => {
        throw new Error(
          `the Contracts view row does not show "${count} violations": ${await textOf(row)} (${err.message.split('\n')[0]})`,
        );
      });
    // The row is labelled by a name (this contract has none: its data store's), the path is in the
    // tooltip: the count is not cut off.
    assert.equal(
      (await row.locator('.label-name').innerText()).trim(),
      displayName(component('order-created')),
    );
    assert.ok(
      await rowPartFits(row, '.label-description'),
      `the Contracts row shows its count in full: ${await textOf(row)}`,
    );
    await screenshot(page, '05-3-contracts-view');
  });
});
