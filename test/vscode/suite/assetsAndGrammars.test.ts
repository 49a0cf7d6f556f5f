// Data asset look-up (5) in the Data assets view, and the grammars: DARNs highlighted in YAML and
// JSON strings, enum values and read-only keys of path documents.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  demoDataset,
  diagnosticsWhere,
  inState,
  labelOf,
  lineageApi,
  signIn,
  waitForStatus,
} from './helpers';
import { tokenize } from './tokenize';
import { DARN_FORMS } from '../../helpers/darnForms';
import { nextEvent } from '../../helpers/nextEvent';

/** The DARNs of the demo dataset's data assets. */
function demoDarns(): string[] {
  return ((demoDataset() as { dataAssets?: Array<{ dataAssetResourceName: string }> }).dataAssets ?? []).map(
    (a) => a.dataAssetResourceName,
  );
}

describe('data assets and grammars', () => {
  before(async () => signIn(await lineageApi()));

  it('looks up data assets by DARN, with unknown DARNs reported per item', async () => {
    const api = await lineageApi();
    const known = demoDarns();
    assert.ok(known.length > 0, 'the demo has data assets');
    const unknown = 's3://no-such-bucket:nothing/*.parquet';
    await vscode.commands.executeCommand('lineageLens.lookUpDataAssets', [...known, unknown]);
    const tree = api.trees.assets;
    const items = (await tree.getChildren()).map((n) => ({ n, item: tree.getTreeItem(n) }));
    const found = items.filter((x) => x.item.contextValue === 'asset').map((x) => labelOf(x.item));
    assert.deepEqual(found.sort(), [...known].sort());
    const missing = items.find((x) => labelOf(x.item) === unknown);
    assert.equal(missing?.item.contextValue, 'asset.missing');
    const first = items.find((x) => x.item.contextValue === 'asset')!;
    const rows = (await tree.getChildren(first.n)).map((n) => tree.getTreeItem(n));
    const details = rows.map((i) => labelOf(i));
    assert.ok(details.includes('id') && details.includes('type'), `asset details: ${details.join(', ')}`);
    // Dates read as everywhere else: "2025-11-03 09:05 UTC".
    const updated = rows.find((i) => labelOf(i) === 'updated');
    assert.ok(updated, `an updated row: ${details.join(', ')}`);
    assert.match(String(updated.description), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  });

  it("drops the old service's assets on sign-out and reads them again after sign-in", async () => {
    const api = await lineageApi();
    const tree = api.trees.assets;
    const known = demoDarns();
    await vscode.commands.executeCommand('lineageLens.lookUpDataAssets', known);
    const shown = async () =>
      (await tree.getChildren()).filter((n) => tree.getTreeItem(n).contextValue === 'asset').length;
    assert.equal(await shown(), known.length);
    /** Resolves when the view next shows `n` assets (it reloads on its own after a credentials change). */
    const showing = (n: number) =>
      nextEvent(tree.onDidChangeTreeData!, async () => (await shown()) === n, {
        timeoutMs: 20_000,
        what: `the Data assets view did not come to ${n} assets`,
      });
    const cleared = showing(0);
    await vscode.commands.executeCommand('lineageLens.signOut');
    await cleared;
    // The server's status comes after the view has cleared: until it says signed out, signIn() would
    // take the old 'connected' for done and sign in nobody.
    await waitForStatus(api, inState('signedOut'));
    const back = showing(known.length);
    await signIn(api);
    await back;
  });

  it('a look-up begun as the credentials change, beside the view’s own, lists each asset once, read under the new credentials', async () => {
    const api = await lineageApi();
    const tree = api.trees.assets;
    const known = demoDarns();
    await signIn(api);
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    // Asked in the same turn as the change is told, as the view's own look-up is: the latest look-up's
    // answer is shown (not both appended), and neither overtakes the credentials on their way to the
    // server (the change is told once the server has them).
    const lookedUp = new Promise<unknown>((resolve) => {
      const sub = api.onDidChangeCredentials(() => {
        sub.dispose();
        resolve(vscode.commands.executeCommand('lineageLens.lookUpDataAssets', known));
      });
    });
    await signIn(api);
    await lookedUp;
    const roots = (await tree.getChildren()).map((n) => tree.getTreeItem(n));
    assert.deepEqual(
      roots.map((i) => i.contextValue),
      known.map(() => 'asset'),
      `the view: ${roots.map((i) => `${labelOf(i)} ${String(i.description ?? '')}`).join('; ')}`,
    );
  });

  it("names an asset's contract as the workspace's contract file does, its id in the tooltip", async () => {
    const api = await lineageApi();
    await api.trees.contracts.getChildren(); // the Contracts view reads the workspace's contract files
    const darn = 'postgres://orders-db:public.orders';
    const asset = (
      demoDataset() as { dataAssets?: Array<{ dataAssetResourceName: string; contractId?: string }> }
    ).dataAssets!.find((a) => a.dataAssetResourceName === darn)!;
    assert.ok(asset.contractId, 'the demo asset has a contract');
    await vscode.commands.executeCommand('lineageLens.lookUpDataAssets', [darn]);
    const tree = api.trees.assets;
    const node = (await tree.getChildren()).find((n) => labelOf(tree.getTreeItem(n)) === darn)!;
    const contract = (await tree.getChildren(node))
      .map((n) => tree.getTreeItem(n))
      .find((i) => labelOf(i) === 'contract')!;
    // contracts/orders.contract.yaml describes this asset (request form: no name of its own): named
    // after the data store it covers, as in the Contracts view.
    assert.equal(contract.description, 'Orders table');
    assert.match(String(contract.tooltip), new RegExp(`Contract id ${asset.contractId}`));
  });

  it('highlights DARNs in YAML contract files', async () => {
    const [uri] = await vscode.workspace.findFiles('**/*.contract.yaml', undefined, 1);
    assert.ok(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    const darn = /[a-z][a-z0-9+.-]*:\/\/[^\s:]+:\S+/.exec(doc.getText())?.[0];
    assert.ok(darn, 'the contract names a DARN');
    const toks = await tokenize(doc.getText(), 'source.yaml');
    const scheme = darn.slice(0, darn.indexOf('://'));
    assert.ok(
      toks.some((t) => t.text === scheme && t.scopes.includes('keyword.other.darn.type.lineage-lens')),
      `the DARN's type is a token of its own: ${JSON.stringify(toks.filter((t) => darn.includes(t.text)).slice(0, 6))}`,
    );
    const json = await tokenize(
      JSON.stringify({ dataAssetResourceName: darn, note: 'https://example.com:8080/x' }),
      'source.json',
    );
    assert.ok(
      json.some((t) => t.text === scheme && t.scopes.includes('keyword.other.darn.type.lineage-lens')),
      'DARNs in JSON strings too',
    );
    assert.ok(
      !json.some((t) => t.text === 'https' && t.scopes.some((s) => s.includes('darn'))),
      'a web URL is not taken for a DARN',
    );
  });

  it('highlights every DARN form in YAML, JSON and source-code strings, and no web URL', async () => {
    const forms = DARN_FORMS;
    const typeOf = (d: string) => d.slice(0, d.indexOf('://'));
    const highlighted = (toks: Array<{ text: string; scopes: string[] }>, d: string) =>
      toks.some((t) => t.text === typeOf(d) && t.scopes.includes('keyword.other.darn.type.lineage-lens')) &&
      toks.some((t) => d.endsWith(t.text) && t.scopes.includes('string.other.path.darn.lineage-lens'));
    const sources: Array<[string, (d: string) => string]> = [
      ['source.yaml', (d) => `dataAssetResourceName: ${d}\nquoted: "${d}"`],
      ['source.json', (d) => JSON.stringify({ dataAssetResourceName: d })],
      ['source.ts', (d) => `const asset = '${d}';`],
      ['source.python', (d) => `ASSET = "${d}"`],
      ['source.go', (d) => `const asset = "${d}"`],
      ['source.java', (d) => `String asset = "${d}";`],
    ];
    for (const [scope, write] of sources) {
      for (const d of forms) {
        const toks = await tokenize(write(d), scope);
        assert.ok(highlighted(toks, d), `${d} in ${scope}: ${JSON.stringify(toks.slice(0, 8))}`);
      }
      const web = await tokenize(write('https://example.com:8080/x'), scope);
      assert.ok(!web.some((t) => t.scopes.some((s) => s.includes('darn'))), `a web URL in ${scope}`);
    }
  });

  it('highlights enum values and read-only keys in path documents', async () => {
    const comp = demoDataset().components.find((c) => c.type === 'CODE' && c.paths?.length)!;
    const path = comp.paths![0]!;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: path.path_id,
    });
    assert.equal(editor.document.languageId, 'lineage-path');
    const toks = await tokenize(editor.document.getText(), 'source.lineage-path');
    assert.ok(
      toks.some((t) => t.text === path.path_type && t.scopes.includes('support.constant.enum.lineage-path')),
      'path_type value is an enum constant',
    );
    assert.ok(
      toks.some((t) => t.text === 'path_id' && t.scopes.includes('comment.other.readonly.lineage-path')),
      'path_id is marked read-only',
    );
    assert.ok(
      toks.some((t) => t.text === 'ingress' && t.scopes.includes('entity.name.tag.lineage-path')),
      'structural keys are marked',
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
  it("reports a path document's schema error once, from the language server, and formats it", async () => {
    const comp = demoDataset().components.find((c) => c.type === 'CODE' && c.paths?.length)!;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: comp.paths![0]!.path_id,
    });
    const doc = editor.document;
    const parsed = JSON.parse(doc.getText()) as Record<string, unknown>;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      doc.uri,
      new vscode.Range(0, 0, doc.lineCount, 0),
      JSON.stringify({ ...parsed, completeness: 'not an object' }),
    );
    await vscode.workspace.applyEdit(edit);
    try {
      // The server's diagnostics (source 'lineage-path') are the only ones: VS Code's JSON extension
      // no longer validates path documents against the schema (no jsonValidation, no participant).
      const onCompleteness = (d: vscode.Diagnostic) =>
        /completeness/.test(d.message) || doc.getText(d.range).includes('not an object');
      const diagnostics = (await diagnosticsWhere(doc.uri, (d) => d.some(onCompleteness))).filter(
        onCompleteness,
      );
      assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics.map((d) => [d.source, d.message])));
      assert.equal(diagnostics[0]!.source, 'lineage-path');
      assert.deepEqual(
        vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source !== 'lineage-path'),
        [],
        'no diagnostics from another validator',
      );
      // Format Document comes from the server too (registered for path documents).
      const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
        'vscode.executeFormatDocumentProvider',
        doc.uri,
        { tabSize: 2, insertSpaces: true },
      );
      assert.ok(edits && edits.length > 0, 'the one-line document is formatted');
      const formatted = new vscode.WorkspaceEdit();
      formatted.set(doc.uri, edits);
      await vscode.workspace.applyEdit(formatted);
      assert.equal(doc.getText(), JSON.stringify({ ...parsed, completeness: 'not an object' }, null, 2));
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
