// Which anchors `lineage-lens impact` places (server/src/changeImpact/anchorsInDiff.ts): every anchor
// the diff can touch — in a changed, renamed or deleted file, related to one by a path suffix, in a
// file that is missing, or not a usable path — and none of those in files that exist and are left
// alone. Real files in a temporary folder; the diff's shape as diffRange.ts gives it.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { anchorsInDiff } from '../../server/src/changeImpact/anchorsInDiff';
import type { DiffRange } from '../../server/src/changeImpact/diffRange';
import type { AnchorEntry } from '../../server/src/anchors/types';
import { unchangedFile } from '../../server/src/anchors/git/lineMap';

const entry = (file: string | undefined): AnchorEntry => ({
  componentId: 'c',
  pathId: 'p',
  anchor: { anchor_id: `a-${file}`, ...(file === undefined ? {} : { file }) },
  expectedNames: ['handle'],
});

describe('anchorsInDiff: the anchors a diff can touch', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'lineage-lens-in-diff-'));
    for (const f of [
      'svc/src/orders.ts',
      'svc/src/renamedTo.ts',
      'svc/src/untouched.ts',
      'svc/lib/util.ts',
      'top.ts',
      'pkg/deep/src/shared.ts',
    ]) {
      mkdirSync(dirname(join(root, f)), { recursive: true });
      writeFileSync(join(root, f), 'export function handle() {}\n');
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const range = (): DiffRange => ({
    top: root,
    prefix: '',
    base: { ref: 'HEAD', commit: '0'.repeat(40) },
    head: { ref: 'working tree' },
    files: new Map([
      ['svc/src/orders.ts', { file: 'svc/src/orders.ts', map: unchangedFile() }],
      [
        'svc/src/renamedTo.ts',
        { file: 'svc/src/renamedTo.ts', baseFile: 'svc/src/renamedFrom.ts', map: unchangedFile() },
      ],
      ['pkg/deep/src/shared.ts', { file: 'pkg/deep/src/shared.ts', map: unchangedFile() }],
    ]),
    deleted: new Set(['svc/src/gone.ts']),
  });

  it('keeps anchors in changed, renamed and deleted files, and places none in files left alone', () => {
    const keep = anchorsInDiff(range(), root, 'svc');
    // Recorded relative to the project root (svc/), or as the exact path.
    assert.equal(keep(entry('src/orders.ts')), true);
    assert.equal(keep(entry('svc/src/orders.ts')), true);
    assert.equal(keep(entry('src/renamedFrom.ts')), true);
    assert.equal(keep(entry('src/renamedTo.ts')), true);
    assert.equal(keep(entry('src/gone.ts')), true);
    // Files that exist and that the diff leaves alone.
    assert.equal(keep(entry('src/untouched.ts')), false);
    assert.equal(keep(entry('lib/util.ts')), false);
    assert.equal(keep(entry('top.ts')), false);
    assert.equal(keep.leftOut, 3);
  });

  it('keeps what the index could still place in a changed file: suffixes, missing files, odd paths', () => {
    const keep = anchorsInDiff(range(), root, '');
    // A unique suffix of a changed file (the index resolves those), and a missing file (renamed since
    // it was recorded: the index follows it through git).
    assert.equal(keep(entry('deep/src/shared.ts')), true);
    assert.equal(keep(entry('src/moved-since-the-scan.ts')), true);
    // No file, or one the index refuses: it reports them, so they are kept.
    assert.equal(keep(entry(undefined)), true);
    assert.equal(keep(entry('/etc/passwd')), true);
    assert.equal(keep(entry('svc\\src\\untouched.ts')), false);
    assert.equal(keep(entry('./top.ts')), false);
    assert.equal(keep.leftOut, 2);
  });
});
