// How the local service tells a live database owner from a process that got its id later: the
// process start time, read the Linux way (/proc), the macOS/BSD way (`ps -o lstart=`, which procps
// answers too, so it runs for real here) and the Windows way (PowerShell; where it is missing the
// time is unknown and the owner's live id decides, as documented).
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startTimeOf } from '../../service/src/db/ownership';

async function withExitedProcess<T>(f: (pid: number) => T): Promise<T> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return f(child.pid!);
}

describe('local service: process start times', () => {
  for (const platform of ['linux', 'darwin'] as const) {
    it(`${platform}: the same process reads the same, another process differently, a gone one not at all`, async () => {
      const mine = startTimeOf(process.pid, platform);
      assert.ok(mine?.startsWith(`${platform}:`), String(mine));
      assert.equal(startTimeOf(process.pid, platform), mine);
      // Process 1 started long before this test: a reused id would carry a different time.
      assert.notEqual(startTimeOf(1, platform), mine);
      assert.equal(await withExitedProcess((pid) => startTimeOf(pid, platform)), undefined);
    });
  }

  it('win32: unknown (undefined) where PowerShell cannot be run, never a wrong time', function () {
    if (process.platform === 'win32') this.skip();
    assert.equal(startTimeOf(process.pid, 'win32'), undefined);
  });
});
