// The limiter bounds work whose items arrive over time (a load's configured components, then the ones
// its edge list names): never more than its limit in flight, the rest started in the order they came,
// a failure's slot given on like any other.
import assert from 'node:assert/strict';
import { limiter } from '../../server/src/util/concurrency';

/** A promise and the function that resolves it, for work a test finishes when it chooses. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('limiter', () => {
  it('keeps at most its limit in flight and starts the waiting in order, even the late ones', async () => {
    const limit = limiter(2);
    let inFlight = 0;
    let most = 0;
    const startedOrder: number[] = [];
    const gates = Array.from({ length: 6 }, deferred);
    const run = (i: number) =>
      limit(async () => {
        startedOrder.push(i);
        most = Math.max(most, ++inFlight);
        await gates[i]!.promise;
        inFlight--;
        return i;
      });
    const first = [0, 1, 2, 3].map(run);
    await Promise.resolve();
    assert.deepEqual(startedOrder, [0, 1], 'two start, two wait');
    gates[1]!.resolve();
    assert.equal(await first[1], 1);
    // A newcomer asked for now waits behind those already waiting.
    const late = [4, 5].map(run);
    gates[0]!.resolve();
    assert.equal(await first[0], 0);
    await new Promise<void>((r) => setImmediate(r));
    assert.deepEqual(startedOrder, [0, 1, 2, 3]);
    for (const i of [2, 3, 4, 5]) gates[i]!.resolve();
    assert.deepEqual(await Promise.all([...first, ...late]), [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(startedOrder, [0, 1, 2, 3, 4, 5]);
    assert.equal(most, 2);
  });

  it('a failure gives its slot on and reaches its caller', async () => {
    const limit = limiter(1);
    const failing = limit(() => Promise.reject(new Error('no')));
    const next = limit(async () => 'ran');
    await assert.rejects(failing, /no/);
    assert.equal(await next, 'ran');
    assert.equal(await limit(async () => 'and again'), 'and again', 'the slot is free afterwards');
  });
});
