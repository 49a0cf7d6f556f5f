// Journey 1: open the demo workspace, sign in through the UI, and see the Lineage views filled from
// the local service.
import * as assert from 'node:assert/strict';
import { component, demo, displayName } from './support/demo';
import {
  collapseRow,
  expandRow,
  statusBarShows,
  openLineageContainer,
  openWorkbench,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  rowPartFits,
  textOf,
  treeRow,
  viewPane,
  UI_TIMEOUT,
} from './support/workbench';

/** A data store's row label (its display name). */
const storeName = (store: string) => displayName(component(store));

describe('journey 1: the Lineage views fill from the local service', () => {
  screenshotOnFailure('01');

  it('shows every demo component under its namespace after signing in', async () => {
    const page = await openWorkbench();
    // Whatever the Contracts view shows from its first drawing on is watched: its "No contracts yet"
    // welcome must never flash while the workspace's contract files are being searched.
    // (A string: the journeys are typed without the DOM library.)
    await page.evaluate(`(() => {
      window.emptyContractsShown = false;
      const seen = () => {
        for (const el of document.querySelectorAll('.welcome-view-content'))
          if (el.textContent.includes('No contracts yet') && el.checkVisibility()) window.emptyContractsShown = true;
      };
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await openLineageContainer(page);
    const components = viewPane(page, 'Components');
    // Signed out: the view invites the user to connect instead of showing an empty tree.
    await components.getByText('Start the Local Demo Service').first().waitFor({ timeout: UI_TIMEOUT });
    // Sign In first: what npm start tells the user to do.
    const welcomeButtons = await components
      .locator('.welcome-view-content a.monaco-button, .welcome-view-content .monaco-button')
      .allInnerTexts();
    assert.equal(
      welcomeButtons[0]?.trim(),
      'Sign In',
      `the first welcome button: ${JSON.stringify(welcomeButtons)}`,
    );
    await statusBarShows(page, /signed out/i);
    await screenshot(page, '01-1-before-sign-in');

    await signInThroughUi(page);
    const dataset = demo();
    for (const c of dataset.components)
      await treeRow(components, displayName(c)).waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '01-2-components');

    // What the user reads: each namespace with its component count, each component with its type (as
    // its icon) and approval.
    const namespaces = new Map<string, number>();
    for (const c of dataset.components) namespaces.set(c.namespace, (namespaces.get(c.namespace) ?? 0) + 1);
    for (const [ns, n] of namespaces) {
      const row = await textOf(treeRow(components, ns));
      assert.match(row, new RegExp(`^${ns}\\s*${n} components$`), `namespace row of ${ns}: ${row}`);
    }
    for (const c of dataset.components) {
      const rowLocator = treeRow(components, displayName(c));
      const row = await textOf(rowLocator);
      const approval = c.approval?.status === 'APPROVED' ? 'approved' : 'unapproved';
      assert.equal(row, `${displayName(c)}${approval}`, `row of ${c.name}: its name and approval in a word`);
      const icon = c.type === 'DATA_STORE' ? 'codicon-database' : 'codicon-symbol-class';
      assert.equal(await rowLocator.locator(`.${icon}`).count(), 1, `${c.name} has the ${icon} icon`);
      // At the default side-bar width the whole description is visible.
      assert.ok(await rowPartFits(rowLocator, '.label-description'), `the description of ${row} is cut off`);
    }
    assert.match(await statusBarShows(page, /Lineage: connected/), /Lineage: connected/);

    // A data store opened: its contract file first, then its fields with the tags they carry through
    // upstream services.
    const orders = treeRow(components, storeName('orders-db.public.orders'));
    await expandRow(orders);
    await treeRow(components, 'orders.contract.yaml').waitFor({ timeout: UI_TIMEOUT });
    const email = await textOf(treeRow(components, 'customer_email'));
    assert.match(email, /^customer_email\s*text\s*◌ pii/, `the store's field row: ${email}`);
    await screenshot(page, '01-3-data-store');
    await collapseRow(orders);

    // The Contracts view lists the workspace's contract files.
    const contracts = viewPane(page, 'Contracts');
    // Each row by a name: a contract without one after the data store its DARN addresses
    // (contracts/order-created.contract.json, on kafka://events:order-created → "order-created
    // topic"), never a bare file name beside the named ones.
    const storeContract = storeName;
    for (const name of [
      storeContract('order-created'),
      storeContract('orders-db.public.orders'),
      storeContract('shop-events'),
      'Orders archive for analytics',
      'Payment settled for billing',
    ]) {
      await treeRow(contracts, name).waitFor({ timeout: UI_TIMEOUT });
    }
    assert.doesNotMatch(await textOf(contracts), /No contracts yet/);
    assert.equal(
      await page.evaluate('window.emptyContractsShown'),
      false,
      'the Contracts view never showed its empty welcome before listing the contract files',
    );
  });
});
