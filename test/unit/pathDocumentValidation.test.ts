// A path document's diagnostics come from the parsed value when the text is valid JSON (fast), and from
// the syntax tree otherwise: both ways must give the same diagnostics, in the same order, at the same
// places, whatever the document holds (members twice, index-like member names, wrong types, unknown
// or read-only members, missing ones, escapes, any layout).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TOO_DEEP, validateFromTree, validatePathDocument } from '../../server/src/pathDocs/validate';
import { parsedPathDocument } from '../../server/src/pathDocs/parsedDocument';
import { MAX_JSON_DEPTH } from '../../common/src/api/choices';

/** A JSON value whose objects are member lists, so a member can appear twice. */
type Doc = null | boolean | number | string | Doc[] | { members: Array<[string, Doc]> };

function write(d: Doc, ws: () => string): string {
  if (d === null || typeof d !== 'object') return JSON.stringify(d);
  if (Array.isArray(d)) return `[${ws()}${d.map((x) => write(x, ws)).join(`,${ws()}`)}${ws()}]`;
  return `{${ws()}${d.members.map(([k, v]) => `${JSON.stringify(k)}${ws()}:${ws()}${write(v, ws)}`).join(`,${ws()}`)}${ws()}}`;
}

const obj = (o: Record<string, Doc>): Doc => ({ members: Object.entries(o) });

/** A valid path with read-only members (ids), as the server renders it. */
const BASE = obj({
  path_id: 'p-1',
  path_type: 'SCAN_OUTPUT',
  ingress: obj({ id: 'b-1', signature_name: 'orders.api.create', payload_name: 'Req', kind: 'HTTP_REQUEST' }),
  egress: obj({ id: 'b-2', signature_name: 'orders.db.save' }),
  field_mappings: [
    obj({ ingress_field: 'a', egress_field: 'b', kind: 'DataFlow' }),
    obj({ ingress_field: 'c', egress_field: 'd' }),
  ],
  code_anchors: [obj({ anchor_id: 'a1', file: 'src/x.ts', line_start: 3 })],
});

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
  fc.constantFrom('', 'DataFlow', 'SCAN_OUTPUT', 'x', 'a\\"b', 'é\u2028', 'KNOWN_COMPLETE'),
);
const names = fc.constantFrom(
  'path_id',
  'ingress',
  'egress',
  'field_mappings',
  'code_anchors',
  'kind',
  'signature_name',
  'line_start',
  'id',
  'unknown_member',
  '0',
  '12',
  'a\\"b',
  'boundary_coordinates',
  'is_suppressed',
);
const { value: anyDoc } = fc.letrec<{ value: Doc }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(names, tie('value')), { maxLength: 4 }).map((members) => ({ members })),
  ),
}));

/** The base path with one member replaced, added (possibly a second time) or removed, somewhere. */
function mutate(d: Doc, path: number[], change: { name: string; value: Doc; how: number }): Doc {
  if (d === null || typeof d !== 'object') return change.value;
  if (Array.isArray(d)) {
    if (!d.length || !path.length) return [...d, change.value];
    const i = path[0]! % d.length;
    return d.map((x, k) => (k === i ? mutate(x, path.slice(1), change) : x));
  }
  const members = [...d.members];
  if (!path.length || !members.length) {
    if (change.how === 0) members.push([change.name, change.value]);
    else if (change.how === 1 && members.length)
      members.splice(change.value === null ? 0 : members.length - 1, 1);
    else members.unshift([change.name, change.value]);
    return { members };
  }
  const i = path[0]! % members.length;
  members[i] = [members[i]![0], mutate(members[i]![1], path.slice(1), change)];
  return { members };
}

const layouts = fc.constantFrom(
  () => '',
  () => ' ',
  () => '\n  ',
  () => '\r\n\t',
);

function same(text: string): void {
  const doc = TextDocument.create('lineage:/c/p/x.lineage-path.json', 'lineage-path', 1, text);
  const fast = validatePathDocument(doc);
  const tree = validateFromTree(TextDocument.create(doc.uri, doc.languageId, 1, text));
  assert.deepEqual(fast, tree, text);
}

describe('path document validation: the parsed value and the syntax tree agree', () => {
  it('on the base path, pretty and compact', () => {
    same(JSON.stringify(JSON.parse(write(BASE, () => '')), null, 2));
    same(write(BASE, () => ''));
    const d = validatePathDocument(
      TextDocument.create(
        'lineage:/x',
        'lineage-path',
        1,
        write(BASE, () => ' '),
      ),
    );
    assert.deepEqual(
      d.map((x) => x.message),
      [
        'path_id is read-only: it is ignored when the path is saved.',
        'path_type is read-only: it is ignored when the path is saved.',
      ],
    );
  });

  it('on mutated paths: members twice, index-like names, wrong types, unknown and missing members', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            path: fc.array(fc.nat(), { maxLength: 4 }),
            name: names,
            value: anyDoc,
            how: fc.nat({ max: 2 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        layouts,
        (changes, ws) => {
          let d = BASE;
          for (const c of changes) d = mutate(d, c.path, c);
          same(write(d, ws));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('on any JSON value, and on text that is not JSON', () => {
    fc.assert(
      fc.property(anyDoc, layouts, (d, ws) => same(write(d, ws))),
      { numRuns: 300 },
    );
    for (const text of [
      '',
      '   ',
      '{',
      '{"path_id": }',
      '{"a":1,}',
      '// c\n{}',
      '[]',
      '"x"',
      // As deep as the service takes (MAX_JSON_DEPTH), and one level deeper.
      '{"ingress": {"schema": ' + '['.repeat(MAX_JSON_DEPTH - 2) + ']'.repeat(MAX_JSON_DEPTH - 2) + '}}',
      '{"ingress": {"schema": ' + '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1) + '}}',
    ])
      same(text);
  });

  it('on a value nested deeper than the service takes: one clear error, no tree', () => {
    const nested = (levels: number) =>
      '{"ingress": {"schema": ' + '['.repeat(levels - 2) + ']'.repeat(levels - 2) + '}}';
    const messages = (text: string) =>
      validatePathDocument(
        TextDocument.create('lineage:/c/p/x.lineage-path.json', 'lineage-path', 1, text),
      ).map((x) => [x.message, x.range.start.character]);
    assert.ok(
      messages(nested(MAX_JSON_DEPTH)).some(
        ([m]) => m === 'path.ingress.schema must be an object, not an array.',
      ),
    );
    for (const levels of [MAX_JSON_DEPTH + 1, 50_000]) {
      const doc = TextDocument.create('lineage:/c/p/x.lineage-path.json', 'lineage-path', 1, nested(levels));
      assert.deepEqual(messages(doc.getText()), [[TOO_DEEP, 0]], `${levels} levels`);
      assert.equal(parsedPathDocument(doc).root, undefined);
    }
  });
});
