// The views answer in the projection asked for: the cache serves only what it was loaded in. After the
// projection setting changes the server's settings name the new projection at once, while the cache
// holds the old one until the reload is in: a view asking then must get the service's answer.
import { strict as assert } from 'node:assert';
import type { ComponentDetail, Projection } from '../../common/src/api';
import { DEFAULT_SETTINGS } from '../../common/src/settings';
import type { LineageApi } from '../../server/src/api/apiClient';
import { componentDetail, type ViewSources } from '../../server/src/requests/views';

const detail = (pathId: string): ComponentDetail => ({
  id: 'c1',
  name: 'checkout',
  namespace: 'shop',
  type: 'CODE',
  paths: [{ path_id: pathId, ingress: { signature_name: 'a' }, egress: { signature_name: 'b' } }],
});

function sources(cached: Projection, setting: Projection, asked: Projection[]): ViewSources {
  return {
    index: { anchor: () => undefined, drift: () => undefined } as unknown as ViewSources['index'],
    store: {
      projection: cached,
      use: () => detail(`cached-${cached}`),
    } as unknown as ViewSources['store'],
    settings: { ...DEFAULT_SETTINGS, projection: setting },
    signedIn: true,
    api: () =>
      ({
        getComponent: (_id: string, q: { projection: Projection }) => {
          asked.push(q.projection);
          return Promise.resolve({ component: detail(`service-${q.projection}`) });
        },
      }) as unknown as LineageApi,
  };
}

describe('component detail and the projection of the cache', () => {
  it('asks the service while the cache still holds the projection the setting just left', async () => {
    const asked: Projection[] = [];
    const r = await componentDetail(sources('collapsed', 'all', asked), { componentId: 'c1' }, {});
    assert.deepEqual(asked, ['all']);
    assert.equal(r.component.paths?.[0]?.path_id, 'service-all');
  });

  it('answers from the cache when it holds the projection asked for', async () => {
    const asked: Projection[] = [];
    const r = await componentDetail(
      sources('all', 'all', asked),
      { componentId: 'c1', projection: 'all' },
      {},
    );
    assert.deepEqual(asked, []);
    assert.equal(r.component.paths?.[0]?.path_id, 'cached-all');
  });
});
