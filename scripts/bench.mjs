// `npm run bench`: runs every benchmark bundle (dist/test/bench/*.bench.js) one after another and
// prints its figures. Benchmarks only report; they never fail on time. Pass names to run a subset:
//   npm run bench -- service anchors
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, dirname } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const dir = join(root, 'dist/test/bench');
const only = process.argv.slice(2);
if (!existsSync(dir)) throw new Error('no benchmarks built: run node scripts/build.mjs first');
let failed = false;
// Figures depend on the machine and on what else runs on it: say both.
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${new Date().toISOString()} · ${cpus().length} cores · Node ${process.version} · load average ${load()}`,
);
// How fast the machine is, as one figure beside the load average (scripts/calibrate.mjs).
spawnSync(process.execPath, [join(root, 'scripts/calibrate.mjs')], { cwd: root, stdio: 'inherit' });
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.js'))
  .sort()) {
  const name = file.replace(/\.bench\.js$/, '');
  if (only.length && !only.includes(name)) continue;
  console.log(`\n### ${name}`);
  const r = spawnSync(process.execPath, ['--expose-gc', join(dir, file)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed = true;
  console.log(`(load average after ${name}: ${load()})`);
}
process.exit(failed ? 1 : 0);
