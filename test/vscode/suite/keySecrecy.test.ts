// The API key is in no setting and in no log file, though sign-ins were logged with verbose protocol
// traces. The suite makes that traffic itself (a rejected key, then the right one), so it proves the
// redaction wherever it runs; run last, it also covers every suite before it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { env, inState, lineageApi, logFiles, logText, serviceGet, signIn, waitForStatus } from './helpers';

describe('the API key stays secret', () => {
  before(async () => {
    const api = await lineageApi();
    const url = env('LINEAGE_SERVICE_URL');
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('trace.server', 'verbose', vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lineageLens.signIn', {
      apiKey: 'not-the-key-0000',
      serviceUrl: url,
    });
    await waitForStatus(api, inState('keyRejected'));
    await signIn(api); // the runner's service and key
  });

  it('is in no Lineage Lens setting at any level', async () => {
    const key = env('LINEAGE_API_KEY');
    const cfg = vscode.workspace.getConfiguration('lineageLens', null);
    const all = JSON.stringify(
      Object.keys(cfg)
        .filter((k) => typeof (cfg as unknown as Record<string, unknown>)[k] !== 'function')
        .map((k) => cfg.inspect(k)),
    );
    assert.ok(all.includes(env('LINEAGE_SERVICE_URL')), 'the settings were read (the URL is there)');
    assert.ok(!all.includes(key), 'the key is not in the settings');
  });

  it('is in no log the extension wrote, though sign-ins were logged', async () => {
    const key = env('LINEAGE_API_KEY');
    const api = await lineageApi();
    const files = logFiles(api.logUri.fsPath);
    assert.ok(files.length > 0, `log files under ${api.logUri.fsPath}`);
    const text = logText(api.logUri.fsPath);
    assert.match(text, /Signed in to/, 'the log records the sign-in');
    assert.match(text, /lineageLens\/setCredentials/, 'protocol traces (with their params) were logged');
    assert.ok(!text.includes(key), 'the key is not in the log');
    assert.ok(!text.includes('not-the-key-0000'), 'a rejected key is not in the log either');
    // Every key value of the service (those the Service view lists, generated for this database)
    // stays out of the log too.
    const apiKeys = await serviceGet<Array<{ value: string }>>('/v0/api-keys');
    assert.ok(apiKeys.length > 0, 'the service lists its keys');
    for (const k of apiKeys) assert.ok(!text.includes(k.value), 'no key value of the service is in the log');
  });
});
