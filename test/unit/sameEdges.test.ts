// The component store tells a changed edge list from the one it has edge by edge: a list that would
// serialise alike is the same; any member added, dropped, reordered or changed is a change.
import assert from 'node:assert/strict';
import type { Edge } from '../../common/src/api';
import { sameEdges } from '../../server/src/session/componentStore';

const edge = (i: number, extra: Record<string, unknown> = {}): Edge =>
  ({
    id: `e${i}`,
    sourceComponentId: `c${i}`,
    destinationComponentId: `c${i + 1}`,
    namespace: 'ns',
    ...extra,
  }) as Edge;

describe('component store: edge lists compared', () => {
  it('agrees with comparing their JSON on lists alike and lists that differ', () => {
    const base = [edge(1), edge(2), edge(3)];
    const cases: Array<[string, Edge[]]> = [
      ['equal copies', base.map((e) => ({ ...e }))],
      ['none (a first load)', []],
      ['one edge fewer', base.slice(0, 2)],
      ['reordered', [base[1]!, base[0]!, base[2]!]],
      ['a changed end', [base[0]!, { ...base[1]!, destinationComponentId: 'c9' }, base[2]!]],
      ['a member more', [base[0]!, edge(2, { weight: 1 }), base[2]!]],
      [
        'members in another order',
        [
          base[0]!,
          { namespace: 'ns', id: 'e2', destinationComponentId: 'c3', sourceComponentId: 'c2' },
          base[2]!,
        ],
      ],
      ['a nested member alike', [edge(1, { meta: { a: [1] } })]],
      ['null against a string', [{ ...base[0]!, namespace: null as unknown as string }, base[1]!, base[2]!]],
    ];
    for (const [what, other] of cases)
      assert.equal(sameEdges(base, other), JSON.stringify(base) === JSON.stringify(other), what);
    const nested = [edge(1, { meta: { a: [1] } })];
    assert.equal(sameEdges(nested, [edge(1, { meta: { a: [1] } })]), true, 'nested members alike');
    assert.equal(sameEdges(nested, [edge(1, { meta: { a: [2] } })]), false, 'nested members differ');
  });
});
