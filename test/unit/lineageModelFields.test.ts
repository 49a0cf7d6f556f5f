// The lineage model's field nodes (server/src/graph/fieldTable.ts): a boundary's fields numbered as one
// range even when later paths add fields to it, each field's id, path and tags as the model gives them
// out (ids made on demand, found again by id), and the graph and impact answers built from them.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import { boundaryNodeId, storeNodeId } from '../../common/src/protocol';
import { impactOf } from '../../server/src/graph/impact';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { graphFor } from '../../server/src/graph/scope';

const object = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
});
const side = (signature: string, payload: string, ...schema: string[]) => ({
  signature_name: signature,
  payload_name: payload,
  ...(schema.length ? { schema: object(...schema) } : {}),
});

// Component A: boundary X gets fields from p1, then p3 adds two more after Y, Z and W were met; Y gets
// fields from p1 and p2 (one with a '#' in its path). B reads what A's Y writes.
const a = {
  id: 'A',
  name: 'a',
  type: 'CODE',
  paths: [
    {
      path_id: 'p1',
      ingress: {
        ...side('a.api.create', 'In', 'a', 'b'),
        field_tags: [{ field_path: 'b', tags: [{ tag_id: 't-pii', name: 'pii', kind: 'SYSTEM' }] }],
      },
      egress: side('a.db.insert', 'Out', 'c'),
      field_mappings: [
        { ingress_field: 'a', egress_field: 'c', kind: 'DataFlow' },
        { ingress_field: 'late', egress_field: 'c2', kind: 'ControlFlow' },
      ],
    },
    {
      path_id: 'p2',
      ingress: side('a.api.update', 'In2', 'z'),
      egress: side('a.db.insert', 'Out'),
      field_mappings: [
        { ingress_field: 'z', egress_field: 'c' },
        { ingress_field: 'z', egress_field: 'y#hash' },
      ],
    },
    {
      path_id: 'p3',
      ingress: side('a.api.create', 'In'),
      egress: side('a.log.write', 'Side', 'w', 'spare'),
      field_mappings: [
        { ingress_field: 'b', egress_field: 'w' },
        { ingress_field: 'late2', egress_field: 'w' },
      ],
    },
  ],
} as unknown as ComponentDetail;
const b = {
  id: 'B',
  name: 'b',
  type: 'CODE',
  paths: [
    {
      path_id: 'q1',
      ingress: side('b.consume', 'Out', 'c'),
      egress: side('b.charge', 'Done', 'd'),
      field_mappings: [{ ingress_field: 'c', egress_field: 'd' }],
    },
  ],
} as unknown as ComponentDetail;
const edges = [{ sourceComponentId: 'A', destinationComponentId: 'B' }];

const X = boundaryNodeId('A', { signature_name: 'a.api.create', payload_name: 'In' });
const Y = boundaryNodeId('A', { signature_name: 'a.db.insert', payload_name: 'Out' });
const Z = boundaryNodeId('A', { signature_name: 'a.api.update', payload_name: 'In2' });
const W = boundaryNodeId('A', { signature_name: 'a.log.write', payload_name: 'Side' });
const BIN = boundaryNodeId('B', { signature_name: 'b.consume', payload_name: 'Out' });
const BOUT = boundaryNodeId('B', { signature_name: 'b.charge', payload_name: 'Done' });

