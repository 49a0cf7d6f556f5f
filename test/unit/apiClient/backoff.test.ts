// Backoff with full jitter: bounded by base * 2^attempt and the cap, spread by the random source.
import assert from 'node:assert/strict';
import { RETRYABLE_STATUSES, backoffDelay, sleep } from '../../../server/src/api/backoff';

describe('retry backoff', () => {
  it('grows exponentially with the attempt and never exceeds the cap', () => {
    const top = () => 0.999999;
    assert.equal(backoffDelay(0, 100, 5000, top), 99);
    assert.equal(backoffDelay(1, 100, 5000, top), 199);
    assert.equal(backoffDelay(3, 100, 5000, top), 799);
    assert.equal(backoffDelay(10, 100, 5000, top), 4999);
  });

  it('is jittered: the random source spreads the delay over [0, ceiling)', () => {
    assert.equal(
      backoffDelay(2, 100, 5000, () => 0),
      0,
    );
    assert.equal(
      backoffDelay(2, 100, 5000, () => 0.5),
      200,
    );
  });

  it('retries only gateway statuses', () => {
    assert.deepEqual([...RETRYABLE_STATUSES].sort(), [502, 503, 504]);
  });

  it('sleep rejects as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal, () => new Error('stopped'));
    controller.abort();
    await assert.rejects(slept, /stopped/);
  });
});
