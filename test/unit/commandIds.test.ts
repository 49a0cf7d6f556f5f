// The command ids the code uses are generated from package.json (scripts/generate-commands.mjs): the
// checked-in module must be what the generator makes of today's manifest.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands } from '../../common/src/commands.generated';

const root = join(__dirname, '../../..');

describe('command ids typed from package.json', () => {
  it('common/src/commands.generated.ts is up to date (run npm run commands)', async () => {
    const { commandsModule } = (await import(join(root, 'scripts/generate-commands.mjs'))) as {
      commandsModule(manifest: unknown): string;
    };
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: { commands: Array<{ command: string }> };
    };
    assert.equal(
      readFileSync(join(root, 'common/src/commands.generated.ts'), 'utf8'),
      commandsModule(manifest),
    );
    assert.deepEqual(
      Object.values(Commands),
      manifest.contributes.commands.map((c) => c.command),
    );
  });
});
