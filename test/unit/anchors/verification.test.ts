// Name verification by the text rules (languages that are not parsed: Kotlin here): resolved near the
// range, relocated when found once elsewhere, stale otherwise; and the diagnostics that say so.
// Syntax-aware relocation (Go, Python, TypeScript/JavaScript, Java): relocation.test.ts.
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { Editor, ORDERS_TS, TempWorkspace, entry, range, allAnchors, allDiagnostics } from './workspace';
import { expectedNamesFor, lastSegment, type AnchorIndex } from '../../../server/src/anchors';
import { otherNamesFor } from '../../../server/src/anchors/expectedNames';
import { cleanNames, findWord } from '../../../server/src/anchors/verification';

describe('anchors: verification and diagnostics', () => {
  let ws: TempWorkspace;
  let index: AnchorIndex;
  const uri = () => ws.uri('ws/src/orders.kt');

  beforeEach(async () => {
    ws = await TempWorkspace.create();
    await ws.write('ws/src/orders.kt', ORDERS_TS);
    index = ws.index([ws.folder('ws')]);
  });
  afterEach(async () => ws.dispose());

  it('a name within 3 lines of the range confirms it; one line further does not', async () => {
    const near = entry({ file: 'src/orders.kt', line_start: 9, line_end: 9 }, ['shipOrder']); // line 12 = 9 + 3
    const far = entry({ file: 'src/orders.kt', line_start: 8, line_end: 8 }, ['shipOrder']); // line 12 = 8 + 4
    await index.setAnchors([near, far]);
    const [a, b] = allAnchors(index);
    assert.equal(a!.state, 'resolved');
    assert.deepEqual(a!.range, range(8, 0, 8, 0));
    assert.equal(b!.state, 'relocated'); // found once, elsewhere
  });

  it('relocates to the unique occurrence and reports from where to where', async () => {
    const e = entry(
      { file: 'src/orders.kt', line_start: 1, line_end: 2, name: 'shipOrder' },
      ['shipOrder'],
      'orders-svc',
      'path-7',
    );
    await index.setAnchors([e]);
    const t = allAnchors(index)[0]!;
    assert.equal(t.state, 'relocated');
    assert.deepEqual(t.relocatedFrom, range(0, 0, 1, 0));
    assert.deepEqual(t.range, range(11, 0, 12, 14)); // same height, from the name's line
    assert.deepEqual(index.anchorsAt(uri(), { line: 11, character: 3 }), [t]);
    assert.deepEqual(index.anchorsAt(uri(), { line: 0, character: 3 }), []);
    const [d] = index.diagnosticsFor(uri());
    assert.equal(d!.severity, DiagnosticSeverity.Information);
    assert.equal(d!.code, 'anchor-relocated');
    assert.equal(d!.source, 'Lineage Lens');
    assert.deepEqual(d!.range, t.range);
    assert.equal(
      d!.message,
      'Lineage anchor "shipOrder" (path "path-7" of component "orders-svc") moved from line 1 to line 12 ("shipOrder" is there now); ' +
        'Lineage Lens uses the new place. To record it, use the quick fix "Update the anchor on the service", or re-scan the project or edit the code anchor of the path.',
    );
    assert.deepEqual(d!.relatedInformation![0]!.location, { uri: uri(), range: t.relocatedFrom });
    assert.deepEqual(d!.data, { componentId: 'orders-svc', pathId: 'path-7', anchorId: e.anchor.anchor_id });
  });

  it('a column anchor relocates to the occurrence itself', async () => {
    await index.setAnchors([
      entry({ file: 'src/orders.kt', line_start: 1, column_start: 1, column_end: 6 }, ['shipOrder']),
    ]);
    assert.deepEqual(allAnchors(index)[0]!.range, range(11, 16, 11, 25));
  });

  it('found nowhere: stale, with a warning that names the anchor, the path and what to do', async () => {
    await index.setAnchors([
      entry(
        { file: 'src/orders.kt', line_start: 3, line_end: 6, name: 'Parse the order' },
        ['Parse the order', 'decodeOrder'],
        'c1',
        'p9',
      ),
    ]);
    const t = allAnchors(index)[0]!;
    assert.equal(t.state, 'stale');
    const [d] = index.diagnosticsFor(uri());
    assert.equal(d!.severity, DiagnosticSeverity.Warning);
    assert.equal(d!.code, 'anchor-stale');
    assert.deepEqual(d!.range, range(2, 0, 5, 1));
    assert.equal(
      d!.message,
      'Lineage anchor "Parse the order" (path "p9" of component "c1") is stale: "Parse the order" or "decodeOrder" appears neither near the recorded lines 3–6 nor anywhere else in this file. Re-scan the project or edit the code anchor of the path.',
    );
  });

  it('found several times elsewhere: stale, saying it is ambiguous', async () => {
    await index.setAnchors([
      entry({ file: 'src/orders.kt', line_start: 12, line_end: 14, name: 'raw' }, ['raw']),
    ]);
    const t = allAnchors(index)[0]!;
    assert.equal(t.state, 'stale');
    assert.match(
      t.problem!,
      /"raw" is not near the recorded lines 12–14 and appears 2 times elsewhere in this file, so its new place is unclear/,
    );
  });

  it('matches whole words only', () => {
    assert.deepEqual(findWord('parseOrders parseOrder xparseOrder parseOrder_', 'parseOrder'), [12]);
    assert.deepEqual(findWord('a.b.run(x) run', 'b.run'), [2]);
    // Letters beyond ASCII, digits, `$` and `_` join a word; punctuation and spaces end it.
    assert.deepEqual(findWord('érun run$ $run 9run run9 (run) run', 'run'), [26, 31]);
    assert.deepEqual(findWord('run', 'run'), [0]);
    assert.deepEqual(findWord('x run run run', 'run', 0, 13, 2), [2, 6]);
    assert.deepEqual(findWord('über übers über', 'über'), [0, 11]);
  });

  it('anchors without expected names are not verified (resolved as placed)', async () => {
    await index.setAnchors([entry({ file: 'src/orders.kt', line_start: 8 })]);
    assert.equal(allAnchors(index)[0]!.state, 'resolved');
  });

  it('re-verifies edited anchors: breaking and fixing the name near the range', async () => {
    const e = entry({ file: 'src/orders.kt', line_start: 12, line_end: 14, name: 'shipOrder' }, [
      'shipOrder',
    ]);
    await index.setAnchors([e]);
    const ed = new Editor(index, uri(), ORDERS_TS);
    ed.edit({ range: range(11, 16, 11, 25), text: 'dispatch' });
    assert.equal(index.anchor('orders-svc', 'p1', e.anchor.anchor_id)!.state, 'stale');
    assert.equal(index.diagnosticsFor(uri())[0]!.code, 'anchor-stale');
    ed.edit({ range: range(11, 16, 11, 24), text: 'shipOrder' });
    assert.equal(index.anchor('orders-svc', 'p1', e.anchor.anchor_id)!.state, 'resolved');
    assert.deepEqual(index.diagnosticsFor(uri()), []);
    assert.deepEqual(index.diagnosticsFor(uri()), []);
  });

  it('relocates during editing when the code is cut and pasted elsewhere', async () => {
    const e = entry({ file: 'src/orders.kt', line_start: 3, line_end: 6, name: 'parseOrder' }, [
      'parseOrder',
    ]);
    await index.setAnchors([e]);
    const ed = new Editor(index, uri(), ORDERS_TS);
    const fn = ed.text.split('\n').slice(2, 6).join('\n') + '\n';
    ed.deleteLines(2, 5); // cut
    assert.equal(index.anchor('orders-svc', 'p1', e.anchor.anchor_id)!.state, 'stale');
    ed.insert(10, 0, '\n' + fn); // paste below shipOrder
    const t = index.anchor('orders-svc', 'p1', e.anchor.anchor_id)!;
    assert.equal(t.state, 'relocated');
    assert.equal(ed.text.split('\n')[t.range!.start.line], 'export function parseOrder(raw: string) {');
  });

  it('problems() lists anchors that have no place in the workspace; diagnostics() only placed ones', async () => {
    await index.setAnchors([
      entry({ file: 'src/orders.kt', line_start: 3 }, ['parseOrder']),
      entry({ file: '../x.ts' }),
      entry({ file: 'nope.ts' }),
    ]);
    assert.deepEqual(
      index.problems().map((p) => p.state),
      ['outsideWorkspace', 'unresolved'],
    );
    assert.deepEqual([...allDiagnostics(index).keys()], [uri()]);
    assert.deepEqual(index.diagnosticsFor(uri()), []);
  });

  it('setAnchors reports old and new files to listeners', async () => {
    await ws.write('ws/src/b.ts', 'function b() {}\n');
    await index.setAnchors([entry({ file: 'src/orders.kt' }, ['parseOrder'])]);
    const seen: string[][] = [];
    index.onDidChange((uris) => seen.push(uris));
    await index.setAnchors([entry({ file: 'src/b.ts' }, ['b'])]);
    assert.deepEqual(seen, [[uri(), ws.uri('ws/src/b.ts')]]);
    assert.deepEqual(index.anchorsInFile(uri()), []);
  });

  it('expected names: anchor name and the last segment of each boundary signature', () => {
    assert.equal(lastSegment('com.acme.Orders.place(Order o)'), 'place');
    assert.equal(lastSegment('orders/handlers.py/handle_order'), 'handle_order');
    assert.equal(lastSegment('pkg::mod::run'), 'run');
    assert.equal(lastSegment(null), undefined);
    assert.deepEqual(
      expectedNamesFor(
        { anchor_id: 'a', name: 'place' },
        { ingress: { signature_name: 'com.acme.Orders.place' }, egress: { signature_name: 'db#insert' } },
      ),
      ['place', 'insert'],
    );
  });

  it('names are cleaned once: trimmed, empty and repeated ones dropped; clean names keep their array', () => {
    assert.deepEqual(cleanNames(['a', ' b ', '', 'a', '\u00a0c\t', 'b']), ['a', 'b', 'c']);
    assert.deepEqual(cleanNames(['  ']), []);
    const clean = ['place', 'größe', 'x y', '$save'];
    assert.equal(cleanNames(clean), clean);
    const empty: string[] = [];
    assert.equal(cleanNames(empty), empty);
  });

  it('expected names: separators, parameters, spaces and names that are not identifiers', () => {
    assert.equal(lastSegment('a\\b\\Run'), 'Run');
    assert.equal(lastSegment('Orders#place.'), 'place');
    assert.equal(lastSegment('  svc.Orders.place  (a.b, c:d)'), 'place');
    assert.equal(lastSegment('place'), 'place');
    assert.equal(lastSegment('./:#'), undefined);
    assert.equal(lastSegment('(Order o)'), undefined);
    assert.equal(lastSegment('   '), undefined);
    assert.equal(lastSegment(''), undefined);
    const path = (ingress: string, egress: string) => ({
      ingress: { signature_name: ingress },
      egress: { signature_name: egress },
    });
    // Identifiers beyond ASCII count; a phrase, a leading digit or punctuation does not.
    assert.deepEqual(expectedNamesFor({ anchor_id: 'a', name: ' größe ' }, path('api.émettre', 'db.$save')), [
      'größe',
      '$save',
      'émettre',
    ]);
    assert.deepEqual(
      expectedNamesFor({ anchor_id: 'a', name: 'sends the mail' }, path('h.9lives', 'db.a-b')),
      [],
    );
    // Duplicates once, the anchor's own first; the ingress is the other name unless the anchor or egress bears it.
    assert.deepEqual(expectedNamesFor({ anchor_id: 'a', name: 'save' }, path('api.save', 'db.save')), [
      'save',
    ]);
    assert.deepEqual(otherNamesFor({ anchor_id: 'a', name: 'save' }, path('api.save', 'db.put')), undefined);
    assert.deepEqual(otherNamesFor({ anchor_id: 'a', name: 'put' }, path('api.receive', 'db.put')), [
      'receive',
    ]);
    assert.deepEqual(otherNamesFor({ anchor_id: 'a' }, path('api.receive', 'db.receive')), undefined);
    assert.deepEqual(otherNamesFor({ anchor_id: 'a' }, { egress: { signature_name: 'db.put' } }), undefined);
    // Asked twice about equal names, then about others: each answer is its own names.
    const anchor = { anchor_id: 'a', name: 'one' };
    assert.deepEqual(expectedNamesFor(anchor, path('x.in', 'y.out')), ['one', 'out', 'in']);
    anchor.name = 'two';
    assert.deepEqual(expectedNamesFor(anchor, path('x.in', 'y.out')), ['two', 'out', 'in']);
    assert.deepEqual(otherNamesFor(anchor, path('x.two', 'y.out')), undefined);
  });
});
