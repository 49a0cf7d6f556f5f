// In the real VS Code: signing in to plain http:// on a host other than this machine
// warns before anything is sent, the language server stays disconnected and says why, and only the
// user setting lineageLens.allowInsecureHttp (offered by the warning) lets it connect.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { env, lineageApi, signIn, waitForStatus } from './helpers';
import {
  onePrompt,
  scriptDialogs,
  skipWhenInstalledFromVsix,
  type ScriptedDialogs,
} from './support/scriptedDialogs';

// TEST-NET-1 (RFC 5737): not this machine, and nothing there answers.
const HOST = '192.0.2.1';

describe('plain http:// to another host', () => {
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  let dialogs: ScriptedDialogs | undefined;
  afterEach(() => {
    dialogs?.restore();
    dialogs = undefined;
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('allowInsecureHttp', undefined, vscode.ConfigurationTarget.Global);
    await signIn(await lineageApi());
  });

  it('warns before the first request and stays disconnected, saying why', async () => {
    const api = await lineageApi();
    dialogs = scriptDialogs(); // the warning is recorded and dismissed
    await vscode.commands.executeCommand('lineageLens.signIn', {
      apiKey: env('LINEAGE_API_KEY'),
      serviceUrl: `http://${HOST}:9`,
    });
    const status = await waitForStatus(api, (s) => s.state === 'signedOut' && /unencrypted/.test(s.message));
    assert.match(status.message, /lineageLens\.allowInsecureHttp/);
    const warning = onePrompt(dialogs, 'warning', /did not connect to 192\.0\.2\.1:9\b/);
    assert.deepEqual(warning.choices, ['Allow Unencrypted HTTP', 'Use Another URL…']);
    assert.equal(
      vscode.workspace.getConfiguration('lineageLens', null).inspect('allowInsecureHttp')?.globalValue,
      undefined,
      'dismissing allows nothing',
    );
  });

  it('connects once the user allows it from the warning (a user setting)', async () => {
    const api = await lineageApi();
    dialogs = scriptDialogs().answer(
      'warning',
      'Allow Unencrypted HTTP',
      /did not connect to 192\.0\.2\.1:10\b/,
    );
    await vscode.commands.executeCommand('lineageLens.signIn', {
      apiKey: env('LINEAGE_API_KEY'),
      serviceUrl: `http://${HOST}:10`,
    });
    // The server now talks to the host (nothing answers there, so it stays connecting, then unreachable).
    await waitForStatus(api, (s) => s.state === 'connecting' || s.state === 'unreachable');
    assert.equal(
      vscode.workspace.getConfiguration('lineageLens', null).inspect('allowInsecureHttp')?.globalValue,
      true,
    );
  });
});
