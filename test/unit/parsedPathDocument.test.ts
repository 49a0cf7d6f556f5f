// The path document's syntax tree is parsed once per version and reused by hover, validation and
// links: a hover must not parse or scan the whole document again.
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import fc from 'fast-check';
import { findNodeAtOffset, getNodePath, parseTree } from 'jsonc-parser';
import {
  nodeAtOffset,
  nodePath,
  parsedPathDocument,
  pathNodeAt,
} from '../../server/src/pathDocs/parsedDocument';
import { hoverPathDocument } from '../../server/src/pathDocs/assist';

const TEXT = JSON.stringify(
  {
    ingress: { signature_name: 'a.in' },
    egress: { signature_name: 'a.out' },
    field_mappings: [{ ingress_field: 'x', egress_field: 'y', kind: 'DataFlow' }],
  },
  null,
  2,
);

describe('path document syntax tree per version', () => {
  it('is parsed once per version and again after an edit', () => {
    const doc = TextDocument.create('lineage:/c/p/x.lineage-path.json', 'lineage-path', 1, TEXT);
    const first = parsedPathDocument(doc);
    hoverPathDocument(doc, doc.positionAt(TEXT.indexOf('"kind"') + 2));
    assert.equal(parsedPathDocument(doc), first, 'the hover reused the tree of this version');
    TextDocument.update(doc, [{ text: TEXT.replace('"x"', '"z"') }], 2);
    const second = parsedPathDocument(doc);
    assert.notEqual(second, first);
    assert.equal(parsedPathDocument(doc), second);
  });

  it('gives the JSON path under an offset as getLocation did (keys and values, array indexes)', () => {
    const doc = TextDocument.create('lineage:/c/p/y.lineage-path.json', 'lineage-path', 1, TEXT);
    const jsonPathAt = (d: TextDocument, offset: number) => {
      const node = pathNodeAt(d, offset);
      return node ? nodePath(node) : [];
    };
    assert.deepEqual(jsonPathAt(doc, TEXT.indexOf('"kind"') + 2), ['field_mappings', 0, 'kind']);
    assert.deepEqual(jsonPathAt(doc, TEXT.indexOf('"DataFlow"') + 2), ['field_mappings', 0, 'kind']);
    assert.deepEqual(jsonPathAt(doc, TEXT.indexOf('"a.out"') + 1), ['egress', 'signature_name']);
    const hover = hoverPathDocument(doc, doc.positionAt(TEXT.indexOf('"kind"') + 2));
    assert.match(JSON.stringify(hover), /KeyValueBridge/);
  });

  it('finds the node and JSON path under every offset exactly as jsonc-parser does (binary search)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
        const root = parseTree(text)!;
        for (let offset = 0; offset <= text.length; offset++) {
          const expected = findNodeAtOffset(root, offset, true);
          const got = nodeAtOffset(root, offset);
          assert.equal(got, expected, `offset ${offset} of ${text}`);
          if (got) assert.deepEqual(nodePath(got), getNodePath(got));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('hovers schema fields of a document being edited, keeping only well-formed tag entries', () => {
    const text = JSON.stringify(
      {
        ingress: {
          signature_name: 'a.in',
          schema: {
            type: 'object',
            properties: { card: { type: 'object', properties: { number: { type: 'string' } } } },
          },
          field_tags: [
            'not an entry',
            {
              field_path: 'card.number',
              tags: [{ tag_id: 't', name: 'pifi', kind: 'SYSTEM', source: 'system' }],
            },
            { field_path: 'card', tags: 7 },
          ],
          field_depends_on_tags: 3,
        },
        egress: { signature_name: 'a.out' },
        field_mappings: [{ ingress_field: 'card.number', egress_field: 'nowhere' }],
      },
      null,
      2,
    );
    const doc = TextDocument.create('lineage:/c/p/z.lineage-path.json', 'lineage-path', 1, text);
    const at = (needle: string, delta: number) => {
      const h = hoverPathDocument(doc, doc.positionAt(text.indexOf(needle) + delta));
      return (h?.contents as { value: string } | undefined)?.value.replace(/\\(.)/g, '$1') ?? '';
    };
    assert.match(at('"number"', 2), /^\*\*card\.number\*\* · ingress field · `string`\n\n- ● \*\*pifi\*\*/);
    assert.match(at('"card"', 2), /^\*\*card\*\* · ingress field · `object`\n\n\*No tags on this field/);
    assert.match(at('"nowhere"', 2), /Not a field of the egress schema/);
    assert.match(at('"card.number"', 2), /pifi/);
  });
});
