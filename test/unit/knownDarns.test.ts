// The DARNs Look Up offers: contract files' and the lineage's data stores' (metadata, else read off a
// store named <source>.<path> with a kind), each once, sorted, with where they come from.
import * as assert from 'node:assert/strict';
import type { ComponentDetail } from '../../common/src/api';
import { knownDarns } from '../../server/src/graph/knownDarns';

const store = (name: string, extra: Partial<ComponentDetail> = {}): ComponentDetail =>
  ({ id: name, name, type: 'DATA_STORE', namespace: 'shop', ...extra }) as ComponentDetail;

describe('known DARNs for Look Up', () => {
  it('lists contract files and data stores, each DARN once with all its sources, sorted', () => {
    const known = knownDarns(
      [
        {
          uri: 'file:///w/contracts/orders.yaml',
          darn: 'postgres://orders-db:public.orders',
          name: 'orders',
        },
        { uri: 'file:///w/contracts/bad.yaml', darn: 'not a darn', name: 'bad' },
      ],
      [
        store('orders-db.public.orders', { store_kind: 'postgres', friendly_name: 'Orders table' }),
        store('order-created', { store_kind: 'kafka' }), // no <source>.<path>: nothing to read off
        store('events', { metadata: { dataAssetResourceNames: ['s3://shop-events:invoices/*.json', 42] } }),
        { id: 'c', name: 'checkout', type: 'CODE', namespace: 'shop' } as ComponentDetail,
      ],
    );
    assert.deepEqual(known, [
      {
        darn: 'postgres://orders-db:public.orders',
        sources: [
          { kind: 'contract', name: 'orders', uri: 'file:///w/contracts/orders.yaml' },
          { kind: 'dataStore', name: 'Orders table' },
        ],
      },
      { darn: 's3://shop-events:invoices/*.json', sources: [{ kind: 'dataStore', name: 'events' }] },
    ]);
  });

  it('names a data store as everywhere else: a blank friendly name falls back to the name', () => {
    const [known] = knownDarns(
      [],
      [store('orders-db.public.orders', { store_kind: 'postgres', friendly_name: '  ' })],
    );
    assert.deepEqual(known?.sources, [{ kind: 'dataStore', name: 'orders-db.public.orders' }]);
  });
});
