// The lineage model as answers that must not wait see it (GraphService.readyNow): nothing while a
// sliced build runs or after the cache changed, the built model once ready() has finished and warmed
// it. The code lens handler answers the anchors' lenses without the impact lenses meanwhile, and asks
// for lenses again once the model is ready (server.ts).
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import { GraphService } from '../../server/src/graph/graphService';
import { impactLenses } from '../../server/src/features/impactLens';
import type { TrackedAnchor } from '../../server/src/anchors';

function component(id: string, paths: number): ComponentDetail {
  return {
    id,
    name: id,
    namespace: 'main',
    type: 'CODE',
    paths: Array.from({ length: paths }, (_, i) => ({
      path_id: `${id}-p${i}`,
      ingress: { signature_name: `${id}.in${i}`, payload_name: `In${i}` },
      egress: { signature_name: `${id}.out${i}`, payload_name: `Out${i}` },
      field_mappings: [{ ingress_field: 'a', egress_field: 'b' }],
    })),
  };
}

describe('lineage model ready now', () => {
  it('is undefined until ready() has built and warmed the model, and again after the cache changed', async () => {
    const data = { version: 1, details: [component('c1', 2_000)] };
    const store = {
      get version() {
        return data.version;
      },
      all: () => data.details,
      edges: () => [],
      get: () => undefined,
      use: () => undefined,
    };
    // An anchored line in a file, so impactLenses has something to count.
    const anchor = {
      entry: { componentId: 'c1', pathId: 'c1-p0' },
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 9 } },
      state: 'resolved',
    } as unknown as TrackedAnchor;
    const index = { anchorsInFile: () => [anchor] };
    const graph = new GraphService({ index, store } as unknown as ConstructorParameters<
      typeof GraphService
    >[0]);
    assert.equal(graph.readyNow(), undefined, 'nothing built yet');
    assert.equal(await impactLenses(index as never, graph, 'file:///x.ts'), undefined, 'lenses do not wait');
    const building = graph.ready();
    assert.equal(graph.readyNow(), undefined, 'a sliced build is under way');
    const model = await building;
    assert.equal(graph.readyNow(), model);
    assert.deepEqual(await impactLenses(index as never, graph, 'file:///x.ts'), [], 'counted: no downstream');
    data.version = 2;
    data.details = [component('c1', 3)];
    assert.equal(graph.readyNow(), undefined, 'the cache changed: that model is not current');
    assert.notEqual(await graph.ready(), model);
    assert.ok(graph.readyNow());
  });

  it('keeps impact counts per model and contract list (lenses ask again after every edit)', async () => {
    const data = { version: 1, details: [component('c1', 3)] };
    const store = {
      get version() {
        return data.version;
      },
      all: () => data.details,
      edges: () => [],
      get: () => undefined,
      use: () => undefined,
    };
    const graph = new GraphService({
      index: { anchorsInFile: () => [] },
      store,
    } as unknown as ConstructorParameters<typeof GraphService>[0]);
    const model = await graph.ready();
    const target = { kind: 'path' as const, componentId: 'c1', pathId: 'c1-p0' };
    const none = graph.impactCounts(model, target, []);
    assert.equal(graph.impactCounts(model, { ...target }, []), none, 'the same question: the kept answer');
    const contract = { uri: 'file:///c.yaml', darn: 'darn:x', name: 'c' };
    assert.notEqual(graph.impactCounts(model, target, [contract]), none, 'other contracts: counted again');
    assert.notEqual(
      graph.impactCounts(model, { ...target, pathId: 'c1-p1' }, []),
      none,
      'another path: counted again',
    );
    data.version = 2;
    const next = await graph.ready();
    assert.notEqual(graph.impactCounts(next, target, []), none, 'a new model: counted again');
  });
});
