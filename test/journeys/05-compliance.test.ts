// Journey 5: open a contract file, click its "Check Compliance" lens (the command palette's command), and
// read its violations in the Problems panel (and the count in the Contracts view); then contracts
// configured by id, shown by the names of the workspace files that are those contracts.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  activeEditor,
  filterProblems,
  openFile,
  openLineageContainer,
  rowPartFits,
  openWorkbench,
  runCommand,
  screenshot,
  screenshotOnFailure,
  screenshotVariants,
  signInThroughUi,
  textOf,
  treeRow,
  viewPane,
  visibleLens,
  UI_TIMEOUT,
  expandRow,
} from './support/workbench';
import { component, demo, displayName } from './support/demo';
import { session } from './support/session';
import { serviceGet } from './support/service';

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

    // The lens on its data asset: the data store holding it in the lineage, and Check Compliance.
    await visibleLens(page, /order-created topic · .*pii on \d+ fields?/);
    const checkLens = activeEditor(page).locator('.codelens-decoration a', { hasText: /Check Compliance$/ });
    await checkLens.click();
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
    // The lens now tells the result, and checks again when clicked.
    await visibleLens(page, new RegExp(`${count} violations at \\d\\d:\\d\\d:\\d\\d UTC · Check Again$`));
    await screenshot(page, '05-1-checked');

    await toast.getByRole('button', { name: 'Show Problems' }).click();
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ timeout: UI_TIMEOUT });
    // Other files have problems too (TypeScript, anchors); the user narrows the list to the contract.
    const fileRow = problems.locator('.monaco-list-row', { hasText: 'order-created.contract.json' }).first();
    await filterProblems(page, '**/order-created.contract.json', fileRow);
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

  it('shows contracts configured by id by the names of their files, and says when no file names one', async () => {
    const page = session().page;
    // demo/dataset.json's first contract is the data asset contract of orders.contract.yaml (which
    // declares no id); payment-settled.yaml declares its id; the third id no file names.
    const byAsset = demo().contracts![0]!.id;
    const declared = '9a1c4e7b-2d5f-4b8a-8c3e-6f0d2b9a1e57';
    const nowhere = '00000000-0000-4000-8000-0000000000aa';
    // The user adds the ids to the workspace settings (the file a user edits; VS Code watches it).
    const settingsFile = join(session().workspace, '.vscode', 'settings.json');
    const before = readFileSync(settingsFile, 'utf8');
    writeFileSync(
      settingsFile,
      before.replace('{', `{\n  "lineageLens.contracts": ${JSON.stringify([byAsset, declared, nowhere])},`),
    );
    try {
      await openLineageContainer(page);
      const contracts = viewPane(page, 'Contracts');
      const rows = contracts.locator('.monaco-list-row[role="treeitem"]');
      const idRow = (id: string) =>
        rows.filter({ has: page.locator('.label-description', { hasText: id }) }).first();
      await idRow(byAsset).waitFor({ timeout: UI_TIMEOUT });
      const nameOf = async (row: typeof rows) => (await row.locator('.label-name').innerText()).trim();
      assert.equal(await nameOf(idRow(byAsset)), displayName(component('orders-db.public.orders')));
      assert.equal(await nameOf(idRow(declared)), 'Payment settled for billing');
      const unnamed = treeRow(contracts, nowhere);
      assert.match(
        await textOf(unnamed.locator('.label-description')),
        /^contract id — no contract file in this workspace names it$/,
      );
      // Opening the named row shows the contract's violation state on the service, and its file.
      const named = idRow(byAsset);
      await expandRow(named);
      const state = await serviceState(byAsset);
      await contracts
        .locator('.monaco-list-row[role="treeitem"][aria-level="2"]', { hasText: state })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      await treeRow(contracts, 'contracts/orders.contract.yaml').waitFor({ timeout: UI_TIMEOUT });
      // The Components view folded, as a user would to give the Contracts view the side bar.
      const componentsHeader = viewPane(page, 'Components').locator('.pane-header').first();
      const fold = async (expanded: 'true' | 'false') => {
        if ((await componentsHeader.getAttribute('aria-expanded')) !== expanded)
          await componentsHeader.click();
        await componentsHeader
          .and(page.locator(`[aria-expanded="${expanded}"]`))
          .waitFor({ timeout: UI_TIMEOUT });
      };
      try {
        await screenshotVariants(page, '05-4-contracts-by-id', async () => {
          await openLineageContainer(page);
          await fold('false');
          await idRow(byAsset).waitFor({ timeout: UI_TIMEOUT });
        });
      } finally {
        await fold('true');
      }
    } finally {
      writeFileSync(settingsFile, before);
    }
  });
});

async function serviceState(contractId: string): Promise<string> {
  const s = await serviceGet<{ violation_state: string }>(
    `/v0/contract/${encodeURIComponent(contractId)}/violation-status`,
  );
  return s.violation_state;
}
