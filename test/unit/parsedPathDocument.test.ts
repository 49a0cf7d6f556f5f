// The path document's syntax tree is parsed once per version and reused by hover, validation and
// links (issue 13 item 1): a hover must not parse or scan the whole document again.
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { jsonPathAt, parsedPathDocument } from '../../server/src/pathDocs/parsedDocument';
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
    assert.deepEqual(jsonPathAt(doc, TEXT.indexOf('"kind"') + 2), ['field_mappings', 0, 'kind']);
    assert.deepEqual(jsonPathAt(doc, TEXT.indexOf('"DataFlow"') + 2), ['field_mappings', 0, 'kind']);
    assert.deepEqual(jsonPathAt(doc, TEXT.indexOf('"a.out"') + 1), ['egress', 'signature_name']);
    const hover = hoverPathDocument(doc, doc.positionAt(TEXT.indexOf('"kind"') + 2));
    assert.match(JSON.stringify(hover), /KeyValueBridge/);
  });
});
