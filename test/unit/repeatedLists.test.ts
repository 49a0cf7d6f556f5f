// Component answers parsed with their repeated depends-on lists and boundary schemas shared
// (server/src/api/repeatedLists.ts): the value is what JSON.parse gives, repeated lists and schemas are
// one value (within and across answers), the nesting limit holds inside and outside them, and whatever
// the scan cannot vouch for (a list or schema in an unexpected place, the marker's own name in the
// answer, malformed text) is parsed whole or refused exactly as before.
import { strict as assert } from 'node:assert';
import { isSharedSchema, RepeatedLists } from '../../server/src/api/repeatedLists';
import { parseBody } from '../../server/src/api/responses';
import { ComponentDetailResponse } from '../../common/src/api/components';
import { problems } from '../../common/src/api/validate';

const ref = (tag: string, hops: number) => ({
  tag_id: `system-${tag}`,
  name: tag,
  kind: 'SYSTEM',
  nearest_hops: hops,
});
const PII = [ref('pii', 1), ref('secret', 2)];
const PHI = [ref('phi', 1)];

function boundary(fields: Array<[string, unknown[]]>) {
  return {
    signature_name: 'com.shop.Handler.create',
    field_depends_on_tags: fields.map(([field_path, depends_on]) => ({ field_path, depends_on })),
  };
}

function answer(id: string, paths: unknown[]) {
  return { component: { id, name: id, type: 'CODE', paths } };
}

const body = (v: unknown, space?: number) => Buffer.from(JSON.stringify(v, null, space));
const valueOf = (r: ReturnType<RepeatedLists['parse']>) => {
  assert.ok(typeof r === 'object', `parsed: ${String(r)}`);
  r.complete?.();
  return r.value as ReturnType<typeof answer>;
};
type Entry = { depends_on: unknown[] };
const entries = (v: ReturnType<typeof answer>, path: number, side: 'ingress' | 'egress') =>
  (v.component.paths[path] as Record<string, { field_depends_on_tags: Entry[] }>)[side]!
    .field_depends_on_tags;

