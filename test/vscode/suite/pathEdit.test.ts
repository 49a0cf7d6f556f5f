// Editing a path in its lineage: document: a saved round trip (the service records the update and its
// two events; the tab then shows the new version under its new id, cursor kept), and a rejected save
// that keeps the document dirty with the user's text.
import { componentLabel } from '../../../common/src/componentLabel';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { livePathId } from './support/liveService';
import type { VersionEntry } from '../../../common/src/api';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { COMMANDS, pathDocumentUri } from '../../../common/src/protocol';
import { demoDataset, lineageApi, noSaveReasonPrompt, serviceGet, signIn } from './helpers';
import { anyOf, nextEvent, untilFound } from '../../helpers/nextEvent';
import { reopenUnderNewUri } from '../../../client/src/pathDocuments/reopenSaved';

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'edit applied');
}

/** Resolves with what `probe` finds, now or after a change of tabs or of the active editor. */
function whenWorkbench<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const now = probe();
  if (now !== undefined) return Promise.resolve(now);
  return untilFound(
    anyOf<unknown>(vscode.window.tabGroups.onDidChangeTabs, vscode.window.onDidChangeActiveTextEditor),
    probe,
    {
      timeoutMs,
      what: () =>
        `the workbench did not settle; active: ${vscode.window.activeTextEditor?.document.uri.toString()}`,
    },
  );
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
  /** A dataset path under the id it has now (another suite may have edited it: a new id). */
  const liveVersion = async <P extends { path_id: string }>(p: P): Promise<P> => ({
    ...p,
    path_id: await livePathId(comp.id, p.path_id),
  });

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
      // Named under its component (as hostile as the label), ids in the query: what VS Code keeps as is.
      const uri = pathDocumentUri(comp.id, 'p1', label, `Checkout ${label}`);
      assert.equal(vscode.Uri.parse(uri).toString(), uri, label);
      assert.equal(vscode.Uri.parse(uri).path.split('/').length, 3, `a folder and a file name for ${label}`);
      assert.equal(vscode.Uri.parse(uri).query, `${comp.id}/p1`);
    }
  });

  it('Review Changes shows the unsaved edit beside the service’s version, titled by the path’s name', async () => {
    const target = await liveVersion(scanPath.at(-1)!);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: target.path_id,
    });
    const doc = editor.document;
    const serviceText = doc.getText();
    const original = JSON.parse(serviceText) as Record<string, unknown>;
    const label = pathDocumentLabel(original as unknown as Parameters<typeof pathDocumentLabel>[0]);
    const summary = `reviewed before saving ${Date.now()}`;
    await replaceAll(doc, JSON.stringify({ ...original, transformation_summary: summary }, null, 2));
    await vscode.commands.executeCommand('lineageLens.reviewPathChanges');
    const tab = await whenWorkbench(() => {
      const t = vscode.window.tabGroups.activeTabGroup.activeTab;
      return t?.input instanceof vscode.TabInputTextDiff ? t : undefined;
    });
    const diff = tab.input as vscode.TabInputTextDiff;
    assert.equal(tab.label, `${label} (Service ↔ Your Edit)`);
    assert.doesNotMatch(tab.label, new RegExp(target.path_id), 'named, not by id');
    assert.equal(diff.modified.toString(), doc.uri.toString(), 'the right side is the edited document');
    assert.equal(diff.original.scheme, 'lineage-remote');
    const left = (await vscode.workspace.openTextDocument(diff.original)).getText();
    assert.equal(left, serviceText, 'the left side is the service’s version');
    assert.ok(doc.isDirty && doc.getText().includes(summary), 'the edit is kept, unsaved');
    // Leave nothing dirty for the next tests: revert the edit, then close the diff.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('saves an edit to the service, which records the update and its two events', async () => {
    const target = scanPath[0] && (await liveVersion(scanPath[0]));
    assert.ok(target, 'the demo has a scan path to edit');
    // Its impact in the Impact view, which follows the path to the id the save gives it.
    const api = await lineageApi();
    await vscode.commands.executeCommand(COMMANDS.showImpact, {
      componentId: comp.id,
      pathId: target.path_id,
    });
    assert.deepEqual(api.graph.impact()?.target, {
      kind: 'path',
      componentId: comp.id,
      pathId: target.path_id,
    });
    const followed = nextEvent(
      api.graph.onDidUpdateImpact,
      (r) => r?.target.kind === 'path' && r.target.pathId !== target.path_id,
      { timeoutMs: 30_000, what: 'the Impact view following the saved path' },
    );
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
    assert.equal(doc.uri.toString(), pathDocumentUri(comp.id, target.path_id, label, componentLabel(comp)));

    const summary = `edited by the extension-host suite ${startedAt}`;
    await replaceAll(doc, JSON.stringify({ ...original, transformation_summary: summary }, null, 2));
    assert.ok(doc.isDirty);
    // The cursor on the summary line: the saved version opens with it where it was.
    const summaryLine = doc
      .getText()
      .split('\n')
      .findIndex((l) => l.includes(summary));
    editor.selection = new vscode.Selection(summaryLine, 5, summaryLine, 5);
    const oldUri = doc.uri.toString();
    const isOldTab = (t: vscode.Tab) =>
      t.input instanceof vscode.TabInputText && t.input.uri.toString() === oldUri;
    // Settled: the old tab closed, another path document active.
    const reopened = whenWorkbench(() => {
      const e = vscode.window.activeTextEditor;
      const open = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
      return e &&
        e.document.uri.scheme === 'lineage' &&
        e.document.uri.toString() !== oldUri &&
        !open.some(isOldTab)
        ? e
        : undefined;
    });
    assert.equal(await doc.save(), true, 'save succeeded');

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
    assert.deepEqual((await followed)?.target, { kind: 'path', componentId: comp.id, pathId: added.path_id });

    // The tab now shows the saved version under its new id (the URI's query), where the cursor was;
    // the old tab is gone.
    const now = await reopened;
    assert.equal(
      now.document.uri.toString(),
      pathDocumentUri(comp.id, added.path_id, label, componentLabel(comp)),
    );
    assert.equal(now.document.isDirty, false);
    assert.ok(now.document.getText().includes(`"path_id": "${added.path_id}"`), now.document.getText());
    assert.equal(now.selection.active.line, summaryLine, 'the cursor stays on the line it was on');
    assert.equal(now.selection.active.character, 5);
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(
      active?.input instanceof vscode.TabInputText &&
        active.input.uri.toString() === now.document.uri.toString(),
      'the saved version is the active tab',
    );

    // A second save through the new tab works too.
    const second = `${summary} (again)`;
    await replaceAll(
      now.document,
      JSON.stringify(
        { ...(JSON.parse(now.document.getText()) as object), transformation_summary: second },
        null,
        2,
      ),
    );
    assert.equal(await now.document.save(), true, 'second save through the reopened tab succeeded');
    const after2 = await serviceGet<{ component: { paths?: Array<{ transformation_summary?: string }> } }>(
      `/v0/experimental/components/${encodeURIComponent(comp.id)}`,
    );
    assert.ok(
      after2.component.paths?.some((p) => p.transformation_summary === second),
      'the second edit reached the service',
    );
  });

  it('a tab typed into while the saved path opens under its new URI stays open, its edit kept, with no prompt', async () => {
    // Two of the component's paths: the one being "saved" (open, clean) and the one its new URI names.
    const [from, to] = await Promise.all(scanPath.slice(-2).map((p) => liveVersion(p)));
    assert.ok(from && to && from.path_id !== to.path_id, 'the demo component has two scan paths');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: from.path_id,
    });
    const old = editor.document;
    assert.equal(old.isDirty, false);
    const newUri = vscode.Uri.parse(pathDocumentUri(comp.id, to.path_id, 'to → path', componentLabel(comp)));
    // The user types as the new document opens: after the function looked at the old one, before it
    // closes the old tabs.
    let typed: Thenable<boolean> | undefined;
    const sub = vscode.workspace.onDidOpenTextDocument((d) => {
      if (d.uri.toString() !== newUri.toString() || typed) return;
      const edit = new vscode.WorkspaceEdit();
      edit.insert(old.uri, new vscode.Position(0, 0), ' ');
      typed = vscode.workspace.applyEdit(edit);
    });
    try {
      assert.equal(await reopenUnderNewUri(old.uri, newUri), true);
    } finally {
      sub.dispose();
    }
    assert.ok(typed && (await typed), 'the edit was typed while the new document opened');
    assert.equal(old.isDirty, true);
    assert.ok(old.getText().startsWith(' '), 'the typed text is kept');
    const open = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const uriOf = (t: vscode.Tab) => (t.input instanceof vscode.TabInputText ? t.input.uri.toString() : '');
    assert.ok(
      open.some((t) => uriOf(t) === old.uri.toString()),
      'the old tab stays open',
    );
    assert.ok(
      open.some((t) => uriOf(t) === newUri.toString()),
      'the new one opened beside it',
    );
    // Nothing dirty left for the next test.
    await vscode.window.showTextDocument(old);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('keeps the document dirty, with the typed text, when the service refuses the save', async () => {
    const target = await liveVersion(scanPath[1] ?? scanPath[0]!);
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
