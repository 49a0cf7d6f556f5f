// The model's index of fields by tag (LineageModel.fieldsByTag): every field carrying a tag, applied or
// depended on, and no other; read by the graph's tag filter, its tag list and the agents' tools.
import { strict as assert } from 'node:assert';
import type { ComponentDetail } from '../../common/src/api';
import { LineageModel } from '../../server/src/graph/lineageModel';

const tag = (name: string, hops?: number) => ({
  tag_id: `t-${name}`,
  name,
  kind: 'SYSTEM',
  ...(hops === undefined ? {} : { nearest_hops: hops }),
});

const checkout = {
  id: 'c-checkout',
  name: 'checkout',
  type: 'CODE',
  namespace: 'shop',
  paths: [
    {
      path_id: 'p1',
      path_type: 'SCAN_OUTPUT',
      is_suppressed: false,
      ingress: {
        id: 'b-in',
        signature_name: 'shop.CheckoutHandler.create',
        payload_name: 'CreateOrder',
        schema: { type: 'object', properties: { email: { type: 'string' }, sku: { type: 'string' } } },
        field_tags: [{ field_path: 'email', tags: [{ ...tag('pii'), source: 'system' }] }],
      },
      egress: {
        id: 'b-out',
        signature_name: 'shop.OrderRepository.insert',
        payload_name: 'OrderRow',
        schema: {
          type: 'object',
          properties: { contact: { type: 'string' }, card: { type: 'string' }, item: { type: 'string' } },
        },
        field_depends_on_tags: [
          { field_path: 'contact', depends_on: [tag('pii', 1)] },
          { field_path: 'card', depends_on: [tag('pci', 2), tag('pii', 3)] },
        ],
      },
      field_mappings: [
        { ingress_field: 'email', egress_field: 'contact' },
        { ingress_field: 'sku', egress_field: 'item' },
      ],
    },
  ],
} as unknown as ComponentDetail;

describe('fields by tag in the lineage model', () => {
  const model = new LineageModel([checkout], []);
  const names = (t: string) =>
    [...(model.fieldsByTag.get(t) ?? [])].map(
      (i) => `${model.fields.boundary(i).payload}.${model.fields.name(i)}`,
    );

  it('lists each tag with the fields that carry it, applied or depended on, in field order', () => {
    assert.deepEqual([...model.fieldsByTag.keys()].sort(), ['pci', 'pii']);
    assert.deepEqual(names('pii'), ['CreateOrder.email', 'OrderRow.contact', 'OrderRow.card']);
    assert.deepEqual(names('pci'), ['OrderRow.card']);
    assert.equal(model.fieldsByTag.get('pii')!.size, 3);
  });

  it('answers membership for every field of the model', () => {
    const pii = model.fieldsByTag.get('pii')!;
    const carrying = new Set(names('pii'));
    for (let i = 0; i < model.fields.length; i++) {
      const f = model.fields.node(i);
      assert.equal(pii.has(i), carrying.has(`${f.boundary.payload}.${f.name}`), f.id);
    }
    assert.equal(pii.has(-1), false);
    assert.equal(pii.has(model.fields.length), false);
  });

  it('finds each field by its id once built', () => {
    for (let i = 0; i < model.fields.length; i++) assert.equal(model.fieldIndexOf(model.fields.id(i)), i);
    assert.equal(model.fieldIndexOf('no such field'), undefined);
  });

  it('is left out of a model built without tags, whose fields and arcs are the same', () => {
    const bare = new LineageModel([checkout], [], { tags: false });
    assert.equal(bare.fieldsByTag.size, 0);
    const nodes = (m: LineageModel) => Array.from({ length: m.fields.length }, (_, i) => m.fields.id(i));
    assert.deepEqual(nodes(bare), nodes(model));
    for (let i = 0; i < bare.fields.length; i++) {
      assert.equal(bare.fields.tags(i).length, 0, bare.fields.id(i));
      assert.equal(bare.fields.dependsOn(i).length, 0, bare.fields.id(i));
    }
    const arcs = (m: LineageModel) => Array.from({ length: m.fields.length }, (_, i) => m.arcsOf(i, 'down'));
    assert.deepEqual(arcs(bare), arcs(model));
  });
});
