// "Start the local demo service": a local service already answering at the configured URL is used;
// otherwise the bundled service starts on 127.0.0.1, the extension reads its URL and key from its
// output, signs in, and stops it again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { demoDataset, env, inState, lineageApi, noSaveReasonPrompt, waitForStatus } from './helpers';

describe('local demo service', () => {
  after(async () => {
    // Back to the runner's service for the tests that follow.
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.stopDemoService');
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    await vscode.commands.executeCommand('lineageLens.signIn', {
      apiKey: env('LINEAGE_API_KEY'),
      serviceUrl: env('LINEAGE_SERVICE_URL'),
    });
    await waitForStatus(api, inState('connected'));
  });

  it('uses the service already running at the configured URL instead of starting a second one', async () => {
    const api = await lineageApi();
    await waitForStatus(api, inState('connected'));
    const url = await vscode.commands.executeCommand<string | undefined>('lineageLens.startDemoService');
    assert.equal(url, env('LINEAGE_SERVICE_URL'), 'the running service');
    assert.equal(api.demoServiceUrl(), undefined, 'no service of its own');
    assert.equal(vscode.workspace.getConfiguration('lineageLens').inspect('serviceUrl')?.globalValue, url);
    assert.equal(api.status().state, 'connected');
  });

  it('starts, signs in to it, and stops', async function () {
    this.timeout(120_000); // starts a service process besides the one of the runner
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    // Nothing answers at the configured URL (port 9 is "discard", closed here): a service of its own.
    await vscode.workspace
      .getConfiguration('lineageLens')
      .update('serviceUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    const url = await vscode.commands.executeCommand<string | undefined>('lineageLens.startDemoService');
    assert.ok(url, 'the command returns the service URL');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(url, env('LINEAGE_SERVICE_URL'), 'a service of its own');
    assert.equal(api.demoServiceUrl(), url);
    assert.equal(vscode.workspace.getConfiguration('lineageLens').inspect('serviceUrl')?.globalValue, url);
    const s = await waitForStatus(api, inState('connected'));
    assert.ok(s.componentCount > 0, 'components loaded from the demo service');
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
      assert.equal(await doc.save(), false, 'the save failed');
      assert.equal(doc.isDirty, true);
      assert.equal(doc.getText(), edited, 'nothing typed is lost');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
