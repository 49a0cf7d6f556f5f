// Journey 14: authoring help as a user meets it. Look Up Data Assets lists the DARNs the workspace's
// contracts name; a `type` typo says "Did you mean long?" in the Problems panel; a contract field's
// hover shows it on its data store with the tags it carries. (Both quick fixes,
// "Change to long" and "Mark … optional in the contract", are tested over stdio:
// test/server/contractAuthoring.test.ts.)
import * as assert from 'node:assert/strict';
import {
  activeEditor,
  filterProblems,
  goToLine,
  hoverAtCursorUntil,
  hoverWidget,
  openFile,
  openWorkbench,
  quickInput,
  quickPickRow,
  runCommand,
  screenshotOnFailure,
  screenshotVariants,
  signInThroughUi,
  tickPickRow,
  textOf,
  visibleLens,
  UI_TIMEOUT,
} from './support/workbench';

describe('journey 14: contract quick fixes and known DARNs', () => {
  screenshotOnFailure('14');

  it('lists known DARNs in Look Up, a type typo says which type was meant, a field hover shows its lineage', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');

    // Look Up Data Assets: the DARNs of the workspace's contracts, named, to tick.
    const showLookUp = async () => {
      if (
        await quickInput(page)
          .locator('.quick-input-title', { hasText: /^Look Up Data Assets/ })
          .isVisible()
      )
        return;
      await runCommand(page, 'Lineage Lens: Look Up Data Assets…');
      await quickInput(page)
        .locator('.quick-input-title', { hasText: /^Look Up Data Assets/ })
        .waitFor({ timeout: UI_TIMEOUT });
    };
    await showLookUp();
    const settled = quickPickRow(page, 'kafka://events:payment-settled');
    await settled.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(settled), /contract Payment settled for billing/);
    await screenshotVariants(page, '14-3-look-up-known-darns', async () => {
      await showLookUp();
      await settled.waitFor({ timeout: UI_TIMEOUT });
    });
    await showLookUp();
    await tickPickRow(settled);
    await page.keyboard.press('Enter');
    const assetsPane = page.locator('.pane', {
      has: page.locator('.pane-header .title', { hasText: /^Data assets$/i }),
    });
    const header = assetsPane.locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await assetsPane
      .locator('.monaco-list-row', { hasText: 'kafka://events:payment-settled' })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    // A type typo: the problem names the type meant, and the quick fix writes it.
    await openFile(page, 'contracts/payment-settled.yaml');
    // The end of line 12, `    type: long`, seen in the status bar before the keys that edit it.
    await goToLine(page, 12, 15);
    for (let i = 0; i < 'long'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('lnog');
    await activeEditor(page).locator('.squiggly-error').first().waitFor({ timeout: UI_TIMEOUT });
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    // Its own filter: the panel keeps whatever filter an earlier journey typed.
    const problem = page
      .locator('.markers-panel .monaco-list-row', {
        hasText: /lnog is not an accepted field type\. Did you mean long\?/,
      })
      .first();
    await filterProblems(page, '**/payment-settled.yaml', problem);
    await screenshotVariants(page, '14-2-type-typo-problem', () => problem.waitFor({ timeout: UI_TIMEOUT }));
    // Typed back (the browser VS Code saved the typo after its auto-save delay, so Revert File would
    // keep it): the problem goes, and the file is as the other journeys know it.
    await goToLine(page, 12, 15);
    for (let i = 0; i < 'lnog'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('long');
    await page.keyboard.press('Control+S');
    await problem.waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    // A contract's field on hover, as the lineage knows it: on the orders table, the pii it carries
    // from upstream, and a link to its lineage graph.
    await openFile(page, 'contracts/orders.contract.yaml');
    // Its lens names the store that holds the asset and what its fields carry.
    await visibleLens(page, /Orders table · .*pii on 2 fields/);
    await goToLine(page, 10, 14); // `  - name: customer_email`
    const fieldHover = hoverWidget(page).filter({ hasText: 'On the data store Orders table' });
    await hoverAtCursorUntil(page, fieldHover);
    const hoverText = await textOf(fieldHover);
    assert.match(hoverText, /customer_email in the contract on postgres:\/\/orders-db:public\.orders/);
    assert.match(hoverText, /◌ pii, from 1 service upstream — email on CreateOrderRequest in Checkout API/);
    assert.equal(await fieldHover.getByRole('link', { name: 'Lineage graph' }).count(), 1);
    await screenshotVariants(page, '14-4-contract-field-hover', () =>
      hoverAtCursorUntil(page, hoverWidget(page).filter({ hasText: 'On the data store Orders table' })),
    );
    await activeEditor(page)
      .locator('.squiggly-error')
      .first()
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });
});
