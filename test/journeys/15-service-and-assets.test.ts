// Journey 15: the Service and Data assets views as a user meets them. API keys told apart by their last
// four characters (never more), a webhook added by id and deleted on the service after a confirmation,
// an id the service does not know removed with a word instead of an error, edges by component name, the
// history filters narrowed to a commit; then a data asset looked up and the window reloaded: the view
// asks for it again. Last of the journeys: it reloads the window and leaves the side bar's views folded
// and opened as it found them, not sized.
import * as assert from 'node:assert/strict';
import { demo, displayName } from './support/demo';
import { serviceGet, versions } from './support/service';
import {
  clickRowAction,
  expandRow,
  inputBox,
  openLineageContainer,
  openWorkbench,
  rowPartFits,
  quickPickRow,
  runCommand,
  screenshot,
  screenshotOnFailure,
  screenshotVariants,
  signInThroughUi,
  statusBarShows,
  textOf,
  tickPickRow,
  treeRow,
  viewPane,
  UI_TIMEOUT,
} from './support/workbench';
import type { Locator, Page } from 'playwright-core';

interface ApiKey {
  id: string;
  name: string;
  value: string;
}
interface Edge {
  sourceComponentId: string;
  destinationComponentId: string;
}
interface HistoryFilters {
  componentNames: string[];
  branches: string[];
  namespaces: string[];
  jobTriggers: string[];
}

/**
 * Collapses the views above the Service view and expands it, so its rows have the room: a list draws
 * only the rows in view.
 */
async function showServiceView(page: Page): Promise<Locator> {
  await openLineageContainer(page);
  for (const title of ['Components', 'Contracts', 'Change Impact', 'Data assets']) {
    const header = viewPane(page, title).locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
  }
  const pane = viewPane(page, 'Service');
  await expandPane(pane);
  await treeRow(pane, 'API keys').waitFor({ timeout: UI_TIMEOUT });
  return pane;
}

