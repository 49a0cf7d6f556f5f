// The language-server benchmark now lives in test/bench/lsp.bench.ts and runs with the others
// (`npm run bench`). This entry point is kept for `npm run bench:lsp`: it builds what the benchmark
// needs and runs only it.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const built = run([join(root, 'scripts/build.mjs'), '--only', 'server,service,tests']);
process.exit(built !== 0 ? built : run([join(root, 'scripts/bench.mjs'), 'lsp']));
