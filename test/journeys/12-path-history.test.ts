// Journey 12: a path's history like a file's history in a git client. Two edits are recorded on the
// service (as a colleague would), the user refreshes, clicks Show Versions on the path's row and sees
// one row per edit and the scan; Compare with Previous opens VS Code's diff of the two versions, titled
// by the path's name; Open Version opens the scanned version read-only.
import * as assert from 'node:assert/strict';
import { demo, displayName, pathRowLabel, type DemoComponent, type DemoPath } from './support/demo';
import { serviceGet, serviceSend, versions } from './support/service';
import {
  clickRowAction,
  escapeRegExp,
  expandRow,
  openLineageContainer,
  openWorkbench,
  quickInput,
  quickPickRow,
  runCommand,
  screenshotOnFailure,
  screenshot,
  screenshotVariants,
  signInThroughUi,
  textOf,
  treeRow,
  viewPane,
  UI_TIMEOUT,
} from './support/workbench';

interface ServicePath {
  path_id: string;
  path_type: string;
  ingress: { signature_name: string };
  egress: { signature_name: string };
  field_mappings?: unknown[];
  transformation_summary?: string;
}

describe('journey 12: path history with Open and Compare', () => {
  screenshotOnFailure('12');
  const sides = (p: { ingress: { signature_name: string }; egress: { signature_name: string } }) =>
    `${p.ingress.signature_name}\u0000${p.egress.signature_name}`;
  // A scanned path of a component other than journey 4's, that nobody has edited in the dataset nor on
  // the service since (another journey may have repaired one: then an override wins in the effective,
  // collapsed state, and the scanned path is not in it).
  const pick = async (): Promise<{ c: DemoComponent; p: DemoPath }> => {
    for (const c of demo().components) {
      if (c.type !== 'CODE' || c.name === 'checkout-api') continue;
      const now = await serviceGet<{ component: { paths: ServicePath[] } }>(
        `/v0/experimental/components/${encodeURIComponent(c.id)}?projection=collapsed`,
      );
      const live = new Set(now.component.paths.map((x) => x.path_id));
      const overridden = new Set(c.paths!.filter((p) => p.path_type === 'USER_OVERRIDE').map(sides));
      const p = c.paths!.find(
        (x) => x.path_type === 'SCAN_OUTPUT' && !overridden.has(sides(x)) && live.has(x.path_id),
      );
      if (p) return { c, p };
    }
    throw new Error('the demo has no unedited scan path outside checkout-api');
  };

  it('lists one row per edit, compares with the previous version, opens the scanned one; Review Changes before a save', async () => {
    const { c, p } = await pick();
    const base = `/v0/experimental/components/${encodeURIComponent(c.id)}`;
    const edit = async (id: string, summary: string, reason: string): Promise<ServicePath> => {
      const all = await serviceGet<{ component: { paths: ServicePath[] } }>(`${base}?projection=all`);
      const from = all.component.paths.find((x) => x.path_id === id)!;
      // The whole path as read (the service ignores its read-only members), with a new summary.
      const body = { ...from, transformation_summary: summary, reason };
      return (
        await serviceSend<{ path: ServicePath }>('PUT', `${base}/paths/${encodeURIComponent(id)}`, body)
      ).path;
    };
    const stamp = Date.now();
    const first = await edit(
      p.path_id,
      `Copies the order for billing (${stamp})`,
      'billing needs the order id',
    );
    await edit(
      first.path_id,
      `Copies the order and its currency for billing (${stamp})`,
      'currency was missing',
    );

    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Lineage Lens: Refresh');
    await openLineageContainer(page);
    const components = viewPane(page, 'Components');
    await expandRow(treeRow(components, displayName(c)));
    const row = components
      .locator('.monaco-list-row[role="treeitem"]', { hasText: pathRowLabel(p) })
      .filter({ hasText: /override/ })
      .first();
    await row.waitFor({ timeout: UI_TIMEOUT });

    // Show Versions on the path's row: this path's edits and its scan, nothing of the other paths.
    const title = quickInput(page).locator('.quick-input-title', { hasText: /^History of / });
    await clickRowAction(row, 'Show Versions', title);
    const rows = quickInput(page).locator('.monaco-list-row');
    await quickPickRow(page, /Scanned$/).waitFor({ timeout: UI_TIMEOUT });
    const texts = await Promise.all((await rows.all()).map((r) => textOf(r)));
    assert.equal(texts.length, 3, `two edits and the scan: ${JSON.stringify(texts)}`);
    assert.match(texts[0]!, /Edited by .*\(current\).*currency was missing/);
    assert.match(texts[1]!, /Edited by .*billing needs the order id/);
    assert.match(texts[2]!, /Scanned/);
    assert.ok(!texts.some((t) => /retired/.test(t)), 'an edit is one row');
    assert.match(await textOf(title), new RegExp(`History of ${escapeRegExp(pathRowLabel(p))} in `));
    await screenshotVariants(page, '12-1-history', async (reopen) => {
      if (reopen) await clickRowAction(row, 'Show Versions', title);
    });

    // The first edit → Compare with Previous: a diff of the scanned path and the first edit.
    await clickRowAction(row, 'Show Versions', title);
    await rows.nth(1).click();
    await quickPickRow(page, /Compare with Previous/).click();
    const diffTab = page.locator('.tabs-container .tab.active', { hasText: /↔/ });
    await diffTab.waitFor({ timeout: UI_TIMEOUT });
    assert.match(
      await textOf(diffTab),
      new RegExp(`^${escapeRegExp(pathRowLabel(p))} \\(.* UTC ↔ .* UTC\\)`),
    );
    // Find the edited summary in the newer side, as a user would, so the change is on screen (again
    // after a resize: a narrow window shows the diff inline).
    const inserted = page
      .locator('.editor-group-container.active .monaco-diff-editor .view-line', {
        hasText: `billing (${stamp})`,
      })
      .first();
    const reveal = async () => {
      if (await inserted.isVisible()) return;
      await page.locator('.editor-group-container.active .monaco-diff-editor .modified .view-lines').click();
      await page.keyboard.press('Control+F');
      const find = page.locator('.find-widget.visible textarea, .find-widget.visible input').first();
      await find.waitFor({ timeout: UI_TIMEOUT });
      await find.fill(`billing (${stamp})`);
      await page.keyboard.press('Escape');
      await inserted.waitFor({ timeout: UI_TIMEOUT });
    };
    await reveal();
    await screenshotVariants(page, '12-2-compare-previous', reveal);

    // The scan → Open Version: the scanned path, read-only.
    await runCommand(page, 'View: Close All Editors');
    await clickRowAction(row, 'Show Versions', title);
    await quickPickRow(page, /Scanned$/).click();
    await quickPickRow(page, /Open Version/).click();
    const versionTab = page.locator('.tabs-container .tab.active', { hasText: pathRowLabel(p) });
    await versionTab.waitFor({ timeout: UI_TIMEOUT });
    const pathLine = page
      .locator('.editor-group-container.active .view-line', { hasText: `"path_id": "${p.path_id}"` })
      .first();
    await pathLine.waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').click();
    await page.keyboard.type('x');
    // VS Code refuses typing in a read-only editor and says so.
    await page
      .locator('.monaco-editor-overlaymessage, .message', { hasText: /read-only|Cannot edit/i })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await screenshotVariants(page, '12-3-open-version', () => pathLine.waitFor({ timeout: UI_TIMEOUT }));

    // Edit Path → change the summary → Review Changes (the editor's title button): the service's
    // version beside the edit, titled by the path's name; the save prompt offers the same review.
    await runCommand(page, 'View: Close All Editors');
    await clickRowAction(row, 'Edit Path');
    await page
      .locator('.editor-group-container.active .view-line', { hasText: '"path_type": "USER_OVERRIDE"' })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').click();
    await page.keyboard.press('Control+F');
    const findBox = page.locator('.find-widget.visible textarea, .find-widget.visible input').first();
    await findBox.waitFor({ timeout: UI_TIMEOUT });
    await findBox.fill(`currency for billing (${stamp})`);
    await page
      .locator('.find-widget.visible .matchesCount', { hasText: /^1 of 1$/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Escape');
    await page.keyboard.type(`currency and the tax for billing (${stamp})`);
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ timeout: UI_TIMEOUT });
    await page
      .locator('.editor-group-container.active .editor-actions .action-label[aria-label="Review Changes"]')
      .click();
    const reviewTab = page.locator('.tabs-container .tab.active', { hasText: /\(Service ↔ Your Edit\)/ });
    await reviewTab.waitFor({ timeout: UI_TIMEOUT });
    assert.match(
      await textOf(reviewTab),
      new RegExp(`^${escapeRegExp(pathRowLabel(p))} \\(Service ↔ Your Edit\\)`),
    );
    const changed = page
      .locator('.editor-group-container.active .monaco-diff-editor .view-line', {
        hasText: `the tax for billing (${stamp})`,
      })
      .first();
    const revealChange = async () => {
      if (await changed.isVisible()) return;
      await page.locator('.editor-group-container.active .monaco-diff-editor .modified .view-lines').click();
      await page.keyboard.press('Control+F');
      const box = page.locator('.find-widget.visible textarea, .find-widget.visible input').first();
      await box.waitFor({ timeout: UI_TIMEOUT });
      await box.fill(`the tax for billing (${stamp})`);
      await page.keyboard.press('Escape');
      await changed.waitFor({ timeout: UI_TIMEOUT });
    };
    await revealChange();
    await screenshotVariants(page, '12-4-review-changes', revealChange);

    // Save from the diff: the prompt has a Review Changes row beside Save and Choose Commit….
    await page.locator('.editor-group-container.active .monaco-diff-editor .modified .view-lines').click();
    const recorded = (await versions(c.id)).length;
    await page.keyboard.press('Control+S');
    const reviewRow = quickPickRow(page, /Review Changes…$/);
    await reviewRow.waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '12-5-save-prompt-review-row');
    // The prompt closes, the review opens and a new prompt is drawn in the same widget. Each time the
    // widget goes from hidden to shown is counted, so the test types only into the new prompt, never
    // into the closing one (whose text would be lost).
    await page.evaluate(() => {
      const widget = document.querySelector<HTMLElement>('.quick-input-widget');
      const w = window as unknown as { lineagePromptShows: number };
      w.lineagePromptShows = 0;
      if (!widget) return;
      let hidden = widget.style.display === 'none';
      new MutationObserver(() => {
        const now = widget.style.display === 'none';
        if (hidden && !now) w.lineagePromptShows++;
        hidden = now;
      }).observe(widget, { attributes: true, attributeFilter: ['style', 'class'] });
    });
    await reviewRow.click();
    await page.waitForFunction(
      () => {
        const box = document.querySelector<HTMLInputElement>('.quick-input-widget input.input');
        return (
          (window as unknown as { lineagePromptShows: number }).lineagePromptShows >= 1 &&
          !!box &&
          box.offsetParent !== null &&
          box.value === '' &&
          document.activeElement === box
        );
      },
      undefined,
      { timeout: UI_TIMEOUT },
    );
    // The review is open beside the prompt, the reason field empty and ready.
    await page
      .locator('.tabs-container .tab.active', { hasText: /\(Service ↔ Your Edit\)/ })
      .waitFor({ timeout: UI_TIMEOUT });
    // Into the prompt's box itself (the review that opened beside it may hold the focus), and Enter
    // once Save is the row it accepts.
    const box = quickInput(page).locator('input.input');
    await box.fill(`tax is billed too (${stamp})`);
    await quickInput(page)
      .locator('.monaco-list-row.focused')
      .filter({ has: page.locator('.label-name', { hasText: /Save$/ }) })
      .waitFor({ timeout: UI_TIMEOUT });
    await box.press('Enter');
    await page.locator('.tabs-container .tab.active:not(.dirty)').waitFor({ timeout: UI_TIMEOUT });
    // The tab is clean once the service answered the save: it recorded the edit, with the reason.
    const after = await versions(c.id);
    assert.ok(after.length > recorded, 'the service recorded no edit');
    assert.ok(
      after.some((v) => v.reason === `tax is billed too (${stamp})`),
      `no version with the typed reason: ${JSON.stringify(after.map((v) => v.reason))}`,
    );
  });
});
