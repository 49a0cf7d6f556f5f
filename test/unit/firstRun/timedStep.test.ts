// `npm test` stops a step that outlives its limit and says so, rather than holding CI until the
// machine's own limit: real child processes, one that would never exit on its own.
import { strict as assert } from 'node:assert';
import { describeLimit, runTimedStep } from '../../../scripts/timedStep.mjs';

describe("npm test's time limit per step (scripts/timedStep.mjs)", function () {
  this.timeout(20_000);

  it('stops a process kept alive by a timer once its limit has passed, and says it timed out', () => {
    const r = runTimedStep({
      cmd: process.execPath,
      argv: ['-e', 'setInterval(() => undefined, 1000)'],
      cwd: process.cwd(),
      limitMs: 1_000,
    });
    assert.deepEqual(r, { status: 1, timedOut: true });
  });

  it("passes on a process's own exit status when it ends in time", () => {
    const ok = runTimedStep({ cmd: process.execPath, argv: ['-e', ''], cwd: process.cwd(), limitMs: 10_000 });
    assert.deepEqual(ok, { status: 0, timedOut: false });
    const failed = runTimedStep({
      cmd: process.execPath,
      argv: ['-e', 'process.exit(3)'],
      cwd: process.cwd(),
      limitMs: 10_000,
    });
    assert.deepEqual(failed, { status: 3, timedOut: false });
  });

  it('names a limit in minutes or seconds', () => {
    assert.equal(describeLimit(15 * 60_000), '15 min');
    assert.equal(describeLimit(45_000), '45 s');
  });
});
