// Line mapping through `git diff -U0` hunks, and the parser that reads git's output.
import assert from 'node:assert/strict';
import { mapLines, unmapLines } from '../../../server/src/anchors/git/lineMap';
import { bufferLineMap } from '../../../server/src/anchors/bufferDiff';
import { DiffParser, unquotePath } from '../../../server/src/anchors/git/diffParser';
import { lineMap } from './lineMaps';

const map = lineMap;

describe('anchors: git line mapping', () => {
  it('an unchanged file keeps the lines', () => {
    assert.deepEqual(mapLines({ hunks: [] }, 4, 9), {
      start: 4,
      end: 9,
      change: 'exact',
      startKept: true,
      endKept: true,
    });
  });

  it('lines above inserted, deleted or rewritten shift the range; lines below do not', () => {
    // 3 lines inserted after old line 2; old 20-21 deleted; old 30 rewritten as 2 lines.
    const m = map([2, 0, 3, 3], [20, 2, 22, 0], [30, 1, 31, 2]);
    assert.deepEqual(mapLines(m, 9, 11), {
      start: 12,
      end: 14,
      change: 'exact',
      startKept: true,
      endKept: true,
    });
    assert.deepEqual(mapLines(m, 0, 1), {
      start: 0,
      end: 1,
      change: 'exact',
      startKept: true,
      endKept: true,
    });
    // Old line 25 (0-based 24): +3 -2 = +1.
    assert.equal(mapLines(m, 24, 24).start, 25);
    // Old line 40 (0-based 39): +3 -2 +1 = +2.
    assert.equal(mapLines(m, 39, 39).start, 41);
  });

  it('a range with some lines rewritten is changed and covers the new lines', () => {
    // Old lines 5-6 replaced by 4 new lines (5-8); range old 3-8 → new 3-10.
    const r = mapLines(map([5, 2, 5, 4]), 2, 7);
    assert.deepEqual(r, { start: 2, end: 9, change: 'changed', startKept: true, endKept: true });
  });

  it('a range whose first line was rewritten starts at the rewrite, and loses its start column', () => {
    // Two lines inserted after old line 3, and old line 10 rewritten.
    const r = mapLines(map([3, 0, 4, 2], [10, 1, 12, 1]), 9, 14);
    assert.equal(r.start, 11);
    assert.equal(r.end, 16);
    assert.equal(r.startKept, false);
    assert.equal(r.endKept, true);
    assert.equal(r.change, 'changed');
  });

  it('lines inserted inside the range grow it', () => {
    const r = mapLines(map([12, 0, 13, 2]), 9, 14);
    assert.deepEqual(r, { start: 9, end: 16, change: 'changed', startKept: true, endKept: true });
  });

  it('a range whose every line was deleted is removed, placed where they were', () => {
    const r = mapLines(map([2, 0, 3, 1], [10, 5, 10, 0]), 9, 13);
    assert.equal(r.change, 'removed');
    assert.equal(r.start, 10); // after the one inserted line above: old line 10 was new line 11
  });

  it('a range rewritten entirely is changed (the name check decides), not removed', () => {
    assert.equal(mapLines(map([10, 5, 10, 3]), 9, 13).change, 'changed');
  });

  it('a range partly deleted at its end ends at the last surviving line', () => {
    const r = mapLines(map([13, 2, 12, 0]), 9, 13);
    assert.deepEqual(r, { start: 9, end: 11, change: 'changed', startKept: true, endKept: false });
  });
});

