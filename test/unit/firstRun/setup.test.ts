// `npm test` installs the real VS Code it needs (scripts/vscode/setup.sh) and, when it cannot, says
// which Debian packages are missing and how to install them, and reports the setup failure as such
// (exit 2, "SETUP FAILED"), not as failed tests. The Debian packages of this machine cannot be
// uninstalled for a test, so a directory early on the PATH stands in for dpkg ("nothing installed"),
// id ("not root") and sudo ("needs a password"); everything else is the real script.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../helpers/repoRoot';

const root = repoRoot();

describe('fresh-machine setup (scripts/vscode/setup.sh through npm test)', function () {
  this.timeout(60_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-setup-test-'));
    const stub = (name: string, body: string) => {
      writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(dir, name), 0o755);
    };
    stub('dpkg', 'exit 1');
    stub('id', 'echo 1000');
    stub('sudo', 'exit 1');
    env = {
      ...process.env,
      PATH: `${dir}:${process.env.PATH}`,
      LINEAGE_CODE_SERVER_CACHE: join(dir, 'cache'),
    };
    delete env.LINEAGE_CODE_SERVER_DIR;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names the missing Debian packages and the command that installs them', () => {
    const r = spawnSync('bash', [join(root, 'scripts/vscode/setup.sh')], { env, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /Debian packages are missing and this user cannot install them/);
    assert.match(r.stderr, /sudo apt-get install -y --no-install-recommends chromium ripgrep libkrb5-dev/);
    assert.ok(!existsSync(join(dir, 'cache', '4.100.3')), 'nothing half-installed');
  });

  it('npm test reports a setup failure as one, with the suites it could not run, not as failed tests', () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'scripts/test.mjs'), '--no-build', '--only', 'vscode'],
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stdout, /=== setup: the real VS Code/);
    assert.match(r.stdout, /Not run: vscode, vscode-vsix\./);
    assert.match(r.stdout, /\n0 passed, 0 failed, 0 skipped; SETUP FAILED \(2 suites not run\)\n/);
    assert.match(r.stderr, /sudo apt-get install/);
  });
});
