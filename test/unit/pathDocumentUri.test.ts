// Path-document URIs: lineage:/<component>/<label>.lineage-path.json?<componentId>%2F<pathId>, named for
// people in the path (tab, breadcrumb), the ids in the query.
import { strict as assert } from 'node:assert';
import { pathDocumentLabel } from '../../common/src/pathLabels';
import { parsePathDocumentUri, pathDocumentUri } from '../../common/src/protocol';

const C = 'c0ffee00-0000-4000-8000-000000000001';
const P = '443217d2-0c71-56a9-8c17-add3a4353119';
const fileName = (uri: string) => decodeURIComponent(uri.replace(/\?.*$/, '').split('/').pop()!);

describe('path document URIs', () => {
  it('names the document by its component and label, keeps the ids in the query, and parses them back', () => {
    const uri = pathDocumentUri(C, P, 'createOrder → insertOrder', 'Checkout API');
    assert.equal(
      uri,
      `lineage:/Checkout%20API/createOrder%20%E2%86%92%20insertOrder.lineage-path.json?${C}%2F${P}`,
    );
    assert.deepEqual(parsePathDocumentUri(uri), { componentId: C, pathId: P });
    // As VS Code gives it decoded (Uri.toString(true)).
    assert.deepEqual(
      parsePathDocumentUri(`lineage:/Checkout API/createOrder → insertOrder.lineage-path.json?${C}/${P}`),
      { componentId: C, pathId: P },
    );
    // Without the component's name: the label alone.
    const bare = pathDocumentUri(C, P, 'createOrder → insertOrder');
    assert.equal(bare, `lineage:/createOrder%20%E2%86%92%20insertOrder.lineage-path.json?${C}%2F${P}`);
    assert.deepEqual(parsePathDocumentUri(bare), { componentId: C, pathId: P });
    // A hostile component name is one safe segment too.
    const odd = pathDocumentUri(C, P, 'x', '../a/b?c#d');
    assert.match(
      odd.slice('lineage:/'.length, odd.indexOf('?')),
      /^[A-Za-z0-9\-._~%]+\/x\.lineage-path\.json$/,
    );
    assert.deepEqual(parsePathDocumentUri(odd), { componentId: C, pathId: P });
  });

  it('still parses the older labelled form (tabs restored from earlier sessions)', () => {
    const uri = `lineage:/${C}/${P}/createOrder%20%E2%86%92%20insertOrder.lineage-path.json`;
    assert.deepEqual(parsePathDocumentUri(uri), { componentId: C, pathId: P });
  });

  it('builds the two-segment form without a label, and still parses it (tabs restored from older sessions)', () => {
    const uri = pathDocumentUri(C, P);
    assert.equal(uri, `lineage:/${C}/${P}.lineage-path.json`);
    assert.deepEqual(parsePathDocumentUri(uri), { componentId: C, pathId: P });
    assert.equal(pathDocumentUri(C, P, '  '), uri, 'a blank label is no label');
  });

  it('keeps hostile labels to one URI-safe segment that parsing ignores', () => {
    for (const label of [
      'a/b',
      '../../etc/passwd',
      '100% done',
      'with  spaces\tand\nlines',
      'x\\y',
      "(*Sender).Send!'",
      '\u202Egnp.exe',
      'a\uD800b',
      '..',
    ]) {
      const uri = pathDocumentUri(C, P, label);
      assert.deepEqual(parsePathDocumentUri(uri), { componentId: C, pathId: P }, label);
      const named = uri.startsWith(`lineage:/${C}/${P}`) ? uri.slice(`lineage:/${C}/${P}`.length) : '';
      const rest = named || `/${uri.slice('lineage:/'.length, uri.lastIndexOf('?'))}`;
      assert.ok(
        rest === '.lineage-path.json' || /^\/[^/]+\.lineage-path\.json$/.test(rest),
        `one segment for ${JSON.stringify(label)}: ${uri}`,
      );
      // Only unreserved characters and %-escapes: the same string after VS Code's own encoding.
      assert.match(rest, /^[A-Za-z0-9\-._~%/]+$/, label);
      assert.doesNotMatch(fileName(uri), /[/\\\u0000-\u001f\u202e]/, label);
    }
    assert.equal(fileName(pathDocumentUri(C, P, '100% done')), '100% done.lineage-path.json');
    assert.equal(fileName(pathDocumentUri(C, P, 'a/b')), 'a-b.lineage-path.json');
    assert.equal(
      fileName(pathDocumentUri(C, P, 'with  spaces\tand\nlines')),
      'with spaces-and-lines.lineage-path.json',
    );
  });

  it('shortens very long labels', () => {
    const uri = pathDocumentUri(C, P, 'x'.repeat(500));
    assert.ok(fileName(uri).length <= 80 + '.lineage-path.json'.length);
    assert.deepEqual(parsePathDocumentUri(uri), { componentId: C, pathId: P });
  });

  it('parses ids with escapes and refuses other URIs', () => {
    assert.deepEqual(parsePathDocumentUri(pathDocumentUri('a b', 'p/q', 'L')), {
      componentId: 'a b',
      pathId: 'p/q',
    });
    for (const bad of [
      `lineage:/${C}.lineage-path.json`,
      `lineage:/${C}/${P}/x/y.lineage-path.json`,
      `lineage:/${C}/${P}/x.json`,
      `file:///${C}/${P}.lineage-path.json`,
      `lineage:/${C}/%E0%A4%A.lineage-path.json`,
    ]) {
      assert.equal(parsePathDocumentUri(bad), undefined, bad);
    }
  });

  it('labels a path by the last segments of its sides', () => {
    const label = pathDocumentLabel({
      ingress: { signature_name: 'com.shop.checkout.OrderHandler.createOrder' },
      egress: { signature_name: 'com.shop.checkout.db.OrdersRepository.insertOrder' },
    });
    assert.equal(label, 'createOrder → insertOrder');
  });
});
