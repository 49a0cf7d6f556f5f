// The graph panel's page carries the renderer inline under the load's nonce (no script fetched through
// the webview's service worker): the bundle's own text runs as it is, even where it holds `</script`,
// and the CSP still allows scripts only with the nonce.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { Window } from 'happy-dom';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { graphHtml, inlineScript } from '../../client/src/graph/graphHtml';

const page = (source: string) => graphHtml({ cspSource: 'https://webview.test' } as never, { source });

type Node5 = DefaultTreeAdapterMap['node'];

/**
 * The page as the HTML standard's tokenizer reads it (parse5; happy-dom ends a script at the first
 * `</script` whatever comes before): the body's elements and each script's text.
 */
function standardParse(html: string): { body: string[]; scripts: string[] } {
  const out = { body: [] as string[], scripts: [] as string[] };
  const walk = (n: Node5, inBody: boolean) => {
    if ('tagName' in n) {
      if (inBody) out.body.push(n.tagName);
      if (n.tagName === 'script')
        out.scripts.push(n.childNodes.map((c) => ('value' in c ? String(c.value) : '')).join(''));
    }
    if ('childNodes' in n)
      for (const c of n.childNodes) walk(c, inBody || ('tagName' in n && n.tagName === 'body'));
  };
  walk(parse(html) as unknown as Node5, false);
  return out;
}

function parsed(html: string): Document {
  const doc = new Window().document as unknown as Document;
  doc.documentElement.innerHTML = html.replace(/^<!DOCTYPE html>\s*<html[^>]*>|<\/html>\s*$/g, '');
  return doc;
}

describe('lineage graph page', () => {
  it('carries the script inline under the nonce the CSP allows, and no script from elsewhere', () => {
    const html = page('globalThis.drawn = 1;');
    const nonce = /script-src 'nonce-([^']+)'/.exec(html)?.[1];
    assert.ok(nonce, 'the CSP allows scripts by nonce only');
    assert.doesNotMatch(html, /script-src[^;"]*(unsafe-inline|unsafe-eval|https?:)/);
    const scripts = [...parsed(html).querySelectorAll('script')];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]!.getAttribute('nonce'), nonce);
    assert.equal(scripts[0]!.getAttribute('src'), null);
    assert.equal(scripts[0]!.textContent, 'globalThis.drawn = 1;');
  });

  it('keeps a `</script` in the script from ending the element: the same program runs', () => {
    const source = 'globalThis.said = "</script><b id=injected>x</b>" + `</SCRIPT>`; // </script>';
    const doc = parsed(page(source));
    assert.equal(doc.getElementById('injected'), null, 'nothing after `</script` became markup');
    const text = doc.querySelector('script')!.textContent ?? '';
    const scope: { said?: string } = {};
    (new Function('globalThis', text) as (g: object) => void)(scope);
    assert.equal(scope.said, '</script><b id=injected>x</b></SCRIPT>');
  });

  // Each place a bundle may hold `<!--`, `<script` or `</script`, with what the program computes.
  const tricky = [
    'globalThis.a = "<!--<script>";',
    'globalThis.b = `<!-- <SCRIPT src=x>` + "</script>";',
    "globalThis.c = /<!--<script>(.*)<\\/script>/.exec('<!--<script>in</script>')[1];",
    "globalThis.d = /<!--|<script|<\\/script/u.test('x<script');",
    "globalThis.e = /[<!-]+script/i.test('<!-SCRIPT');",
    'var scripts = [1, 2]; globalThis.f = 1<scripts.length;',
    '// <!-- <script> a comment\nglobalThis.g = "\\\\<script";',
    'globalThis.h = "<\\!--";',
    '/* <!-- <script> */ globalThis.i = 1;',
  ].join('\n');
  const expected = {
    a: '<!--<script>',
    b: '<!-- <SCRIPT src=x></script>',
    c: 'in',
    d: true,
    e: true,
    f: true,
    g: '\\<script',
    h: '<!--',
    i: 1,
  };

  it('escapes `<!--`, `<script` and `</script` so the standard parser reads the whole script and nothing after it', () => {
    const escaped = inlineScript(tricky);
    assert.doesNotMatch(escaped, /<!--|<\/?script/i, 'none left for the parser to see');
    // After `<!--`, `<script` would make the parser skip the next `</script` and run on into the page.
    const html = page(tricky);
    const { body, scripts } = standardParse(html);
    assert.deepEqual(scripts, [escaped], 'the script element holds exactly the escaped program');
    assert.equal(
      body.at(-1),
      'script',
      'the script is still the last element, nothing it holds became markup',
    );
    assert.equal(body.filter((t) => t === 'script').length, 1);
    // Unescaped, the same source does leave the element early (the test can fail).
    const raw = html.replace(escaped, tricky);
    assert.notDeepEqual(standardParse(raw).scripts, [tricky]);
  });

  it('keeps the program: every escaped string, template, regular expression and identifier means the same', () => {
    const run = (text: string) => {
      const scope: Record<string, unknown> = {};
      vm.runInNewContext(text, { globalThis: scope });
      return scope;
    };
    assert.deepEqual(run(tricky), expected, 'the fixture computes what it should');
    assert.deepEqual(run(inlineScript(tricky)), expected);
  });

  it('leaves the real renderer bundle a script that compiles, read whole by the standard parser', function () {
    const bundle = path.join(__dirname, '..', '..', 'webview', 'graph.js');
    if (!fs.existsSync(bundle)) this.skip(); // built by `node scripts/build.mjs`, not by the unit suite's build
    const escaped = inlineScript(fs.readFileSync(bundle, 'utf8'));
    assert.doesNotThrow(() => new vm.Script(escaped));
    assert.deepEqual(standardParse(page(fs.readFileSync(bundle, 'utf8'))).scripts, [escaped]);
  });
});
