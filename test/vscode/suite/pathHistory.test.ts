// Show Versions on a path: that path's history only, one row per edit (who, why, commit), and Open /
// Compare with Previous / Compare with Current as VS Code diffs of the two path documents, titled by
// the path's name. It edits a scan path nobody edited yet, as the service has them now, so it runs in
// any order; suites that read that path find its live version (support/liveService.ts).
import * as assert from 'node:assert/strict';
import type { LineagePath, VersionsResponse } from '../../../common/src/api';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { demoDataset, lineageApi, serviceGet, signIn } from './helpers';
import { scriptDialogs, skipWhenInstalledFromVsix, type ScriptedDialogs } from './support/scriptedDialogs';
import { serviceCall } from './support/serviceHttp';
import * as vscode from 'vscode';
import { nextEvent } from '../../helpers/nextEvent';

/** Resolves with the active tab once `pred` holds for it (now or on a later tab change). */
function activeTabWhere(
  pred: (t: vscode.Tab) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<vscode.Tab> {
  const now = vscode.window.tabGroups.activeTabGroup.activeTab;
  if (now && pred(now)) return Promise.resolve(now);
  const active = () => vscode.window.tabGroups.activeTabGroup.activeTab;
  return nextEvent(
    vscode.window.tabGroups.onDidChangeTabs,
    () => {
      const t = active();
      return t !== undefined && pred(t);
    },
    { timeoutMs, what: () => `no ${what} tab; active: ${active()?.label}` },
  ).then(() => active()!);
}

const versionOf = (uri: vscode.Uri) => new URLSearchParams(uri.query).get('version');

describe('Show Versions on a path: its history, with Open and Compare', () => {
  let dialogs: ScriptedDialogs | undefined;
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  afterEach(async () => {
    dialogs?.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists the path’s edits once each, opens a version and compares it with the previous and the current', async () => {
    await signIn(await lineageApi());
    const component = demoDataset().components.find(
      (c) => c.type === 'CODE' && c.paths?.some((p) => p.path_type === 'SCAN_OUTPUT'),
    )!;
    const base = `/v0/experimental/components/${encodeURIComponent(component.id)}`;
    const detail = await serviceGet<{
      component: { paths: LineagePath[]; friendly_name?: string; name: string };
    }>(`${base}?projection=all`);
    // A scan path nobody edited yet, so its history is this test's two edits and its scan.
    const sides = (p: LineagePath) => `${p.ingress.signature_name}\u0000${p.egress.signature_name}`;
    const edited = new Set(detail.component.paths.filter((p) => p.path_type === 'USER_OVERRIDE').map(sides));
    const scan = detail.component.paths.find((p) => p.path_type === 'SCAN_OUTPUT' && !edited.has(sides(p)))!;
    assert.ok(scan, 'a scan path without an override');
    const writable = ({ path_id: _id, path_type: _type, is_suppressed: _suppressed, ...rest }: LineagePath) =>
      rest;
    const edit = async (from: LineagePath, summary: string, reason: string): Promise<LineagePath> => {
      const r = await serviceCall<{ path: LineagePath }>(
        'PUT',
        `${base}/paths/${encodeURIComponent(from.path_id!)}`,
        // The path as it is (its anchors, payload and mappings kept: later suites read them), summary changed.
        { ...writable(from), transformation_summary: summary, reason },
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.path;
    };
    const stamp = Date.now();
    const first = await edit(scan, `history one ${stamp}`, 'first edit');
    const second = await edit(first, `history two ${stamp}`, 'second edit');
    const all = await serviceGet<VersionsResponse>(`${base}/versions?limit=1000`);
    const who = all.versions.find(
      (v) => v.kind === 'BYO_PATH_ADDED' && v.path_id === second.path_id,
    )?.recorded_by;
    assert.ok(who, 'the service says who recorded the edit');
    const label = pathDocumentLabel(scan);
    const target = { componentId: component.id, pathId: second.path_id! };

    // The middle row (the first edit) → Compare with Previous: the scan ↔ the first edit.
    dialogs = scriptDialogs()
      .answer('quickPick', `$(edit) Edited by ${who}`, /History of/)
      .answer('quickPick', '$(diff) Compare with Previous');
    await vscode.commands.executeCommand('lineageLens.showVersions', target);
    const [list, actions] = dialogs.ofKind('quickPick');
    assert.deepEqual(
      list!.choices,
      [`$(edit) Edited by ${who}  (current)`, `$(edit) Edited by ${who}`, '$(search) Scanned'],
      'one row per edit and the scan, never the retired half of an edit',
    );
    assert.match(list!.text, new RegExp(`History of ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in `));
    assert.doesNotMatch(list!.text, new RegExp(component.id), 'named, not by id');
    const rows = list!.items!.map((i) => `${i.description ?? ''} ${i.detail ?? ''}`);
    assert.match(rows[0]!, /“second edit”/);
    assert.match(rows[1]!, /“first edit”/);
    assert.deepEqual(actions!.choices, [
      '$(go-to-file) Open Version',
      '$(diff) Compare with Previous',
      '$(compare-changes) Compare with Current',
      '$(copy) Copy Commit SHA',
    ]);
    let tab = await activeTabWhere((t) => t.input instanceof vscode.TabInputTextDiff, 'diff');
    let diff = tab.input as vscode.TabInputTextDiff;
    assert.equal(versionOf(diff.original), scan.path_id);
    assert.equal(versionOf(diff.modified), first.path_id);
    assert.match(tab.label, new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`), tab.label);
    const before = (await vscode.workspace.openTextDocument(diff.original)).getText();
    const after = (await vscode.workspace.openTextDocument(diff.modified)).getText();
    assert.ok(!before.includes(`history one ${stamp}`) && after.includes(`history one ${stamp}`), after);
    assert.ok(after.includes(`"path_id": "${first.path_id}"`), 'the retired version, as it was');
    dialogs.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // The same row → Compare with Current: the first edit ↔ the path's live document.
    dialogs = scriptDialogs()
      .answer('quickPick', `$(edit) Edited by ${who}`, /History of/)
      .answer('quickPick', '$(compare-changes) Compare with Current');
    await vscode.commands.executeCommand('lineageLens.showVersions', target);
    tab = await activeTabWhere((t) => t.input instanceof vscode.TabInputTextDiff, 'diff');
    diff = tab.input as vscode.TabInputTextDiff;
    assert.equal(versionOf(diff.original), first.path_id);
    assert.equal(diff.modified.scheme, 'lineage', 'the current version is the editable path document');
    assert.match(tab.label, /↔ Current/);
    const current = (await vscode.workspace.openTextDocument(diff.modified)).getText();
    assert.ok(current.includes(`history two ${stamp}`), current);
    dialogs.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // The scan row → Open Version: a read-only document of the scanned path; no Compare with Previous.
    dialogs = scriptDialogs()
      .answer('quickPick', '$(search) Scanned', /History of/)
      .answer('quickPick', '$(go-to-file) Open Version');
    await vscode.commands.executeCommand('lineageLens.showVersions', target);
    assert.deepEqual(dialogs.ofKind('quickPick')[1]!.choices, [
      '$(go-to-file) Open Version',
      '$(compare-changes) Compare with Current',
      '$(copy) Copy Commit SHA',
    ]);
    tab = await activeTabWhere((t) => t.input instanceof vscode.TabInputText, 'version');
    const opened = (tab.input as vscode.TabInputText).uri;
    assert.equal(opened.scheme, 'lineage-version');
    assert.equal(versionOf(opened), scan.path_id);
    const text = (await vscode.workspace.openTextDocument(opened)).getText();
    assert.ok(text.includes(`"path_id": "${scan.path_id}"`), text.slice(0, 200));
    // Nothing can write there: no file system, only a read-only content provider (journey 12 types).
    assert.notEqual(vscode.workspace.fs.isWritableFileSystem('lineage-version'), true);
  });
});
