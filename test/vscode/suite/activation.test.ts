// Activation, commands, and the connection states the status reflects (signed out → key rejected →
// connected).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { env, inState, lineageApi, REPO_ROOT, waitForStatus } from './helpers';

describe('activation and connection', () => {
  it('activates and registers every contributed command', async () => {
    const api = await lineageApi();
    assert.ok(api.logUri, 'the API exposes the log folder');
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      contributes: { commands: Array<{ command: string }> };
    };
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = manifest.contributes.commands.map((c) => c.command).filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], 'contributed commands without a registration');
  });

  it('starts signed out, as no key is stored yet', async () => {
    const api = await lineageApi();
    // A fresh profile has no key: the server reports signedOut once it has started.
    const s = await waitForStatus(api, (st) => st.state !== 'connecting');
    assert.equal(s.state, 'signedOut');
  });

  it('reports a rejected key, then connects with the right one', async () => {
    const api = await lineageApi();
    const url = env('LINEAGE_SERVICE_URL');
    await vscode.commands.executeCommand('lineageLens.signIn', {
      apiKey: 'not-the-key-0000',
      serviceUrl: url,
    });
    await waitForStatus(api, inState('keyRejected'));
    await vscode.commands.executeCommand('lineageLens.signIn', {
      apiKey: env('LINEAGE_API_KEY'),
      serviceUrl: url,
    });
    const s = await waitForStatus(api, inState('connected'));
    assert.ok(s.componentCount > 0, `connected with ${s.componentCount} components`);
    assert.equal(
      vscode.workspace.getConfiguration('lineageLens', null).inspect('serviceUrl')?.globalValue,
      url,
    );
  });

  it('signs out and back in', async () => {
    const api = await lineageApi();
    await vscode.commands.executeCommand('lineageLens.signOut');
    await waitForStatus(api, inState('signedOut'));
    assert.deepEqual(
      await api.trees.components.getChildren(),
      [],
      'a signed-out Components view is empty (its welcome shows)',
    );
    await vscode.commands.executeCommand('lineageLens.signIn', { apiKey: env('LINEAGE_API_KEY') });
    await waitForStatus(api, inState('connected'));
  });
});
