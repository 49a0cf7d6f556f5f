// A window with nothing for Lineage Lens (an empty folder, signed out, no components or namespace in
// the settings): the extension activates, but the language server starts only once there is something
// for it — here a contract file opened. And the extension host log has no "resource scoped
// configuration" warning of ours.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { diagnosticsWhere, EXTENSION_ID, lineageApi, logFiles } from '../suite/helpers';
import { extensionHostLog, resourceScopeWarnings } from '../suite/support/extensionHostLog';

describe('a window with nothing for Lineage Lens (empty folder, signed out)', () => {
  it('activates without starting the language server', async () => {
    const api = await lineageApi();
    assert.equal(vscode.workspace.workspaceFolders?.length, 1, 'one (empty) folder is open');
    assert.equal(api.languageServer.requested(), false, 'the language server was not asked to start');
    assert.equal(api.status().state, 'signedOut');
    const log = logFiles(api.logUri.fsPath)
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    assert.doesNotMatch(log, /Language server started/);
  });

  it('has logged no "resource scoped configuration" warning of Lineage Lens at activation', async () => {
    const api = await lineageApi();
    const text = extensionHostLog(api.logUri.fsPath);
    assert.ok(text.includes(EXTENSION_ID), 'the extension host log names the extension (the right log)');
    assert.deepEqual(resourceScopeWarnings(text), []);
  });

  it('starts the language server when a contract file is opened', async () => {
    const api = await lineageApi();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const file = path.join(folder, 'orders.contract.yaml');
    // The request form without its required dataAssetResourceName: the server underlines that.
    fs.writeFileSync(file, 'contractSchema:\n  fields: []\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    await api.languageServer.started;
    assert.equal(api.languageServer.requested(), true);
    const problems = await diagnosticsWhere(vscode.Uri.file(file), (d) =>
      d.some((x) => /dataAssetResourceName/.test(x.message)),
    );
    assert.ok(problems.length > 0, 'the language server validates the contract file');
  });
});
