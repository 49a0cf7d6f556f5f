// Builds the production bundles and packages the extension as a .vsix with vsce: the one definition
// of "what ships", used by `npm run package` and by the tests that install the .vsix.
// Usage: node scripts/package.mjs [--out FILE]   (default lineage-lens.vsix)
import { spawnSync } from 'node:child_process';
import { join, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({ options: { out: { type: 'string', default: 'lineage-lens.vsix' } } });

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, ['scripts/build.mjs', '--production']);
// Everything is bundled, so no node_modules ship; README links stay relative (no repository URL).
run(process.execPath, [
  join(root, 'node_modules/@vscode/vsce/vsce'),
  'package',
  '--no-dependencies',
  '--allow-missing-repository',
  '--skip-license',
  '--no-rewrite-relative-links',
  '-o',
  resolve(args.out),
]);
