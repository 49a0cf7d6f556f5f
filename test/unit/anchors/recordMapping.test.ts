// Carrying an anchor's current lines back to a recorded commit (what a repair writes), the notes of
// records written from an unsaved buffer, and the shapes of edits open-document sync decides on.
import assert from 'node:assert/strict';
import { linesToCommit, recordedVia } from '../../../server/src/anchors/recordMapping';
import { WrittenFromBuffer, recordKey, recordKeyOf } from '../../../server/src/anchors/writtenFromBuffer';
import { sameHunks, spansLines, swallows } from '../../../server/src/anchors/openDocumentSync';
import type { AnchorEntry } from '../../../server/src/anchors/types';
import { lineMap } from './lineMaps';

const map = lineMap;
const range = (sl: number, sc: number, el: number, ec: number) => ({
  start: { line: sl, character: sc },
  end: { line: el, character: ec },
});

describe('anchors: record mapping (current lines → a recorded commit)', () => {
  // Since the commit: 3 lines inserted after line 2. Unsaved: 1 line inserted after line 1.
  const git = map([2, 0, 3, 3]);
  const unsaved = map([1, 0, 2, 1]);

  it('goes back through git’s mapping, keeping the columns', () => {
    const to = linesToCommit(git, undefined);
    assert.deepEqual(to({ line_start: 10, line_end: 12, column_start: 5, column_end: 9 }), {
      line_start: 7,
      line_end: 9,
      column_start: 5,
      column_end: 9,
    });
    // No line_end recorded: none written.
    assert.deepEqual(to({ line_start: 10 }), { line_start: 7 });
  });

  it('goes back through the unsaved changes first, then git’s mapping', () => {
    const to = linesToCommit(git, unsaved);
    assert.deepEqual(to({ line_start: 11, line_end: 11 }), { line_start: 7, line_end: 7 });
    // Without the buffer's line, the same current line is one lower at the commit.
    assert.deepEqual(linesToCommit(git, undefined)({ line_start: 11, line_end: 11 }), {
      line_start: 8,
      line_end: 8,
    });
  });

  it('lines added since the commit, or only in the buffer, have no place there', () => {
    assert.equal(linesToCommit(git, undefined)({ line_start: 4, line_end: 5 }), undefined);
    assert.equal(linesToCommit(git, unsaved)({ line_start: 2 }), undefined);
  });

  it('the recorded commit wins; else the first other scanned commit that has the lines, named', () => {
    const asked: string[] = [];
    const own = linesToCommit(git, undefined);
    const toCommit = (commit: string) => {
      asked.push(commit);
      return commit === 'none'
        ? undefined
        : linesToCommit(commit === 'b' ? map() : map([1, 0, 2, 9]), undefined);
    };
    const toRecorded = recordedVia(own, ['none', 'a', 'b'], toCommit);
    assert.deepEqual(toRecorded({ line_start: 10 }), { at: { line_start: 7 } });
    assert.deepEqual(asked, [], 'other commits are asked only when the recorded one lacks the lines');
    // Line 4 was added since the recorded commit; commit a lacks it too; b (unchanged since) has it.
    assert.deepEqual(toRecorded({ line_start: 4 }), { at: { line_start: 4 }, commit: 'b' });
    assert.deepEqual(asked, ['none', 'a', 'b']);
    assert.equal(recordedVia(own, ['none'], toCommit)({ line_start: 4 }), undefined);
  });
});

describe('anchors: records written from an unsaved buffer', () => {
  const entry = (line_start: number): AnchorEntry =>
    ({ componentId: 'c1', anchor: { anchor_id: 'a1', file: 'x.go', line_start } }) as unknown as AnchorEntry;

  it('a note is found for the entry whose record was written, per file, until dropped', () => {
    const w = new WrittenFromBuffer();
    assert.equal(w.forFile('/w/x.go'), undefined);
    w.note('/w/x.go', 'c1', 'a1', { line_start: 7 }, 'buffer text');
    const notes = w.forFile('/w/x.go')!;
    assert.equal(notes(entry(7)), 'buffer text');
    assert.equal(notes(entry(8)), undefined, 'another record of the same anchor is not the one written');
    assert.equal(w.forFile('/w/y.go'), undefined);
    w.drop('/w/x.go');
    assert.equal(w.forFile('/w/x.go'), undefined);
  });

  it('a record’s key tells component, anchor and every coordinate apart', () => {
    const base = recordKey('c1', 'a1', { line_start: 1, line_end: 2, column_start: 3, column_end: 4 });
    for (const other of [
      recordKey('c2', 'a1', { line_start: 1, line_end: 2, column_start: 3, column_end: 4 }),
      recordKey('c1', 'a2', { line_start: 1, line_end: 2, column_start: 3, column_end: 4 }),
      recordKey('c1', 'a1', { line_start: 1, line_end: 2, column_start: 3 }),
      recordKey('c1', 'a1', { line_start: 1, column_start: 3, column_end: 4 }),
    ])
      assert.notEqual(other, base);
    assert.equal(recordKeyOf(entry(7)), recordKey('c1', 'a1', { line_start: 7 }));
  });
});

describe('anchors: the shapes of edits open-document sync decides on', () => {
  it('a change spans lines when its range does or its text has a line break (a full text always)', () => {
    assert.equal(spansLines({ range: range(3, 1, 3, 4), text: 'abc' }), false);
    assert.equal(spansLines({ range: range(3, 1, 4, 0), text: '' }), true);
    assert.equal(spansLines({ range: range(3, 1, 3, 1), text: 'a\nb' }), true);
    assert.equal(spansLines({ text: 'whole' }), true);
  });

  it('a change swallows a range it covers whole when it spans more lines than the range', () => {
    assert.equal(swallows(range(2, 0, 9, 0), range(4, 0, 6, 3)), true);
    assert.equal(swallows(range(4, 0, 6, 3), range(4, 0, 6, 3)), false, 'the range itself, same lines');
    assert.equal(swallows(range(5, 0, 9, 0), range(4, 0, 6, 3)), false, 'not all of it');
    assert.equal(swallows(range(2, 0, 9, 0), range(4, 2, 4, 2)), false, 'an empty range');
    assert.equal(swallows(range(2, 0, 9, 0), undefined), false);
  });

  it('two maps are the same when their hunks are (no map: no hunks)', () => {
    assert.equal(sameHunks(undefined, map()), true);
    assert.equal(sameHunks(map([1, 0, 2, 1]), map([1, 0, 2, 1])), true);
    assert.equal(sameHunks(map([1, 0, 2, 1]), map([1, 0, 2, 2])), false);
    assert.equal(sameHunks(map([1, 0, 2, 1]), undefined), false);
  });
});
