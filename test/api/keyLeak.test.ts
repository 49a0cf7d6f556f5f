// The API key must never appear in an error: provoke every error kind with a distinctive key
// (and a server that echoes it back wherever it can) and look for it everywhere an error shows up.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import type { ApiErrorKind } from '../../server/src/api/errors';
import { ApiError } from '../../server/src/api/errors';
import { describeError } from '../../server/src/api/describeError';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import type { ApiClientConfig } from '../../server/src/api/apiClient';
import { closedPort, json, startScriptedServer, type ScriptedServer } from './scriptedServer';

const KEY = 'LEAK-CANARY-9f2c41d7e0b3';

function assertNoKey(err: unknown, label: string): void {
  assert.ok(err instanceof ApiError, `${label}: expected an ApiError, got ${String(err)}`);
  const views = {
    message: err.message,
    stack: err.stack ?? '',
    json: JSON.stringify(err),
    string: String(err),
    inspect: inspect(err, { depth: 5, showHidden: true }),
    described: describeError(err),
  };
  for (const [view, text] of Object.entries(views)) {
    assert.ok(!text.includes(KEY), `${label}: the key appears in the error's ${view}: ${text}`);
  }
}

describe('API key never appears in errors', () => {
  let server: ScriptedServer;
  const clients: HttpLineageApi[] = [];
  const client = (extra: Partial<ApiClientConfig> = {}, url = server.url) => {
    const c = new HttpLineageApi({ baseUrl: url, apiKey: KEY, timeoutMs: 2_000, retries: 0, ...extra });
    clients.push(c);
    return c;
  };

  before(async () => {
    // Every route echoes the key it received in the most tempting places.
    server = await startScriptedServer((req, res) => {
      const key = String(req.headers['x-api-key']);
      const route = req.url ?? '';
      if (route.endsWith('/versions')) return; // silent: the client times out
      if (route.startsWith('/v0/api-keys'))
        return json(res, 401, { message: `bad key ${key}`, title: key, id: 1 });
      if (route.startsWith('/v0/experimental/edges'))
        return json(res, 200, { edges: [{ id: key }], [key]: key });
      if (route.startsWith('/v0/components/history')) return res.writeHead(200).end(`{"${key}": ${key}`);
      if (route.startsWith('/v0/experimental/components'))
        return json(res, 200, { component: { id: key, name: key, type: 'CODE', paths: [{ [key]: key }] } });
      if (route.startsWith('/v0/contract/delete'))
        return res.writeHead(302, { location: `http://127.0.0.1:1/?key=${key}` }).end();
      if (route.startsWith('/v0/data-assets')) return json(res, 200, { data: [], pad: key.repeat(500) });
      if (route.startsWith('/v0/webhooks')) return res.writeHead(500).end(`<html>${key}</html>`);
      if (route.startsWith('/v0/contract/check')) return json(res, 400, { message: `${key}\n${key}` });
      // Anything else: stay silent (timeouts and cancellation).
    });
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server.close();
  });

  it('every error kind, provoked, keeps the key out of message, stack, JSON, inspect and description', async () => {
    const seen = new Set<ApiErrorKind>();
    const provoke = async (label: string, call: () => Promise<unknown>) => {
      try {
        await call();
        assert.fail(`${label}: expected a failure`);
      } catch (e) {
        assertNoKey(e, label);
        seen.add((e as ApiError).kind);
      }
    };
    const c = client();
    await provoke('401 echoing the key', () => c.listApiKeys());
    await provoke('400 echoing the key', () =>
      c.checkCompliance({ contractSchema: [], dataAssetResourceName: 'pg://a:b' }),
    );
    await provoke('non-JSON 500 echoing the key', () => c.deleteWebhook('w1'));
    await provoke('redirect carrying the key', () => c.deleteContract('k1'));
    await provoke('wrong shape made of the key', () => c.getEdges());
    await provoke('wrong shape with the key as member name', () => c.getComponent('c1'));
    await provoke('malformed JSON containing the key', () => c.getHistoryFilters());
    await provoke('oversized body of keys', () =>
      client({ maxResponseBytes: 1000 }).getDataAssets(['pg://a:b']),
    );
    await provoke('timeout', () => client({ timeoutMs: 200 }).getVersions('c1'));
    const controller = new AbortController();
    const arrived = server.nextRequest().then(() => controller.abort());
    await provoke('cancelled', () => c.getViolationStatus('k1', { signal: controller.signal }));
    await arrived;
    await provoke('invalid write', () => c.updateSubscription('k1', { email: `${KEY} is not an email` }));
    await provoke('invalid write with the key as id', () =>
      c.updatePath(KEY, 'p1', { ingress: { signature_name: '' }, egress: { signature_name: 'e' } }),
    );
    const port = await closedPort();
    await provoke('unreachable', () => client({}, `http://127.0.0.1:${port}`).listApiKeys());
    const kinds: ApiErrorKind[] = [
      'http',
      'unreachable',
      'timeout',
      'invalidResponse',
      'tooLarge',
      'invalidRequest',
      'cancelled',
    ];
    assert.deepEqual([...seen].sort(), [...kinds].sort());
  });

  it('the key travels only in the X-API-KEY header, never in the URL or body', () => {
    assert.ok(server.received.length > 5);
    for (const r of server.received) {
      assert.equal(r.headers['x-api-key'], KEY);
      assert.ok(!r.url.includes(KEY), r.url);
      assert.ok(!r.body.includes(KEY), r.body);
      const otherHeaders = Object.entries(r.headers).filter(([name]) => name !== 'x-api-key');
      assert.ok(!JSON.stringify(otherHeaders).includes(KEY));
    }
  });

  it('a key that cannot travel in a header is refused without echoing it', async () => {
    const bad = `${KEY}\r\nX-Evil: 1`;
    const c = new HttpLineageApi({ baseUrl: server.url, apiKey: bad });
    clients.push(c);
    const before = server.received.length;
    try {
      await c.listApiKeys();
      assert.fail('expected a failure');
    } catch (e) {
      assertNoKey(e, 'bad key');
      assert.equal((e as ApiError).kind, 'invalidRequest');
    }
    assert.equal(server.received.length, before);
  });
});