async function expandPane(pane: Locator): Promise<void> {
  const header = pane.locator('.pane-header').first();
  await header.waitFor({ timeout: UI_TIMEOUT });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

async function titleAction(pane: Locator, title: string): Promise<void> {
  await pane.locator('.pane-header').first().hover();
  await pane.locator(`.pane-header .action-label[aria-label="${title}"]`).click();
}

describe('journey 15: the Service and Data assets views', () => {
  screenshotOnFailure('15');

  it('shows keys by their last four, adds and deletes a webhook, lists edges, searches by commit; a look-up outlives a reload', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    const pane = await showServiceView(page);

    // API keys: each by its name, its value masked but for the last four characters.
    await expandRow(treeRow(pane, 'API keys'));
    const keys = await serviceGet<ApiKey[]>('/v0/api-keys');
    assert.ok(keys.length > 0, 'the demo has API keys');
    for (const k of keys) {
      const row = treeRow(pane, k.name);
      await row.waitFor({ timeout: UI_TIMEOUT });
      const text = await textOf(row);
      assert.equal(text, `${k.name}••••••••${k.value.slice(-4)}`, `the row of key ${k.name}`);
      assert.ok(!text.includes(k.value.slice(0, 8)), 'no more of the key than its last four');
    }

    // Add Webhook by ID… (the view's title button): the row comes; Delete asks, deletes on the service.
    const hook = demo().webhooks?.[0];
    assert.ok(hook, 'the demo has webhooks');
    await expandRow(treeRow(pane, 'Webhooks'));
    // With none added, the group's one row runs the same command, and fits the side bar.
    const addRow = treeRow(pane, 'Add Webhook by ID…');
    await addRow.waitFor({ timeout: UI_TIMEOUT });
    assert.ok(await rowPartFits(addRow, '.label-name'), 'the add row is not cut off');
    const addWebhook = async (id: string) => {
      await titleAction(pane, 'Add Webhook by ID…');
      const box = await inputBox(page, 'Add Webhook');
      await box.fill(id);
      await box.press('Enter');
      await treeRow(pane, id).waitFor({ timeout: UI_TIMEOUT });
    };
    await addWebhook(hook.id);
    const dialog = page.locator('.monaco-dialog-box');
    await clickRowAction(treeRow(pane, hook.id), 'Delete Webhook…', dialog);
    assert.match(await textOf(dialog), new RegExp(`Delete webhook ${hook.id} on the service\\?`));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .locator('.notification-toast', { hasText: `Webhook ${hook.id} deleted.` })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await treeRow(pane, hook.id).waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    // Deleted again (the service no longer has it): the row goes with a word, not an error.
    await addWebhook(hook.id);
    await clickRowAction(treeRow(pane, hook.id), 'Delete Webhook…', dialog);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .locator('.notification-toast', {
        hasText: `The service has no webhook ${hook.id}; it is removed from the Service view.`,
      })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await treeRow(pane, hook.id).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    assert.equal(
      await page.locator('.notification-toast', { hasText: /Could not delete the webhook/ }).count(),
      0,
      'no error for a webhook gone already',
    );
    await runCommand(page, 'Notifications: Clear All Notifications');

    // Edges: one row per edge of the service, read as component names.
    await expandRow(treeRow(pane, 'Edges'));
    const { edges } = await serviceGet<{ edges: Edge[] }>('/v0/experimental/edges');
    const nameOf = (id: string) => displayName(demo().components.find((c) => c.id === id)!);
    for (const e of edges)
      await treeRow(pane, `${nameOf(e.sourceComponentId)} → ${nameOf(e.destinationComponentId)}`).waitFor({
        timeout: UI_TIMEOUT,
      });

    // History filters narrowed to a commit (the view's search button): the counts follow the service.
    await expandRow(treeRow(pane, 'History filters'));
    const code = demo().components.find((c) => c.type === 'CODE')!;
    const commit = (await versions(code.id))[0]?.commit_sha;
    assert.ok(commit, `${code.name} has a scanned commit`);
    const prefix = commit.slice(0, 7);
    await titleAction(pane, 'Search History Filters by Commit SHA…');
    const search = await inputBox(page, 'Search History Filters by Commit SHA');
    await search.fill(prefix);
    await search.press('Enter');
    const filtersRow = treeRow(pane, 'History filters');
    await filtersRow
      .locator('.label-description', { hasText: `commit ${prefix}…` })
      .waitFor({ timeout: UI_TIMEOUT });
    const expected = await serviceGet<HistoryFilters>(
      `/v0/components/history/filters?commitSha=${encodeURIComponent(prefix)}`,
    );
    // The search's own row fits the side bar: it opens the search again to change it.
    const searchRow = treeRow(pane, `Commit ${prefix}…`);
    await searchRow.waitFor({ timeout: UI_TIMEOUT });
    assert.ok(await rowPartFits(searchRow, '.label-name'), 'the search row is not cut off');
    for (const [label, values] of [
      ['Component names', expected.componentNames],
      ['Branches', expected.branches],
      ['Namespaces', expected.namespaces],
      ['Job triggers', expected.jobTriggers],
    ] as const) {
      await treeRow(pane, label)
        .locator('.label-description', { hasText: new RegExp(`^${values.length}$`) })
        .waitFor({ timeout: UI_TIMEOUT });
    }
    // A component name leads to that component's versions (what the history filters are for).
    await expandRow(treeRow(pane, 'Component names'));
    await treeRow(pane, displayName(code)).click();
    await page
      .locator('.quick-input-widget .quick-input-title', { hasText: /^Versions of / })
      .waitFor({ timeout: UI_TIMEOUT });
    await page
      .locator('.quick-input-widget .monaco-list-row', { hasText: prefix })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    // Loading shows in the status bar: no notification over the list.
    assert.doesNotMatch(
      (await page.locator('.notifications-toasts').allInnerTexts()).join(' '),
      /Loading versions/,
    );
    await screenshot(page, '15-1-history-component-versions');
    await page.keyboard.press('Escape');
    await screenshotVariants(page, '15-1-service-view', async () => {
      await showServiceView(page);
      await filtersRow.waitFor({ timeout: UI_TIMEOUT });
    });

    // A data asset looked up, then the window reloaded: the Data assets view keeps the look-up and asks
    // for it again once connected (never "Could not load…: Not signed in" nor "No data assets found").
    const darn = 'kafka://events:payment-settled';
    await runCommand(page, 'Lineage Lens: Look Up Data Assets…');
    await tickPickRow(quickPickRow(page, darn));
    await page.keyboard.press('Enter');
    const assets = viewPane(page, 'Data assets');
    const assetRow = () =>
      viewPane(page, 'Data assets').locator('.monaco-list-row', { hasText: darn }).first();
    await expandPane(assets);
    await assetRow().waitFor({ timeout: UI_TIMEOUT });
    const reloaded = page.waitForEvent('load', { timeout: UI_TIMEOUT });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.locator('.monaco-workbench').waitFor({ timeout: UI_TIMEOUT });
    await openLineageContainer(page);
    await expandPane(viewPane(page, 'Data assets'));
    await assetRow().waitFor({ timeout: UI_TIMEOUT });
    await statusBarShows(page, /Lineage: connected/);
    assert.doesNotMatch(await textOf(viewPane(page, 'Data assets')), /Could not load|No data assets? found/);
    await screenshot(page, '15-2-data-assets-after-reload');
    const pane2 = await showServiceView(page);

    // The views as the other journeys expect them: the search cleared (it does not outlive a reload),
    // Components and Contracts open.
    await expandRow(treeRow(pane2, 'History filters'));
    await treeRow(pane2, 'History filters')
      .locator('.label-description')
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    for (const title of ['Components', 'Contracts']) {
      const header = viewPane(page, title).locator('.pane-header').first();
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    }
  });
});
