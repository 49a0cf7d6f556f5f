// Journey 7: a drifted anchor and its repair. The code moved since the scan (new code above the
// anchored Python function, and a new call of it below): on opening the file, the anchor is found at
// the function's definition (never the call) and the Problems panel says it moved; the quick fix
// "Update the anchor on the service" shows old → new lines in a dialog, Update writes the path, and
// the service records the update with the reason; the drift diagnostic is then gone.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { component } from './support/demo';
import { versions } from './support/service';
import { session } from './support/session';
import {
  UI_TIMEOUT,
  activeEditor,
  goToLine,
  openFile,
  openWorkbench,
  runCommand,
  screenshot,
  screenshotOnFailure,
  signInThroughUi,
  textOf,
} from './support/workbench';

const FILE = 'billing-worker/billing/storage/invoices.py';

describe('journey 7: a drifted anchor, its quick fix and the result', () => {
  screenshotOnFailure('07');
  const billing = component('billing-worker');
  const target = billing.paths!.find((p) => p.code_anchors?.some((a) => a.file === FILE))!;
  const anchor = target.code_anchors!.find((a) => a.file === FILE)!;

  it('relocates the anchor to the moved function, and the quick fix records the new lines', async () => {
    // The code as it is now, a few changes past the scan: 9 lines above the function, a caller below.
    const abs = path.join(session().workspace, FILE);
    const lines = readFileSync(abs, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith(`def ${anchor.name}(`));
    const above = [
      'MAX_RETRIES = 3',
      'RETRY_DELAY_SECONDS = 2.5',
      'TIMEOUT_SECONDS = 10',
      '',
      '',
      'def _key(invoice: dict) -> str:',
      '    return f"invoices/{invoice[\'invoice_id\']}.json"',
      '',
      '',
    ];
    const now = [...lines.slice(0, at), ...above, ...lines.slice(at)];
    while (now.at(-1) === '') now.pop();
    now.push(
      '',
      '',
      'def archive_all(invoices: list) -> None:',
      '    for invoice in invoices:',
      `        ${anchor.name}(invoice)`,
      '',
    );
    writeFileSync(abs, now.join('\n'));
    const first = at + above.length + 1; // 1-based line of the definition now
    const last = first + (anchor.line_end! - anchor.line_start!);
    // The demo anchor has columns (the definition, from its name to the end of its last line); the
    // new coordinates keep that form, from the definition's first column to the end of its last line.
    const withColumns = anchor.column_start !== undefined;
    const recorded = withColumns
      ? `${anchor.line_start}:${anchor.column_start}–${anchor.line_end}:${anchor.column_end}`
      : `${anchor.line_start}–${anchor.line_end}`;
    const moved = withColumns ? `${first}:1–${last}:${now[last - 1]!.length}` : `${first}–${last}`;

    const page = await openWorkbench();
    await signInThroughUi(page);
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, FILE);

    // The Problems panel says where the anchor is now.
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ timeout: UI_TIMEOUT });
    const filter = page.getByPlaceholder(/^Filter \(e\.g\./).first();
    await filter.fill('**/invoices.py');
    const row = problems
      .locator('.monaco-list-row', { hasText: `moved from line ${anchor.line_start} to line ${first}` })
      .first();
    await row.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await textOf(row), new RegExp(`"${anchor.name}" is there now`));
    await goToLine(page, first, 5);
    await screenshot(page, '07-1-drifted-anchor');

    // The quick fix (Ctrl+.) on the definition.
    await page.keyboard.press('Control+.');
    const fixTitle = `Update the anchor on the service (lines ${recorded} → ${moved})`;
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: fixTitle }).first();
    await fix.waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, '07-2-quick-fix');
    const startedAt = Date.now();
    // The one quick fix is focused; Enter runs it (as a keyboard user does).
    await page.keyboard.press('Enter');

    // Nothing is written before the user confirms what changes.
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: UI_TIMEOUT });
    const dialogText = await textOf(dialog);
    assert.match(dialogText, new RegExp(`Update the anchor "${anchor.name}" on the service\\?`));
    assert.match(dialogText, new RegExp(`lines ${recorded} → ${moved}`));
    assert.ok(
      !(await versions(billing.id)).some((v) => Date.parse(v.recorded_at) >= startedAt - 1000),
      'nothing recorded before the confirmation',
    );
    await screenshot(page, '07-3-confirm');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();

    await page
      .locator('.notification-toast', { hasText: 'Updated the anchor on the service.' })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    // The drift is resolved: the Problems panel no longer lists it.
    await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await activeEditor(page).click();
    await screenshot(page, '07-4-updated');

    const reason = `anchor moved from ${recorded} to ${moved}`;
    const recent = (await versions(billing.id)).filter((v) => Date.parse(v.recorded_at) >= startedAt - 1000);
    assert.ok(
      recent.some((v) => v.kind === 'BYO_PATH_ADDED' && v.reason === reason),
      `the update is recorded with its reason: ${JSON.stringify(recent)}`,
    );
    assert.ok(
      recent.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === target.path_id),
      `the scanned path is replaced: ${JSON.stringify(recent)}`,
    );
  });
});
