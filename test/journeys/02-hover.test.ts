// Journey 2: open a source file, see the code lens above an anchored line, hover the anchored name and
// read the lineage path and its PII tag in the hover.
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
} from './support/workbench';

describe('journey 2: code lens and hover on an anchored line', () => {
  screenshotOnFailure('02');
  const checkout = component('checkout-api');
  // The scan anchored the path createOrder → insertOrder at the handler's name (line 9).
  const path = checkout.paths!.find((p) => p.code_anchors?.some((a) => a.name === 'createOrder'))!;
  const anchor = path.code_anchors!.find((a) => a.name === 'createOrder')!;
  const file = `checkout-api/${anchor.file.replace(/^checkout-api\//, '')}`;

  it('shows a lens with the path count and tags, and a hover with the path and its pii tag', async () => {
    const page = await openWorkbench();
    await signInThroughUi(page);
    await openFile(page, file);
    const editor = activeEditor(page);

    const lens = editor.locator('.codelens-decoration', { hasText: /lineage path/ }).first();
    await lens.waitFor({ timeout: UI_TIMEOUT });
    const lenses = await editor.locator('.codelens-decoration').allInnerTexts();
    assert.ok(
      lenses.some((t) => /^1 lineage path · .*\bpii\b/.test(t.trim())),
      `a lens reads "1 lineage path · …pii…": ${JSON.stringify(lenses)}`,
    );

    await goToLine(page, anchor.line_start, anchor.column_start + 2);
    await hoverAtCursor(page);
    const hover = hoverWidget(page);
    await hover.getByText('Lineage path').first().waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '02-hover');

    const text = await textOf(hover);
    assert.ok(
      text.includes(`${path.ingress.signature_name} → ${path.egress.signature_name}`),
      `the hover names the path: ${text}`,
    );
    assert.match(text, /Applied tags/, `the hover lists applied tags: ${text}`);
    assert.match(text, /● pii on ingress email/, `the hover shows the pii tag on the email field: ${text}`);
    assert.match(text, /Checkout API|checkout-api/, `the hover names the component: ${text}`);
  });
});
