// Journey 13: what does my change break? The demo workspace is a git repository; the user edits the
// insertOrder call in createOrder (unsaved), opens the Change Impact view, sees the contract on the
// orders table at risk and the touched path, then opens the lineage graph from the path's row.
import * as assert from 'node:assert/strict';
import { GIT_TEST_ENV } from '../helpers/gitRepo';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { session } from './support/session';
import {
  runCommand,
  expandRow,
  goToLine,
  graphFrame,
  openFile,
  openLineageContainer,
  openWorkbench,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  textOf,
  treeRow,
  UI_TIMEOUT,
  viewPane,
} from './support/workbench';

const CREATE_ORDER = 'checkout-api/src/handlers/createOrder.ts';

/** Commits the workspace as it is (a git repository made here if it is none yet). */
function commitWorkspace(dir: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env: GIT_TEST_ENV, stdio: 'ignore' });
  if (!fs.existsSync(path.join(dir, '.git'))) git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'the demo as checked out');
}

describe('journey 13: change impact of an edit', () => {
  screenshotOnFailure('13');

  it('edits a function, sees the contract at risk and opens the graph from the row', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    commitWorkspace(session().workspace);
    const text = fs.readFileSync(path.join(session().workspace, ...CREATE_ORDER.split('/')), 'utf8');
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('customerEmail: body.email,')) + 1;
    assert.ok(line > 0);
    await openFile(page, CREATE_ORDER);
    // Just after `body.email`, as a user types there.
    await goToLine(page, line, lines[line - 1]!.indexOf(',') + 1);
    await page.keyboard.type('.trim()');

    // The view starts folded (the Components view keeps its room): Show Change Impact opens it.
    await runCommand(page, 'Lineage Lens: Show Change Impact');
    await openLineageContainer(page);
    const pane = viewPane(page, 'Change Impact');
    await pane.waitFor({ timeout: UI_TIMEOUT });
    // Contracts at risk come first; the orders contract is reached from the edited path.
    const risk = treeRow(pane, 'Contracts at risk');
    await risk.waitFor({ timeout: UI_TIMEOUT });
    // Its file gives no name: the row reads as the data store it covers, the file beside it.
    const contract = treeRow(pane, 'Orders table');
    await contract.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(contract), /compliant · orders\.contract\.yaml/);
    const touched = treeRow(pane, 'createOrder → insertOrder');
    await touched.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(touched), /modified · Checkout API · 7 downstream fields · 1 contract(?!s)/);
    // The badge on the view counts what is at risk.
    const badge = page
      .locator('.pane-header', { hasText: /Change Impact/i })
      .locator('.badge')
      .first();
    if (await badge.isVisible()) assert.match(await textOf(badge), /\d/);
    await expandRow(touched);
    // Room for the view: the panes above it folded, as a user would (unfolded again at the end).
    const folded: string[] = [];
    for (const title of ['Components', 'Contracts']) {
      const header = viewPane(page, title).locator('.pane-header');
      if ((await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        await header.and(page.locator('[aria-expanded="false"]')).waitFor({ timeout: UI_TIMEOUT });
        folded.push(title);
      }
    }
    await treeRow(pane, 'Show in Lineage Graph').waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '13-change-impact-view');

    await treeRow(pane, 'Show in Lineage Graph').click();
    const frame = graphFrame(page);
    await frame.locator('body[data-ready="true"]').waitFor({ timeout: UI_TIMEOUT });
    const centre = frame.locator('g.field.centre').first();
    await centre.waitFor({ timeout: UI_TIMEOUT });
    const name = (await centre.locator('.field-name').textContent()) ?? '';
    assert.ok(name.length > 0, 'the graph is centred on a field of the path');
    await screenshot(page, '13-change-impact-graph');

    // The row itself opens the file's changes since the base: the committed text beside the edit.
    await touched.click();
    const diffTab = page.locator('.tabs-container .tab.active', { hasText: /\(HEAD\) ↔/ });
    await diffTab.waitFor({ timeout: UI_TIMEOUT });
    const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
    await diff
      .locator('.modified .view-line', { hasText: 'body.email.trim()' })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await diff
      .locator('.original .view-line', { hasText: 'customerEmail: body.email,' })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '13-change-impact-diff');
    for (const title of folded) await viewPane(page, title).locator('.pane-header').click();
  });
});
