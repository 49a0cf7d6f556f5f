// A boundary schema's fields (common/src/api/fields.ts): JSON Schema properties and items, and the list
// form DATA_STORE schemas use, in the order a field and then the fields under it; the list and the walk
// that makes no list give the same fields.
import assert from 'node:assert/strict';
import { flattenSchema, forEachSchemaField } from '../../common/src/api/fields';

const walked = (schema: unknown) => {
  const out: Array<[string, string]> = [];
  forEachSchemaField(schema, (path, type) => out.push([path, type]));
  return out;
};

describe('api: boundary schema fields', () => {
  it('walks properties, items and nested objects: each field, then the fields under it', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        customer: {
          type: 'object',
          properties: { email: { type: 'string' }, tier: { type: ['string', 'null'] } },
        },
        lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        note: {},
      },
    };
    const expected: Array<[string, string]> = [
      ['id', 'string'],
      ['customer', 'object'],
      ['customer.email', 'string'],
      ['customer.tier', 'string|null'],
      ['lines', 'array'],
      ['lines.sku', 'string'],
      ['note', 'unknown'],
    ];
    assert.deepEqual(walked(schema), expected);
    assert.deepEqual(
      flattenSchema(schema).map((f) => [f.path, f.type]),
      expected,
    );
  });

  it('walks the list form, skipping entries without a name, and nothing for what is not a schema', () => {
    const schema = {
      fields: [
        { name: 'order_id', type: 'bigint' },
        { type: 'string' },
        { name: 'address', type: 'struct', fields: [{ name: 'city' }] },
      ],
    };
    assert.deepEqual(walked(schema), [
      ['order_id', 'bigint'],
      ['address', 'struct'],
      ['address.city', 'unknown'],
    ]);
    assert.deepEqual(
      flattenSchema(schema, 'row').map((f) => f.path),
      ['row.order_id', 'row.address', 'row.address.city'],
    );
    for (const nothing of [undefined, null, 'x', 3, {}]) assert.deepEqual(walked(nothing), []);
  });
});
