// The V8 flags the server sets for itself at start (util/compilerFlags.ts) must take effect when set
// at runtime on the Node that runs it: a child process compiles one function with TurboFan at once
// (natives syntax) and traces its inlining decisions, with and without the flags set the server's way.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { COMPILER_FLAGS } from '../../server/src/util/compilerFlags';

/** What TurboFan traced while optimizing a function that calls a small one. */
function traceInlining(flags: readonly string[]): string {
  const script = `
    for (const flag of ${JSON.stringify(flags)}) require('node:v8').setFlagsFromString(flag);
    function add(a, b) { return a + b; }
    function sum(n) { let s = 0; for (let i = 0; i < n; i++) s = add(s, i); return s; }
    %PrepareFunctionForOptimization(sum); sum(10); sum(10);
    %OptimizeFunctionOnNextCall(sum); sum(10);
    // bit 4 of the status: optimized code
    console.log('optimized', (%GetOptimizationStatus(sum) & 16) !== 0);`;
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--trace-turbo-inlining', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe('V8 flags set by the server at start', () => {
  it('are what the server sets: TurboFan without inlining', () => {
    assert.deepEqual([...COMPILER_FLAGS], ['--no-turbo-inlining']);
  });

  it('take effect when set at runtime: the optimized function no longer inlines its callee', () => {
    const plain = traceInlining([]);
    assert.match(plain, /optimized true/);
    assert.match(plain, /Inlining .*add.* into .*sum/);
    const tuned = traceInlining(COMPILER_FLAGS);
    assert.match(tuned, /optimized true/);
    assert.doesNotMatch(tuned, /Inlining/);
  });
});
