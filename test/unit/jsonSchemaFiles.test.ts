// The committed JSON Schema files (common/schemas, what the CLI's users and other tools read) must be
// what `npm run schemas` writes from the TypeBox definitions today: a type changed without them
// regenerated would describe a shape the product no longer sends.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/repoRoot';

describe('JSON Schema files', () => {
  it('are up to date with the TypeBox definitions (run npm run schemas)', function () {
    this.timeout(60_000);
    const root = repoRoot();
    const out = mkdtempSync(join(tmpdir(), 'lineage-schemas-'));
    try {
      execFileSync(process.execPath, [join(root, 'scripts', 'export-json-schemas.mjs'), '--out', out], {
        stdio: 'pipe',
      });
      const committedDir = join(root, 'common', 'schemas');
      const written = readdirSync(out).sort();
      assert.ok(written.length > 50, 'the export wrote the schemas');
      assert.deepEqual(
        readdirSync(committedDir)
          .filter((f) => f.endsWith('.schema.json'))
          .sort(),
        written,
      );
      const stale = written.filter(
        (f) => readFileSync(join(out, f), 'utf8') !== readFileSync(join(committedDir, f), 'utf8'),
      );
      assert.deepEqual(stale, [], 'these files differ from what the definitions give');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
