// The lineage-graph webview's messages are checked on both sides: what the webview posts (another
// origin) and what the extension sends it, and the state a reloaded panel hands back.
import { strict as assert } from 'node:assert';
import { parseFromWebview, parseToWebview, parseViewState } from '../../common/src/graphMessages';
import { emptyWireLayout } from '../helpers/graphFixtures';

describe('lineage graph messages', () => {
  it('accepts each message the webview may post, as it was sent', () => {
    const good = [
      { type: 'ready', direction: 'RIGHT' },
      { type: 'direction', direction: 'DOWN' },
      { type: 'rendered', nodes: 3, edges: 2, layoutMs: 10, drawMs: 4 },
      { type: 'selectField', field: 'b:x:y:z#email' },
      { type: 'selectComponent', componentId: 'c1' },
      { type: 'selectComponent' },
      { type: 'clearSelection' },
      { type: 'impact', field: 's:store#email' },
      {
        type: 'filters',
        filters: { depthUp: 1, depthDown: 6, kinds: ['ControlFlow'], tag: 'pii', namespaces: ['shop'] },
      },
      { type: 'expand', componentId: 'c1', expanded: true },
      { type: 'focus', componentId: 'c1' },
      { type: 'open', action: 'source', componentId: 'c1', pathId: 'p1' },
      { type: 'open', action: 'reveal', componentId: 'c1' },
      { type: 'exportSvg', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' },
    ];
    for (const m of good) assert.deepEqual(parseFromWebview(m), m, JSON.stringify(m));
  });

  it('drops anything else the webview posts', () => {
    const bad: unknown[] = [
      null,
      'ready',
      [],
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
      { type: 'open', action: 'command', componentId: 'c1' },
      { type: 'open', action: 'source', componentId: 7 },
      { type: 'open', action: 'document', componentId: 'c1', pathId: { toString: 'x' } },
      { type: 'selectField', field: '' },
      { type: 'selectComponent', componentId: '' },
      { type: 'selectComponent', componentId: ['c1'] },
      { type: 'selectField', field: 'x'.repeat(5000) },
      { type: 'filters', filters: { depthUp: 99 } },
      { type: 'filters', filters: { kinds: ['Teleport'] } },
      { type: 'filters', filters: { namespaces: 'shop' } },
      { type: 'expand', componentId: 'c1' },
      { type: 'rendered', nodes: '3', edges: 2, layoutMs: 1, drawMs: 1 },
      { type: 'exportSvg', svg: '<script>alert(1)</script>' },
    ];
    for (const m of bad) assert.equal(parseFromWebview(m), undefined, JSON.stringify(m));
  });

  it('keeps only the members it knows of an open message', () => {
    const m = parseFromWebview({ type: 'open', action: 'reveal', componentId: 'c1', extra: 'x' });
    assert.deepEqual(m, { type: 'open', action: 'reveal', componentId: 'c1' });
  });

  it('the webview accepts graphs, flows and errors, and nothing else', () => {
    const focus = { kind: 'component', componentId: 'c1' };
    const node = {
      id: 'c1',
      type: 'CODE',
      label: 'orders',
      namespace: 'shop',
      expanded: true,
      counts: { paths: 1, boundaries: 1, fields: 1, taggedFields: 0 },
      boundaries: [
        {
          id: 'b:c1:p:s',
          label: 'createOrder',
          roles: ['ingress'],
          fields: [{ id: 'b:c1:p:s#email', name: 'email', tags: [{ name: 'pii' }], dependsOn: [] }],
          moreFields: 0,
        },
      ],
      paths: [],
      moreBoundaries: 0,
      hiddenNeighbours: 0,
    };
    const result = {
      focus,
      centre: ['c1'],
      nodes: [node],
      edges: [{ id: 'e1', source: 'c1', target: 'c2', kind: 'mapping', mapping: 'DataFlow' }],
      namespaces: ['shop'],
      tags: ['pii'],
      collapsed: false,
    };
    const layout = emptyWireLayout();
    const graph = { type: 'graph', graph: result, layout, state: { params: { focus } } };
    assert.equal(parseToWebview({ ...graph, layout: undefined }), undefined, 'a graph comes with its layout');
    assert.ok(parseToWebview(graph));
    for (const [what, bad] of [
      ['a node without its counts', { ...result, nodes: [{ ...node, counts: undefined }] }],
      [
        'an edge of an unknown kind',
        { ...result, edges: [{ id: 'e', source: 'a', target: 'b', kind: 'x' }] },
      ],
      [
        'a field whose tags are not a list',
        {
          ...result,
          nodes: [
            {
              ...node,
              boundaries: [
                { ...node.boundaries[0], fields: [{ id: 'f', name: 'f', tags: 'pii', dependsOn: [] }] },
              ],
            },
          ],
        },
      ],
      ['a focus of no kind', { ...result, focus: { kind: 'everything' } }],
    ] as const)
      assert.equal(parseToWebview({ ...graph, graph: bad }), undefined, what);
    assert.equal(parseToWebview({ ...graph, state: { params: {} } }), undefined, 'a state without a focus');
    assert.ok(
      parseToWebview({ type: 'flow', flow: { field: 'f', upstream: [], downstream: [], edges: [] } }),
    );
    assert.deepEqual(parseToWebview({ type: 'error', message: 'm', html: '<b>' }), {
      type: 'error',
      message: 'm',
    });
    assert.equal(parseToWebview({ type: 'graph', graph: { nodes: 'x' }, state: {} }), undefined);
    assert.equal(parseToWebview({ type: 'eval', code: '1' }), undefined);
  });

  it('restores a saved panel only from a well-formed state', () => {
    const state = {
      params: { focus: { kind: 'field', field: { boundaryId: 'b:x', field: 'email' } } },
      selectedField: 'b:x#email',
      selectedComponent: 'c1',
    };
    assert.deepEqual(parseViewState(state), state);
    assert.deepEqual(
      parseViewState({ ...state, selectedComponent: { id: 'c1' } }),
      { params: state.params, selectedField: state.selectedField },
      'a malformed selection is dropped, the rest restored',
    );
    assert.ok(parseViewState({ params: { focus: { kind: 'namespace', namespace: 'shop' } } }));
    assert.equal(parseViewState({ params: { focus: { kind: 'component' } } }), undefined);
    assert.equal(parseViewState({ params: { focus: { kind: 'path', componentId: 'c' } } }), undefined);
    assert.equal(
      parseViewState({
        params: { focus: { kind: 'component', componentId: 'c' }, filters: { depthUp: -1 } },
      }),
      undefined,
    );
    assert.equal(parseViewState(undefined), undefined);
  });
});
