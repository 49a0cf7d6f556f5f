// Many impacts found together (server/src/graph/reachSummary.ts, impactsOf, preparePathImpacts): each is
// the answer impactOf gives that target alone — counts, components, nearest crossings, listed fields
// with their hops and kinds, data stores and the contracts on them — on generated graphs with crossing
// hubs, data stores and more targets than one batch holds.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import type { MappingKind } from '../../common/src/protocol';
import type { ContractEntry } from '../../server/src/graph/contractCatalog';
import { impactOf, impactsOf } from '../../server/src/graph/impact';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { pathImpact, preparePathImpacts } from '../../server/src/graph/pathImpacts';
import { mulberry32 } from '../../scripts/seededRandom.mjs';

const KINDS: MappingKind[] = ['DataFlow', 'ControlFlow', 'KeyValueBridge'];
const FIELDS = ['id', 'email', 'name', 'city', 'total'];

function generated(seed: number): { model: LineageModel; contracts: ContractEntry[] } {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const payloads = ['Order', 'Customer', 'Invoice', 'Shipment', 'orders', 'customers'];
  const details: ComponentDetail[] = [];
  for (let c = 0; c < 30; c++) {
    const handlers = 1 + Math.floor(rnd() * 3);
    details.push({
      id: `c${c}`,
      name: `c${c}`,
      namespace: 'shop',
      type: 'CODE',
      paths: Array.from({ length: 2 + Math.floor(rnd() * 6) }, (_, i) => {
        const from = pick(payloads);
        const to = pick(payloads);
        return {
          path_id: `c${c}-p${i}`,
          ingress: { signature_name: `c${c}.in${i % handlers}.${from}`, payload_name: from },
          egress: { signature_name: `c${c}.out${i % handlers}.${to}`, payload_name: to },
          field_mappings: Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => ({
            ingress_field: pick(FIELDS),
            egress_field: pick(FIELDS),
            kind: pick(KINDS),
          })),
        };
      }),
    });
  }
  // Boundaries both ingress and egress: a chain of 20 free steps (deeper than the ranks kept apart)
  // and a cycle, inside one component each.
  for (const [id, steps, cycle] of [
    ['chain', 20, false],
    ['ring', 4, true],
  ] as const) {
    const node = (k: number) => `${id}.step${k}`;
    details.push({
      id,
      name: id,
      namespace: 'shop',
      type: 'CODE',
      paths: Array.from({ length: steps }, (_, k) => ({
        path_id: `${id}-p${k}`,
        ingress: { signature_name: node(k), payload_name: 'Order' },
        egress: { signature_name: cycle && k === steps - 1 ? node(0) : node(k + 1), payload_name: 'Order' },
        field_mappings: [
          { ingress_field: pick(FIELDS), egress_field: pick(FIELDS), kind: pick(KINDS) },
          { ingress_field: 'id', egress_field: 'id', kind: 'DataFlow' as MappingKind },
        ],
      })),
    });
  }
  for (const name of ['orders', 'customers']) {
    details.push({
      id: `db-${name}`,
      name,
      namespace: 'shop',
      type: 'DATA_STORE',
      store_kind: 'postgres',
      schema: { fields: FIELDS.map((f) => ({ name: f, type: 'text' })) },
    });
  }
  const ids = details.map((d) => d.id);
  const edges = Array.from({ length: 80 }, () => ({
    sourceComponentId: pick(ids),
    destinationComponentId: pick(ids),
  }));
  const contracts: ContractEntry[] = [
    { uri: 'file:///ws/orders.contract.yaml', darn: 'postgres://orders', name: 'Orders' },
    { uri: 'file:///ws/customers.contract.yaml', darn: 'postgres://customers', name: 'Customers' },
  ];
  return { model: new LineageModel(details, edges), contracts };
}

const allPaths = (model: LineageModel) =>
  [...model.components.values()].flatMap((c) =>
    c.paths.map((p) => ({ kind: 'path' as const, componentId: c.detail.id, pathId: p.id })),
  );

describe('impacts found together', () => {
  it('each is what impactOf answers alone, in batches of 32 and over crossing hubs', () => {
    for (const seed of [1, 3, 5, 6]) {
      const { model, contracts } = generated(seed);
      assert.ok(model.nodeCount > model.fields.length, `seed ${seed}: crossing hubs made`);
      const targets = allPaths(model);
      assert.ok(targets.length > 64, `seed ${seed}: more than two batches`);
      for (const listed of [0, 5, 500]) {
        const together = impactsOf(model, targets, contracts, () => undefined, listed);
        targets.forEach((t, i) => {
          const alone = impactOf(model, t, contracts, () => undefined, listed);
          assert.deepEqual(
            together[i],
            alone,
            `seed ${seed}, ${t.componentId}/${t.pathId}, ${listed} listed`,
          );
        });
      }
      const reaching = impactsOf(model, targets, contracts, () => undefined, 0);
      assert.ok(
        reaching.some((r) => r.contracts.length > 0 && r.counts.fields > 10),
        `seed ${seed}: some paths reach far and into a contract's store`,
      );
    }
  });

  it('preparePathImpacts keeps, per egress, what pathImpact would walk', () => {
    const { model, contracts } = generated(5);
    const targets = allPaths(model);
    preparePathImpacts(model, targets, contracts);
    for (const t of targets)
      assert.deepEqual(
        pathImpact(model, t.componentId, t.pathId, contracts).counts,
        impactOf(model, t, contracts, () => undefined).counts,
      );
    // Unknown paths are left to pathImpact, which says so.
    preparePathImpacts(model, [{ componentId: 'c0', pathId: 'nope' }], contracts);
    assert.throws(() => pathImpact(model, 'c0', 'nope', contracts), /not in the loaded lineage/);
  });
});
