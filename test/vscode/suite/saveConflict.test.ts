// Saving a path document that changed on the service since it was opened: the path is updated behind
// the editor's back (a direct PUT), then the editor saves. The modal offers Compare, Overwrite and
// Cancel (answered by a script); each answer's effect is checked in VS Code and on the service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { livePaths } from './support/liveService';
import type { LineagePath } from '../../../common/src/api';
import { demoDataset, inState, lineageApi, noSaveReasonPrompt, signIn, waitForStatus } from './helpers';
import {
  onePrompt,
  scriptDialogs,
  type ScriptedDialogs,
  skipWhenInstalledFromVsix,
} from './support/scriptedDialogs';
import { serviceCall } from './support/serviceHttp';

const componentUrl = (id: string) => `/v0/experimental/components/${encodeURIComponent(id)}`;

async function effectivePaths(componentId: string): Promise<LineagePath[]> {
  const r = await serviceCall<{ component: { paths?: LineagePath[] } }>(
    'GET',
    `${componentUrl(componentId)}?projection=collapsed`,
  );
  assert.equal(r.status, 200);
  return r.body.component.paths ?? [];
}

/**
 * Scan paths in effect on the service now (no override replaces them: a conflict is about a scan path
 * someone else edits), away from the component the other path tests edit when there are enough; read
 * live, since other suites edit paths too and may run before this one.
 */
async function freshScanPaths(): Promise<Array<{ componentId: string; pathId: string }>> {
  const code = demoDataset().components.filter(
    (c) => c.type === 'CODE' && (c.paths ?? []).some((p) => p.path_type === 'SCAN_OUTPUT'),
  );
  const out: Array<{ componentId: string; pathId: string }> = [];
  for (const c of [...code.slice(1), code[0]!])
    for (const p of await livePaths(c.id, 'collapsed'))
      if (p.path_type === 'SCAN_OUTPUT') out.push({ componentId: c.id, pathId: p.path_id! });
  return out;
}

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

describe('path save conflicts (scripted dialogs)', () => {
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  let targets: Array<{ componentId: string; pathId: string }> = [];
  let dialogs: ScriptedDialogs | undefined;
  let edited: vscode.TextDocument | undefined;

  before(async () => {
    await signIn(await lineageApi());
    targets = await freshScanPaths();
    assert.ok(targets.length >= 3, `the demo has three scan paths to conflict on: ${targets.length}`);
    await noSaveReasonPrompt();
  });
  afterEach(async () => {
    dialogs?.restore();
    dialogs = undefined;
    // A dirty editor would make "close all" ask to save: revert the edited document first.
    if (edited?.isDirty) {
      await vscode.window.showTextDocument(edited);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    edited = undefined;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /**
   * Opens the path, updates it on the service directly, then types an edit in the editor. With
   * `signedInAgain` the edit is typed first, then the user signs out and in, then the service's
   * update: the save must still compare against the revision the typed text came from.
   */
  async function conflictingEdit(
    target: { componentId: string; pathId: string },
    tag: string,
    opts: { signedInAgain?: boolean } = {},
  ) {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', target);
    const doc = (edited = editor.document);
    const opened = JSON.parse(doc.getText()) as LineagePath;
    const mine = `typed in the editor (${tag} ${Date.now()})`;
    if (opts.signedInAgain) {
      await replaceAll(doc, JSON.stringify({ ...opened, transformation_summary: mine }, null, 2));
      const api = await lineageApi();
      await vscode.commands.executeCommand('lineageLens.signOut');
      await waitForStatus(api, inState('signedOut'));
      await signIn(api);
    }
    const theirs = `changed behind the editor's back (${tag} ${Date.now()})`;
    const put = await serviceCall<{ path: LineagePath }>(
      'PUT',
      `${componentUrl(target.componentId)}/paths/${encodeURIComponent(target.pathId)}`,
      {
        ...opened,
        transformation_summary: theirs,
      },
    );
    assert.equal(put.status, 200, `direct update answered ${put.status}`);
    if (!opts.signedInAgain)
      await replaceAll(doc, JSON.stringify({ ...opened, transformation_summary: mine }, null, 2));
    return { doc, theirs, mine, theirId: put.body.path.path_id! };
  }

  function conflictPrompt(d: ScriptedDialogs) {
    const p = onePrompt(d, 'warning', /changed on the service since you opened it/);
    assert.equal(p.modal, true, 'the conflict prompt is modal');
    assert.deepEqual(p.choices, ['Compare', 'Overwrite'], 'Cancel is the modal’s own button');
    return p;
  }

  it('Cancel: the save fails, the document stays dirty with the typed text, the service keeps its version (typed before a sign-out and a sign-in)', async () => {
    const { doc, theirs, mine, theirId } = await conflictingEdit(targets[0]!, 'cancel', {
      signedInAgain: true,
    });
    const text = doc.getText();
    dialogs = scriptDialogs().answer('warning', undefined, /changed on the service/);
    assert.equal(await doc.save(), false, 'not saved');
    conflictPrompt(dialogs);
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text, 'nothing typed is lost');
    const paths = await effectivePaths(targets[0]!.componentId);
    assert.equal(
      paths.find((p) => p.path_id === theirId)?.transformation_summary,
      theirs,
      'their update is in effect',
    );
    assert.ok(!paths.some((p) => p.transformation_summary === mine));
  });

  it('Compare: a diff editor opens (service ↔ your edit) and the document stays dirty', async () => {
    const { doc, theirs } = await conflictingEdit(targets[1]!, 'compare');
    dialogs = scriptDialogs().answer('warning', 'Compare', /changed on the service/);
    const opened = new Promise<vscode.TabInputTextDiff>((resolve) => {
      const sub = vscode.window.tabGroups.onDidChangeTabs((e) => {
        const diff = [...e.opened, ...e.changed]
          .map((t) => t.input)
          .find((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff);
        if (!diff) return;
        sub.dispose();
        resolve(diff);
      });
    });
    assert.equal(await doc.save(), false, 'not saved');
    conflictPrompt(dialogs);
    const diff = await opened;
    assert.equal(diff.modified.toString(), doc.uri.toString(), 'your edit is the right-hand side');
    const remote = await vscode.workspace.openTextDocument(diff.original);
    assert.match(
      remote.getText(),
      new RegExp(theirs.replace(/[()]/g, '\\$&')),
      'the left-hand side is what the service applies now',
    );
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputTextDiff);
    assert.ok(tabs.length >= 1, 'tabGroups shows the diff tab');
    assert.equal(doc.isDirty, true);
  });

  it('Overwrite: the edit is saved over the service version', async () => {
    const target = targets[2]!;
    const { doc, mine, theirId } = await conflictingEdit(target, 'overwrite');
    dialogs = scriptDialogs().answer('warning', 'Overwrite', /changed on the service/);
    assert.equal(await doc.save(), true, 'saved');
    conflictPrompt(dialogs);
    assert.equal(doc.isDirty, false);
    const paths = await effectivePaths(target.componentId);
    assert.ok(
      paths.some((p) => p.transformation_summary === mine),
      'the typed summary is in effect on the service',
    );
    assert.ok(
      !paths.some((p) => p.path_id === theirId),
      'the override made behind the editor’s back was superseded',
    );
  });
});
