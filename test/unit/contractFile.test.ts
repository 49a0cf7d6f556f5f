// The contract file form: recognised by content, mapped to the API's contract in one place, and its
// JSON Schema in common/schemas/ kept in step with the TypeBox definition.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTRACT_FIELD_TYPES,
  CONTRACT_TEXT_HINT,
  ContractFile,
  contractOfFile,
  contractShapeOf,
  isValid,
  Contract,
  type ContractFile as ContractFileT,
} from '../../common/src/api';
import { contractOf, parseFile } from '../../server/src/contracts/contractFile';

const repoRoot = join(__dirname, '..', '..', '..');

const FILE: ContractFileT = {
  'spec-version': '0.1.0',
  id: '6f0c2a4e-9d1b-4c3a-8e7f-0a1b2c3d4e5f',
  name: 'Orders',
  namespace: 'shop',
  dataAssetResourceName: 'postgres://db:5432:shop.public.orders',
  schema: [
    { name: 'order_id', type: 'string', logical: 'uuid', constraints: { unique: true } },
    {
      name: 'customer',
      type: 'struct',
      optional: true,
      doc: 'who ordered',
      fields: [{ name: 'email', type: 'string', constraints: { pattern: '@' } }],
    },
  ],
};

describe('contract file form', () => {
  it('tells the shapes apart by content', () => {
    assert.equal(contractShapeOf(FILE), 'file');
    assert.equal(contractShapeOf({ dataAssetResourceName: 'x', schema: [] }), 'file');
    assert.equal(contractShapeOf({ dataAssetResourceName: 'x', contractSchema: [] }), 'request');
    assert.equal(
      contractShapeOf({ contract: { dataAssetResourceName: 'x', contractSchema: [] } }),
      'request',
    );
    assert.equal(contractShapeOf({ assets: [] }), undefined);
    assert.equal(contractShapeOf([FILE]), undefined);
    assert.equal(contractShapeOf('spec-version: 1'), undefined);
    // The cheap look at raw text before parsing: YAML, pretty JSON and one-line JSON.
    assert.match('# c\nspec-version: 0.1.0\n', CONTRACT_TEXT_HINT);
    assert.match('{\n  "contractSchema": []\n}', CONTRACT_TEXT_HINT);
    assert.match('{"id":"x","dataAssetResourceName":"s3://b:p"}', CONTRACT_TEXT_HINT);
    assert.doesNotMatch('{"assets": [], "note": "dataAssetResourceName: x"}', CONTRACT_TEXT_HINT);
  });

  it('maps to the API contract: members kept, constraints only on top-level elements', () => {
    const c = contractOfFile(FILE);
    assert.ok(isValid(Contract, c));
    assert.deepEqual(c, {
      dataAssetResourceName: FILE.dataAssetResourceName,
      contractSchema: [
        { type: 'string', name: 'order_id', logical: 'uuid', constraints: { unique: true } },
        {
          type: 'struct',
          name: 'customer',
          doc: 'who ordered',
          optional: true,
          fields: [{ type: 'string', name: 'email' }],
        },
      ],
    });
  });

  it('reads either shape from a file and refuses other files clearly', () => {
    const yaml = `spec-version: 0.1.0\nid: ${FILE.id}\nname: Orders\nnamespace: shop\ndataAssetResourceName: s3://b:p\nschema:\n  - name: a\n    type: long\n`;
    const found = contractOf(parseFile(yaml, 'contract'));
    assert.equal(found.shape, 'file');
    assert.equal(found.name, 'Orders');
    assert.deepEqual(found.contract, {
      dataAssetResourceName: 's3://b:p',
      contractSchema: [{ type: 'long', name: 'a' }],
    });
    const request = contractOf(
      parseFile('dataAssetResourceName: s3://b:p\ncontractSchema: []\n', 'contract'),
    );
    assert.equal(request.shape, 'request');
    assert.throws(() => contractOf(parseFile('assets: []\n', 'contract')), /not a contract/);
    assert.throws(
      () =>
        contractOf(parseFile('spec-version: 0.1.0\nschema:\n  - name: a\n    type: varchar\n', 'contract')),
      /contract file has problems/,
    );
  });

  it('ships a JSON Schema of the file form that matches the definition', () => {
    const file = JSON.parse(
      readFileSync(join(repoRoot, 'common/schemas/contract-file.schema.json'), 'utf8'),
    ) as {
      required: string[];
      definitions: { ContractFileField: { properties: { type: { anyOf: Array<{ const: string }> } } } };
    };
    assert.deepEqual(file.required, ContractFile.required);
    const types = file.definitions.ContractFileField.properties.type.anyOf.map(
      (b: { const: string }) => b.const,
    );
    assert.deepEqual(types, [...CONTRACT_FIELD_TYPES]);
  });
});
