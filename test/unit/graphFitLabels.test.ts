// A field row's name and tags fitted to the row (webview/src/fitLabels.ts): both whole when they fit;
// else the name keeps what it needs up to the room the tags leave at their share, each cut ends in an
// ellipsis at the longest prefix that fits, and the two never overlap. Widths here are a fixed pitch
// per character (the page measures them in the browser: journey 11 and the screenshots).
import { strict as assert } from 'node:assert';
import { cut, fittingLength, rowBudgets, ROW_TEXT_GAP, ROW_TEXT_ROOM } from '../../webview/src/fitLabels';

/** A text whose characters are `pitch` px each, the ellipsis's too. */
function text(s: string, pitch = 6) {
  return {
    textContent: s,
    getComputedTextLength: () => s.length * pitch,
    getSubStringLength: (start: number, n: number) => Math.min(n, s.length - start) * pitch,
  };
}

describe('lineage graph: field rows fitted to their width', () => {
  it('leaves a row whose name and tags fit as it is', () => {
    assert.deepEqual(rowBudgets(60, 80), { name: 60, tags: 80 });
    assert.deepEqual(rowBudgets(150, 0), { name: ROW_TEXT_ROOM, tags: 0 }, 'no tags: the whole row');
  });

  it('gives the tags what a short name leaves, and a long name all but the tags’ share', () => {
    const short = rowBudgets(40, 1_000);
    assert.equal(short.name + ROW_TEXT_GAP + short.tags, ROW_TEXT_ROOM);
    assert.ok(short.name >= 40, 'the short name whole');
    const long = rowBudgets(1_000, 1_000);
    assert.equal(long.name + ROW_TEXT_GAP + long.tags, ROW_TEXT_ROOM, 'never over the row');
    assert.ok(long.tags > 0 && long.tags < long.name, 'both cut, the name keeps the larger part');
    const fewTags = rowBudgets(1_000, 30);
    assert.equal(fewTags.tags, 30, 'short tags whole');
    assert.equal(fewTags.name, ROW_TEXT_ROOM - ROW_TEXT_GAP - 30);
  });

  it('cuts at the longest prefix that fits with the ellipsis, and not a text that fits', () => {
    const t = text('◌ phi ↑2 ◌ pifi ↑2 ◌ pii ↑1 ◌ secret ↑2');
    const n = fittingLength(t, 60, 6)!;
    assert.equal(n, 9, '9 characters and the ellipsis: 60 px');
    assert.equal(cut(t.textContent, n), '◌ phi ↑2…', 'trailing space dropped before the ellipsis');
    assert.equal(fittingLength(text('email'), 60, 6), undefined);
    assert.equal(fittingLength(text(''), 0, 6), undefined);
  });

  it('fits a long name and long tags side by side without overlap', () => {
    const name = text('customer.billing_address.street_line_two', 7);
    const tags = text('● pii ◌ phi ↑2 ◌ pifi ↑2 ◌ secret ↑1 ◌ team-tag-0 ↑3', 6);
    const b = rowBudgets(name.getComputedTextLength(), tags.getComputedTextLength());
    const nameCut = cut(name.textContent, fittingLength(name, b.name, 7)!);
    const tagsCut = cut(tags.textContent, fittingLength(tags, b.tags, 6)!);
    assert.ok(nameCut.length * 7 <= b.name && tagsCut.length * 6 <= b.tags);
    assert.ok(nameCut.length * 7 + ROW_TEXT_GAP + tagsCut.length * 6 <= ROW_TEXT_ROOM, 'no overlap');
  });
});
