// Journey 2: open a source file, see code lenses that name each anchor's path and tags, hover the
// anchored name and read the path, its completeness and its tagged fields in plain words.
import * as assert from 'node:assert/strict';
import { component } from './support/demo';
import {
  activeEditor,
  goToLine,
  hoverAtCursor,
  hoverWidget,
  openFile,
  openWorkbench,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  textOf,
  UI_TIMEOUT,
  type PageElement,
} from './support/workbench';

describe('journey 2: code lens and hover on an anchored line', () => {
  screenshotOnFailure('02');
  const checkout = component('checkout-api');
  // The scan anchored the path createOrder → insertOrder at the handler's name (line 9).
  const path = checkout.paths!.find((p) => p.code_anchors?.some((a) => a.name === 'createOrder'))!;
  const anchor = path.code_anchors!.find((a) => a.name === 'createOrder')!;
  const file = `checkout-api/${anchor.file.replace(/^checkout-api\//, '')}`;

  it('shows lenses naming each path and its tags, and a hover that leads with the path and fits', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await openFile(page, file);
    const editor = activeEditor(page);

    const lens = editor.locator('.codelens-decoration', { hasText: /→/ }).first();
    await lens.waitFor({ timeout: UI_TIMEOUT });
    // Lenses of one line share a decoration, separated by "|".
    const lenses = (await editor.locator('.codelens-decoration').allInnerTexts())
      .flatMap((t) => t.split('|'))
      .map((t) => t.trim())
      .filter(Boolean);
    // Each lens names its own path and the tags that path carries, so the lenses tell anchors apart.
    // The journeys' copy of the demo is no git repository (npm start's is: journey 9): every anchor is
    // only probably there (≈).
    assert.ok(
      lenses.includes('≈ createOrder → insertOrder · phi, pii'),
      `a lens reads "≈ createOrder → insertOrder · phi, pii": ${JSON.stringify(lenses)}`,
    );
    assert.ok(
      lenses.includes('≈ createOrder → chargeCard · pii, secret'),
      `a lens reads "≈ createOrder → chargeCard · pii, secret": ${JSON.stringify(lenses)}`,
    );
    assert.ok(
      !lenses.some((t) => /^(≈ )?\d+ lineage paths?( ·|$)/.test(t)),
      `no count-only lens: ${JSON.stringify(lenses)}`,
    );

    await goToLine(page, anchor.line_start, anchor.column_start + 2);
    await hoverAtCursor(page);
    const hover = hoverWidget(page);
    await hover.getByText('createOrder → insertOrder').first().waitFor({ timeout: UI_TIMEOUT });
    // The hover fades in: screenshot it once the workbench's animations have finished.
    await hover.evaluate((el: PageElement) =>
      Promise.all(el.ownerDocument.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    await screenshot(page, '02-hover');

    const text = await textOf(hover);
    assert.match(
      text,
      /^createOrder → insertOrder · Checkout API · from the scan/,
      `the hover leads with the path: ${text}`,
    );
    assert.match(
      text,
      /OrderHandler\.createOrder \(http_request\) → OrdersRepository\.insertOrder \(postgres\)/,
    );
    assert.match(text, /✓ complete/, `completeness on one line: ${text}`);
    assert.match(
      text,
      /email → customer_email: ● pii, detected: email address/,
      `the tagged field in words: ${text}`,
    );
    assert.match(
      text,
      /fullName → customer_name: ● pii, tagged by a person/,
      `who tagged it, in words: ${text}`,
    );
    assert.doesNotMatch(text, /KNOWN_COMPLETE|kind SYSTEM|source user/, `no raw enum values: ${text}`);
    // Quieter and distinct: how sure the place is, and how to make it sure.
    assert.match(
      text,
      /≈ Probably here: found by its names; no git repository holds this file\./,
      `the hover says the anchor is unverified, and why: ${text}`,
    );
    // The full signature is there on pointing at the short one.
    const full = hover.locator(`a[title="${path.ingress.signature_name}"]`).first();
    assert.equal(await full.innerText(), 'OrderHandler.createOrder');
    // A typical path fits: our part of the hover (TypeScript may add its own below) is in view
    // without scrolling.
    const fit = await hover
      .locator('.monaco-scrollable-element')
      .first()
      .evaluate((el: PageElement) => {
        const box = el.getBoundingClientRect();
        const ours = [...el.querySelectorAll('.hover-row')].find((r) =>
          r.textContent?.includes('Reveal in Lineage view'),
        );
        const r = ours?.getBoundingClientRect();
        return {
          found: !!r,
          top: r?.top ?? 0,
          bottom: r?.bottom ?? 0,
          boxTop: box.top,
          boxBottom: box.bottom,
        };
      });
    assert.ok(fit.found, 'the Lineage Lens part of the hover is a row of its own');
    assert.ok(
      fit.top >= fit.boxTop - 1 && fit.bottom <= fit.boxBottom + 1,
      `the path's hover fits without scrolling: ${JSON.stringify(fit)}`,
    );
  });
});
