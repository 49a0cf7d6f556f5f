// Contract files in the vendor's file form, in the real editor: the language server's diagnostics
// while typing, completion, compliance on the right lines (command and on save), the Contracts view by
// name, MISSING_DATA_ASSET on the dataAssetResourceName line, and JSON contracts validated once.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ComplianceResponse } from '../../../common/src/api';
import { diagnosticsWhere, labelOf, lineageApi, signIn } from './helpers';
import { nextEvent, untilFound } from '../../helpers/nextEvent';

type Result = ComplianceResponse & { darn: string; name?: string };

const lineOf = (doc: vscode.TextDocument, text: string) => {
  for (let i = 0; i < doc.lineCount; i++) if (doc.lineAt(i).text.includes(text)) return i;
  throw new Error(`${text} not in ${doc.uri.path}`);
};
const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);

async function fileIn(relative: string): Promise<vscode.Uri> {
  const [uri] = await vscode.workspace.findFiles(relative, undefined, 1);
  assert.ok(uri, `${relative} is in the demo workspace`);
  return uri;
}

describe('contract files (vendor file form)', function () {
  this.timeout(60_000);
  before(async () => signIn(await lineageApi()));
  afterEach(() => vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor'));

  it('underlines problems while typing and completes member names and field types', async () => {
    const uri = await fileIn('contracts/orders-archive.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    const typeLine = lineOf(doc, 'type: timestamp');
    await editor.edit((e) => e.replace(doc.lineAt(typeLine).range, '    type: datetime'));
    const d = await diagnosticsWhere(uri, (x) => x.some((y) => codeOf(y) === 'contract-unknown-field-type'));
    const bad = d.find((y) => codeOf(y) === 'contract-unknown-field-type')!;
    assert.equal(bad.range.start.line, typeLine);
    assert.match(bad.message, /datetime is not an accepted field type/);

    // A new field: member names, then the accepted types.
    const end = doc.lineCount;
    await editor.edit((e) => e.insert(new vscode.Position(end, 0), '  - name: refunded_at\n    ty'));
    const members = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(end + 1, 6),
    );
    const labels = members.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(
      labels.includes('type') && labels.includes('optional') && labels.includes('constraints'),
      labels.join(),
    );
    await editor.edit((e) => e.insert(new vscode.Position(end + 1, 6), 'pe: '));
    const types = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      new vscode.Position(end + 1, 10),
    );
    const typeLabels = types.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(typeLabels.includes('timestamp') && typeLabels.includes('struct'), typeLabels.join());
  });

  it('checks compliance: the violation on its field line, the Contracts view names the contract', async () => {
    const uri = await fileIn('contracts/orders-archive.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const result = await vscode.commands.executeCommand<Result>('lineageLens.checkCompliance', uri);
    assert.equal(result.name, 'Orders archive for analytics');
    assert.deepEqual(
      result.violations.map((v) => [v.violationType, v.field]),
      [['MISSING_REQUIRED_PROPERTY', 'currency']],
    );
    const d = await diagnosticsWhere(uri, (x) => x.some((y) => codeOf(y) === 'MISSING_REQUIRED_PROPERTY'));
    assert.equal(
      d.find((y) => codeOf(y) === 'MISSING_REQUIRED_PROPERTY')!.range.start.line,
      lineOf(doc, 'name: currency'),
    );
    const api = await lineageApi();
    const items = (await api.trees.contracts.getChildren()).map((n) => api.trees.contracts.getTreeItem(n));
    const item = items.find((i) => i.resourceUri?.toString() === uri.toString());
    assert.ok(item, `in the Contracts view: ${items.map(labelOf).join(', ')}`);
    assert.equal(labelOf(item), 'Orders archive for analytics');
    assert.match(String(item.description), /^1\b/);
  });

  it('lists a contract recognised only by its content, and drops it when the file goes', async () => {
    // Neither under contracts/ nor named *.contract.*: only its spec-version and DARN say what it is.
    const [folder] = vscode.workspace.workspaceFolders!;
    const uri = vscode.Uri.joinPath(folder!.uri, 'billing-worker', 'invoice-feed.yaml');
    const contracts = (await lineageApi()).trees.contracts;
    const listed = async () =>
      (await contracts.getChildren())
        .map((n) => contracts.getTreeItem(n))
        .find((i) => i.resourceUri?.toString() === uri.toString());
    // Each change of the view is a new look; the condition is checked on the view's own events.
    const viewWhere = async (ok: (item: vscode.TreeItem | undefined) => boolean) => {
      const look = async () => {
        const item = await listed();
        return ok(item) ? { item } : undefined;
      };
      const { item } = await untilFound(contracts.onDidChangeTreeData!, look, {
        timeoutMs: 20_000,
        what: 'the Contracts view did not change as expected',
      });
      return item;
    };
    assert.equal(await listed(), undefined);
    await vscode.workspace.fs.writeFile(
      uri,
      Buffer.from(
        'spec-version: 0.1.0\nid: 3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b\nname: Invoice feed\nnamespace: billing\n' +
          'dataAssetResourceName: s3://billing-invoices:invoices/*.json\nschema:\n  - name: invoice_id\n    type: string\n',
      ),
    );
    try {
      const item = await viewWhere((i) => i !== undefined);
      assert.equal(labelOf(item!), 'Invoice feed');
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
    await viewWhere((i) => i === undefined);
  });

  it('puts MISSING_DATA_ASSET on the dataAssetResourceName line', async () => {
    const uri = await fileIn('contracts/refunds.contract.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const result = await vscode.commands.executeCommand<Result>('lineageLens.checkCompliance', uri);
    assert.deepEqual(
      result.violations.map((v) => v.violationType),
      ['MISSING_DATA_ASSET'],
    );
    const d = await diagnosticsWhere(uri, (x) => x.some((y) => codeOf(y) === 'MISSING_DATA_ASSET'));
    assert.equal(
      d.find((y) => codeOf(y) === 'MISSING_DATA_ASSET')!.range.start.line,
      lineOf(doc, 'dataAssetResourceName:'),
    );
  });

  it('checks compliance on save when lineageLens.complianceOnSave asks', async () => {
    const config = vscode.workspace.getConfiguration('lineageLens', null);
    await config.update('complianceOnSave', true, vscode.ConfigurationTarget.Workspace);
    const uri = await fileIn('contracts/payment-settled.yaml');
    const original = (await vscode.workspace.fs.readFile(uri)).slice();
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc);
      await editor.edit((e) =>
        e.insert(new vscode.Position(doc.lineCount, 0), '  - name: refund_reason\n    type: string\n'),
      );
      await doc.save();
      const d = await diagnosticsWhere(uri, (x) => x.some((y) => codeOf(y) === 'MISSING_REQUIRED_PROPERTY'));
      assert.equal(
        d.find((y) => codeOf(y) === 'MISSING_REQUIRED_PROPERTY')!.range.start.line,
        lineOf(doc, 'name: refund_reason'),
      );
    } finally {
      await config.update('complianceOnSave', undefined, vscode.ConfigurationTarget.Workspace);
      // Put back, and wait until the open document is the file again (VS Code reloads it after the
      // write): a suite after this one must not find the saved edit still in the editor.
      const originalText = new TextDecoder().decode(original);
      const reloaded = (d: vscode.TextDocument) =>
        d.uri.toString() === uri.toString() && d.getText() === originalText;
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const back =
        open && !reloaded(open)
          ? nextEvent(vscode.workspace.onDidChangeTextDocument, (e) => reloaded(e.document), {
              timeoutMs: 20_000,
              what: 'contracts/payment-settled.yaml reloaded as it was',
            })
          : undefined;
      await vscode.workspace.fs.writeFile(uri, original);
      await back;
    }
  });

  it('hovers a DARN with its data asset and contract state, and reveals it in the Data assets view', async () => {
    const uri = await fileIn('contracts/orders.contract.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const line = lineOf(doc, 'dataAssetResourceName:');
    const darn = doc.lineAt(line).text.split(': ')[1]!.trim();
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(line, doc.lineAt(line).text.indexOf(darn) + 3),
    );
    const text = hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n');
    assert.match(text, /\*\*Data asset\*\*/);
    assert.match(text, /relational\\_database/);
    assert.match(text, /Contract compliant|Contract \*\*/);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>(
      'vscode.executeLinkProvider',
      uri,
    );
    const link = links.find((l) => l.range.start.line === line);
    assert.ok(link?.target?.scheme === 'command', JSON.stringify(links.map((l) => l.target?.toString())));
    await vscode.commands.executeCommand('lineageLens.revealDataAsset', darn);
    const api = await lineageApi();
    const assets = (await api.trees.assets.getChildren()).map((n) =>
      labelOf(api.trees.assets.getTreeItem(n)),
    );
    assert.deepEqual(assets, [darn]);
  });

  it('validates a JSON contract once: schema problems from the JSON extension, the rest from Lineage Lens', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const uri = vscode.Uri.joinPath(folder, 'contracts', 'scratch.contract.json');
    const text = JSON.stringify(
      {
        'spec-version': '0.1.0',
        id: '0f8e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
        name: 'Scratch',
        namespace: 'shop',
        dataAssetResourceName: 'kafka://events:payment-settled',
        schema: [
          { name: 'order_id', type: 'varchar' },
          { name: 'order_id', type: 'string' },
        ],
      },
      null,
      2,
    );
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const d = await diagnosticsWhere(
        uri,
        (x) =>
          x.some((y) => codeOf(y) === 'contract-duplicate-field') &&
          x.some((y) => y.source !== 'lineage-contract-file'),
        30_000,
      );
      const varcharLine = lineOf(doc, '"varchar"');
      const onVarchar = d.filter((y) => y.range.start.line === varcharLine);
      assert.equal(onVarchar.length, 1, JSON.stringify(onVarchar.map((y) => [y.source, y.message])));
      // VS Code's JSON extension (its diagnostics carry no source here) with the contributed schema.
      assert.notEqual(onVarchar[0]!.source, 'lineage-contract-file');
      assert.match(onVarchar[0]!.message, /Valid values: .*"timestamp"/);

      // The JSON extension's missing-property problem gets Lineage Lens's quick fix.
      const editor = vscode.window.activeTextEditor!;
      await editor.edit((e) => e.replace(doc.lineAt(lineOf(doc, '"namespace"')).range, ''));
      const missing = await diagnosticsWhere(
        uri,
        (x) => x.some((y) => /Missing property "namespace"/.test(y.message)),
        30_000,
      );
      const problem = missing.find((y) => /Missing property "namespace"/.test(y.message))!;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        uri,
        problem.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      assert.ok(
        actions.some((a) => a.title === 'Add the required member namespace'),
        actions.map((a) => a.title).join('; '),
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await deleteOpenedFile(uri);
    }
  });
});

/**
 * Deletes a file this suite opened as a document, and waits until the document is closed: VS Code
 * keeps a document an extension opened for minutes after its editor closes, so the language server
 * would still see the file's text (an untracked contract for a later change impact). A delete through
 * a WorkspaceEdit (unlike workspace.fs.delete) lets VS Code drop the extension's hold on the document.
 */
async function deleteOpenedFile(uri: vscode.Uri): Promise<void> {
  const isOpen = () => vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
  const closed = isOpen()
    ? nextEvent(vscode.workspace.onDidCloseTextDocument, (d) => d.uri.toString() === uri.toString(), {
        timeoutMs: 20_000,
        what: `${vscode.workspace.asRelativePath(uri)} closed after its deletion`,
      })
    : undefined;
  const edit = new vscode.WorkspaceEdit();
  edit.deleteFile(uri, { ignoreIfNotExists: true });
  assert.ok(await vscode.workspace.applyEdit(edit), `${uri.path} deleted`);
  await closed;
  assert.ok(!isOpen(), `${vscode.workspace.asRelativePath(uri)} is no longer an open document`);
}
