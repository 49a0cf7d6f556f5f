// `npm test` stops a step that outlives its limit and says so, rather than holding CI until the
// machine's own limit: real child processes, one that would never exit on its own.
import { strict as assert } from 'node:assert';
import { describeLimit, runTimedStep } from '../../../scripts/timedStep.mjs';

/** Runs `node -e script` as a step with the given limit. */
const runNode = (script: string, limitMs: number) =>
  runTimedStep({ cmd: process.execPath, argv: ['-e', script], cwd: process.cwd(), limitMs });

describe("npm test's time limit per step (scripts/timedStep.mjs)", function () {
  this.timeout(20_000);

  it('stops a process kept alive by a timer once its limit has passed, and says it timed out', () => {
    assert.deepEqual(runNode('setInterval(() => undefined, 1000)', 1_000), { status: 1, timedOut: true });
  });

  it("passes on a process's own exit status when it ends in time", () => {
    assert.deepEqual(runNode('', 10_000), { status: 0, timedOut: false });
    assert.deepEqual(runNode('process.exit(3)', 10_000), { status: 3, timedOut: false });
  });

  it('names a limit in minutes or seconds', () => {
    assert.equal(describeLimit(15 * 60_000), '15 min');
    assert.equal(describeLimit(45_000), '45 s');
  });
});
