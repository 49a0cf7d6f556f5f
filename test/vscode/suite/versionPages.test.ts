// Show Versions reads operation 9 a page at a time: the first page, then a
// "Load More Versions…" item while the service has more. It records enough path updates on one
// component for a second page, starting from the path as the service has it now (another suite may
// have edited it), so it runs in any order; suites that read that path find its live version.
import * as assert from 'node:assert/strict';
import type { VersionsResponse } from '../../../common/src/api';
import { VERSIONS_PAGE } from '../../../common/src/api/choices';
import { demoDataset, lineageApi, serviceGet, signIn } from './helpers';
import { scriptDialogs, skipWhenInstalledFromVsix, type ScriptedDialogs } from './support/scriptedDialogs';
import { serviceCall } from './support/serviceHttp';
import { livePathId } from './support/liveService';
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
    let pathId = await livePathId(component.id, component.paths![0]!.path_id);
    for (let i = 0; i < needed; i++) {
      const detail = await serviceGet<{ component: { paths: Array<Record<string, unknown>> } }>(
        `/v0/experimental/components/${encodeURIComponent(component.id)}?projection=all`,
      );
      const current = detail.component.paths.find((p) => p.path_id === pathId)!;
      const writable = ({
        path_id: _id,
        path_type: _type,
        is_suppressed: _suppressed,
        ...rest
      }: Record<string, unknown>) => rest;
      const r = await serviceCall<{ path: { path_id: string } }>(
        'PUT',
        `/v0/experimental/components/${encodeURIComponent(component.id)}/paths/${encodeURIComponent(pathId)}`,
        // The path as it is (its anchors, payload and mappings kept: later suites read them).
        { ...writable(current), reason: `paging ${i}` },
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
    // Events in words, never the service's kind names; an edit (its retired and new halves) is one row.
    const rows = (vs: VersionsResponse['versions']) => {
      const paired = new Set(
        vs.filter((v) => v.kind === 'BYO_PATH_ADDED' && v.replaces_path_id).map((v) => v.replaces_path_id),
      );
      return vs
        .filter((v) => !(v.kind === 'BYO_PATH_DELETED' && paired.has(v.path_id)))
        .map((v) =>
          v.kind === 'SCAN'
            ? '$(search) Scanned'
            : v.kind === 'BYO_PATH_ADDED' && v.replaces_path_id
              ? v.recorded_by
                ? `$(edit) Path edited by ${v.recorded_by}`
                : '$(edit) Path edited'
              : v.kind === 'BYO_PATH_ADDED'
                ? '$(edit) Path edited: new version'
                : '$(history) Path edited: previous version retired',
        );
    };
    const firstPage = rows(all.versions.slice(0, VERSIONS_PAGE.default));
    assert.equal(first.choices.length, firstPage.length + 1, 'one page and the Load More item');
    assert.equal(first.choices.at(-1), '$(ellipsis) Load More Versions…');
    assert.deepEqual(
      second.choices,
      [...firstPage, ...rows(all.versions.slice(VERSIONS_PAGE.default))],
      'in the service order, newest first, and no Load More item',
    );
    assert.ok(
      second.choices.filter((c) => /Path edited by /.test(c)).length >= needed,
      'each edit is one row naming who made it',
    );
    assert.ok(
      !second.choices.slice(0, 2 * needed).some((c) => /retired/.test(c)),
      'no edit of this test shows twice as retired and new',
    );
    // Titled with the component's name, not its id.
    assert.match(first.text, new RegExp(`Versions of ${component.friendly_name ?? component.name}`));
    assert.doesNotMatch(first.text, new RegExp(component.id));
  });
});
