// The lineage model's chunked columns: the same entries as an array, across chunk boundaries.
import assert from 'node:assert/strict';
import { ChunkedColumn } from '../../server/src/graph/chunkedColumn';

describe('graph: ChunkedColumn', () => {
  it('holds what was pushed, in order, across chunks, and replaces entries in place', () => {
    const col = new ChunkedColumn<number>();
    const plain: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      col.push(i * 3);
      plain.push(i * 3);
    }
    assert.equal(col.length, 10_000);
    for (const i of [0, 1, 4095, 4096, 4097, 8191, 8192, 9_999])
      assert.equal(col.get(i), plain[i], `at ${i}`);
    col.set(4096, -1);
    plain[4096] = -1;
    assert.deepEqual(col.slice(0, 10_000), plain);
    assert.deepEqual(col.slice(4090, 4100), plain.slice(4090, 4100));
    assert.deepEqual(col.slice(5, 5), []);
  });

  it('keeps its entries when its last chunk is trimmed, and takes more after', () => {
    const col = new ChunkedColumn<string>();
    for (let i = 0; i < 5_000; i++) col.push(`f${i}`);
    col.trim();
    assert.equal(col.length, 5_000);
    assert.equal(col.get(4_999), 'f4999');
    assert.equal(col.get(4_096), 'f4096');
    col.push('more');
    assert.equal(col.get(5_000), 'more');
    assert.deepEqual(col.slice(4_998, 5_001), ['f4998', 'f4999', 'more']);
  });

  it('is empty when new', () => {
    const col = new ChunkedColumn<number>();
    assert.equal(col.length, 0);
    assert.deepEqual(col.slice(0, 0), []);
    col.trim();
    assert.equal(col.length, 0);
  });
});
