// What the client puts on the wire for each of the 13 operations, and which writes it refuses to send.
import assert from 'node:assert/strict';
import type { LineagePath } from '../../common/src/api';
import { InvalidRequestError, ServiceError } from '../../server/src/api/errors';
import { mapSettled } from '../../server/src/util/concurrency';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { rejection } from './assertions';
import { json, startScriptedServer, type ScriptedServer } from './scriptedServer';

const KEY = 'test-key-requests-42';
const component = (id: string) => ({ component: { id, name: `n-${id}`, type: 'CODE', paths: [] } });

/** A valid answer for each route the client can call. */
function answer(method: string, url: string): [number, unknown] {
  const path = url.replace(/^\/prefix/, '').split('?')[0]!;
  if (method === 'PUT' && path.includes('/paths/'))
    return [
      200,
      {
        path: {
          ingress: { signature_name: 'a' },
          egress: { signature_name: 'b' },
          path_type: 'USER_OVERRIDE',
        },
      },
    ];
  if (path === '/v0/api-keys') return [200, [{ id: 'k', name: 'dev', value: 'v' }]];
  if (path.startsWith('/v0/contract-subscription/')) return [200, { id: 's1', email: 'a@b.io' }];
  if (path.endsWith('/versions')) return [200, { versions: [] }];
  if (path.startsWith('/v0/experimental/components/missing'))
    return [404, { message: 'Component missing not found' }];
  if (path.startsWith('/v0/experimental/components/'))
    return [200, component(decodeURIComponent(path.split('/')[4]!))];
  if (path === '/v0/data-assets/bulk')
    return [200, { data: [{ darn: 'pg://a:b', status: 'success' }], totalCount: 1, limit: 5, offset: 2 }];
  if (path.endsWith('/violation-status'))
    return [200, { violation_state: 'compliant', violations: [], checkedAt: '2024-05-01T10:00:00Z' }];
  if (path === '/v0/components/history/filters')
    return [200, { componentNames: [], branches: [], namespaces: [], jobTriggers: [] }];
  if (path.startsWith('/v0/contract/delete/')) return [200, { message: 'deleted' }];
  if (path === '/v0/contract/check-compliance') return [200, { violations: [] }];
  if (path === '/v0/data-asset/register/s3')
    return [200, { message: 'ok', registered: ['s3://b:p'], success: true }];
  if (path === '/v0/experimental/edges') return [200, { edges: [] }];
  if (path.startsWith('/v0/webhooks/')) return [204, undefined];
  return [404, { message: 'no such route' }];
}

const path: LineagePath = {
  path_id: 'p-old',
  path_type: 'SCAN_OUTPUT',
  is_suppressed: false,
  ingress: {
    signature_name: 'orders.api.OrderController.create',
    boundary_coordinates: { payload_name: null, signature_name: 'orders.api.OrderController.create' },
    field_tags: [
      { field_path: 'email', tags: [{ tag_id: 't1', name: 'pii', kind: 'SYSTEM', source: 'system' }] },
    ],
    field_depends_on_tags: [],
  },
  egress: { signature_name: 'orders.db.save', payload_name: 'Order' },
  field_mappings: [{ ingress_field: 'email', egress_field: 'customer_email', kind: 'DataFlow' }],
  reason: 'scanner missed the email column',
  effective_since_commit_sha: 'abc123',
};

