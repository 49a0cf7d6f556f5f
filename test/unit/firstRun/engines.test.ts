// `npm ci` on the Node the README promises warns about nothing: every installed package (the lock
// file's record) accepts the oldest Node that package.json's engines field admits. The lock names
// the versions npm ci installs, so an engines floor above ours (cookie@2 needs Node 22) fails here
// before a user sees EBADENGINE.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { repoRoot } from '../../helpers/repoRoot';

const root = repoRoot();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('Node engines of the installed packages', () => {
  const floor = semver.minVersion(manifest.engines.node);

  it('package.json declares a Node floor of 20 (what the README promises)', () => {
    assert.ok(floor, manifest.engines.node);
    assert.equal(floor.major, 20);
  });

  it('every package in package-lock.json accepts that floor (no EBADENGINE on npm ci)', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const [where, pkg] of Object.entries(lock.packages)) {
      if (!where || Array.isArray(pkg.engines) || !pkg.engines?.node) continue;
      checked++;
      if (!semver.satisfies(floor!, pkg.engines.node, { includePrerelease: true }))
        refused.push(`${where}@${pkg.version}: node ${pkg.engines.node}`);
    }
    assert.ok(checked > 50, `only ${checked} packages declare engines; is the lock file read?`);
    assert.deepEqual(refused, [], `these need a newer Node than ${manifest.engines.node}`);
  });
});
