// Time slices: loops that yield side by side resume in turns of their own, so their slices never add up
// into one long block of the event loop.
import assert from 'node:assert/strict';
import { TimeSlicer, yieldToEventLoop } from '../../server/src/util/timeSlices';
import { turnCounter } from '../helpers/turnCounter';

describe('time slices', () => {
  it('callers that yield together resume in turns of their own, in the order they yielded', async () => {
    const turns = turnCounter();
    try {
      const resumed: Array<[string, number]> = [];
      await Promise.all(
        ['a', 'b', 'c'].map(async (name) => {
          await yieldToEventLoop();
          resumed.push([name, turns.now()]);
        }),
      );
      assert.deepEqual(
        resumed.map(([name]) => name),
        ['a', 'b', 'c'],
      );
      const at = resumed.map(([, turn]) => turn);
      assert.equal(new Set(at).size, 3, `resumed in turns ${at.join(', ')}`);
    } finally {
      turns.stop();
    }
  });

  it('two sliced loops side by side alternate, one slice per turn', async () => {
    const turns = turnCounter();
    try {
      const slices: Array<[string, number]> = [];
      const loop = async (name: string) => {
        // A budget of 0 ms: every look at the clock ends the slice.
        const slicer = new TimeSlicer(0);
        for (let i = 1; i <= 32 * 3; i++) {
          if (slicer.tick()) {
            slices.push([name, turns.now()]);
            await slicer.pause();
          }
        }
      };
      await Promise.all([loop('x'), loop('y')]);
      assert.equal(slices.length, 6);
      const perTurn = new Map<number, string[]>();
      for (const [name, turn] of slices) perTurn.set(turn, [...(perTurn.get(turn) ?? []), name]);
      // The first slices start in the same synchronous run; every later turn runs one slice.
      for (const [turn, names] of [...perTurn].slice(1))
        assert.equal(names.length, 1, `turn ${turn} ran ${names.join(' and ')}`);
    } finally {
      turns.stop();
    }
  });
});