describe('API client requests', () => {
  let server: ScriptedServer;
  let api: HttpLineageApi;

  before(async () => {
    server = await startScriptedServer((req, res) => {
      const [status, body] = answer(req.method ?? '', req.url ?? '');
      if (body === undefined) res.writeHead(status).end();
      else json(res, status, body);
    });
    api = new HttpLineageApi({ baseUrl: `${server.url}/prefix/`, apiKey: KEY, retries: 0 });
  });
  after(async () => {
    await api.close();
    await server.close();
  });
  beforeEach(() => server.received.splice(0));

  const last = () => server.received[server.received.length - 1]!;

  it('sends every operation with its method and path below the base URL prefix, the key in X-API-KEY', async () => {
    const calls: Array<[string, () => Promise<unknown>, string, string]> = [
      ['1', () => api.updatePath('c1', 'p1', path), 'PUT', '/prefix/v0/experimental/components/c1/paths/p1'],
      ['2', () => api.listApiKeys(), 'GET', '/prefix/v0/api-keys'],
      [
        '3',
        () => api.updateSubscription('k1', { email: 'a@b.io' }),
        'PUT',
        '/prefix/v0/contract-subscription/k1',
      ],
      [
        '4',
        () => api.getComponent('c1', { projection: 'all', namespace: 'shop' }),
        'GET',
        '/prefix/v0/experimental/components/c1?projection=all&namespace=shop',
      ],
      [
        '5',
        () => api.getDataAssets(['pg://a:b', 's3://x:y/*.parquet'], { limit: 5, offset: 2 }),
        'GET',
        '/prefix/v0/data-assets/bulk?darn=pg%3A%2F%2Fa%3Ab&darn=s3%3A%2F%2Fx%3Ay%2F*.parquet&limit=5&offset=2',
      ],
      ['6', () => api.getViolationStatus('k1'), 'GET', '/prefix/v0/contract/k1/violation-status'],
      ['7', () => api.getHistoryFilters('abc'), 'GET', '/prefix/v0/components/history/filters?commitSha=abc'],
      ['8', () => api.deleteContract('k1'), 'DELETE', '/prefix/v0/contract/delete/k1'],
      ['9', () => api.getVersions('c1'), 'GET', '/prefix/v0/experimental/components/c1/versions'],
      [
        '10',
        () =>
          api.checkCompliance({
            contractSchema: [{ type: 'string', name: 'id' }],
            dataAssetResourceName: 'pg://a:b',
          }),
        'POST',
        '/prefix/v0/contract/check-compliance',
      ],
      [
        '11',
        () =>
          api.registerObjectStoreAssets({
            assets: [{ schema: { type: 'struct', fields: [] }, pattern: 'p', bucket: 'b' }],
            dry_run: true,
          }),
        'POST',
        '/prefix/v0/data-asset/register/s3',
      ],
      ['12', () => api.getEdges('shop'), 'GET', '/prefix/v0/experimental/edges?namespace=shop'],
      ['13', () => api.deleteWebhook('w1'), 'DELETE', '/prefix/v0/webhooks/w1'],
    ];
    for (const [op, call, method, url] of calls) {
      await call();
      const r = last();
      assert.equal(`${op} ${r.method} ${r.url}`, `${op} ${method} ${url}`);
      assert.equal(r.headers['x-api-key'], KEY);
      assert.equal(r.headers.accept, 'application/json');
      if (method === 'PUT' || method === 'POST') assert.equal(r.headers['content-type'], 'application/json');
      else assert.equal(r.body, '');
    }
    assert.equal(server.received.length, 13);
  });

  it('omits unset query parameters', async () => {
    await api.getComponent('c1');
    await api.getHistoryFilters();
    await api.getEdges();
    assert.deepEqual(
      server.received.map((r) => r.url),
      [
        '/prefix/v0/experimental/components/c1',
        '/prefix/v0/components/history/filters',
        '/prefix/v0/experimental/edges',
      ],
    );
  });

  it('encodes ids so they cannot add path segments or a query', async () => {
    await api.getComponent('a/../b?x=1');
    assert.equal(last().url, '/prefix/v0/experimental/components/a%2F..%2Fb%3Fx%3D1');
  });

  it('refuses the ids "." and ".." (encoding leaves them, and they would address another resource)', async () => {
    const before = server.received.length;
    for (const id of ['.', '..'])
      await assert.rejects(api.getComponent(id), /componentId "\.{1,2}" would address another resource/);
    await assert.rejects(api.getVersions('..'), /would address another resource/);
    assert.equal(server.received.length, before, 'nothing was sent');
  });

  it('returns the validated answers', async () => {
    assert.deepEqual(await api.listApiKeys(), [{ id: 'k', name: 'dev', value: 'v' }]);
    assert.deepEqual(await api.getComponent('c7'), component('c7'));
    assert.equal(await api.deleteWebhook('w1'), undefined);
    const assets = await api.getDataAssets(['pg://a:b']);
    assert.equal(assets.totalCount, 1);
  });

  describe('path update body', () => {
    it('drops read-only members and keeps the write-only reason and commit', async () => {
      await api.updatePath('c1', 'p1', path);
      const sent = JSON.parse(last().body) as Record<string, unknown>;
      assert.deepEqual(sent, {
        ingress: { signature_name: 'orders.api.OrderController.create' },
        egress: { signature_name: 'orders.db.save', payload_name: 'Order' },
        field_mappings: [{ ingress_field: 'email', egress_field: 'customer_email', kind: 'DataFlow' }],
        reason: 'scanner missed the email column',
        effective_since_commit_sha: 'abc123',
      });
    });

    const invalid: Array<[string, unknown, string]> = [
      ['missing egress', { ingress: { signature_name: 'a' } }, '/egress'],
      [
        'empty ingress signature',
        { ingress: { signature_name: '' }, egress: { signature_name: 'b' } },
        '/ingress/signature_name',
      ],
      [
        'egress without signature',
        { ingress: { signature_name: 'a' }, egress: { payload_name: 'x' } },
        '/egress/signature_name',
      ],
      [
        'unknown mapping kind',
        {
          ingress: { signature_name: 'a' },
          egress: { signature_name: 'b' },
          field_mappings: [{ ingress_field: 'a', egress_field: 'b', kind: 'Teleport' }],
        },
        '/field_mappings/0/kind',
      ],
      [
        'reason not a string',
        { ingress: { signature_name: 'a' }, egress: { signature_name: 'b' }, reason: 7 },
        '/reason',
      ],
      ['not an object', 'path', '/'],
    ];
    for (const [label, body, member] of invalid) {
      it(`refuses ${label} before sending, naming ${member}`, async () => {
        const err = await rejection(api.updatePath('c1', 'p1', body as LineagePath), InvalidRequestError);
        assert.equal(err.member, member);
        assert.equal(err.operation, 1);
        assert.match(err.message, /^The 'path update' \(operation 1\) request was not sent: /);
        assert.equal(server.received.length, 0);
      });
    }

    it('refuses empty ids before sending', async () => {
      const err = await rejection(api.updatePath('', 'p1', path), InvalidRequestError);
      assert.equal(err.member, 'componentId');
      assert.equal((await rejection(api.getComponent(' '), InvalidRequestError)).member, 'componentId');
      assert.equal(server.received.length, 0);
    });

    it('refuses a body over the service limit before sending', async () => {
      const huge = { ...path, transformation_summary: 'x'.repeat(1_100_000) };
      const err = await rejection(api.updatePath('c1', 'p1', huge), InvalidRequestError);
      assert.match(err.message, /over the 1048576-byte limit/);
      assert.equal(server.received.length, 0);
    });
  });

  describe('other writes are validated too', () => {
    it('a subscription e-mail must match the pattern', async () => {
      const err = await rejection(
        api.updateSubscription('k1', { email: 'not an email' }),
        InvalidRequestError,
      );
      assert.equal(err.member, '/email');
      assert.equal(err.operation, 3);
    });

    it('a subscription contract id must be a UUID', async () => {
      const err = await rejection(
        api.updateSubscription('k1', { dataContractId: 'nope' }),
        InvalidRequestError,
      );
      assert.equal(err.member, '/dataContractId');
    });

    it('a compliance check needs a data asset', async () => {
      const err = await rejection(api.checkCompliance({ contractSchema: [] } as never), InvalidRequestError);
      assert.equal(err.member, '/contract/dataAssetResourceName');
      assert.equal(err.operation, 10);
    });

    it('a registration needs at least one asset, each with a bucket', async () => {
      assert.equal(
        (await rejection(api.registerObjectStoreAssets({ assets: [] }), InvalidRequestError)).member,
        '/assets',
      );
      const noBucket = { assets: [{ schema: { type: 'struct' }, pattern: 'p' }] } as never;
      assert.equal(
        (await rejection(api.registerObjectStoreAssets(noBucket), InvalidRequestError)).member,
        '/assets/0/bucket',
      );
    });

    afterEach(() => assert.equal(server.received.length, 0, 'an invalid write reached the server'));
  });

  describe('bulk component reads', () => {
    it('returns one result per id, in order, with failures per id', async () => {
      const ids = ['c1', 'missing', 'c3', 'c4', 'c5'];
      const results = await mapSettled(ids, 2, (id) => api.getComponent(id, { projection: 'collapsed' }));
      assert.deepEqual(
        results.map((r) => r.item),
        ids,
      );
      assert.deepEqual(results[0]!.result, component('c1'));
      assert.ok(results[1]!.error instanceof ServiceError && results[1]!.error.status === 404);
      assert.equal(results[1]!.result, undefined);
      assert.deepEqual(results[4]!.result, component('c5'));
      assert.ok(server.received.every((r) => r.url.endsWith('?projection=collapsed')));
      assert.equal(server.received.length, 5);
    });
  });
});
