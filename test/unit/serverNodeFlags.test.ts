// The Node options the language server is started with (common/src/serverNodeFlags.ts): what they do
// to a real Node process's young generation and to when its functions are optimized, and the log line
// that says whether the server has them.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { SERVER_NODE_FLAGS, describeNodeFlags } from '../../common/src/serverNodeFlags';

/** The young generation's size in MB once a process has kept a few hundred MB of small objects. */
function newSpaceMb(flags: readonly string[]): number {
  const script = `
    const keep = [];
    for (let i = 0; i < 2e6; i++) keep.push({ i, s: 'x' + (i % 997) });
    const s = require('v8').getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');
    process.stdout.write(String(s.space_size / 1048576));`;
  return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
}

/** How many calls of a small function V8 takes to ask for its optimized code (natives syntax). */
function callsBeforeTierUp(flags: readonly string[]): number {
  const script = `
    function f(a) { return a.x + a.y * 2; }
    const o = { x: 1, y: 2 };
    let n = 0;
    // optimized (16), marked for it (256, 512) or being optimized (1024)
    while (n < 5e7 && !(%GetOptimizationStatus(f) & (16 | 256 | 512 | 1024))) {
      for (let j = 0; j < 64; j++) f(o);
      n += 64;
    }
    process.stdout.write(String(n));`;
  return Number(
    execFileSync(process.execPath, [...flags, '--allow-natives-syntax', '-e', script], { encoding: 'utf8' }),
  );
}

describe('the language server’s Node options', () => {
  it('keep the young generation small where V8 would let it grow', function () {
    this.timeout(30_000);
    const tuned = newSpaceMb(SERVER_NODE_FLAGS);
    const plain = newSpaceMb([]);
    assert.ok(tuned <= 8, `young generation with the options: ${tuned} MB`);
    assert.ok(plain > tuned, `without them: ${plain} MB`);
  });

  it('leave a function to V8’s interpreter and baseline code four times as long before optimizing it', () => {
    const tuned = callsBeforeTierUp(SERVER_NODE_FLAGS);
    const plain = callsBeforeTierUp([]);
    assert.ok(plain > 0 && plain < 5e7, `without them: ${plain} calls`);
    assert.ok(tuned >= 3 * plain, `with them: ${tuned} calls, without: ${plain}`);
  });

  it('are named in the server’s log, or said to be missing', () => {
    assert.equal(describeNodeFlags(SERVER_NODE_FLAGS), `Node options: ${SERVER_NODE_FLAGS.join(' ')}`);
    assert.equal(
      describeNodeFlags(['--inspect=127.0.0.1:6019', ...SERVER_NODE_FLAGS, '--nolazy']),
      `Node options: ${SERVER_NODE_FLAGS.join(' ')}`,
    );
    assert.equal(
      describeNodeFlags([]),
      "Node options: started without --max-semi-space-size=4 --interrupt-budget=270336 (V8's default young generation: longer pauses while a large component loads, more memory; V8's default tier-up: more optimizing-compiler jobs beside requests)",
    );
    assert.equal(
      describeNodeFlags(['--max-semi-space-size=8', '--interrupt-budget=270336']),
      "Node options: started without --max-semi-space-size=4 (V8's default young generation: longer pauses while a large component loads, more memory)",
    );
  });
});
