// The graph webview's message channel, both directions through the schemas of common/src/graphSchemas
// and graphMessages: a malformed message from the extension reaches no handler, a malformed one from
// the panel is not posted, and well-formed ones pass as they are. The host stands in for VS Code's
// webview API, which exists only inside a webview.
import { strict as assert } from 'node:assert';
import type { FromWebview } from '../../common/src/graphMessages';
import { GraphChannel, type WebviewHost } from '../../webview/src/messages';
import { chain, emptyWireLayout } from '../helpers/graphFixtures';

function setup() {
  const posted: unknown[] = [];
  let kept: unknown;
  const host: WebviewHost = {
    postMessage: (m) => posted.push(m),
    getState: () => kept,
    setState: (s) => (kept = s),
  };
  const got: string[] = [];
  const channel = new GraphChannel(host, {
    graph: (g) => got.push(`graph ${g.nodes.length}`),
    flow: (f) => got.push(`flow ${f.field}`),
    error: (m) => got.push(`error ${m}`),
  });
  return { channel, posted, got, kept: () => kept };
}

describe('lineage graph webview channel', () => {
  it('hands each well-formed message from the extension to its handler', () => {
    const { channel, got } = setup();
    const g = chain(2, ['id']);
    const layout = emptyWireLayout();
    assert.ok(channel.receive({ type: 'graph', graph: g, layout, state: { params: { focus: g.focus } } }));
    assert.ok(
      channel.receive({
        type: 'flow',
        flow: { field: 'c0:in#id', upstream: [], downstream: [{ id: 'c1:in#id', hops: 1 }], edges: ['x0id'] },
      }),
    );
    assert.ok(channel.receive({ type: 'error', message: 'no service' }));
    assert.deepEqual(got, ['graph 2', 'flow c0:in#id', 'error no service']);
  });

  it('drops what the extension sends that its schema does not allow', () => {
    const { channel, got } = setup();
    const g = chain(1, ['id']);
    const layout = emptyWireLayout();
    const bad: unknown[] = [
      undefined,
      'graph',
      { type: 'graph', graph: g },
      { type: 'graph', graph: g, state: { params: { focus: g.focus } } },
      {
        type: 'graph',
        graph: g,
        layout: { ...layout, made: 'guessed' },
        state: { params: { focus: g.focus } },
      },
      { type: 'graph', graph: { ...g, nodes: 'many' }, layout, state: { params: { focus: g.focus } } },
      { type: 'graph', graph: g, layout, state: { params: { focus: { kind: 'galaxy' } } } },
      { type: 'graph', graph: g, layout, state: { params: { focus: g.focus, filters: { depthUp: 99 } } } },
      { type: 'graph', graph: g, layout, state: { params: { focus: g.focus }, selectedField: '' } },
      { type: 'flow', flow: { field: 'x', upstream: [{ id: 'y' }], downstream: [], edges: [] } },
      { type: 'error' },
      { type: 'script', code: 'alert(1)' },
    ];
    for (const m of bad) assert.equal(channel.receive(m), false, JSON.stringify(m));
    assert.deepEqual(got, []);
  });

  it('posts what the panel sends only as its schema allows', () => {
    const { channel, posted } = setup();
    assert.ok(channel.post({ type: 'selectField', field: 'c0:in#id' }));
    assert.ok(channel.post({ type: 'filters', filters: { depthUp: 1, depthDown: 3, kinds: ['DataFlow'] } }));
    const bad = [
      { type: 'selectField', field: '' },
      { type: 'filters', filters: { depthUp: 7 } },
      { type: 'filters', filters: { kinds: ['Teleport'] } },
      { type: 'open', action: 'delete', componentId: 'c0' },
      { type: 'exportSvg', svg: '<script>alert(1)</script>' },
    ] as unknown as FromWebview[];
    for (const m of bad) assert.equal(channel.post(m), false, JSON.stringify(m));
    assert.deepEqual(posted, [
      { type: 'selectField', field: 'c0:in#id' },
      { type: 'filters', filters: { depthUp: 1, depthDown: 3, kinds: ['DataFlow'] } },
    ]);
  });

  it('keeps the panel state with the host', () => {
    const { channel, kept } = setup();
    channel.save({ view: { x: 1, y: 2, scale: 3 } });
    assert.deepEqual(kept(), { view: { x: 1, y: 2, scale: 3 } });
    assert.deepEqual(channel.saved(), { view: { x: 1, y: 2, scale: 3 } });
  });
});
