// The component store's load against the REAL local service (small fixture): each detail is handed to
// the `arrived` hook as it comes, before the load ends, which is what lets the server start loading a
// language's grammar while the other components are still on their way.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { DEFAULT_SETTINGS } from '../../common/src/settings';
import type { ComponentDetail } from '../../common/src/api';
import { ComponentStore, DEFAULT_LIMITS } from '../../server/src/session/componentStore';
import { OnceLogger } from '../../server/src/util/log';
import { localServiceWithApi } from '../helpers/localServiceApi';

const SMALL = join(resolve(__dirname, '..', '..', '..'), 'test', 'service', 'fixtures', 'small.json');

describe('component store: details handed on as they arrive', function () {
  const local = localServiceWithApi(SMALL);

  it('tells the hook of every loaded component, each before the load resolves', async () => {
    const arrived: ComponentDetail[] = [];
    let loadEnded = false;
    const store = new ComponentStore(
      new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined }),
      {
        ...DEFAULT_LIMITS,
        arrived: (c) => {
          assert.equal(loadEnded, false, 'told during the load');
          arrived.push(c);
        },
      },
    );
    const result = await store.load(local.api, { ...DEFAULT_SETTINGS, components: [] });
    loadEnded = true;
    assert.equal(result.kind, 'loaded');
    const loaded = store.all();
    assert.ok(loaded.length > 1, `the fixture's edges name several components (${loaded.length})`);
    assert.deepEqual(arrived.map((c) => c.id).sort(), loaded.map((c) => c.id).sort());
    assert.ok(
      arrived.some((c) => c.type === 'CODE' && c.paths?.some((p) => p.code_anchors?.length)),
      'among them a CODE component with anchors',
    );
  });

  it('a second load of unchanged data changes nothing (its edges compared, not re-counted)', async () => {
    const store = new ComponentStore(
      new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined }),
    );
    const settings = { ...DEFAULT_SETTINGS, components: [] };
    const first = await store.load(local.api, settings);
    assert.equal(first.kind, 'loaded');
    assert.ok(store.edges().length > 0, 'the fixture has edges');
    const version = store.version;
    const again = await store.load(local.api, settings);
    assert.deepEqual(again.kind === 'loaded' && again.changedIds, []);
    assert.equal(store.version, version, 'nothing changed, so models built on the data stay');
  });
});
