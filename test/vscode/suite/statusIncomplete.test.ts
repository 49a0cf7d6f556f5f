// The status bar when the data is incomplete: connected, but fewer components
// loaded than the settings name (the lineageLens.maxComponents cap), so it reads "Lineage: incomplete"
// and says why; lifting the cap brings back "connected".
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { lineageApi, signIn, waitForStatus } from './helpers';

describe('status bar: incomplete data', function () {
  this.timeout(60_000);

  it('reads "incomplete" and says why while the component cap leaves components out', async () => {
    const api = await lineageApi();
    await signIn(api);
    const cfg = () => vscode.workspace.getConfiguration('lineageLens', null);
    // The named components and those their edges lead to.
    const loaded = (await waitForStatus(api, (x) => x.state === 'connected' && x.warning === undefined))
      .componentCount;
    assert.ok(loaded > 1, 'the demo loads several components');
    await cfg().update('maxComponents', 1, vscode.ConfigurationTarget.Workspace);
    try {
      const s = await waitForStatus(api, (x) => x.state === 'connected' && x.warning !== undefined);
      assert.equal(s.componentCount, 1);
      assert.match(
        s.warning!,
        new RegExp(`first 1 of ${loaded} components \\(lineageLens\\.maxComponents\\)`),
      );
      assert.match(api.statusText(), /^\$\(warning\) Lineage: incomplete$/);
      assert.ok(api.statusTooltip().includes(s.warning!), api.statusTooltip());
    } finally {
      await cfg().update('maxComponents', undefined, vscode.ConfigurationTarget.Workspace);
    }
    const back = await waitForStatus(api, (x) => x.state === 'connected' && x.warning === undefined);
    assert.equal(back.componentCount, loaded);
    assert.match(api.statusText(), /Lineage: connected$/);
  });
});
