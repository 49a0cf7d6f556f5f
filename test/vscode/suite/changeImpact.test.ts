// The Change Impact view in the real extension host: the demo workspace committed to git, an unsaved
// edit of the insertOrder call in createOrder; the server's diagnostic on the changed code
// (Information, with the code action Show Change Impact; Warning by setting), the view's groups and its
// badge. The workspace's .git is removed afterwards (the other suites run on a plain folder).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LineageLensApi } from '../../../client/src/api';
import { CHANGE_IMPACT_DIAGNOSTIC_SOURCE } from '../../../common/src/protocol';
import { GIT_TEST_ENV } from '../../helpers/gitRepo';
import { diagnosticsWhere, inState, labelOf, lineageApi, signIn, waitForStatus } from './helpers';

const CREATE_ORDER = 'checkout-api/src/handlers/createOrder.ts';
/** A wait that says which step it was, and the severities it saw. */
const step = <T>(name: string, uri: vscode.Uri, p: Promise<T>): Promise<T> =>
  p.catch((err: Error) => {
    const seen = vscode.languages.getDiagnostics(uri).map((d) => d.severity);
    throw new Error(`${name}: ${err.message} (severities ${JSON.stringify(seen)})`);
  });
const mine = (d: readonly vscode.Diagnostic[]) =>
  d.filter((x) => x.source === CHANGE_IMPACT_DIAGNOSTIC_SOURCE);

describe('Change Impact view', function () {
  this.timeout(240_000);
  let api: LineageLensApi;
  let root: string;
  let uri: vscode.Uri;

  before(async () => {
    api = await lineageApi();
    await signIn(api);
    await waitForStatus(api, inState('connected'));
    root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    // Unsaved edits an earlier suite left (in a contract file, say) would be changes of their own.
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file')) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, env: GIT_TEST_ENV, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'the demo');
    uri = vscode.Uri.file(path.join(root, ...CREATE_ORDER.split('/')));
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('lineageLens')
      .update('changeImpact.severity', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Git run by the editor or the server may still be writing into .git (a lock, an object): the
    // removal retries on ENOTEMPTY rather than failing the suite's clean-up.
    if (root) fs.rmSync(path.join(root, '.git'), { recursive: true, force: true, maxRetries: 5 });
  });

  it('follows an unsaved edit: diagnostic, code action, the view and its badge', async () => {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const line = doc
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('customerEmail: body.email,'));
    assert.ok(line >= 0);
    const col = doc.lineAt(line).text.indexOf(',');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(line, col), '.trim()');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(doc.isDirty);

    const diags = mine(await diagnosticsWhere(uri, (d) => mine(d).length > 0, 60_000));
    assert.equal(diags.length, 1);
    assert.equal(diags[0]!.severity, vscode.DiagnosticSeverity.Information);
    assert.match(
      diags[0]!.message,
      /^This change touches createOrder → insertOrder \(Checkout API\): \d+ downstream fields?/,
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diags[0]!.range,
    );
    const show = actions.find((a) => a.title === 'Show Change Impact');
    assert.equal(show?.command?.command, 'lineageLens.showChangeImpact');

    // The action opens the view with the current report.
    await vscode.commands.executeCommand('lineageLens.showChangeImpact');
    const result = api.changeImpact();
    const report = result?.folders[0]?.report;
    assert.ok(report, JSON.stringify(result));
    assert.equal(report.summary.touched, 1);
    assert.equal(report.summary.contractsAtRisk, 1);
    const tree = api.trees.changeImpact;
    const groups = (await tree.getChildren()).map((n) => labelOf(tree.getTreeItem(n)));
    assert.deepEqual(groups, ['Contracts at risk', 'Touched paths']);
    assert.equal(api.treeViews.changeImpact.badge?.value, 2);
    assert.equal(
      api.treeViews.changeImpact.badge?.tooltip,
      '1 contract at risk, 0 breaking contract changes, 1 touched path',
    );
    // The demo's orders.contract.yaml gives no name: its row reads as the data store it covers, the
    // file beside it (as in the Contracts and Impact views).
    const [riskGroup] = await tree.getChildren();
    const [risk] = await tree.getChildren(riskGroup);
    const riskItem = tree.getTreeItem(risk!) as vscode.TreeItem;
    assert.equal(labelOf(riskItem), 'Orders table');
    assert.match(String(riskItem.description), /^compliant · orders\.contract\.yaml · /);

    // Warning by setting.
    await vscode.workspace
      .getConfiguration('lineageLens')
      .update('changeImpact.severity', 'warning', vscode.ConfigurationTarget.Workspace);
    await step(
      'Warning by setting',
      uri,
      diagnosticsWhere(
        uri,
        (d) => mine(d).some((x) => x.severity === vscode.DiagnosticSeverity.Warning),
        60_000,
      ),
    );

    // Undone: nothing is touched any longer.
    const undo = new vscode.WorkspaceEdit();
    undo.delete(uri, new vscode.Range(line, col, line, col + '.trim()'.length));
    assert.ok(await vscode.workspace.applyEdit(undo));
    await step(
      'after the revert',
      uri,
      diagnosticsWhere(uri, (d) => mine(d).length === 0, 60_000),
    );
  });
});
