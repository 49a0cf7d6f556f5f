// Contract files compared field by field (server/src/changeImpact/contractDiff.ts), both shapes: the
// compatibility table of types, renames told from removals, nested fields, required/nullable, enum
// values and PII handling; and touchKind's decision from the diff's evidence.
import { strict as assert } from 'node:assert';
import {
  compareContracts,
  readContractVersion,
  typeChangeIsSafe,
} from '../../server/src/changeImpact/contractDiff';
import { touchKind } from '../../server/src/changeImpact/touchKind';

const fileForm = (fields: string) => `spec-version: 0.1.0
id: 6f0c2a4e-9d1b-4c3a-8e7f-0a1b2c3d4e5f
name: Orders
namespace: shop
dataAssetResourceName: postgres://orders-db:public.orders
schema:
${fields}`;

const changes = (base: string, head: string) => {
  const b = readContractVersion(base, true);
  const h = readContractVersion(head, true);
  assert.ok(b && h);
  return compareContracts(b, h).map((c) => [c.field, c.kind, c.breaking]);
};

describe('change impact: contract comparison', () => {
  it('widening is safe, narrowing and string <-> number break', () => {
    assert.equal(typeChangeIsSafe('int32', 'int64'), true);
    assert.equal(typeChangeIsSafe('int', 'long'), true);
    assert.equal(typeChangeIsSafe('float', 'double'), true);
    assert.equal(typeChangeIsSafe('long', 'int'), false);
    assert.equal(typeChangeIsSafe('string', 'int64'), false);
    assert.equal(typeChangeIsSafe('int64', 'string'), false);
    assert.equal(typeChangeIsSafe('date', 'timestamp'), true);
    assert.equal(typeChangeIsSafe('timestamp', 'date'), false);
  });

  it('tells a rename (same type, same parent) from a removal, in nested fields too', () => {
    const base = fileForm(`  - name: customer
    type: struct
    fields:
      - name: email
        type: string
      - name: tier
        type: int
`);
    const head = fileForm(`  - name: customer
    type: struct
    fields:
      - name: mail
        type: string
      - name: level
        type: string
`);
    assert.deepEqual(changes(base, head), [
      // A removed field is shown at its parent's line, before the fields below it.
      ['customer.tier', 'removed', true],
      ['customer.email', 'renamed', true],
      ['customer.level', 'added', false],
    ]);
  });

  it('required, nullable, enum values and PII, in the request form (JSON)', () => {
    const base = JSON.stringify({
      dataAssetResourceName: 'kafka://events:order-created',
      contractSchema: [
        { name: 'status', type: 'string', constraints: { enum: ['NEW', 'PAID', 'VOID'] } },
        { name: 'email', type: 'string', optional: true, constraints: { nullable: true } },
        { name: 'phone', type: 'string' },
      ],
    });
    const head = JSON.stringify({
      dataAssetResourceName: 'kafka://events:order-created',
      contractSchema: [
        { name: 'status', type: 'string', constraints: { enum: ['NEW', 'PAID'] } },
        { name: 'email', type: 'string' },
        { name: 'phone', type: 'string', optional: true, constraints: { pii: true } },
      ],
    });
    assert.deepEqual(changes(base, head), [
      ['email', 'madeRequired', true],
      ['email', 'madeNonNullable', true],
      ['phone', 'madeOptional', false],
      ['phone', 'piiTightened', true],
      ['status', 'enumValuesRemoved', true],
    ]);
  });

  it('places each change on its line of the head file', () => {
    const head = fileForm(`  - name: order_id
    type: string
  - name: total_cents
    type: int
`);
    const base = fileForm(`  - name: order_id
    type: string
  - name: total_cents
    type: long
`);
    const h = readContractVersion(head, true)!;
    const [c] = compareContracts(readContractVersion(base, true)!, h);
    assert.equal(c?.line, 9);
    assert.match(head.split('\n')[8]!, /name: total_cents/);
  });
});

describe('change impact: what a diff did to an anchored definition', () => {
  const none = {
    placed: true,
    headChanged: false,
    headAllAdded: false,
    baseChanged: false,
    baseRemoved: false,
    foundElsewhere: false,
  };
  it('decides modified, moved within a file, deleted, moved to another file, untouched', () => {
    assert.equal(touchKind(none), undefined);
    assert.equal(touchKind({ ...none, headChanged: true }), 'modified');
    assert.equal(touchKind({ ...none, headChanged: true, headAllAdded: true, baseRemoved: true }), 'moved');
    assert.equal(touchKind({ ...none, placed: false, baseChanged: true, baseRemoved: true }), 'deleted');
    assert.equal(
      touchKind({ ...none, placed: false, baseChanged: true, baseRemoved: true, foundElsewhere: true }),
      'moved',
    );
    // Stale for another reason than this diff: not its doing.
    assert.equal(touchKind({ ...none, placed: false }), undefined);
  });
});
