// The cache's compaction (session/compactDetail.ts): identical tag references become one shared object
// and field paths one shared string, across paths and components, without changing what the detail
// says (JSON.stringify gives the same text); references that differ in any member stay apart, and
// anything unusual (nested values, odd hop counts) is left as it was.
import { strict as assert } from 'node:assert';
import type { ComponentDetail, Edge, LineagePath } from '../../common/src/api';
import { DetailCompactor } from '../../server/src/session/compactDetail';
import { TimeSlicer } from '../../server/src/util/timeSlices';
import { fullCollection } from '../../server/src/util/memorySettle';

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

  it('keeps one copy of strings JSON.parse repeats: kinds, completeness and mapped names across components, names, payloads and files within one', async () => {
    const gc = fullCollection();
    assert.ok(gc, 'a full collection can be asked for');
    // Long values, so that the copies dominate what the heap holds.
    const long = (what: string) => `${what}-${'x'.repeat(2_000)}`;
    const PATHS = 400;
    const text = (component: string) =>
      JSON.stringify(
        detail(
          component,
          Array.from({ length: PATHS }, (_, i) => {
            const boundary = (side: string) => ({
              id: long(`${side}-boundary`),
              kind: long('kind'),
              signature_name: long(`${side}.signature`),
              payload_name: long(`${side}.payload`),
              boundary_coordinates: {
                payload_name: long(`${side}.payload`),
                signature_name: long(`${side}.signature`),
              },
            });
            return {
              path_id: `p${i}`,
              path_type: 'SCAN_OUTPUT',
              is_suppressed: false,
              ingress: boundary('in'),
              egress: boundary('out'),
              field_mappings: [
                { ingress_field: long('email'), egress_field: long('email'), kind: 'DataFlow' },
              ],
              code_anchors: [{ anchor_id: `a${i}`, file: long('src/handler.ts') }],
              completeness: {
                ingress: long('KNOWN_COMPLETE'),
                ingress_schema: 'UNKNOWN',
                egress: 'UNKNOWN',
                egress_schema: 'UNKNOWN',
                field_mappings: long('KNOWN_INCOMPLETE'),
              },
            } as unknown as LineagePath;
          }),
        ),
      );
    const heldBy = async (compact: boolean): Promise<number> => {
      const c = new DetailCompactor();
      gc!();
      const before = process.memoryUsage().heapUsed;
      const details = [JSON.parse(text('a')), JSON.parse(text('b'))] as ComponentDetail[];
      if (compact) for (const d of details) await compacted(c, d);
      gc!();
      const held = process.memoryUsage().heapUsed - before;
      assert.equal(details.length, 2); // held until measured
      return held;
    };
    const plain = await heldBy(false);
    const compact = await heldBy(true);
    // 2 components × 400 paths × 17 long strings (~2 KB each) parsed; compacted: 17 per component at
    // most (those shared across components once in all).
    const copies = 2 * PATHS * 17 * 2_000;
    assert.ok(plain > copies * 0.9, `parsed, every copy is held (${plain} bytes)`);
    assert.ok(compact < plain - copies * 0.9, `compacted, one copy each (${compact} of ${plain} bytes)`);
  });

  it('keeps one copy of each component id and namespace in the edge list', () => {
    const gc = fullCollection()!;
    const id = (n: number) => `c${n}-${'x'.repeat(2_000)}`;
    const EDGES = 1_000;
    const text = JSON.stringify(
      Array.from({ length: EDGES }, (_, i) => ({
        id: `e${i}`,
        sourceComponentId: id(i % 2),
        destinationComponentId: id(2 + (i % 3)),
        namespace: `ns-${'y'.repeat(2_000)}`,
      })),
    );
    const heldBy = (compact: boolean): number => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const edges = JSON.parse(text) as Edge[];
      if (compact) new DetailCompactor().compactEdges(edges);
      gc();
      const held = process.memoryUsage().heapUsed - before;
      assert.equal(JSON.stringify(edges), text, 'the list says the same');
      return held;
    };
    const plain = heldBy(false);
    const compact = heldBy(true);
    const copies = EDGES * 3 * 2_000;
    assert.ok(plain > copies * 0.9, `parsed, every copy is held (${plain} bytes)`);
    assert.ok(compact < plain - copies * 0.9, `compacted, one copy each (${compact} of ${plain} bytes)`);
  });

  it('shares small objects of primitives: schema leaves and completeness, across paths and components; walks the rest', async () => {
    const c = new DetailCompactor();
    const withSchema = (id: string, description: string) => {
      const p = path(id, []) as unknown as Record<string, Record<string, unknown>>;
      p.ingress!.schema = {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          note: { type: 'string', description },
          address: { type: 'object', properties: { city: { type: 'string', format: 'email' } } },
          tags: { type: 'array', items: [{ type: 'string', format: 'email' }] },
        },
      };
      p.completeness = { ingress: 'KNOWN_COMPLETE', egress: 'UNKNOWN', field_mappings: 'UNKNOWN' };
      return p as unknown as LineagePath;
    };
    const a = await compacted(c, fresh(detail('a', [withSchema('p1', 'one'), withSchema('p2', 'two')])));
    const b = await compacted(c, fresh(detail('b', [withSchema('p3', 'one')])));
    type Props = Record<string, Record<string, unknown>>;
    const props = (d: ComponentDetail, i: number) =>
      (d.paths![i]!.ingress.schema as { properties: Props }).properties;
    const email = props(a, 0).email;
    assert.equal(props(a, 1).email, email, 'the same leaf in another path');
    assert.equal(props(b, 0).email, email, 'and in another component');
    assert.equal((props(a, 0).address!.properties as Props).city, email, 'nested under an object');
    assert.equal((props(a, 0).tags!.items as unknown[])[0], email, 'in a list');
    assert.notEqual(props(a, 1).note, props(a, 0).note, 'a member that differs keeps them apart');
    assert.equal(props(b, 0).note, props(a, 0).note);
    assert.notEqual(props(a, 1).address, props(a, 0).address, 'objects holding objects are not shared');
    assert.equal(a.paths![1]!.completeness, a.paths![0]!.completeness);
    assert.equal(b.paths![0]!.completeness, a.paths![0]!.completeness);
  });

  it('shares a field mapping between the paths of one component that map the same fields', async () => {
    const c = new DetailCompactor();
    const mapped = (id: string, kind: string) => {
      const p = path(id, []) as unknown as Record<string, unknown>;
      p.field_mappings = [
        { ingress_field: 'email', egress_field: 'email', kind },
        { ingress_field: 'id', egress_field: 'order_id', kind: 'DataFlow' },
      ];
      return p as unknown as LineagePath;
    };
    const a = await compacted(
      c,
      fresh(detail('a', [mapped('p1', 'DataFlow'), mapped('p2', 'DataFlow'), mapped('p3', 'ControlFlow')])),
    );
    const m = (i: number) => a.paths![i]!.field_mappings!;
    assert.equal(m(1)[0], m(0)[0]);
    assert.equal(m(1)[1], m(0)[1]);
    assert.notEqual(m(2)[0], m(0)[0], 'another kind, another mapping');
    assert.equal(m(2)[1], m(0)[1]);
  });
});
