// What package.json contributes and the user reads as-is: welcome texts (plain text and links, no
// Markdown code spans) and the defaults that protect path documents.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.nls.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package.nls.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

const root = repoRoot();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    viewsWelcome: { view: string; contents: string }[];
    configurationDefaults?: Record<string, Record<string, unknown>>;
  };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** "%key%" → its English text. */
const localized = (s: string) => s.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? `(missing ${key})`);

describe('package.json contributions', () => {
  it('writes welcome texts without Markdown code spans (viewsWelcome shows backticks literally)', () => {
    const welcomes = manifest.contributes.viewsWelcome;
    assert.ok(welcomes.length >= 4);
    for (const w of welcomes) {
      const text = localized(w.contents);
      assert.doesNotMatch(text, /\(missing /, `${w.view}: ${w.contents} is in package.nls.json`);
      assert.ok(!text.includes('`'), `${w.view} welcome has a backtick: ${text}`);
    }
  });

  it('turns auto save off for path documents (a half-edited path must not reach the service)', () => {
    assert.deepEqual(
      manifest.contributes.configurationDefaults?.['[lineage-path]']?.['files.autoSave'],
      'off',
    );
  });
});
