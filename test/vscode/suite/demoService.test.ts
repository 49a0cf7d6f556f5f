// "Start the local demo service": a local service already answering at the configured URL is used;
// otherwise the bundled service starts on 127.0.0.1, the extension reads its URL and key from its
// output, signs in, and stops it again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LineageLensApi } from '../../../client/src/api';
import { scriptDialogs, skipWhenInstalledFromVsix } from './support/scriptedDialogs';
import { demoDataset, env, inState, lineageApi, noSaveReasonPrompt, signIn, waitForStatus } from './helpers';

const tooltipLines = (api: LineageLensApi): string[] => api.statusTooltip().split('\n');

describe('local demo service', () => {
  before(async () => signIn(await lineageApi()));
  after(async () => {
    // Back to the runner's service for the tests that follow.
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.stopDemoService');
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    await signIn(api); // the runner's service and key
  });

  it('uses the service already running at the configured URL instead of starting a second one', async () => {
    const api = await lineageApi();
    await waitForStatus(api, inState('connected'));
    const url = await vscode.commands.executeCommand<string | undefined>('lineageLens.startDemoService');
    assert.equal(url, env('LINEAGE_SERVICE_URL'), 'the running service');
    assert.equal(api.demoServiceUrl(), undefined, 'no service of its own');
    assert.equal(
      vscode.workspace.getConfiguration('lineageLens', null).inspect('serviceUrl')?.globalValue,
      url,
    );
    assert.equal(api.status().state, 'connected');
  });

  it('asks for the key of the service already running, saying why, and starts no second one', async function () {
    skipWhenInstalledFromVsix(this); // the prompt is answered by a script
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    const dialogs = scriptDialogs().answer('inputBox', env('LINEAGE_API_KEY'), /already runs at this URL/);
    try {
      const url = await vscode.commands.executeCommand<string | undefined>('lineageLens.startDemoService');
      assert.equal(url, env('LINEAGE_SERVICE_URL'), 'the running service');
      assert.equal(api.demoServiceUrl(), undefined, 'no service of its own');
      await waitForStatus(api, inState('connected'));
      // One notification that says what happened (not a second "signed in" one).
      assert.deepEqual(
        dialogs.ofKind('information').map((p) => p.text),
        [`A service is already running at ${url}; you are signed in to it.`],
      );
    } finally {
      dialogs.restore();
    }
  });

  it("names the database of npm start's service in the status bar tooltip while the configured URL is it", async () => {
    const api = await lineageApi();
    await waitForStatus(api, inState('connected'));
    const url = env('LINEAGE_SERVICE_URL');
    // The runner passes the service's URL and database as npm start does (no API operation names it).
    const db = env('LINEAGE_LENS_LOCAL_SERVICE_DB');
    assert.ok(tooltipLines(api).includes(`Service: ${url}`), api.statusTooltip());
    assert.ok(api.statusTooltip().includes(`database: ${db}`), api.statusTooltip());
    // Another service configured: its database is not that one, so none is named.
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('serviceUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    await waitForStatus(api, inState('signedOut', 'unreachable'));
    assert.match(api.statusTooltip(), /Service: http:\/\/127\.0\.0\.1:9$/m);
    assert.ok(!api.statusTooltip().includes('database'), api.statusTooltip());
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('serviceUrl', url, vscode.ConfigurationTarget.Global);
    await waitForStatus(api, inState('connected'));
    assert.ok(api.statusTooltip().includes(`database: ${db}`), api.statusTooltip());
  });

  it('starts, signs in to it, and stops', async function () {
    this.timeout(120_000); // starts a service process besides the one of the runner
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    // Nothing answers at the configured URL (port 9 is "discard", closed here): a service of its own.
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('serviceUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    const url = await vscode.commands.executeCommand<string | undefined>('lineageLens.startDemoService');
    assert.ok(url, 'the command returns the service URL');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(url, env('LINEAGE_SERVICE_URL'), 'a service of its own');
    assert.equal(api.demoServiceUrl(), url);
    assert.equal(
      vscode.workspace.getConfiguration('lineageLens', null).inspect('serviceUrl')?.globalValue,
      url,
    );
    const s = await waitForStatus(api, inState('connected'));
    assert.ok(s.componentCount > 0, 'components loaded from the demo service');
    // The tooltip names this window's own service and its database, not npm start's.
    assert.match(api.statusTooltip(), /database: .*demo-service\.db$/m);
    assert.ok(!api.statusTooltip().includes(env('LINEAGE_LENS_LOCAL_SERVICE_DB')), api.statusTooltip());
    const health = await fetch(url + '/v0/api-keys');
    assert.equal(health.status, 401, 'the demo service answers (and wants a key)');

    // A path opened from the demo service, then the service goes away: the save fails on the network
    // and the document keeps the user's text.
    const comp = demoDataset().components.find((c) => c.type === 'CODE' && c.paths?.length)!;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('lineageLens.editPath', {
      componentId: comp.id,
      pathId: comp.paths![0]!.path_id,
    });
    const doc = editor.document;

    await vscode.commands.executeCommand('lineageLens.stopDemoService');
    assert.equal(api.demoServiceUrl(), undefined);

    const edited = JSON.stringify(
      {
        ...(JSON.parse(doc.getText()) as object),
        transformation_summary: 'typed while the service was down',
      },
      null,
      2,
    );
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), edited);
    await vscode.workspace.applyEdit(edit);
    await noSaveReasonPrompt();
    try {
      // The folders above a path document exist for VS Code, so a failed save reports the service's
      // state, not a folder it could not create.
      const folder = await vscode.workspace.fs.stat(vscode.Uri.joinPath(doc.uri, '..'));
      assert.equal(folder.type, vscode.FileType.Directory);
      assert.equal(await doc.save(), false, 'the save failed');
      assert.equal(doc.isDirty, true);
      assert.equal(doc.getText(), edited, 'nothing typed is lost');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
