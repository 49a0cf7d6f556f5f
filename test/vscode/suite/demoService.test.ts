// "Start the local demo service": the bundled service starts on 127.0.0.1, the extension reads its URL
// and key from its output, signs in, and stops it again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { env, inState, lineageApi, waitForStatus } from './helpers';

describe('local demo service', () => {
  after(async () => {
    // Back to the runner's service for the tests that follow.
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.stopDemoService');
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    await vscode.commands.executeCommand('lineageLens.signIn', { apiKey: env('LINEAGE_API_KEY'), serviceUrl: env('LINEAGE_SERVICE_URL') });
    await waitForStatus(api, inState('connected'));
  });

  it('starts, signs in to it, and stops', async () => {
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    const url = (await vscode.commands.executeCommand('lineageLens.startDemoService')) as string | undefined;
    assert.ok(url, 'the command returns the service URL');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(url, env('LINEAGE_SERVICE_URL'), 'a service of its own');
    assert.equal(api.demoServiceUrl(), url);
    assert.equal(vscode.workspace.getConfiguration('lineageLens').inspect('serviceUrl')?.globalValue, url);
    const s = await waitForStatus(api, inState('connected'));
    assert.ok(s.componentCount > 0, 'components loaded from the demo service');
    const health = await fetch(url + '/v0/api-keys');
    assert.equal(health.status, 401, 'the demo service answers (and wants a key)');

    await vscode.commands.executeCommand('lineageLens.stopDemoService');
    assert.equal(api.demoServiceUrl(), undefined);
  });
});
