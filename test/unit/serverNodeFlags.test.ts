// The Node options the language server is started with (common/src/serverNodeFlags.ts): what they do
// to a real Node process's young generation, and the log line that says whether the server has them.
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

describe('the language server’s Node options', () => {
  it('keep the young generation small where V8 would let it grow', function () {
    this.timeout(30_000);
    const tuned = newSpaceMb(SERVER_NODE_FLAGS);
    const plain = newSpaceMb([]);
    assert.ok(tuned <= 8, `young generation with the options: ${tuned} MB`);
    assert.ok(plain > tuned, `without them: ${plain} MB`);
  });

  it('are named in the server’s log, or said to be missing', () => {
    assert.equal(describeNodeFlags(['--max-semi-space-size=4']), 'Node options: --max-semi-space-size=4');
    assert.equal(
      describeNodeFlags(['--inspect=127.0.0.1:6019', ...SERVER_NODE_FLAGS, '--nolazy']),
      `Node options: ${SERVER_NODE_FLAGS.join(' ')}`,
    );
    assert.match(describeNodeFlags([]), /^Node options: started without --max-semi-space-size=4 \(/);
    assert.match(describeNodeFlags(['--max-semi-space-size=8']), /started without --max-semi-space-size=4/);
  });
});
