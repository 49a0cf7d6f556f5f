// Flat JSON arrays seen before, found where they stand again (server/src/api/knownArrays.ts): wherever
// the text sits in memory, and never when a single byte differs.
import { strict as assert } from 'node:assert';
import { KnownArrays } from '../../server/src/api/knownArrays';

const LIST = '[{"tag_id":"system-pii","name":"pii","kind":"SYSTEM","nearest_hops":1},{"x":"é"}]';

describe('knownArrays', () => {
  it('finds a kept text at any offset of any buffer, with what was kept', () => {
    const known = new KnownArrays<string>();
    known.keep(Buffer.from(`{"a":${LIST}}`), 5, 5 + Buffer.byteLength(LIST), 'kept');
    for (let pad = 0; pad < 9; pad++) {
      // A slice of a larger allocation: the text starts at every alignment of memory.
      const outer = Buffer.alloc(pad + Buffer.byteLength(LIST) + 20, 0x20);
      const b = outer.subarray(3);
      b.write(`${' '.repeat(pad)}${LIST},1]`, 0);
      assert.equal(known.at(b, pad), 'kept', `offset ${pad}`);
      known.forget();
    }
  });

  it('does not find a text that differs in any byte, or only begins the same', () => {
    const known = new KnownArrays<number>();
    const kept = Buffer.from(LIST);
    known.keep(kept, 0, kept.length, 1);
    for (let i = 0; i < kept.length - 1; i++) {
      const other = Buffer.from(kept);
      other[i] = other[i] === 0x31 ? 0x32 : 0x31;
      assert.equal(known.at(other, 0), undefined, `byte ${i}`);
    }
    // The same elements and more: its first ] is no kept text's end.
    assert.equal(known.at(Buffer.from(`${LIST.slice(0, -1)},2]`), 0), undefined);
    assert.equal(known.get(kept, 0, kept.length), 1);
    assert.equal(known.get(kept, 0, kept.length - 1), undefined);
  });
});
