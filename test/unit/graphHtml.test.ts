// The graph panel's page carries the renderer inline under the load's nonce (no script fetched through
// the webview's service worker): the bundle's own text runs as it is, even where it holds `</script`,
// and the CSP still allows scripts only with the nonce.
import { strict as assert } from 'node:assert';
import { Window } from 'happy-dom';
import { graphHtml } from '../../client/src/graph/graphHtml';

const page = (source: string) => graphHtml({ cspSource: 'https://webview.test' } as never, { source });

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
});
