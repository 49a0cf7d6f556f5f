// DARNs in running text (common/src/darns.ts) and the TextMate grammar that highlights them find the
// same things: every form teams write, and no ordinary URL.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { darnAt, findDarns } from '../../common/src/darns';
import { DARN_PATTERN } from '../../common/src/api';
import { DARN_FORMS } from '../helpers/darnForms';

const repoRoot = join(__dirname, '..', '..', '..');
const FORMS = [...DARN_FORMS, 'kafka://events:order-created'];
const NOT = ['https://example.com:8080/x', 'http://localhost:3000/a', 'file://host:c/x', 'ssh://git@host:22'];

describe('DARNs in text', () => {
  const grammar = JSON.parse(
    readFileSync(join(repoRoot, 'syntaxes/darn.injection.tmLanguage.json'), 'utf8'),
  ) as { repository: { darn: { match: string } } };
  const grammarRe = new RegExp(grammar.repository.darn.match, 'g');
  const byGrammar = (t: string) => [...t.matchAll(grammarRe)].map((m) => m[0]);

  it('finds every form, in the contexts they are written in, as the grammar does', () => {
    for (const d of FORMS) {
      assert.match(d, new RegExp(DARN_PATTERN), d);
      for (const text of [`dataAssetResourceName: ${d}`, `x = "${d}";`, `see ${d}.`, `['${d}', 1]`]) {
        assert.deepEqual(
          findDarns(text).map((f) => f.darn),
          [d],
          text,
        );
        assert.deepEqual(byGrammar(text), [d], `grammar: ${text}`);
      }
    }
  });

  it('leaves ordinary URLs alone', () => {
    for (const u of NOT) {
      assert.deepEqual(findDarns(`url: ${u}`), [], u);
      assert.deepEqual(byGrammar(`url: "${u}"`), [], `grammar: ${u}`);
    }
  });

  it('answers the DARN under an offset with its extent', () => {
    const text = 'a: 1\ndataAssetResourceName: s3://b:events/*.json\n';
    const at = text.indexOf('events');
    assert.deepEqual(darnAt(text, at), { darn: 's3://b:events/*.json', start: 28, end: 48 });
    assert.equal(darnAt(text, 2), undefined);
  });
});
