// The bulk-read limiter: never more than `limit` calls in flight, every item done, order kept.
import assert from 'node:assert/strict';
import { mapWithConcurrency } from '../../../server/src/util/concurrency';

interface Deferred {
  resolve(v: string): void;
  reject(e: Error): void;
}

describe('mapWithConcurrency', () => {
  it('starts exactly `limit` calls, then one more each time one finishes', async () => {
    const pending: Deferred[] = [];
    let active = 0;
    let maxActive = 0;
    let started = 0;
    const run = mapWithConcurrency([1, 2, 3, 4, 5, 6, 7], 3, (n) => {
      started++;
      active++;
      maxActive = Math.max(maxActive, active);
      return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }))
        .finally(() => active--)
        .then((v) => `${n}:${v}`);
    });
    assert.equal(started, 3);
    // Finish the calls one at a time; each completion lets exactly one more start.
    for (let done = 1; done <= 7; done++) {
      pending[done - 1]!.resolve('ok');
      await new Promise((r) => setImmediate(r));
      assert.equal(started, Math.min(7, 3 + done));
    }
    assert.deepEqual(await run, ['1:ok', '2:ok', '3:ok', '4:ok', '5:ok', '6:ok', '7:ok']);
    assert.equal(maxActive, 3);
  });

  it('keeps input order when calls finish out of order', async () => {
    const out = await mapWithConcurrency(['a', 'b', 'c', 'd'], 4, async (s, i) => {
      for (let k = 0; k < 4 - i; k++) await Promise.resolve();
      return s.toUpperCase();
    });
    assert.deepEqual(out, ['A', 'B', 'C', 'D']);
  });

  it('handles an empty list and a limit larger than the list', async () => {
    assert.deepEqual(await mapWithConcurrency([], 8, async () => 1), []);
    assert.deepEqual(await mapWithConcurrency([1, 2], 50, async (n) => n * 2), [2, 4]);
  });

  it('treats a nonsensical limit as 1', async () => {
    let active = 0;
    let maxActive = 0;
    await mapWithConcurrency([1, 2, 3], 0, async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await Promise.resolve();
      active--;
    });
    assert.equal(maxActive, 1);
  });
});
