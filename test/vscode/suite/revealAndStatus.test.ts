// Reveal Path selects the path's node in the Components view, and the status bar's action menu
// (lineageLens.statusActions) offers what fits the connection state; picking from it acts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { livePathId, loadServiceNow } from './support/liveService';
import type { LineageLensApi } from '../../../client/src/api';
import type { TreeNode } from '../../../client/src/views/treeNode';
import { demoDataset, env, inState, lineageApi, signIn, waitForStatus } from './helpers';
import { scriptDialogs, type ScriptedDialogs, skipWhenInstalledFromVsix } from './support/scriptedDialogs';
import { nextEvent } from '../../helpers/nextEvent';

/** Resolves when the Components view's selection satisfies `pred` (now or on its next change). */
function waitForSelection(
  api: LineageLensApi,
  pred: (s: readonly TreeNode[]) => boolean,
  timeoutMs = 20_000,
): Promise<readonly TreeNode[]> {
  const view = api.treeViews.components;
  if (pred(view.selection)) return Promise.resolve(view.selection);
  return nextEvent(view.onDidChangeSelection, (e) => pred(e.selection), {
    timeoutMs,
    what: () => `selection did not change as expected; now ${view.selection.length} selected`,
  }).then((e) => e.selection);
}

describe('Reveal Path and the status bar menu', () => {
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  let dialogs: ScriptedDialogs | undefined;
  before(async () => signIn(await lineageApi()));
  afterEach(() => {
    dialogs?.restore();
    dialogs = undefined;
  });
  after(async () => signIn(await lineageApi()));

  it('Reveal Path reveals and selects the path node in the Components view', async () => {
    const api = await lineageApi();
    const comp = demoDataset().components.find((c) => c.type === 'CODE' && (c.paths?.length ?? 0) > 1)!;
    const replaced = new Set((comp.paths ?? []).map((p) => p.replaces_path_id).filter(Boolean));
    const scanned = [...comp.paths!].reverse().find((p) => !replaced.has(p.path_id))!;
    // The path as the service has it now (another suite may have edited it: a new id), loaded.
    const target = { ...scanned, path_id: await livePathId(comp.id, scanned.path_id) };
    await loadServiceNow();
    await vscode.commands.executeCommand('lineageLens.revealPath', {
      componentId: comp.id,
      pathId: target.path_id,
    });
    const [selected] = await waitForSelection(api, (s) => s.length === 1);
    const tree = api.trees.components;
    const item = tree.getTreeItem(selected!);
    assert.equal(item.id, `path:${comp.id}/${target.path_id}`, 'the path node is selected');
    assert.equal(item.contextValue?.startsWith('path'), true, `a path node: ${item.contextValue}`);
    const parent = tree.getParent(selected!);
    assert.equal(parent && tree.getTreeItem(parent).id, `component:${comp.id}`, 'under its component');
    assert.equal(api.treeViews.components.visible, true, 'the Components view is shown');
  });

  it('offers Refresh, Show Output and Sign Out when connected; picking Sign Out signs out', async () => {
    const api = await lineageApi();
    assert.equal(api.status().state, 'connected');
    dialogs = scriptDialogs().answer('quickPick', '$(sign-out) Sign Out');
    await vscode.commands.executeCommand('lineageLens.statusActions');
    const menu = dialogs.ofKind('quickPick')[0];
    assert.ok(menu, 'the menu was shown');
    assert.match(menu.text, /Lineage Lens: connected/);
    assert.deepEqual(menu.choices, ['$(refresh) Refresh', '$(output) Show Output', '$(sign-out) Sign Out']);
    await waitForStatus(api, inState('signedOut'));
  });

  it('offers Sign In, Connect, the demo service and Show Output when signed out; Sign In asks for the key', async () => {
    const api = await lineageApi();
    await waitForStatus(api, inState('signedOut'));
    dialogs = scriptDialogs()
      .answer('quickPick', '$(sign-in) Sign In')
      .answer('inputBox', { type: ['has a space', env('LINEAGE_API_KEY')] }, /API Key/);
    await vscode.commands.executeCommand('lineageLens.statusActions');
    const menu = dialogs.ofKind('quickPick')[0]!;
    assert.match(menu.text, /Lineage Lens: signed out/);
    assert.deepEqual(menu.choices, [
      '$(sign-in) Sign In',
      '$(plug) Connect to a Service…',
      '$(play) Start the Local Demo Service',
      '$(output) Show Output',
    ]);
    const keyBox = dialogs.ofKind('inputBox')[0];
    assert.ok(keyBox, 'Sign In asked for the key');
    assert.equal(
      (keyBox.options as vscode.InputBoxOptions).password,
      true,
      'the key is typed in a password box',
    );
    assert.equal(keyBox.refused.length, 1, 'a key with a space is refused');
    await waitForStatus(api, inState('connected'));
  });
});