describe('repeatedLists: component answers with shared depends-on lists', () => {
  it('parses to what JSON.parse gives, and shares each repeated list', () => {
    const lists = new RepeatedLists();
    const a = answer('c1', [
      {
        path_id: 'p1',
        ingress: boundary([
          ['email', PII],
          ['sku', []],
        ]),
        egress: boundary([['email', PII]]),
      },
      {
        path_id: 'p2',
        egress: boundary([
          ['diagnosis', PHI],
          ['email', PII],
        ]),
        ingress: { signature_name: 'x' },
      },
    ]);
    for (const space of [undefined, 2]) {
      const v = valueOf(lists.parse(body(a, space)));
      assert.deepEqual(v, JSON.parse(JSON.stringify(a)));
      const first = entries(v, 0, 'ingress')[0]!.depends_on;
      assert.equal(entries(v, 0, 'egress')[0]!.depends_on, first, 'the same list, one array');
      assert.equal(entries(v, 1, 'egress')[1]!.depends_on, first);
      assert.notEqual(entries(v, 1, 'egress')[0]!.depends_on, first);
    }
    // Across answers of the same client too.
    const b = answer('c2', [{ path_id: 'p9', egress: boundary([['email', PII]]) }]);
    const v1 = valueOf(lists.parse(body(a)));
    const v2 = valueOf(lists.parse(body(b)));
    assert.equal(entries(v2, 0, 'egress')[0]!.depends_on, entries(v1, 0, 'ingress')[0]!.depends_on);
  });

  it('cuts every list of an answer with thousands of them (markers of one to four digits)', () => {
    const fields = Array.from({ length: 1_200 }, (_, i): [string, unknown[]] => [
      `f${i}`,
      i % 2 ? PII : [ref(`t${i % 7}`, 1 + (i % 3))],
    ]);
    const a = answer('many', [
      { path_id: 'p', ingress: boundary(fields), egress: boundary(fields.slice(0, 11)) },
    ]);
    const v = valueOf(new RepeatedLists().parse(body(a)));
    assert.deepEqual(v, JSON.parse(JSON.stringify(a)));
    const ingress = entries(v, 0, 'ingress');
    assert.equal(
      ingress[1_199]!.depends_on,
      ingress[1]!.depends_on,
      'shared: the answer was cut, not parsed whole',
    );
    assert.equal(entries(v, 0, 'egress')[9]!.depends_on, ingress[1]!.depends_on);
  });

  it('keeps strings with escapes and brackets inside lists and names', () => {
    const tricky = [{ tag_id: 'a"]}[{', name: 'x\\', kind: 'USER', color: '\\"', nearest_hops: 1 }];
    const a = answer('c"1', [
      {
        path_id: 'p]',
        egress: boundary([
          ['a"b', tricky],
          ['c', tricky],
        ]),
      },
    ]);
    const v = valueOf(new RepeatedLists().parse(body(a)));
    assert.deepEqual(v, JSON.parse(JSON.stringify(a)));
    assert.equal(entries(v, 0, 'egress')[0]!.depends_on, entries(v, 0, 'egress')[1]!.depends_on);
  });

  it('refuses nesting past the limit inside a list and outside, as the whole-text check does', () => {
    const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
    const inList = answer('c', [{ path_id: 'p', egress: boundary([['f', [deep(40)]]]) }]);
    const outside = { ...answer('c', [{ path_id: 'p', egress: boundary([['f', PII]]) }]), extra: deep(40) };
    const lists = new RepeatedLists();
    for (const v of [inList, outside]) {
      assert.equal(lists.parse(body(v), 30), 'tooDeep');
      assert.deepEqual(valueOf(lists.parse(body(v), 64)), JSON.parse(JSON.stringify(v)));
    }
    // A kept list is recognised without a walk: its own depth (a list of objects: 2) still counts.
    // The answer nests 9 deep: the list opens at depth 7.
    const kept = answer('c', [{ path_id: 'p', egress: boundary([['f', PII]]) }]);
    const fresh = new RepeatedLists();
    assert.equal(fresh.parse(body(kept), 8), 'tooDeep');
    assert.deepEqual(valueOf(fresh.parse(body(kept), 9)), JSON.parse(JSON.stringify(kept)));
    assert.equal(fresh.parse(body(kept), 8), 'tooDeep');
  });

  it('reads a list that begins as a kept one but goes on as itself', () => {
    const lists = new RepeatedLists();
    const kept = answer('c1', [{ path_id: 'p', egress: boundary([['f', PII]]) }]);
    valueOf(lists.parse(body(kept)));
    // The same first elements, then more; and the same bytes up to a different closing.
    const longer = [...PII, ...PHI];
    const a = answer('c2', [
      {
        path_id: 'p',
        egress: boundary([
          ['f', longer],
          ['g', PII],
        ]),
      },
    ]);
    const v = valueOf(lists.parse(body(a)));
    assert.deepEqual(v, JSON.parse(JSON.stringify(a)));
    assert.deepEqual(entries(v, 0, 'egress')[0]!.depends_on, longer);
    assert.equal(
      entries(v, 0, 'egress')[1]!.depends_on,
      entries(valueOf(lists.parse(body(kept))), 0, 'egress')[0]!.depends_on,
    );
  });

  it('checks each distinct list once, apart from the answer; a list that fails is checked in place', () => {
    const lists = new RepeatedLists();
    const a = answer('c1', [
      {
        path_id: 'p',
        egress: boundary([
          ['f', PII],
          ['g', PII],
        ]),
      },
    ]);
    const r = lists.parse(body(a));
    assert.ok(typeof r === 'object' && r.complete);
    // What the answer's schema check sees: an empty list in each list's place.
    assert.deepEqual(entries(r.value as ReturnType<typeof answer>, 0, 'egress')[0]!.depends_on, []);
    r.complete();
    assert.deepEqual(r.value, JSON.parse(JSON.stringify(a)));
    // A list the schema refuses: the answer is parsed whole, and its check names the place.
    const bad = answer('c2', [
      {
        path_id: 'p',
        egress: boundary([
          ['f', PII],
          ['g', [{ ...ref('pii', 1), nearest_hops: 'one' }]],
        ]),
      },
    ]);
    const whole = lists.parse(body(bad));
    assert.ok(typeof whole === 'object' && !whole.complete);
    assert.deepEqual(whole.value, JSON.parse(JSON.stringify(bad)));
    const found = problems(ComponentDetailResponse, whole.value);
    assert.ok(
      found.some(
        (p) => p.path === '/component/paths/0/egress/field_depends_on_tags/1/depends_on/0/nearest_hops',
      ),
      JSON.stringify(found),
    );
  });

  it("shares each boundary's schema by its text, within and across answers, and leaves a store's own alone", () => {
    const lists = new RepeatedLists();
    const order = { type: 'object', properties: { email: { type: 'string' }, total: { type: 'number' } } };
    const other = { type: 'object', properties: { email: { type: 'string', format: 'email' } } };
    const withSchema = (schema: unknown, fields: Array<[string, unknown[]]>) => ({
      ...boundary(fields),
      schema,
    });
    const a = answer('c1', [
      { path_id: 'p1', ingress: withSchema(order, [['email', PII]]), egress: withSchema(other, []) },
      { path_id: 'p2', ingress: withSchema(order, [['email', PII]]), egress: { signature_name: 'x' } },
    ]);
    type WithSchema = { schema: unknown };
    const schemaOf = (v: ReturnType<typeof answer>, path: number, side: 'ingress' | 'egress') =>
      (v.component.paths[path] as Record<string, WithSchema>)[side]!.schema;
    const r = lists.parse(body(a, 2));
    assert.ok(typeof r === 'object' && r.complete, 'cut, not parsed whole');
    // What the answer's own check sees in each schema's place.
    assert.deepEqual(schemaOf(r.value as ReturnType<typeof answer>, 0, 'ingress'), {});
    const v = valueOf(r);
    assert.deepEqual(v, JSON.parse(JSON.stringify(a)));
    assert.equal(schemaOf(v, 1, 'ingress'), schemaOf(v, 0, 'ingress'), 'one object');
    assert.notEqual(schemaOf(v, 0, 'egress'), schemaOf(v, 0, 'ingress'));
    assert.equal(isSharedSchema(schemaOf(v, 0, 'ingress') as object), true);
    // Across answers; a DATA_STORE's own schema (a member of the component) is not cut.
    const store = { component: { id: 's', name: 's', type: 'DATA_STORE', schema: order, paths: [] } };
    const b = answer('c2', [{ path_id: 'p9', egress: withSchema(order, []) }]);
    const vb = valueOf(lists.parse(body(b, 2))); // the same text: written alike
    assert.equal(schemaOf(vb, 0, 'egress'), schemaOf(v, 0, 'ingress'));
    const vs = valueOf(lists.parse(body(store))) as unknown as typeof store;
    assert.deepEqual(vs, store);
    assert.equal(isSharedSchema(vs.component.schema), false);
  });

  it('refuses nesting past the limit inside a schema, and parses whole a schema member it cannot put back', () => {
    const deep = (n: number): unknown =>
      n === 0 ? { type: 'string' } : { type: 'object', properties: { x: deep(n - 1) } };
    const a = answer('c', [{ path_id: 'p', egress: { signature_name: 's', schema: deep(20) } }]);
    const lists = new RepeatedLists();
    assert.equal(lists.parse(body(a), 30), 'tooDeep');
    assert.equal(parseBody(body(a), 30), 'tooDeep', 'as the whole-text check');
    assert.deepEqual(valueOf(lists.parse(body(a), 64)), JSON.parse(JSON.stringify(a)));
    // A `schema` member of a path's other object (not a boundary): cut by the scan, found nowhere it
    // belongs, so the answer is parsed whole, to the same value.
    const odd = answer('c', [
      { path_id: 'p', egress: { signature_name: 's', schema: deep(1) }, completeness: { schema: deep(1) } },
    ]);
    const r = lists.parse(body(odd));
    assert.ok(typeof r === 'object' && !r.complete, 'parsed whole');
    assert.deepEqual(r.value, JSON.parse(JSON.stringify(odd)));
  });

  it('parses whole what it cannot vouch for, and refuses what JSON.parse refuses', () => {
    const lists = new RepeatedLists();
    // A list in a place outside the paths' boundaries: not put back, so the answer is parsed whole.
    const elsewhere = {
      ...answer('c', [{ path_id: 'p', egress: boundary([['f', PII]]) }]),
      other: boundary([['g', PHI]]),
    };
    assert.deepEqual(valueOf(lists.parse(body(elsewhere))), JSON.parse(JSON.stringify(elsewhere)));
    // The marker's own name in the answer: nothing is cut.
    const marked = answer('c', [
      {
        path_id: 'p',
        egress: {
          field_depends_on_tags: [
            { field_path: 'f', depends_on: { '\u0000': 0 } },
            { field_path: 'g', depends_on: PII },
          ],
        },
      },
    ]);
    const v = valueOf(lists.parse(body(marked)));
    assert.deepEqual(v, JSON.parse(JSON.stringify(marked)));
    assert.deepEqual(entries(v, 0, 'egress')[0]!.depends_on, { '\u0000': 0 });
    // Malformed: the same verdict as the plain parser.
    for (const text of [
      '',
      '{"component":',
      '{"component":{"paths":[{"egress":{"field_depends_on_tags":[{"depends_on":[1,2}]}}]}}',
      '{"a":"open',
    ]) {
      assert.equal(lists.parse(Buffer.from(text)), 'notJson', text);
      assert.equal(parseBody(Buffer.from(text)), 'notJson', text);
    }
  });
});
