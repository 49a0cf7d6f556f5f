// The committed l10n bundle must hold every string the client localises, so translators see them all:
// it is what `npm run l10n` (@vscode/l10n-dev) extracts from client/src and common/src (the sentences
// common/ words through @vscode/l10n, e.g. failed service calls) today.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/repoRoot';

describe('l10n bundle', () => {
  it('is up to date with the l10n.t strings in client/src and common/src (run npm run l10n)', function () {
    this.timeout(60_000);
    const root = repoRoot();
    const out = mkdtempSync(join(tmpdir(), 'l10n-'));
    const cli = join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
    execFileSync(
      process.execPath,
      [cli, 'export', '--outDir', out, join(root, 'client', 'src'), join(root, 'common', 'src')],
      { stdio: 'pipe' },
    );
    const extracted = JSON.parse(readFileSync(join(out, 'bundle.l10n.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const committed = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.ok(Object.keys(extracted).length > 100, 'the extraction found the client strings');
    assert.deepEqual(Object.keys(committed).sort(), Object.keys(extracted).sort());
  });
});
