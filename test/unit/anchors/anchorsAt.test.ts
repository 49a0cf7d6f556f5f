// Which anchors cover a position, when thousands share a file and a line: the index's answer before
// and after edits, loads and relocation, against a plain filter over every anchor of the file.
import assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver';
import { Editor, ORDERS_TS, TempWorkspace, entry, range } from './workspace';
import type { AnchorEntry, AnchorIndex, AnchorState, TrackedAnchor } from '../../../server/src/anchors';
import { newSlot, type Slot } from '../../../server/src/anchors/slot';
import { PositionIndex } from '../../../server/src/anchors/positionIndex';

/** What anchorsAt means, computed the slow way: every anchor of the file, filtered, narrowest first. */
function covering(all: TrackedAnchor[], p: Position): TrackedAnchor[] {
  const le = (a: Position, b: Position) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  const width = (t: TrackedAnchor) =>
    (t.range!.end.line - t.range!.start.line) * 1e6 + (t.range!.end.character - t.range!.start.character);
  return all
    .filter((t) => t.range && t.state !== 'ambiguous' && le(t.range.start, p) && le(p, t.range.end))
    .sort((a, b) => width(a) - width(b));
}

const ids = (ts: TrackedAnchor[]) => ts.map((t) => t.entry.anchor.anchor_id);

describe('anchors: anchorsAt with many anchors per file and per line', () => {
  let ws: TempWorkspace;
  let index: AnchorIndex;
  const uri = () => ws.uri('ws/src/orders.ts');
  // 3,000 anchors on parseOrder's first line, 1,000 on shipOrder (lines 12–14), a whole-file anchor,
  // and one spanning the first 100 lines (wider than the per-line grouping).
  let entries: AnchorEntry[];

  beforeEach(async () => {
    ws = await TempWorkspace.create();
    await ws.write('ws/src/orders.ts', ORDERS_TS + '\n'.repeat(120));
    entries = [];
    for (let i = 0; i < 3_000; i++)
      entries.push(
        entry({ file: 'src/orders.ts', line_start: 3, name: 'parseOrder' }, ['parseOrder'], 'c', `p${i}`),
      );
    for (let i = 0; i < 1_000; i++)
      entries.push(
        entry(
          { file: 'src/orders.ts', line_start: 12, line_end: 14, name: 'shipOrder' },
          ['shipOrder'],
          'c',
          `s${i}`,
        ),
      );
    entries.push(entry({ file: 'src/orders.ts' }, [], 'c', 'whole'));
    entries.push(entry({ file: 'src/orders.ts', line_start: 1, line_end: 100 }, [], 'c', 'wide'));
    index = ws.index([ws.folder('ws')]);
    await index.setAnchors(entries);
  });
  afterEach(async () => ws.dispose());

  const check = (positions: Position[]) => {
    const all = index.anchorsInFile(uri());
    for (const p of positions)
      assert.deepEqual(ids(index.anchorsAt(uri(), p)), ids(covering(all, p)), JSON.stringify(p));
  };

  it('finds every anchor covering a position, narrowest first, and no other', () => {
    const at3 = index.anchorsAt(uri(), { line: 2, character: 5 });
    assert.equal(at3.length, 3_002);
    assert.equal(at3[3_000]!.entry.pathId, 'wide');
    assert.equal(at3[3_001]!.entry.pathId, 'whole');
    assert.equal(index.anchorsAt(uri(), { line: 12, character: 0 }).length, 1_002);
    assert.deepEqual(
      index.anchorsAt(uri(), { line: 110, character: 0 }).map((t) => t.entry.pathId),
      ['whole'],
    );
    check([
      { line: 0, character: 0 },
      { line: 2, character: 0 },
      { line: 2, character: 41 },
      { line: 6, character: 0 },
      { line: 13, character: 1 },
      { line: 99, character: 0 },
      { line: 100, character: 0 },
    ]);
  });

  it('follows edits: the answer moves with the anchors', () => {
    const ed = new Editor(index, uri(), ORDERS_TS + '\n'.repeat(120));
    assert.equal(index.anchorsAt(uri(), { line: 2, character: 0 }).length, 3_002);
    ed.insert(0, 0, '// one\n// two\n');
    assert.equal(index.anchorsAt(uri(), { line: 2, character: 0 }).length, 2);
    assert.equal(index.anchorsAt(uri(), { line: 4, character: 0 }).length, 3_002);
    assert.deepEqual(index.anchor('c', 'p0', entries[0]!.anchor.anchor_id)!.range, range(4, 0, 4, 41));
    // Deleting parseOrder's first line leaves its 3,000 anchors nothing: they cover no code now.
    ed.deleteLines(4, 4);
    check([
      { line: 4, character: 0 },
      { line: 13, character: 0 },
      { line: 14, character: 2 },
    ]);
    ed.insert(0, 0, '\n');
    check([
      { line: 5, character: 0 },
      { line: 14, character: 0 },
    ]);
  });

  it('is rebuilt when the anchors are loaded again', async () => {
    assert.equal(index.anchorsAt(uri(), { line: 11, character: 0 }).length, 1_002);
    await index.setAnchors(entries.slice(0, 10));
    assert.equal(index.anchorsAt(uri(), { line: 11, character: 0 }).length, 0);
    assert.equal(index.anchorsAt(uri(), { line: 2, character: 0 }).length, 10);
  });
});

