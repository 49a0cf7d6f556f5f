// What the packaged defaults and the demo give a user without any setting: path documents are never
// auto-saved (a half-edited path must not reach the service), and the demo's anchors fit their files
// (no "shown clamped" or stale warnings in the Problems panel).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PATH_DOCUMENT_SCHEME } from '../../../common/src/protocol';
import { nextEvent, untilFound } from '../../helpers/nextEvent';
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
    // Opened in an editor (vscode.open), not through openTextDocument, and closed again: a document an
    // extension opened stays open for minutes, and later suites edit this path in an editor of their own.
    const wasOpen = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
    const isThis = (d: vscode.TextDocument) => d.uri.toString() === uri.toString();
    const opened = untilFound(
      vscode.workspace.onDidOpenTextDocument,
      () => vscode.workspace.textDocuments.find(isThis),
      { timeoutMs: 20_000, what: `${uri.toString()} opened` },
    );
    await vscode.commands.executeCommand('vscode.open', uri);
    const doc = await opened;
    assert.equal(doc.languageId, 'lineage-path');
    assert.equal(vscode.workspace.getConfiguration('files', doc).get('autoSave'), 'off');
    const closed = wasOpen
      ? undefined
      : nextEvent(vscode.workspace.onDidCloseTextDocument, isThis, {
          timeoutMs: 20_000,
          what: `${uri.toString()} closed with its editor`,
        });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await closed;
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
    const openBefore = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const f of files) {
      const uri = vscode.Uri.joinPath(folder, f);
      // Opened as a user opens it (vscode.open), not through openTextDocument: VS Code keeps a
      // document an extension opened for minutes after its editor closes, and a later suite may need
      // the file closed.
      await vscode.commands.executeCommand('vscode.open', uri, { preview: true });
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

    // Closing the editors closes the documents this test opened (the server is told of each).
    const mine = (d: vscode.TextDocument) =>
      d.uri.scheme === 'file' &&
      !openBefore.has(d.uri.toString()) &&
      [...files].some((f) => d.uri.toString() === vscode.Uri.joinPath(folder, f).toString());
    const stillOpen = () => vscode.workspace.textDocuments.filter(mine).map((d) => d.uri.toString());
    const closedAll = untilFound(
      vscode.workspace.onDidCloseTextDocument,
      () => (stillOpen().length === 0 ? true : undefined),
      { timeoutMs: 20_000, what: () => `documents still open: ${stillOpen().join(', ')}` },
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await closedAll;
  });
});
