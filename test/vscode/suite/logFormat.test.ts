// The log reads as one log (no "[Info - 1:35:39 PM]" of the language client inside our own "[info]").
// The suite makes the traffic it reads (verbose protocol traces, a sign-out and a sign-in), so it holds
// wherever it runs; run after other suites, it also covers their sign-ins, views and restarts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, inState, lineageApi, logText, signIn, waitForStatus } from './helpers';
import { extensionHostLog, resourceScopeWarnings } from './support/extensionHostLog';
import { SERVER_NODE_FLAGS } from '../../../common/src/serverNodeFlags';

describe('the Lineage Lens log', () => {
  before(async () => {
    const api = await lineageApi();
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('trace.server', 'verbose', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    await signIn(api); // the runner's service and key
  });

  it('has no doubled prefixes: the language client lines keep their level', async () => {
    const text = logText((await lineageApi()).logUri.fsPath);
    assert.match(text, /Language server started/);
    const doubled = text.split('\n').filter((l) => /\] \[(Trace|Debug|Info|Warn|Error)\s+- /.test(l));
    assert.deepEqual(doubled.slice(0, 3), [], `${doubled.length} lines with the client's prefix inside ours`);
  });

  it('says the language server runs with the Node options the extension starts it with', async () => {
    const text = logText((await lineageApi()).logUri.fsPath);
    assert.match(text, new RegExp(`Node options: ${SERVER_NODE_FLAGS.join(' ')}\\n`));
  });

  it('has no "resource scoped configuration without a resource" warning of ours in the extension host log', async () => {
    // This suite's sign-out and sign-in, and whatever ran before it.
    const text = extensionHostLog((await lineageApi()).logUri.fsPath);
    assert.ok(text.includes(EXTENSION_ID), 'the extension host log names the extension (the right log)');
    const warnings = resourceScopeWarnings(text);
    assert.deepEqual(warnings.slice(0, 3), [], `${warnings.length} warnings`);
  });
});
