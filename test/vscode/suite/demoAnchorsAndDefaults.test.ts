// What the packaged defaults and the demo give a user without any setting: path documents are never
// auto-saved (a half-edited path must not reach the service), and the demo's anchors fit their files
// (no "shown clamped" or stale warnings in the Problems panel).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PATH_DOCUMENT_SCHEME } from '../../../common/src/protocol';
import { demoDataset, inState, lineageApi, signIn, waitForStatus } from './helpers';

describe('defaults and demo anchors', () => {
  it('turns auto save off for lineage-path documents (configurationDefaults, language-specific)', async () => {
    assert.equal(
      vscode.workspace.getConfiguration('files', { languageId: 'lineage-path' }).get('autoSave'),
      'off',
    );
    // The same value as VS Code reads it for an open path document.
    const api = await lineageApi();
    await signIn(api);
    const comp = demoDataset().components.find((c) => c.type === 'CODE' && (c.paths ?? []).length > 0)!;
    const uri = vscode.Uri.parse(
      `${PATH_DOCUMENT_SCHEME}:/${comp.id}/${comp.paths![0]!.path_id}.lineage-path.json`,
    );
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.languageId, 'lineage-path');
    assert.equal(vscode.workspace.getConfiguration('files', doc).get('autoSave'), 'off');
  });

  it('reports no anchor problems for any demo source file', async () => {
    const api = await lineageApi();
    await signIn(api);
    await waitForStatus(api, inState('connected'));
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const files = new Set<string>();
    const dataset = demoDataset() as unknown as {
      components: Array<{ paths?: Array<{ code_anchors?: Array<{ file?: string }> }> }>;
    };
    for (const c of dataset.components)
      for (const p of c.paths ?? []) for (const a of p.code_anchors ?? []) if (a.file) files.add(a.file);
    assert.ok(files.size >= 8, `the demo anchors many files: ${[...files].join(', ')}`);
    for (const f of files) {
      const uri = vscode.Uri.joinPath(folder, f);
      await vscode.window.showTextDocument(uri, { preview: true });
      // The code lenses come from the same anchor resolution that publishes the diagnostics.
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        uri,
      );
      assert.ok(lenses.length > 0, `${f} has lineage code lenses`);
    }
    const problems = vscode.languages
      .getDiagnostics()
      .flatMap(([uri, ds]) =>
        ds
          .filter((d) => d.source === 'Lineage Lens' && String(d.code).startsWith('anchor'))
          .map((d) => `${vscode.workspace.asRelativePath(uri)}:${d.range.start.line + 1} ${d.message}`),
      );
    assert.deepEqual(problems, []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