describe('anchors: PositionIndex', () => {
  const t = (id: string, sl: number, sc: number, el: number, ec: number, state = 'resolved'): Slot => {
    const s = newSlot({ componentId: 'c', pathId: id, anchor: { anchor_id: id }, expectedNames: [] });
    s.state = state as AnchorState;
    s.range = range(sl, sc, el, ec);
    return s;
  };

  it('covers ends inclusively, leaves out ambiguous anchors and anchors without a range', () => {
    const idx = new PositionIndex([
      t('a', 1, 4, 1, 9),
      t('b', 0, 0, 200, 0),
      t('c', 1, 0, 1, 3),
      t('d', 1, 4, 1, 9, 'ambiguous'),
      Object.assign(t('e', 0, 0, 0, 0), { range: undefined }),
    ]);
    assert.deepEqual(ids(idx.at({ line: 1, character: 4 })), ['a', 'b']);
    assert.deepEqual(ids(idx.at({ line: 1, character: 9 })), ['a', 'b']);
    assert.deepEqual(ids(idx.at({ line: 1, character: 3 })), ['c', 'b']);
    assert.deepEqual(ids(idx.at({ line: 150, character: 0 })), ['b']);
    assert.deepEqual(ids(idx.at({ line: 201, character: 0 })), []);
  });

  it('answers lines before, between, inside and after its anchors, and with none listed per line', () => {
    // Anchors far from line 0, gaps between them, one over several lines, two sharing a line.
    const idx = new PositionIndex([
      t('m', 500, 0, 502, 5),
      t('n', 900, 2, 900, 8),
      t('o', 900, 0, 900, 20),
      t('p', 700, 0, 700, 1),
    ]);
    assert.deepEqual(ids(idx.at({ line: 0, character: 0 })), []);
    assert.deepEqual(ids(idx.at({ line: 499, character: 0 })), []);
    assert.deepEqual(ids(idx.at({ line: 500, character: 0 })), ['m']);
    assert.deepEqual(ids(idx.at({ line: 501, character: 99 })), ['m']);
    assert.deepEqual(ids(idx.at({ line: 502, character: 6 })), []);
    assert.deepEqual(ids(idx.at({ line: 600, character: 0 })), []);
    assert.deepEqual(ids(idx.at({ line: 700, character: 1 })), ['p']);
    assert.deepEqual(ids(idx.at({ line: 900, character: 4 })), ['n', 'o']);
    assert.deepEqual(ids(idx.at({ line: 900, character: 1 })), ['o']);
    assert.deepEqual(ids(idx.at({ line: 901, character: 0 })), []);
    assert.deepEqual(ids(idx.at({ line: -1, character: 0 })), []);
    const onlyWide = new PositionIndex([t('w', 10, 0, 300, 0)]);
    assert.deepEqual(ids(onlyWide.at({ line: 10, character: 0 })), ['w']);
    assert.deepEqual(ids(onlyWide.at({ line: 9, character: 0 })), []);
    assert.deepEqual(ids(new PositionIndex([]).at({ line: 0, character: 0 })), []);
  });
});
