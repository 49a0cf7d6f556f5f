// Show Versions reads operation 9 a page at a time (issue 13 item 4): the first page, then a
// "Load More Versions…" item while the service has more. Named to run late (before zzSecrets only):
// it records enough path updates on one component for a second page, and the suites before it read
// the demo's paths as the dataset has them.
import * as assert from 'node:assert/strict';
import type { VersionsResponse } from '../../../common/src/api';
import { VERSIONS_PAGE } from '../../../common/src/api/choices';
import { demoDataset, lineageApi, serviceGet, signIn } from './helpers';
import { scriptDialogs, skipWhenInstalledFromVsix, type ScriptedDialogs } from './support/scriptedDialogs';
import { serviceCall } from './support/serviceHttp';
import * as vscode from 'vscode';

describe('Show Versions reads versions a page at a time', () => {
  let dialogs: ScriptedDialogs | undefined;
  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  afterEach(() => dialogs?.restore());

  it('shows the first page and "Load More Versions…", which adds the next page', async () => {
    await signIn(await lineageApi());
    const component = demoDataset()
      .components.filter((c) => c.type === 'CODE' && (c.paths?.length ?? 0) > 0)
      .at(-1)!;
    const versionsPath = `/v0/experimental/components/${encodeURIComponent(component.id)}/versions`;
    // Enough path updates (two events each) for more than one page.
    const before = await serviceGet<VersionsResponse>(versionsPath);
    const needed = Math.max(0, Math.ceil((VERSIONS_PAGE.default + 1 - (before.totalCount ?? 0)) / 2));
    let pathId = component.paths![0]!.path_id;
    for (let i = 0; i < needed; i++) {
      const detail = await serviceGet<{ component: { paths: Array<Record<string, unknown>> } }>(
        `/v0/experimental/components/${encodeURIComponent(component.id)}?projection=all`,
      );
      const current = detail.component.paths.find((p) => p.path_id === pathId)!;
      const r = await serviceCall<{ path: { path_id: string } }>(
        'PUT',
        `/v0/experimental/components/${encodeURIComponent(component.id)}/paths/${encodeURIComponent(pathId)}`,
        { ingress: current.ingress, egress: current.egress, reason: `paging ${i}` },
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      pathId = r.body.path.path_id;
    }
    const all = await serviceGet<VersionsResponse>(`${versionsPath}?limit=${VERSIONS_PAGE.max}`);
    const total = all.totalCount!;
    assert.ok(total > VERSIONS_PAGE.default, `${total} versions: more than one page`);
    assert.ok(total <= 2 * VERSIONS_PAGE.default, 'two pages hold them');

    dialogs = scriptDialogs()
      .answer('quickPick', '$(ellipsis) Load More Versions…', /Versions of/)
      .answer('quickPick', undefined, /Versions of/);
    await vscode.commands.executeCommand('lineageLens.showVersions', { componentId: component.id });
    const [first, second] = dialogs.ofKind('quickPick');
    assert.ok(first && second, 'the pick was shown twice');
    assert.equal(first.choices.length, VERSIONS_PAGE.default + 1, 'one page and the Load More item');
    assert.equal(first.choices.at(-1), '$(ellipsis) Load More Versions…');
    assert.equal(second.choices.length, total, 'every version, and no Load More item');
    // Events in words, never the service's kind names.
    const words = {
      SCAN: '$(search) Scanned',
      BYO_PATH_ADDED: '$(edit) Path edited: new version',
      BYO_PATH_DELETED: '$(history) Path edited: previous version retired',
    } as const;
    assert.deepEqual(
      second.choices,
      all.versions.map((v) => words[v.kind]),
      'in the service order, newest first',
    );
    // Titled with the component's name, not its id.
    assert.match(first.text, new RegExp(`Versions of ${component.friendly_name ?? component.name}`));
    assert.doesNotMatch(first.text, new RegExp(component.id));
  });
});
