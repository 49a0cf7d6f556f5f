// 1-based scanner coordinates to LSP ranges: columns, whole lines, whole file, clamping, URIs.
import assert from 'node:assert/strict';
import { LineTable } from '../../../server/src/anchors/lineTable';
import { toLspRange } from '../../../server/src/anchors/coordinates';
import { fileUri, uriToFsPath } from '../../../server/src/anchors';
import { ORDERS_TS, TempWorkspace, entry, range } from './workspace';

const lines = new LineTable(ORDERS_TS);
const len = (line1: number) => ORDERS_TS.split('\n')[line1 - 1]!.length;

describe('anchors: coordinates', () => {
  it('converts 1-based inclusive lines and columns to a 0-based, end-exclusive range', () => {
    // "parseOrder" is columns 17..26 of line 3.
    const r = toLspRange(
      { anchor_id: 'a', line_start: 3, line_end: 3, column_start: 17, column_end: 26 },
      lines,
    );
    assert.deepEqual(r, { range: range(2, 16, 2, 26) });
    const text = ORDERS_TS.slice(lines.offsetAt(r.range.start), lines.offsetAt(r.range.end));
    assert.equal(text, 'parseOrder');
  });

  it('a missing column means whole lines (end = end of the last line)', () => {
    assert.deepEqual(toLspRange({ anchor_id: 'a', line_start: 3, line_end: 6 }, lines), {
      range: range(2, 0, 5, 1),
    });
    assert.deepEqual(toLspRange({ anchor_id: 'a', line_start: 4 }, lines), { range: range(3, 0, 3, len(4)) });
    // Only a start column: from it to the end of the last line.
    assert.deepEqual(toLspRange({ anchor_id: 'a', line_start: 3, line_end: 4, column_start: 8 }, lines), {
      range: range(2, 7, 3, len(4)),
    });
  });

  it('a missing line means the whole file', () => {
    assert.deepEqual(toLspRange({ anchor_id: 'a' }, lines), { range: range(0, 0, 14, 0) });
    assert.deepEqual(toLspRange({ anchor_id: 'a', column_start: 4 }, new LineTable('ab\ncd')), {
      range: range(0, 0, 1, 2),
    });
  });

  it('clamps out-of-range coordinates and says so', () => {
    const past = toLspRange({ anchor_id: 'a', line_start: 40, line_end: 50 }, lines);
    assert.deepEqual(past.range, range(14, 0, 14, 0));
    assert.match(past.clamped!, /lines 40–50 not within the file's 15 lines/);
    const zero = toLspRange({ anchor_id: 'a', line_start: 0 }, lines);
    assert.deepEqual(zero.range, range(0, 0, 0, len(1)));
    assert.ok(zero.clamped);
    const col = toLspRange({ anchor_id: 'a', line_start: 6, column_start: 1, column_end: 99 }, lines);
    assert.deepEqual(col.range, range(5, 0, 5, 1));
    assert.match(col.clamped!, /column 99 is outside line 6/);
    const reversed = toLspRange({ anchor_id: 'a', line_start: 5, line_end: 3 }, lines);
    assert.deepEqual(reversed.range, range(4, 0, 4, len(5)));
    assert.match(reversed.clamped!, /line_end 3 is before line_start 5/);
    // column_end on the line break itself is tolerated silently.
    assert.equal(
      toLspRange({ anchor_id: 'a', line_start: 6, column_start: 1, column_end: 2 }, lines).clamped,
      undefined,
    );
  });

  it('handles CRLF line breaks', () => {
    const crlf = new LineTable('a\r\nbb\r\nccc');
    assert.equal(crlf.lineCount, 3);
    assert.deepEqual(toLspRange({ anchor_id: 'a', line_start: 2 }, crlf).range, range(1, 0, 1, 2));
  });

  it('line starts: LF alone, CRLF, a lone CR, empty lines and no final line break', () => {
    const at = (t: LineTable) =>
      Array.from({ length: t.lineCount }, (_, l) => [t.lineStart(l), t.lineLength(l)]);
    assert.deepEqual(at(new LineTable('ab\n\ncde\n')), [
      [0, 2],
      [3, 0],
      [4, 3],
      [8, 0],
    ]);
    assert.deepEqual(at(new LineTable('ab')), [[0, 2]]);
    assert.deepEqual(at(new LineTable('')), [[0, 0]]);
    assert.deepEqual(at(new LineTable('\n')), [
      [0, 0],
      [1, 0],
    ]);
    assert.deepEqual(at(new LineTable('ab\r\n\rc\nd')), [
      [0, 2],
      [4, 0],
      [5, 1],
      [7, 1],
    ]);
    const lf = new LineTable('one\ntwo\nthree');
    assert.deepEqual(lf.positionAt(5), { line: 1, character: 1 });
    assert.equal(lf.offsetAt({ line: 2, character: 99 }), 13);
  });

  it('clamped coordinates give a warning diagnostic on the file', async () => {
    const ws = await TempWorkspace.create();
    try {
      // A text-rules language (in a parsed one the anchor would land on alpha's definition: relocated).
      await ws.write('ws/a.rb', 'def alpha; end\n');
      const index = ws.index([ws.folder('ws')]);
      await index.setAnchors([entry({ file: 'a.rb', line_start: 30, name: 'alpha' }, ['alpha'])]);
      const diags = index.diagnosticsFor(ws.uri('ws/a.rb'));
      assert.equal(diags.length, 1);
      assert.equal(diags[0]!.code, 'anchor-clamped');
      assert.match(diags[0]!.message, /does not fit this file \(line 30 not within the file's 2 lines\)/);
    } finally {
      await ws.dispose();
    }
  });

  it('file URIs: VS Code encoding out, any encoding in', () => {
    assert.equal(fileUri('/tmp/a b/c@d[1].ts'), 'file:///tmp/a%20b/c%40d%5B1%5D.ts');
    assert.equal(uriToFsPath('file:///tmp/a%20b/c%40d%5B1%5D.ts'), '/tmp/a b/c@d[1].ts');
    assert.equal(uriToFsPath('file:///tmp/a%20b/c@d[1].ts'), '/tmp/a b/c@d[1].ts');
    assert.equal(uriToFsPath('untitled:Untitled-1'), undefined);
  });
});
