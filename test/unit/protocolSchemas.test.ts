// Every custom request and notification of common/src/protocol.ts that carries params has a schema
// (common/src/protocolSchemas.ts), and a mismatch is worded as one sentence naming the member.
import { strict as assert } from 'node:assert';
import { Type } from '@sinclair/typebox';
import * as P from '../../common/src/protocol';
import { PARAMS_SCHEMAS, paramsProblem, paramsSchemaOf } from '../../common/src/protocolSchemas';

describe('custom protocol params schemas', () => {
  it('has one for each message of protocol.ts with params, and none for another', () => {
    const withParams: string[] = [];
    for (const value of Object.values(P) as unknown[]) {
      const m = value as { method?: unknown; numberOfParams?: unknown };
      if (typeof m?.method === 'string' && m.numberOfParams === 1) withParams.push(m.method);
    }
    assert.ok(withParams.length > 30, `found ${withParams.length} messages`);
    assert.deepEqual(
      withParams.filter((m) => !PARAMS_SCHEMAS.has(m)).sort(),
      [],
      'messages without a schema',
    );
    assert.deepEqual([...PARAMS_SCHEMAS.keys()].filter((m) => !withParams.includes(m)).sort(), []);
    assert.throws(() => paramsSchemaOf('lineageLens/nothing'), /No params schema for lineageLens\/nothing/);
  });

  it('accepts what each side sends', () => {
    const ok: Array<[string, unknown]> = [
      [P.ComponentDetailRequest.method, { componentId: 'c', projection: 'all' }],
      [P.AnchorRepairsRequest.method, {}],
      [P.SetCredentialsNotification.method, { serviceUrl: 'http://127.0.0.1:1', apiKey: null }],
      [P.GraphRequest.method, { focus: { kind: 'namespace', namespace: '' }, filters: { depthUp: 6 } }],
      [P.ImpactRequest.method, { target: { kind: 'paths', paths: [{ componentId: 'c', pathId: 'p' }] } }],
      [P.StatusNotification.method, { state: 'connected', message: 'm', componentCount: 1, anchorCount: 0 }],
      [
        P.ComplianceCheckedNotification.method,
        {
          uri: 'file:///w/contracts/orders.contract.yaml',
          darn: 'postgres://fx-db:public.orders',
          violations: [
            { field: 'total', violationType: 'INCOMPATIBLE_TYPE', expected: 'number', actual: 'string' },
          ],
        },
      ],
      [P.ChangeImpactChangedNotification.method, { touched: 2, contractsAtRisk: 1, breakingChanges: 0 }],
      [P.DataChangedNotification.method, { componentIds: [] }],
    ];
    for (const [method, params] of ok)
      assert.equal(paramsProblem(paramsSchemaOf(method), params), undefined, method);
  });

  it('names the member that fails, in one sentence', () => {
    const schema = Type.Object({ repairs: Type.Array(Type.Object({ line_start: Type.Integer() })) });
    assert.equal(paramsProblem(schema, { repairs: [{}] }), 'repairs[0].line_start is required.');
    assert.equal(paramsProblem(schema, { repairs: 'x' }), 'repairs: Expected array.');
    assert.equal(paramsProblem(schema, undefined), 'params: Expected object.');
    assert.equal(
      paramsProblem(paramsSchemaOf(P.GraphRequest.method), { focus: {} }),
      'A graph is centred on a component, a path, a field or a namespace.',
    );
    assert.equal(
      paramsProblem(paramsSchemaOf(P.StatusNotification.method), {
        state: 'x',
        message: 'm',
        componentCount: 0,
        anchorCount: 0,
      }),
      'state: Expected union value.',
    );
  });
});
