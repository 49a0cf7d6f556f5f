// Parts of the session that conversations cannot reach with the local service: malformed paths are
// skipped (and reported once), and settings are checked before use.
import { strict as assert } from 'node:assert';
import type { ComponentDetail, LineagePath } from '../../common/src/api';
import { shortPathLabel } from '../../server/src/domain/pathSummary';
import { anchorEntries } from '../../server/src/session/anchorFeed';
import { normalizeSettings, needsReload } from '../../common/src/settings';
import { OnceLogger } from '../../server/src/util/log';

function logger() {
  const warnings: string[] = [];
  return {
    warnings,
    log: new OnceLogger({
      info: () => undefined,
      warn: (m) => warnings.push(m),
      error: (m) => warnings.push(m),
    }),
  };
}

describe('session parts', () => {
  it('feeds every anchor of CODE components, skips a malformed path and reports it once', async () => {
    const { warnings, log } = logger();
    const good = {
      path_id: 'p1',
      ingress: { signature_name: 'a.b.readX' },
      egress: { signature_name: 'a.b.writeY' },
      code_anchors: [{ anchor_id: 'x', name: 'handler' }],
    };
    const bad = {
      ingress: { signature_name: 'a' },
      egress: { signature_name: 'b' },
      code_anchors: [{ anchor_id: 'y' }],
    };
    const components = [
      { id: 'c1', name: 'c1', type: 'CODE', paths: [good, bad] },
      { id: 'd1', name: 'd1', type: 'DATA_STORE', schema: { fields: [] } },
    ] as unknown as ComponentDetail[];
    const entries = await anchorEntries(components, log);
    assert.deepEqual(
      entries.map((e) => [e.componentId, e.pathId, e.anchor.anchor_id]),
      [['c1', 'p1', 'x']],
    );
    // The anchor's own name, then the egress's (the callee it usually covers), then the ingress's (the
    // handler: the path's other end, never taken alone without history).
    assert.deepEqual(entries[0]!.expectedNames, ['handler', 'writeY', 'readX']);
    assert.deepEqual(entries[0]!.otherNames, ['readX']);
    await anchorEntries(components, log);
    assert.equal(warnings.length, 1, 'reported once');
    assert.match(warnings[0]!, /c1: path 1 skipped \(path without path_id\)/);
  });

  it("gives each anchor its path's ids, commit, scans and names, and its own expected names", async () => {
    const { log } = logger();
    const path = {
      path_id: 'p1',
      ingress: { signature_name: 'api.Orders.create(Order)' },
      egress: { signature_name: 'db.insertOrder' },
      code_anchors: [
        { anchor_id: 'x', name: 'createOrder' },
        { anchor_id: 'y', name: 'insertOrder' },
        { anchor_id: 'z', name: 'sends the row' },
      ],
    };
    const components = [
      { id: 'c1', name: 'orders', friendly_name: 'Orders', type: 'CODE', paths: [path] },
    ] as unknown as ComponentDetail[];
    const entries = await anchorEntries(
      components,
      log,
      (c, p) => `${c}:${p}:commit`,
      () => ['s2', 's1'],
    );
    assert.deepEqual(
      entries.map((e) => [e.componentId, e.pathId, e.commit, e.scans]),
      Array(3).fill(['c1', 'p1', 'c1:p1:commit', ['s2', 's1']]),
    );
    // Per anchor: its own name first when it is an identifier; a name the egress already bears once.
    assert.deepEqual(
      entries.map((e) => e.expectedNames),
      [
        ['createOrder', 'insertOrder', 'create'],
        ['insertOrder', 'create'],
        ['insertOrder', 'create'],
      ],
    );
    assert.deepEqual(
      entries.map((e) => e.otherNames),
      [['create'], ['create'], ['create']],
    );
    // The path's names are one object, its label made when asked.
    assert.equal(entries[0]!.names, entries[2]!.names);
    assert.equal(entries[0]!.names!.component, 'Orders');
    assert.equal(entries[0]!.names!.path, shortPathLabel(path as unknown as LineagePath));
    // In JSON an entry is what AnchorEntry says.
    assert.deepEqual(JSON.parse(JSON.stringify(entries[1])), {
      componentId: 'c1',
      pathId: 'p1',
      anchor: { anchor_id: 'y', name: 'insertOrder' },
      expectedNames: ['insertOrder', 'create'],
      otherNames: ['create'],
      commit: 'c1:p1:commit',
      scans: ['s2', 's1'],
      names: { path: entries[1]!.names!.path, component: 'Orders' },
    });
  });

  it('checks settings and falls back to defaults for malformed values', () => {
    const s = normalizeSettings({
      components: ['a', ' a ', 3, ''],
      namespace: 7,
      projection: 'bogus',
      refreshIntervalSeconds: -5,
      maxConcurrency: 1000,
    });
    assert.deepEqual(s.components, ['a']);
    assert.equal(s.namespace, '');
    assert.equal(s.projection, 'collapsed');
    assert.equal(s.refreshIntervalSeconds, 0);
    assert.equal(s.maxConcurrency, 64);
    assert.equal(needsReload(s, { ...s, projection: 'all' }), true);
    assert.equal(needsReload(s, { ...s, refreshIntervalSeconds: 5 }), false);
  });
});
