// The buffers an API client reuses from one answer to the next (server/src/api/bodyBuffers.ts): one
// given back is the next one taken when large enough; one too small makes way for a larger one; none
// past the size limit or the count limit is kept. (Answers read into them, against the real service:
// test/api/answerBuffers.test.ts.)
import { strict as assert } from 'node:assert';
import { BodyBuffers } from '../../../server/src/api/bodyBuffers';

describe('body buffers', () => {
  it('keeps a given buffer for the next taker, within its limits', () => {
    const buffers = new BodyBuffers({ keepUpToBytes: 1 << 20, keepCount: 2 });
    const a = buffers.take(1000);
    assert.ok(a.length >= 1000);
    buffers.give(a);
    assert.equal(buffers.take(500), a, 'the same buffer again');
    assert.equal(buffers.size, 0);
    buffers.give(a);
    const big = buffers.take(a.length + 1);
    assert.notEqual(big, a, 'too small: a larger one');
    assert.ok(big.length > a.length);
    assert.equal(buffers.size, 0, 'the one too small is let go');
    buffers.give(Buffer.allocUnsafe(2 << 20));
    assert.equal(buffers.size, 0, 'one over the size kept is let go');
    buffers.give(big);
    buffers.give(Buffer.allocUnsafe(10));
    buffers.give(Buffer.allocUnsafe(10));
    assert.equal(buffers.size, 2, 'no more than the count kept');
  });
});
