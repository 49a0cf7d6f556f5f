// Restricted Mode in the real editor: the folder is not trusted and its .vscode/settings.json (written
// by the runner) names 1,000 component ids with `..` segments, a `..` namespace, a 1 s refresh and a
// verbose trace. VS Code must not hand any of those to Lineage Lens (package.json
// capabilities.untrustedWorkspaces.restrictedConfigurations), so signing in loads none of them (what
// loads is what the service's edges lead to, as with no settings at all).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { lineageApi, logFiles, signIn } from '../suite/helpers';

const RESTRICTED = ['components', 'namespace', 'refreshIntervalSeconds', 'trace.server'] as const;

describe('Restricted Mode: an untrusted folder with hostile settings', function () {
  this.timeout(60_000);

  it('opens the folder untrusted, its restricted settings present but not in effect', () => {
    assert.equal(vscode.workspace.isTrusted, false);
    // The folder's settings file holds them (Restricted Mode hides them even from inspect()).
    const [folder] = vscode.workspace.workspaceFolders!;
    const file = path.join(folder!.uri.fsPath, '.vscode', 'settings.json');
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    assert.equal((written['lineageLens.components'] as string[]).length, 1000);
    const cfg = vscode.workspace.getConfiguration('lineageLens', null);
    for (const key of RESTRICTED) {
      assert.notEqual(written[`lineageLens.${key}`], undefined, `${key} is set in the folder`);
      const seen = cfg.inspect(key);
      assert.equal(seen?.workspaceValue, undefined, `${key}: not taken from the folder`);
      assert.deepEqual(cfg.get(key), seen?.defaultValue, `${key}: the default, not the folder's value`);
    }
  });

  it('signed in, loads no component the folder names and asks the service for none of them', async () => {
    const api = await lineageApi();
    await signIn(api);
    assert.equal(api.status().warning, undefined, api.status().message);
    const labels = (await api.trees.components.getChildren()).map((n) => {
      const label = api.trees.components.getTreeItem(n).label;
      return typeof label === 'string' ? label : (label?.label ?? '');
    });
    assert.ok(!labels.some((l) => l.includes('../')), labels.join(' | '));
    // No request for a folder-named id left the server: its log (verbose trace is restricted too)
    // names none of them.
    const log = logFiles(api.logUri.fsPath)
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    assert.doesNotMatch(log, /components\/\.\.|\.\.\/components\//);
  });
});
