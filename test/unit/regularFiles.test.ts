// Synchronous reads of workspace files (workspace/regularFiles.ts) share one buffer between reads: each
// read must give exactly its own file, whatever size was read before it (a shorter file after a longer
// one, a file past the shared buffer, one past the size that gets a buffer of its own), and a file
// over the cap is refused as before.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRegularFileSync } from '../../server/src/workspace/regularFiles';

describe('readRegularFileSync', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'lineage-lens-regular-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  /** Text of about `kb` KB with a line number on each line, so a stale byte shows. */
  const text = (kb: number, mark: string) =>
    Array.from(
      { length: Math.ceil((kb * 1024) / 32) },
      (_, i) => `${mark} ${String(i).padStart(8, '0')} é…\n`,
    ).join('');

  it('reads each file exactly, whatever was read before it', () => {
    const sizes = [3, 40, 1, 100, 2, 700, 5, 1500, 0, 64, 4];
    const files = sizes.map((kb, i) => {
      const t = kb === 0 ? '' : text(kb, `f${i}`);
      return { path: file(`f${i}.ts`, t), text: t };
    });
    // Twice over: the second pass reads every size after every other kind of read.
    for (let pass = 0; pass < 2; pass++)
      for (const f of files) assert.equal(readRegularFileSync(f.path), f.text, f.path);
  });

  it('a text read stays what it was when later reads reuse the buffer', () => {
    const first = readRegularFileSync(file('a.ts', text(10, 'a')));
    const firstCopy = `${first}`;
    readRegularFileSync(file('b.ts', text(10, 'b')));
    assert.equal(first, firstCopy);
    assert.ok(first!.startsWith('a 00000000'));
  });

  it('refuses a file over the cap, then reads a small one', () => {
    assert.equal(readRegularFileSync(file('big.ts', text(8, 'big')), 1024), undefined);
    assert.equal(readRegularFileSync(file('small.ts', 'x = 1\n')), 'x = 1\n');
  });
});