describe('the lineage model: field nodes', () => {
  const model = new LineageModel([a, b], edges);
  const at = (boundary: string, field: string) => {
    const i = model.fieldIndexOf(`${boundary}#${field}`);
    assert.notEqual(i, undefined, `${boundary}#${field}`);
    return i!;
  };

  it("keeps each boundary's fields in display order: schema, tags, then mapped fields as paths name them", () => {
    const names = (id: string) => model.fields.namesOf(model.boundaries.get(id)!);
    assert.deepEqual(names(X), ['a', 'b', 'late', 'late2']);
    assert.deepEqual(names(Y), ['c', 'c2', 'y#hash']);
    assert.deepEqual(names(Z), ['z']);
    assert.deepEqual(names(W), ['w', 'spare']);
    assert.deepEqual(names(BIN), ['c']);
    assert.deepEqual(names(BOUT), ['d']);
    assert.equal(model.fields.length, 12);
  });

  it('numbers every field once, in its boundary, and finds it again by its id', () => {
    const owner = new Array<string | undefined>(model.fields.length);
    for (const bm of model.boundaries.values())
      for (const i of model.fields.nodesOf(bm)) {
        assert.equal(owner[i], undefined, `node ${i} is in one boundary`);
        owner[i] = bm.id;
        assert.equal(model.fields.boundary(i), bm);
        assert.equal(model.fields.componentId(i), bm.componentId);
        assert.equal(model.fields.id(i), `${bm.id}#${model.fields.name(i)}`);
        assert.equal(model.fieldIndexOf(model.fields.id(i)), i);
        assert.equal(model.fields.find(bm, model.fields.name(i)), i);
        assert.deepEqual(model.fields.node(i), {
          id: model.fields.id(i),
          name: model.fields.name(i),
          boundary: bm,
          componentId: bm.componentId,
        });
      }
    assert.ok(owner.every((o) => o !== undefined));
    const compOf = model.componentIndexes();
    for (let i = 0; i < model.fields.length; i++)
      assert.equal(model.componentList[compOf[i]!]!.detail.id, model.fields.componentId(i));
  });

  it('finds nothing for an unknown boundary, an unknown field or a text that is not a field id', () => {
    assert.equal(model.fieldIndexOf(`${X}#nope`), undefined);
    assert.equal(model.fieldIndexOf('b:nope:In:x#a'), undefined);
    assert.equal(model.fieldIndexOf(X), undefined);
    assert.equal(model.fieldIndexOf(undefined as unknown as string), undefined);
  });

  it('gives each field the first path mapping it, and none to a field only a schema names', () => {
    assert.equal(model.pathOfField(at(X, 'a')), 'p1');
    assert.equal(model.pathOfField(at(Y, 'c')), 'p1');
    assert.equal(model.pathOfField(at(Z, 'z')), 'p2');
    assert.equal(model.pathOfField(at(Y, 'y#hash')), 'p2');
    assert.equal(model.pathOfField(at(X, 'late2')), 'p3');
    assert.equal(model.pathOfField(at(BOUT, 'd')), 'q1');
    assert.equal(model.pathOfField(at(BIN, 'c')), 'q1');
    assert.equal(model.pathOfField(at(X, 'b')), 'p3');
    assert.equal(model.pathOfField(at(W, 'spare')), undefined);
  });

  it('links the fields each mapping and crossing names, with their kinds and paths', () => {
    const down = (boundary: string, field: string) =>
      model.arcsOf(at(boundary, field), 'down').map((arc) => ({ ...arc, to: model.fields.id(arc.to) }));
    assert.deepEqual(down(X, 'a'), [{ to: `${Y}#c`, kind: 'DataFlow', pathId: 'p1' }]);
    assert.deepEqual(down(X, 'late'), [{ to: `${Y}#c2`, kind: 'ControlFlow', pathId: 'p1' }]);
    assert.deepEqual(down(Z, 'z'), [
      { to: `${Y}#c`, kind: 'DataFlow', pathId: 'p2' },
      { to: `${Y}#y#hash`, kind: 'DataFlow', pathId: 'p2' },
    ]);
    assert.deepEqual(down(Y, 'c'), [{ to: `${BIN}#c`, kind: 'crossing' }]);
    assert.equal(model.fields.tags(at(X, 'b'))[0]?.name, 'pii');
    assert.equal(model.fields.tags(at(X, 'a')).length, 0);
  });

  it('answers impact and graph requests with the same ids and names', () => {
    const impact = impactOf(
      model,
      { kind: 'field', field: { boundaryId: Z, field: 'z' } },
      [],
      () => undefined,
    );
    assert.equal(impact.label, 'z on In2');
    assert.deepEqual(impact.roots, [`${Z}#z`]);
    const listed = impact.components.flatMap((c) =>
      c.fields.map((f) => [f.id, f.field, f.hops, f.path?.pathId]),
    );
    assert.deepEqual(listed, [
      [`${Y}#c`, 'c', 0, 'p1'],
      [`${Y}#y#hash`, 'y#hash', 0, 'p2'],
      [`${BIN}#c`, 'c', 1, 'q1'],
      [`${BOUT}#d`, 'd', 1, 'q1'],
    ]);
    const graph = graphFor(model, { focus: { kind: 'component', componentId: 'A' } });
    const node = graph.nodes.find((n) => n.id === 'A')!;
    const x = node.boundaries.find((bd) => bd.id === X)!;
    assert.deepEqual(
      x.fields.map((f) => [f.id, f.name, f.tags.map((t) => t.name)]),
      [
        [`${X}#a`, 'a', []],
        [`${X}#b`, 'b', ['pii']],
        [`${X}#late`, 'late', []],
        [`${X}#late2`, 'late2', []],
      ],
    );
    assert.equal(node.counts.fields, 10);
    assert.equal(node.counts.taggedFields, 1);
    const flowGraph = graphFor(model, {
      focus: { kind: 'field', field: { boundaryId: Y, field: 'y#hash' } },
    });
    assert.deepEqual(flowGraph.centre, [`${Y}#y#hash`]);
  });

  it('builds a model from two details of one id without losing a field', () => {
    const twice = new LineageModel([a, { ...a, paths: [...(a.paths ?? [])].reverse() }], []);
    for (let i = 0; i < twice.fields.length; i++) assert.equal(twice.fieldIndexOf(twice.fields.id(i)), i);
  });

  it('gives a store field the tags of the fields written into it, each at its least hops, by name', () => {
    const tagged = (name: string, color?: string, hops?: number) => ({
      tag_id: `t-${name}`,
      name,
      kind: 'SYSTEM',
      ...(color ? { color } : {}),
      ...(hops === undefined ? {} : { nearest_hops: hops }),
    });
    // W1 writes `email` (pii applied, red) and `card` (depends on pci at 2 hops and pii at 4); W2
    // writes `card` depending on pii at 1 hop (blue). The store is named for their egress payload.
    const writer = (id: string, fieldTags: object[], dependsOn: object[]) =>
      ({
        id,
        name: id,
        type: 'CODE',
        paths: [
          {
            path_id: `${id}-p`,
            ingress: side(`${id}.in`, 'Req', 'x'),
            egress: {
              ...side(`${id}.out`, 'orders', 'email', 'card'),
              field_tags: fieldTags,
              field_depends_on_tags: dependsOn,
            },
          },
        ],
      }) as unknown as ComponentDetail;
    const w1 = writer(
      'W1',
      [{ field_path: 'email', tags: [tagged('pii', 'red')] }],
      [{ field_path: 'card', depends_on: [tagged('pii', undefined, 4), tagged('pci', 'green', 2)] }],
    );
    const w2 = writer('W2', [], [{ field_path: 'card', depends_on: [tagged('pii', 'blue', 1)] }]);
    const store = {
      id: 'S',
      name: 'orders',
      type: 'DATA_STORE',
      schema: object('email', 'card', 'note'),
    } as unknown as ComponentDetail;
    const edge = (s: string, d: string) => ({ sourceComponentId: s, destinationComponentId: d });
    const model = new LineageModel([w1, w2, store], [edge('W1', 'S'), edge('W2', 'S')]);
    const of = (field: string) => {
      const i = model.fieldIndexOf(`${storeNodeId('S')}#${field}`);
      assert.notEqual(i, undefined, field);
      return model.fields.dependsOn(i!).map((t) => [t.name, t.hops, t.color]);
    };
    assert.deepEqual(of('email'), [['pii', 1, 'red']]);
    assert.deepEqual(of('card'), [
      ['pci', 3, 'green'],
      ['pii', 2, 'blue'],
    ]);
    assert.deepEqual(of('note'), []);
  });

  it('shares a tag list only between fields whose tags are the same, whatever hop counts the service sends', () => {
    const dep = (field: string, hops: number | undefined, color?: string) => ({
      field_path: field,
      depends_on: [
        {
          tag_id: 't-pii',
          name: 'pii',
          kind: 'SYSTEM',
          ...(hops === undefined ? {} : { nearest_hops: hops }),
          ...(color ? { color } : {}),
        },
      ],
    });
    const hops: Array<number | undefined> = [1, 1.5, 0, undefined, -1, 70_000, 1];
    const fields = hops.map((_, i) => `f${i}`);
    const c = {
      id: 'H',
      name: 'h',
      type: 'CODE',
      paths: [
        {
          path_id: 'h1',
          ingress: side('h.in', 'Req', 'x'),
          egress: {
            ...side('h.out', 'Row', ...fields, 'red'),
            field_depends_on_tags: [...hops.map((h, i) => dep(fields[i]!, h)), dep('red', 1, '#f00')],
          },
        },
      ],
    } as unknown as ComponentDetail;
    const model = new LineageModel([c], []);
    const out = boundaryNodeId('H', { signature_name: 'h.out', payload_name: 'Row' });
    const list = (f: string) => model.fields.dependsOn(model.fieldIndexOf(`${out}#${f}`)!);
    assert.deepEqual(
      fields.map((f) => list(f)[0]!.hops),
      hops,
    );
    assert.equal(list('f0'), list('f6'));
    assert.notEqual(list('f0'), list('f1'));
    assert.notEqual(list('f2'), list('f3'));
    assert.notEqual(list('f3'), list('f4'));
    assert.equal(list('red')[0]!.color, '#f00');
    assert.notEqual(list('red'), list('f0'));
  });

  it("crosses a pair joined by two edges once, and a component's edge to itself once", () => {
    // S writes Order{id} to T; L reads an Order and writes one (its own egress meets its own ingress).
    const path = (id: string, from: string, to: string) => ({
      path_id: id,
      ingress: side(from, 'Order', 'id'),
      egress: side(to, 'Order', 'id'),
      field_mappings: [{ ingress_field: 'id', egress_field: 'id', kind: 'DataFlow' }],
    });
    const comp = (id: string, p: ReturnType<typeof path>) =>
      ({ id, name: id, type: 'CODE', paths: [p] }) as ComponentDetail;
    const details = [comp('S', path('s1', 's.in', 's.out')), comp('T', path('t1', 't.in', 't.out'))];
    details.push(comp('L', path('l1', 'l.in', 'l.out')));
    const edge = (s: string, d: string) => ({ sourceComponentId: s, destinationComponentId: d });
    const model = new LineageModel(details, [edge('S', 'T'), edge('L', 'L'), edge('S', 'T'), edge('L', 'L')]);
    const field = (component: string, signature: string) =>
      model.fieldIndexOf(
        `${boundaryNodeId(component, { signature_name: signature, payload_name: 'Order' })}#id`,
      )!;
    const crossings = (v: number) =>
      model
        .arcsOf(v, 'down')
        .filter((arc) => arc.kind === 'crossing')
        .map((arc) => model.fields.id(arc.to));
    assert.deepEqual(crossings(field('S', 's.out')), [model.fields.id(field('T', 't.in'))]);
    assert.deepEqual(crossings(field('L', 'l.out')), [model.fields.id(field('L', 'l.in'))]);
    assert.deepEqual(
      model.arcsOf(field('S', 's.in'), 'down').map((arc) => [arc.kind, arc.pathId]),
      [['DataFlow', 's1']],
    );
  });
});
