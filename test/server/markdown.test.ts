// The one escaping helper every service string goes through in hovers, tried with hostile text.
import { strict as assert } from 'node:assert';
import { commandLink, externalLink, md, safeHttpUrl } from '../../server/src/util/markdown';

/** Characters that could start markup if they appeared unescaped. */
function unescapedMarkup(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      i++; // an escape covers the next character
      continue;
    }
    if (/[`*_[\]()<>!#|~&:]/.test(c)) out.push(c);
  }
  return out;
}

describe('markdown escaping of service text', () => {
  const hostile = [
    '`code` and ``double``',
    '[click](javascript:alert(1))',
    '![img](http://evil.example/x.png)',
    '<script>alert(1)</script><img src=x onerror=alert(1)>',
    '**bold** _em_ ~~strike~~ # heading',
    '[x](command:lineageLens.editPath?%5B%5D)',
    'line one\n# heading\n> quote\r\n- item',
    'https://evil.example/autolink www.evil.example',
    '&lt;script&gt; &#x3C;b&#x3E;',
    'back\\slash \\` escaped',
    'zero\u200bwidth \u202eoverride\u0007bell',
  ];

  for (const text of hostile) {
    it(`leaves nothing to interpret in ${JSON.stringify(text).slice(0, 40)}`, () => {
      const out = md(text);
      assert.deepEqual(unescapedMarkup(out), []);
      assert.ok(!/[\n\r\u0000-\u001f\u200b\u202e]/.test(out), 'no line breaks or control characters');
      // Escapes only add backslashes: removing them gives back the visible text.
      assert.equal(
        out.replace(/\\(.)/g, '$1'),
        text.replace(/\r\n|\r|\n/g, ' ').replace(/[\u0000-\u001f\u200b\u202e]/g, ''),
      );
    });
  }

  it('cuts very long text', () => {
    assert.ok(md('a'.repeat(10_000)).length < 600);
  });

  it('builds command links from our own arguments, encoded', () => {
    const link = commandLink('Edit path', 'lineageLens.editPath', [{ componentId: 'a)b', pathId: '](x' }]);
    const m = /^\[Edit path\]\(command:lineageLens\.editPath\?([^)]*)\)$/.exec(link);
    assert.ok(m, link);
    assert.deepEqual(JSON.parse(decodeURIComponent(m[1]!)), [{ componentId: 'a)b', pathId: '](x' }]);
  });

  it('links only http and https URLs, with nothing that ends the destination early', () => {
    assert.equal(safeHttpUrl('javascript:alert(1)'), undefined);
    assert.equal(safeHttpUrl('JAVASCRIPT:alert(1)'), undefined);
    assert.equal(safeHttpUrl('data:text/html,<b>x</b>'), undefined);
    assert.equal(safeHttpUrl('command:lineageLens.signIn'), undefined);
    assert.equal(safeHttpUrl('file:///etc/passwd'), undefined);
    assert.equal(safeHttpUrl('https://user:pw@host.example/'), undefined);
    assert.equal(safeHttpUrl('https://git.example/a (b).ts#L3'), 'https://git.example/a%20%28b%29.ts#L3');
    assert.equal(externalLink('Open', 'https://x.example/a)b'), '[Open](https://x.example/a%29b)');
    assert.equal(externalLink('Open', 'vbscript:x'), undefined);
  });
});
