// The graph's filters: their range is the params schema's rule (checked where the request is
// registered); normalizeFilters only fills in defaults and puts them in one form.
import { strict as assert } from 'node:assert';
import * as P from '../../common/src/protocol';
import { paramsProblem, paramsSchemaOf } from '../../common/src/protocolSchemas';
import { normalizeFilters } from '../../server/src/graph/scope';

describe('graph filters', () => {
  const params = (filters: object) => ({ focus: { kind: 'component', componentId: 'c' }, filters });

  it('the schema owns the depth range: whole numbers from 0 to 6', () => {
    for (const depth of [0, 3, 6])
      assert.equal(
        paramsProblem(paramsSchemaOf(P.GraphRequest.method), params({ depthUp: depth })),
        undefined,
      );
    for (const depth of [-1, 7, 2.5, '2'])
      assert.match(
        String(paramsProblem(paramsSchemaOf(P.GraphRequest.method), params({ depthDown: depth }))),
        /depthDown/,
      );
    assert.match(
      String(
        paramsProblem(paramsSchemaOf(P.FieldFlowRequest.method), { field: 'f', filters: { depthUp: 99 } }),
      ),
      /depthUp/,
    );
  });

  it('fills in the default depth and leaves checked depths as they are', () => {
    assert.deepEqual(normalizeFilters(undefined), { depthUp: 2, depthDown: 2 });
    assert.deepEqual(normalizeFilters({ depthUp: 0, depthDown: 6 }), { depthUp: 0, depthDown: 6 });
  });

  it('drops empty namespace lists and tags; lists kinds in one order', () => {
    assert.deepEqual(normalizeFilters({ namespaces: [], tag: '' }), { depthUp: 2, depthDown: 2 });
    assert.deepEqual(normalizeFilters({ namespaces: ['shop'], tag: 'pii' }), {
      depthUp: 2,
      depthDown: 2,
      namespaces: ['shop'],
      tag: 'pii',
    });
    const kinds = [...P.MAPPING_KINDS].reverse();
    assert.deepEqual(normalizeFilters({ kinds }).kinds, [...P.MAPPING_KINDS]);
    assert.deepEqual(normalizeFilters({ kinds: [] }).kinds, []);
  });
});
