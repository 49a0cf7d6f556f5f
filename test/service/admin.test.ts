// API keys (2), history filters (7), edges (12), webhook deletion (13) against the real service.
import * as assert from 'node:assert/strict';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import type { ApiKeyRecord, EdgesResponse, ErrorResponse } from '../../common/src/api';

describe('local service: api keys, history filters, edges, webhooks', () => {
  let svc: LocalService;
  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  it('lists the API keys of the dataset, values included', async () => {
    const r = await call<ApiKeyRecord[]>(svc.url, 'GET', '/v0/api-keys', { key: svc.apiKey });
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.map((k: { id: string }) => k.id),
      ['k1', 'k2'],
    );
    assert.equal(r.body[0]?.value, svc.apiKey);
  });

  it('history filters come from every scan, narrowed by a commit-SHA prefix (case-insensitive)', async () => {
    const all = await call(svc.url, 'GET', '/v0/components/history/filters', { key: svc.apiKey });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body, {
      componentNames: ['billing-worker', 'checkout-api', 'notifier'],
      branches: ['main', 'release'],
      namespaces: ['ops', 'shop'],
      jobTriggers: ['manual', 'push', 'schedule'],
    });
    const some = await call(svc.url, 'GET', '/v0/components/history/filters?commitSha=BBbb', {
      key: svc.apiKey,
    });
    assert.deepEqual(some.body, {
      componentNames: ['checkout-api'],
      branches: ['release'],
      namespaces: ['shop'],
      jobTriggers: ['schedule'],
    });
    const none = await call(svc.url, 'GET', '/v0/components/history/filters?commitSha=ffff', {
      key: svc.apiKey,
    });
    assert.deepEqual(none.body, { componentNames: [], branches: [], namespaces: [], jobTriggers: [] });
  });

  it('edges filter by namespace', async () => {
    const all = await call<EdgesResponse>(svc.url, 'GET', '/v0/experimental/edges', { key: svc.apiKey });
    assert.deepEqual(
      all.body.edges.map((e: { id: string }) => e.id),
      ['edge-1', 'edge-2', 'edge-3'],
    );
    const ops = await call(svc.url, 'GET', '/v0/experimental/edges?namespace=ops', { key: svc.apiKey });
    assert.deepEqual(ops.body, {
      edges: [
        {
          id: 'edge-3',
          sourceComponentId: 'c0000000-0000-4000-8000-0000000000b1',
          destinationComponentId: 'c0000000-0000-4000-8000-0000000000c1',
          namespace: 'ops',
        },
      ],
    });
    const none = await call(svc.url, 'GET', '/v0/experimental/edges?namespace=elsewhere', {
      key: svc.apiKey,
    });
    assert.deepEqual(none.body, { edges: [] });
  });

  it('deletes a webhook with 204 and no body; a second delete is a 404', async () => {
    const first = await call(svc.url, 'DELETE', '/v0/webhooks/w2', { key: svc.apiKey });
    assert.equal(first.status, 204);
    assert.equal(first.text, '');
    const again = await call<ErrorResponse>(svc.url, 'DELETE', '/v0/webhooks/w2', { key: svc.apiKey });
    assert.equal(again.status, 404);
    assert.match(again.body.message, /no webhook "w2"/);
  });
});
