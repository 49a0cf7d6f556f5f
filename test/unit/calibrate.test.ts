// The machine's calibration figure the benchmarks print beside the load average (scripts/calibrate.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../helpers/repoRoot';

describe('scripts/calibrate.mjs', () => {
  it('prints one figure: the median round of its fixed workload, in whole milliseconds', () => {
    const out = execFileSync(process.execPath, [join(repoRoot(), 'scripts/calibrate.mjs'), '--json'], {
      encoding: 'utf8',
    });
    const { calibrationMs } = JSON.parse(out) as { calibrationMs: number };
    assert.ok(Number.isInteger(calibrationMs) && calibrationMs > 0, out);
  });

  it('says what the figure is when printed for a reader', () => {
    const out = execFileSync(process.execPath, [join(repoRoot(), 'scripts/calibrate.mjs')], {
      encoding: 'utf8',
    });
    assert.match(out, /^calibration: \d+ ms \(scripts\/calibrate\.mjs; lower is faster\)\n$/);
  });
});