describe('anchors: git diff parser', () => {
  const diff = [
    'diff --git a/src/a.go b/src/a.go',
    'index 1111111..2222222 100644',
    '--- a/src/a.go',
    '+++ b/src/a.go',
    '@@ -3 +3,2 @@ func x() {',
    '--- a line that looks like a header',
    '+++ another one',
    '+@@ -1 +1 @@ not a hunk',
    '@@ -10,2 +11,0 @@',
    '-x',
    '-y',
    '\\ No newline at end of file',
    'diff --git a/old name.py b/new name.py',
    'similarity index 90%',
    'rename from old name.py',
    'rename to new name.py',
    '--- a/old name.py',
    '+++ b/new name.py',
    '@@ -1,0 +2 @@',
    '+import os',
    'diff --git a/gone.ts b/gone.ts',
    'deleted file mode 100644',
    '--- a/gone.ts',
    '+++ /dev/null',
    '@@ -1,3 +0,0 @@',
    '-a',
    '-b',
    '-c',
    'diff --git a/new.ts b/new.ts',
    'new file mode 100644',
    '--- /dev/null',
    '+++ b/new.ts',
    '@@ -0,0 +1 @@',
    '+x',
    'diff --git "a/t\\303\\251st.go" "b/t\\303\\251st.go"',
    '--- "a/t\\303\\251st.go"',
    '+++ "b/t\\303\\251st.go"',
    '@@ -1 +1 @@',
    '-a',
    '+b',
    '',
  ].join('\n');

  it('keeps hunk headers per working-tree path, renames, deletions and additions; skips content', () => {
    const p = new DiffParser();
    // Fed in awkward pieces, as a pipe delivers it.
    for (let i = 0; i < diff.length; i += 7) p.push(diff.slice(i, i + 7));
    const r = p.end();
    assert.deepEqual(r.files.get('src/a.go')?.hunks, [
      { oldStart: 3, oldCount: 1, newStart: 3, newCount: 2 },
      { oldStart: 10, oldCount: 2, newStart: 11, newCount: 0 },
    ]);
    assert.equal(r.files.get('new name.py')?.renamedFrom, 'old name.py');
    assert.equal(r.renames.get('old name.py'), 'new name.py');
    assert.ok(r.deleted.has('gone.ts'));
    assert.equal(r.files.has('gone.ts'), false);
    assert.equal(r.files.get('new.ts')?.added, true);
    assert.deepEqual(r.files.get('tést.go')?.hunks, [{ oldStart: 1, oldCount: 1, newStart: 1, newCount: 1 }]);
  });

  it('unquotes C-quoted paths', () => {
    assert.equal(unquotePath('"a/tab\\there \\"q\\""'), 'a/tab\there "q"');
    assert.equal(unquotePath('plain'), 'plain');
  });

  it('carries working lines back to the commit only when they existed there and map back exactly', () => {
    // 3 lines inserted after old line 2; old 20-21 deleted; old 30 rewritten as 2 lines.
    const m = map([2, 0, 3, 3], [20, 2, 22, 0], [30, 1, 31, 2]);
    assert.deepEqual(unmapLines(m, 12, 14), { start: 9, end: 11 }); // shifted only
    assert.deepEqual(unmapLines(m, 25, 27), { start: 24, end: 26 }); // below the deletion
    assert.equal(unmapLines(m, 3, 4), undefined); // the inserted lines: newer than the commit
    assert.equal(unmapLines(m, 29, 30), undefined); // ends on a rewritten line (columns would not hold)
    assert.deepEqual(unmapLines({ hunks: [] }, 4, 9), { start: 4, end: 9 });
    assert.equal(unmapLines({ hunks: [], added: true }, 0, 1), undefined);
  });

  it('an editor buffer against the disk: hunks in git -U0 form', () => {
    const disk = ['a', 'b', 'c', 'd', 'e'].join('\n');
    const buffer = ['new', 'a', 'b', 'd', 'E', 'e', 'tail'].join('\n');
    // Inserted before line 1; c deleted; E inserted after d; tail after e.
    assert.deepEqual(bufferLineMap(disk, buffer)!.hunks, [
      { oldStart: 0, oldCount: 0, newStart: 1, newCount: 1 },
      { oldStart: 3, oldCount: 1, newStart: 3, newCount: 0 },
      { oldStart: 4, oldCount: 0, newStart: 5, newCount: 1 },
      { oldStart: 5, oldCount: 0, newStart: 7, newCount: 1 },
    ]);
    assert.deepEqual(mapLines(bufferLineMap(disk, buffer)!, 3, 4).start, 3); // d → line 3 (0-based)
    assert.deepEqual(bufferLineMap(disk, disk)!.hunks, []);
  });
});
