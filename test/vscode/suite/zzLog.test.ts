// Runs near the end, after the sign-ins, sign-outs and server restarts of the suites above: the log
// reads as one log (no "[Info - 1:35:39 PM]" of the language client inside our own "[info]").
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { EXTENSION_ID, lineageApi, logFiles } from './helpers';
import { extensionHostLog, resourceScopeWarnings } from './support/extensionHostLog';

function lineageLog(dir: string): string {
  return logFiles(dir)
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

describe('the Lineage Lens log', () => {
  it('has no doubled prefixes: the language client lines keep their level', async () => {
    const text = lineageLog((await lineageApi()).logUri.fsPath);
    assert.match(text, /Language server started/);
    const doubled = text.split('\n').filter((l) => /\] \[(Trace|Debug|Info|Warn|Error)\s+- /.test(l));
    assert.deepEqual(doubled.slice(0, 3), [], `${doubled.length} lines with the client's prefix inside ours`);
  });

  it('has no "resource scoped configuration without a resource" warning of ours in the extension host log', async () => {
    // After every suite above: activation, sign-ins, views, settings changes, restarts.
    const text = extensionHostLog((await lineageApi()).logUri.fsPath);
    assert.ok(text.includes(EXTENSION_ID), 'the extension host log names the extension (the right log)');
    const warnings = resourceScopeWarnings(text);
    assert.deepEqual(warnings.slice(0, 3), [], `${warnings.length} warnings`);
  });
});
