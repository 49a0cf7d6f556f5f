// The cache's compaction (session/compactDetail.ts): identical tag references become one shared object
// and field paths one shared string, across paths and components, without changing what the detail
// says (JSON.stringify gives the same text); references that differ in any member stay apart, and
// anything unusual (nested values, odd hop counts) is left as it was.
import { strict as assert } from 'node:assert';
import type { ComponentDetail, LineagePath } from '../../common/src/api';
import { DetailCompactor } from '../../server/src/session/compactDetail';
import { TimeSlicer } from '../../server/src/util/timeSlices';

const dep = (tag: string, hops: unknown, extra: Record<string, unknown> = {}) => ({
  tag_id: tag,
  name: tag,
  kind: 'SYSTEM',
  nearest_hops: hops,
  ...extra,
});

function path(id: string, deps: unknown[][], applied: unknown[] = []): LineagePath {
  const boundary = (side: string) => ({
    id: `${id}-${side}`,
    signature_name: `${id}.${side}`,
    field_tags: [{ field_path: 'email', tags: applied }],
    field_depends_on_tags: deps.map((d, i) => ({ field_path: `f${i}`, depends_on: d })),
  });
  return {
    path_id: id,
    path_type: 'SCAN_OUTPUT',
    is_suppressed: false,
    ingress: boundary('in'),
    egress: boundary('out'),
  } as unknown as LineagePath;
}

const detail = (id: string, paths: LineagePath[]): ComponentDetail =>
  ({ id, name: id, type: 'CODE', namespace: 'ns', paths }) as unknown as ComponentDetail;

// Fresh objects each time, as JSON.parse makes them.
const fresh = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

async function compacted(compactor: DetailCompactor, d: ComponentDetail): Promise<ComponentDetail> {
  const text = JSON.stringify(d);
  const out = await compactor.compact(d, new TimeSlicer());
  assert.equal(JSON.stringify(out), text, 'the detail says the same after compaction');
  return out;
}

const depsOf = (d: ComponentDetail, p: number, side: 'ingress' | 'egress', field: number) =>
  d.paths![p]![side].field_depends_on_tags![field]!.depends_on as unknown[];

describe('compaction of cached component details', () => {
  it('shares identical references across fields, paths and components', async () => {
    const c = new DetailCompactor();
    const list = [dep('pii', 2), dep('phi', 1, { color: '#336699' })];
    const a = await compacted(c, fresh(detail('a', [path('p1', [list, list]), path('p2', [list])])));
    const b = await compacted(c, fresh(detail('b', [path('p3', [list])])));
    const first = depsOf(a, 0, 'ingress', 0);
    assert.equal(depsOf(a, 0, 'ingress', 1)[0], first[0]);
    assert.equal(depsOf(a, 0, 'egress', 0)[1], first[1]);
    assert.equal(depsOf(a, 1, 'ingress', 0)[0], first[0]);
    assert.equal(depsOf(b, 0, 'egress', 0)[1], first[1], 'shared with an earlier component');
    assert.notEqual(first[0], first[1]);
  });

  it('keeps references apart that differ in a member, in the order of members, or in the hop count', async () => {
    const c = new DetailCompactor();
    const variants = [
      dep('pii', 2),
      dep('pii', 3),
      dep('pii', 2, { color: '#fff' }),
      { nearest_hops: 2, tag_id: 'pii', name: 'pii', kind: 'SYSTEM' },
      { tag_id: 'pii', name: 'pii', kind: 'SYSTEM' },
      dep('pii', '2'),
      dep('pii', 2.5),
      dep('pii', 1e9),
      dep('pii', null),
    ];
    const d = await compacted(c, fresh(detail('a', [path('p1', [variants, variants])])));
    const one = depsOf(d, 0, 'ingress', 0);
    const two = depsOf(d, 0, 'ingress', 1);
    for (let i = 0; i < variants.length; i++) {
      assert.equal(two[i], one[i], `variant ${i} shared with its twin`);
      for (let j = 0; j < i; j++) assert.notEqual(one[i], one[j], `variants ${j} and ${i} kept apart`);
    }
  });

  it('leaves references with nested values, and entries without a tag id, as they were', async () => {
    const c = new DetailCompactor();
    const odd = [dep('pii', 1, { extra: { nested: true } }), { name: 'no id' }, 'text', null];
    const d = await compacted(c, fresh(detail('a', [path('p1', [odd, odd])])));
    const one = depsOf(d, 0, 'ingress', 0);
    const two = depsOf(d, 0, 'ingress', 1);
    assert.notEqual(two[0], one[0]);
    assert.notEqual(two[1], one[1]);
  });

  it('shares applied tags too, and forgets its tables on clear without touching shared objects', async () => {
    const c = new DetailCompactor();
    const applied = [{ tag_id: 'pii', name: 'pii', kind: 'SYSTEM', source: 'system' }];
    const a = await compacted(c, fresh(detail('a', [path('p1', [], applied), path('p2', [], applied)])));
    const tagsOf = (d: ComponentDetail, p: number) => d.paths![p]!.ingress.field_tags![0]!.tags as unknown[];
    assert.equal(tagsOf(a, 1)[0], tagsOf(a, 0)[0]);
    c.clear();
    const b = await compacted(c, fresh(detail('b', [path('p3', [], applied)])));
    assert.notEqual(tagsOf(b, 0)[0], tagsOf(a, 0)[0], 'a new table after clear');
    assert.deepEqual(tagsOf(a, 0)[0], applied[0]);
  });
});
