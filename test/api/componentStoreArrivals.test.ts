// The component store's load against the REAL local service (small fixture): each detail is handed to
// the `arrived` hook as it comes, before the load ends, which is what lets the server start loading a
// language's grammar while the other components are still on their way; and the configured components
// are asked for while the edge list is still on its way (through a scripted server in front of the
// local service that answers the edge list only once a configured component was asked for).
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { DEFAULT_SETTINGS } from '../../common/src/settings';
import type { ComponentDetail } from '../../common/src/api';
import { ComponentStore, DEFAULT_LIMITS } from '../../server/src/session/componentStore';
import { OnceLogger } from '../../server/src/util/log';
import { localServiceWithApi } from '../helpers/localServiceApi';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { startScriptedServer, type ScriptedServer } from './scriptedServer';

const SMALL = join(resolve(__dirname, '..', '..', '..'), 'test', 'service', 'fixtures', 'small.json');

describe('component store: details handed on as they arrive', function () {
  const local = localServiceWithApi(SMALL);

  it('tells the hook of every loaded component, each before the load resolves', async () => {
    const arrived: ComponentDetail[] = [];
    let loadEnded = false;
    const store = new ComponentStore(
      new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined }),
      {
        ...DEFAULT_LIMITS,
        arrived: (c) => {
          assert.equal(loadEnded, false, 'told during the load');
          arrived.push(c);
        },
      },
    );
    const result = await store.load(local.api, { ...DEFAULT_SETTINGS, components: [] });
    loadEnded = true;
    assert.equal(result.kind, 'loaded');
    const loaded = store.all();
    assert.ok(loaded.length > 1, `the fixture's edges name several components (${loaded.length})`);
    assert.deepEqual(arrived.map((c) => c.id).sort(), loaded.map((c) => c.id).sort());
    assert.ok(
      arrived.some((c) => c.type === 'CODE' && c.paths?.some((p) => p.code_anchors?.length)),
      'among them a CODE component with anchors',
    );
  });

  it('a second load of unchanged data changes nothing (its edges compared, not re-counted)', async () => {
    const store = new ComponentStore(
      new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined }),
    );
    const settings = { ...DEFAULT_SETTINGS, components: [] };
    const first = await store.load(local.api, settings);
    assert.equal(first.kind, 'loaded');
    assert.ok(store.edges().length > 0, 'the fixture has edges');
    const version = store.version;
    const again = await store.load(local.api, settings);
    assert.deepEqual(again.kind === 'loaded' && again.changedIds, []);
    assert.equal(store.version, version, 'nothing changed, so models built on the data stay');
  });

  it('asks for the configured components beside the edge list, not after it', async () => {
    const { edges } = await local.api.getEdges();
    const configured = [edges[0]!.destinationComponentId];
    // The edge list is not answered until a configured component has been asked for: a load that
    // waited for the edge list before asking would never get it (and fail as unreachable).
    let heldEdges: (() => void) | undefined;
    let configuredAsked = false;
    const pass = async (url: string): Promise<{ status: number; body: Buffer }> => {
      const r = await fetch(`${local.svc.url}${url}`, { headers: { 'X-API-KEY': local.svc.apiKey } });
      return { status: r.status, body: Buffer.from(await r.arrayBuffer()) };
    };
    const front: ScriptedServer = await startScriptedServer((req, res) => {
      const url = req.url ?? '';
      const answer = () =>
        void pass(url).then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
          res.end(body);
        });
      if (url.startsWith('/v0/experimental/edges') && !configuredAsked) {
        heldEdges = answer;
        return;
      }
      if (configured.some((id) => url.startsWith(`/v0/experimental/components/${id}`))) {
        configuredAsked = true;
        heldEdges?.();
        heldEdges = undefined;
      }
      answer();
    });
    const api = new HttpLineageApi({ baseUrl: front.url, apiKey: local.svc.apiKey });
    try {
      const store = new ComponentStore(
        new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined }),
      );
      const result = await store.load(api, { ...DEFAULT_SETTINGS, components: configured });
      assert.equal(result.kind, 'loaded');
      // Configured first, then the discovered ones, each once.
      const ids = store.wantedIds();
      assert.equal(ids[0], configured[0]);
      assert.equal(new Set(ids).size, ids.length);
      assert.ok(ids.length > 1, 'the edges named more components');
      const asked = front.received
        .map((r) => /^\/v0\/experimental\/components\/([^/?]+)(\?|$)/.exec(r.url)?.[1])
        .filter((id): id is string => id !== undefined);
      assert.deepEqual([...asked].sort(), [...ids].sort(), 'every component asked for once');
      assert.deepEqual(
        store.all().map((c) => c.id),
        ids,
        'all loaded, in the order asked',
      );
    } finally {
      await api.close();
      await front.close();
    }
  });
});
