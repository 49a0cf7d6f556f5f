// Editing a path in its lineage: document: a saved round trip (the service records the update and its
// two events), and a rejected save that keeps the document dirty with the user's text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { VersionEntry } from '../../../common/src/api';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { pathDocumentUri } from '../../../common/src/protocol';
import { demoDataset, lineageApi, noSaveReasonPrompt, serviceGet, signIn } from './helpers';

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'edit applied');
}

/** Resolves when the document's text next satisfies `pred` (VS Code reloads it after a save). */
function waitForText(
  doc: vscode.TextDocument,
  pred: (t: string) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  if (pred(doc.getText())) return Promise.resolve(doc.getText());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error('document text did not change as expected'));
    }, timeoutMs);
    const sub = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document !== doc || !pred(doc.getText())) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(doc.getText());
    });
  });
}

describe('path documents', () => {
  const dataset = demoDataset();
  const comp = dataset.components.find(
    (c) => c.type === 'CODE' && (c.paths ?? []).some((p) => p.path_type === 'SCAN_OUTPUT'),
  )!;
  const replaced = new Set((comp.paths ?? []).map((p) => p.replaces_path_id).filter(Boolean));
  const scanPath = (comp.paths ?? []).filter(
    (p) => p.path_type === 'SCAN_OUTPUT' && !replaced.has(p.path_id),
  );

  before(async () => {
    await signIn(await lineageApi());
    await noSaveReasonPrompt();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('builds path-document URIs that VS Code keeps as they are, whatever the label', () => {
    // The server keys documents by the URI string VS Code sends; a label VS Code re-encodes would split them.
    for (const label of [
      'createOrder → insertOrder',
      'a/b',
      '100% done',
      "(*Sender).Send!'",
      'tab\there',
      'ünïcødé ✓',
      '#?&=+;@:',
    ]) {
      const uri = pathDocumentUri(comp.id, 'p1', label);
      assert.equal(vscode.Uri.parse(uri).toString(), uri, label);
      assert.equal(vscode.Uri.parse(uri).path.split('/').length, 4, `one file-name segment for ${label}`);
    }
  });

  it('saves an edit to the service, which records the update and its two events', async () => {
    const target = scanPath[0];
    assert.ok(target, 'the demo has a scan path to edit');
    const startedAt = Date.now();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: target.path_id,
    });
    const doc = editor.document;
    assert.equal(doc.uri.scheme, 'lineage');
    assert.equal(doc.languageId, 'lineage-path');
    const original = JSON.parse(doc.getText()) as Record<string, unknown>;
    assert.ok(original.ingress && original.egress, 'the document is a path in the round-trip format');
    // The tab reads as the path's short label ("createOrder → insertOrder"), not its id.
    const label = pathDocumentLabel(original as unknown as Parameters<typeof pathDocumentLabel>[0]);
    assert.match(label, /^\S+ → \S+$/);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(
      tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === doc.uri.toString(),
      'the path document is the active tab',
    );
    assert.equal(tab.label, `${label}.lineage-path.json`);
    assert.equal(doc.uri.toString(), pathDocumentUri(comp.id, target.path_id, label));

    const summary = `edited by the extension-host suite ${startedAt}`;
    await replaceAll(doc, JSON.stringify({ ...original, transformation_summary: summary }, null, 2));
    assert.ok(doc.isDirty);
    assert.equal(await doc.save(), true, 'save succeeded');
    assert.equal(doc.isDirty, false);

    const { versions } = await serviceGet<{ versions: VersionEntry[] }>(
      `/v0/experimental/components/${encodeURIComponent(comp.id)}/versions`,
    );
    const recent = versions.filter((v) => Date.parse(v.recorded_at) >= startedAt - 1000);
    const deleted = recent.find((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === target.path_id);
    const added = recent.find((v) => v.kind === 'BYO_PATH_ADDED');
    assert.ok(deleted, `BYO_PATH_DELETED recorded for ${target.path_id}: ${JSON.stringify(recent)}`);
    assert.ok(
      added?.path_id && added.path_id !== target.path_id,
      'BYO_PATH_ADDED recorded for a new path id',
    );

    const { component } = await serviceGet<{
      component: { paths?: Array<{ path_id?: string; transformation_summary?: string }> };
    }>(`/v0/experimental/components/${encodeURIComponent(comp.id)}`);
    assert.equal(component.paths?.find((p) => p.path_id === added.path_id)?.transformation_summary, summary);

    // The open tab now stands for the new path: a second save through the same URI works too.
    const text = await waitForText(doc, (t) => t.includes(added.path_id!));
    const second = `${summary} (again)`;
    await replaceAll(
      doc,
      JSON.stringify({ ...(JSON.parse(text) as object), transformation_summary: second }, null, 2),
    );
    assert.equal(await doc.save(), true, 'second save through the same tab succeeded');
    const after2 = await serviceGet<{ component: { paths?: Array<{ transformation_summary?: string }> } }>(
      `/v0/experimental/components/${encodeURIComponent(comp.id)}`,
    );
    assert.ok(
      after2.component.paths?.some((p) => p.transformation_summary === second),
      'the second edit reached the service',
    );
  });

  it('keeps the document dirty, with the typed text, when the service refuses the save', async () => {
    const target = scanPath[1] ?? scanPath[0]!;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: target.path_id,
    });
    const doc = editor.document;
    const original = JSON.parse(doc.getText()) as { ingress: Record<string, unknown> };
    // signature_name is required and must not be empty: the save must be refused.
    const broken = JSON.stringify(
      { ...original, ingress: { ...original.ingress, signature_name: '' } },
      null,
      2,
    );
    await replaceAll(doc, broken);
    assert.equal(await doc.save(), false, 'save was refused');
    assert.equal(doc.isDirty, true, 'the document stays dirty');
    assert.equal(doc.getText(), broken, 'nothing typed is lost');
    const { versions } = await serviceGet<{ versions: VersionEntry[] }>(
      `/v0/experimental/components/${encodeURIComponent(comp.id)}/versions`,
    );
    assert.ok(
      !versions.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === target.path_id),
      'the service recorded no update',
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
