// One walk per path's egress, shared by the code lens's counts, change impact and agents
// (server/src/graph/pathImpacts.ts): the lens's counts are a path impact's, a second path writing
// through the same egress gets the same walk, and a new model or contract list walks again.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import { impactOf } from '../../server/src/graph/impact';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { GraphService } from '../../server/src/graph/graphService';
import { pathImpact } from '../../server/src/graph/pathImpacts';
import type { ComponentStore } from '../../server/src/session/componentStore';
import type { AnchorReader } from '../../server/src/session/parts';

// Two handlers of the orders service write through one repository call (the same egress); the
// billing service reads what it writes.
const orders: ComponentDetail = {
  id: 'orders',
  name: 'orders',
  type: 'CODE',
  paths: ['createOrder', 'updateOrder'].map((handler, i) => ({
    path_id: `p${i}`,
    ingress: { signature_name: `orders.api.${handler}`, payload_name: 'OrderRequest' },
    egress: { signature_name: 'orders.db.insertOrder', payload_name: 'Order' },
    field_mappings: [{ ingress_field: 'email', egress_field: 'customer_email', kind: 'DataFlow' }],
  })),
};
const billing: ComponentDetail = {
  id: 'billing',
  name: 'billing',
  type: 'CODE',
  paths: [
    {
      path_id: 'b0',
      ingress: { signature_name: 'billing.consume', payload_name: 'Order' },
      egress: { signature_name: 'billing.charge', payload_name: 'Charge' },
      field_mappings: [{ ingress_field: 'customer_email', egress_field: 'billing_email', kind: 'DataFlow' }],
    },
  ],
};
const edges = [{ sourceComponentId: 'orders', destinationComponentId: 'billing' }];

describe('path impacts shared by lens, change impact and agents', () => {
  it('the lens counts a path from the walk change impact reads; paths of one egress share it', () => {
    const model = new LineageModel([orders, billing], edges);
    const graph = new GraphService({
      index: {} as AnchorReader,
      store: {} as ComponentStore,
    });
    const lens = graph.impactCounts(model, { kind: 'path', componentId: 'orders', pathId: 'p0' }, []);
    assert.equal(pathImpact(model, 'orders', 'p0', []), lens, 'the same walk, not a second one');
    assert.equal(
      pathImpact(model, 'orders', 'p1', []),
      lens,
      'the other handler writes through the same egress',
    );
    // The counts are what a walk listing nothing counts.
    const plain = impactOf(
      model,
      { kind: 'path', componentId: 'orders', pathId: 'p0' },
      [],
      () => undefined,
      0,
    );
    assert.deepEqual(lens.counts, plain.counts);
    assert.ok(lens.counts.fields > 0);
    assert.ok(
      lens.components.some((c) => c.id === 'billing' && c.fields.some((f) => f.field === 'billing_email')),
    );
    // Another contract list, another model: walked again.
    const contract = [{ uri: 'file:///c.yaml', darn: 'postgres://x:y', name: 'c' }];
    assert.notEqual(pathImpact(model, 'orders', 'p0', contract), lens);
    assert.notEqual(pathImpact(new LineageModel([orders, billing], edges), 'orders', 'p0', []), lens);
  });

  it('a path the model does not hold is refused, as a walk would be', () => {
    const model = new LineageModel([orders, billing], edges);
    assert.throws(() => pathImpact(model, 'orders', 'nope', []), /not in the loaded lineage/);
  });
});
