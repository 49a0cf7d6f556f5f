// The one owner of the `lineageLens` settings (common/src/settings.ts): list settings and "does the
// workspace ask for lineage" are cleaned the same way for the client, the server and the CLI.
import { strict as assert } from 'node:assert';
import { namesComponents, normalizeSettings, stringList } from '../../common/src/settings';

describe('settings section (one owner)', () => {
  it('cleans list settings: strings only, trimmed, no blanks or repeats', () => {
    assert.deepEqual(stringList([' a ', 'b', 'a', '', '  ', 3, null, 'b']), ['a', 'b']);
    assert.deepEqual(stringList('a,b'), []);
    assert.deepEqual(stringList(undefined), []);
  });

  it('asks for lineage when components or a namespace are configured, after cleaning', () => {
    assert.equal(namesComponents(normalizeSettings({})), false);
    assert.equal(namesComponents(normalizeSettings({ namespace: '   ' })), false);
    assert.equal(namesComponents(normalizeSettings({ components: ['../x', ' '] })), false);
    assert.equal(namesComponents(normalizeSettings({ namespace: ' sales ' })), true);
    assert.equal(namesComponents(normalizeSettings({ components: ['c1'] })), true);
  });
});
