// The client against the REAL local service (a child process on 127.0.0.1 with a fresh SQLite
// database seeded from the service tests' small fixture): every operation 1-13, its success, and
// each error the service description names. Every success also proves that what the service sends
// passes the client's schema validation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LineagePath } from '../../common/src/api';
import { describeError } from '../../server/src/api/describeError';
import { ServiceError } from '../../server/src/api/errors';
import { mapSettled } from '../../server/src/util/concurrency';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { localServiceWithApi } from '../helpers/localServiceApi';
import { rejection } from './assertions';

const SMALL = join(resolve(__dirname, '..', '..', '..'), 'test', 'service', 'fixtures', 'small.json');
const fixture = JSON.parse(readFileSync(SMALL, 'utf8')) as {
  apiKeys: Array<{ id: string; value: string }>;
  webhooks: Array<{ id: string }>;
  edges: Array<{ id: string; namespace: string }>;
};

const CHECKOUT = 'c0000000-0000-4000-8000-0000000000a1'; // CODE, namespace shop, scans aaaa111 < bbbb222
const SCANNED_PATH = 'p0000000-0000-4000-8000-0000000000a1'; // SCAN_OUTPUT of CHECKOUT
const SUPPRESSED_PATH = 'p0000000-0000-4000-8000-0000000000a4';
const ORDERS_DB = 'd0000000-0000-4000-8000-0000000000d1'; // DATA_STORE
const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const CONTRACT_OK = 'e0000000-0000-4000-8000-000000000001';
const CONTRACT_BROKEN = 'e0000000-0000-4000-8000-000000000002';
const CONTRACT_NO_ASSET = 'e0000000-0000-4000-8000-000000000003';
const USER = '90000000-0000-4000-8000-000000000001';
const ORDERS_DARN = 'postgres://orders-db:public.orders';
const EVENTS_DARN = 's3://events-bucket:events/*.parquet';

async function status(promise: Promise<unknown>, expected: number): Promise<ServiceError> {
  const err = await rejection(promise, ServiceError);
  assert.equal(err.status, expected, `expected ${expected}, got ${err.status}: ${err.message}`);
  assert.ok(err.message.length > 0);
  return err;
}

describe('API client against the local service', function () {
  const local = localServiceWithApi(SMALL);

  describe('authentication', () => {
    it('a wrong key gets 401 on every operation, described as a rejected key', async () => {
      const bad = new HttpLineageApi({ baseUrl: local.svc.url, apiKey: 'not-the-right-key-0000' });
      try {
        const path = { ingress: { signature_name: 'a' }, egress: { signature_name: 'b' } };
        const calls: Array<() => Promise<unknown>> = [
          () => bad.updatePath(CHECKOUT, SCANNED_PATH, path),
          () => bad.listApiKeys(),
          () => bad.updateSubscription(CONTRACT_OK, { email: 'x@example.com' }),
          () => bad.getComponent(CHECKOUT),
          () => bad.getDataAssets([ORDERS_DARN]),
          () => bad.getViolationStatus(CONTRACT_OK),
          () => bad.getHistoryFilters(),
          () => bad.deleteContract(CONTRACT_OK),
          () => bad.getVersions(CHECKOUT),
          () => bad.checkCompliance({ contractSchema: [], dataAssetResourceName: ORDERS_DARN }),
          () =>
            bad.registerObjectStoreAssets({
              assets: [{ bucket: 'b', pattern: 'p', schema: { type: 'struct' } }],
              dry_run: true,
            }),
          () => bad.getEdges(),
          () => bad.deleteWebhook(fixture.webhooks[0]!.id),
        ];
        for (const [i, call] of calls.entries()) {
          const err = await status(call(), 401);
          assert.equal(err.operation, i + 1);
          assert.equal(describeError(err), 'The service rejected the API key (401).');
        }
      } finally {
        await bad.close();
      }
      // Nothing was changed by the refused writes.
      assert.equal((await local.api.getViolationStatus(CONTRACT_OK)).violation_state, 'compliant');
    });
  });

  describe('2 list API keys', () => {
    it('lists the dataset keys, values included', async () => {
      const keys = await local.api.listApiKeys();
      assert.deepEqual(
        keys.map((k) => k.id),
        fixture.apiKeys.map((k) => k.id),
      );
      assert.ok(keys.some((k) => k.value === local.svc.apiKey));
    });
  });

  describe('4 component detail', () => {
    it('collapsed (default) shows effective paths with inline boundaries; all shows both variants', async () => {
      const collapsed = (await local.api.getComponent(CHECKOUT)).component;
      const all = (await local.api.getComponent(CHECKOUT, { projection: 'all' })).component;
      assert.equal(collapsed.type, 'CODE');
      assert.ok(collapsed.paths && all.paths);
      assert.ok(
        all.paths.length > collapsed.paths.length,
        'all shows the scan variants that overrides replace',
      );
      assert.ok(
        all.paths.some((p) => p.path_type === 'SCAN_OUTPUT') &&
          all.paths.some((p) => p.path_type === 'USER_OVERRIDE'),
      );
      assert.ok(all.paths.find((p) => p.path_id === SUPPRESSED_PATH)?.is_suppressed);
      const scanned = collapsed.paths.find((p) => p.path_id === SCANNED_PATH);
      assert.ok(scanned?.ingress.boundary_coordinates, 'boundaries carry their coordinates');
      assert.ok(Array.isArray(scanned.ingress.field_tags));
    });

    it('a DATA_STORE shows its schema field list', async () => {
      const store = (await local.api.getComponent(ORDERS_DB)).component;
      assert.equal(store.type, 'DATA_STORE');
      assert.ok(store.schema && store.schema.fields.some((f) => f.name === 'email'));
    });

    it('a matching namespace guard passes; another namespace is a 404', async () => {
      assert.equal((await local.api.getComponent(CHECKOUT, { namespace: 'shop' })).component.id, CHECKOUT);
      await status(local.api.getComponent(CHECKOUT, { namespace: 'ops' }), 404);
    });

    it('an unknown component is a 404', async () => {
      const err = await status(local.api.getComponent(UNKNOWN), 404);
      assert.match(
        describeError(err),
        /^The service refused 'component detail' \(operation 4\) \(404[^)]*\): \S/,
      );
      assert.ok(describeError(err).includes(err.message));
    });

    it('many at once: one result per id, unknown ids as per-id 404s', async () => {
      const ids = [CHECKOUT, UNKNOWN, ORDERS_DB];
      const results = await mapSettled(ids, 2, (id) => local.api.getComponent(id, {}));
      assert.deepEqual(
        results.map((r) => r.item),
        ids,
      );
      assert.equal(results[0]!.result?.component.id, CHECKOUT);
      assert.ok(results[1]!.error instanceof ServiceError && results[1]!.error.status === 404);
      assert.equal(results[2]!.result?.component.type, 'DATA_STORE');
    });
  });

  describe('1 path update and 9 versions', () => {
    it('versions list the scans with commit and time; an unknown component is a 404', async () => {
      const { versions } = await local.api.getVersions(CHECKOUT);
      const scans = versions
        .filter((v) => v.kind === 'SCAN')
        .map((v) => v.commit_sha)
        .sort();
      assert.deepEqual(scans, ['aaaa111', 'bbbb222']);
      await status(local.api.getVersions(UNKNOWN), 404);
    });

    it('an update of a read path (read-only members and all) makes a USER_OVERRIDE with both events', async () => {
      const read = (await local.api.getComponent(CHECKOUT)).component.paths!.find(
        (p) => p.path_id === SCANNED_PATH,
      )!;
      const edited: LineagePath = {
        ...read,
        transformation_summary: 'stores the order and emails a receipt',
        field_mappings: [
          ...(read.field_mappings ?? []),
          { ingress_field: 'email', egress_field: 'email', kind: 'ControlFlow', notes: 'receipt' },
        ],
        reason: 'client test: receipt mapping',
      };
      const { path } = await local.api.updatePath(CHECKOUT, SCANNED_PATH, edited);
      assert.equal(path.path_type, 'USER_OVERRIDE');
      assert.notEqual(path.path_id, SCANNED_PATH);
      assert.equal(path.transformation_summary, 'stores the order and emails a receipt');
      assert.equal(path.reason, undefined, 'write-only reason is not returned');

      const collapsed = (await local.api.getComponent(CHECKOUT)).component.paths!;
      assert.ok(collapsed.some((p) => p.path_id === path.path_id));
      assert.ok(
        !collapsed.some((p) => p.path_id === SCANNED_PATH),
        'the override replaces the scan output it overrides',
      );
      const all = (await local.api.getComponent(CHECKOUT, { projection: 'all' })).component.paths!;
      assert.ok(all.some((p) => p.path_id === SCANNED_PATH) && all.some((p) => p.path_id === path.path_id));

      // Defaulted to the latest scanned commit, with that scan's commit time.
      const { versions } = await local.api.getVersions(CHECKOUT);
      const deleted = versions.find((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === SCANNED_PATH);
      const added = versions.find((v) => v.kind === 'BYO_PATH_ADDED' && v.path_id === path.path_id);
      assert.ok(deleted && added, JSON.stringify(versions));
      const latestScan = versions
        .filter((v) => v.kind === 'SCAN')
        .sort((a, b) => b.committed_at.localeCompare(a.committed_at))[0]!;
      assert.equal(added.commit_sha, latestScan.commit_sha);
      assert.equal(added.committed_at, latestScan.committed_at);
      assert.equal(added.reason, 'client test: receipt mapping');
    });

    it('effective_since_commit_sha names the commit the path is effective from', async () => {
      const body = {
        ingress: { signature_name: 'com.shop.CheckoutController.submit' },
        egress: { signature_name: 'com.shop.Audit.log' },
        effective_since_commit_sha: 'aaaa111',
      };
      const { path } = await local.api.updatePath(CHECKOUT, SCANNED_PATH, body);
      const added = (await local.api.getVersions(CHECKOUT)).versions.find(
        (v) => v.kind === 'BYO_PATH_ADDED' && v.path_id === path.path_id,
      );
      assert.equal(added?.commit_sha, 'aaaa111');
    });

    const body = { ingress: { signature_name: 'a.b.c' }, egress: { signature_name: 'd.e.f' } };
    it('an unknown commit is a 400', async () => {
      await status(
        local.api.updatePath(CHECKOUT, SCANNED_PATH, { ...body, effective_since_commit_sha: 'ffffffffff' }),
        400,
      );
    });
    it('a DATA_STORE component is a 400', async () => {
      await status(local.api.updatePath(ORDERS_DB, SCANNED_PATH, body), 400);
    });
    it('an unknown component is a 404', async () => {
      await status(local.api.updatePath(UNKNOWN, SCANNED_PATH, body), 404);
    });
    it('an unknown path is a 404', async () => {
      await status(local.api.updatePath(CHECKOUT, UNKNOWN, body), 404);
    });
  });

  describe('3 subscription update', () => {
    it("updates the user's subscription on the contract", async () => {
      const sub = await local.api.updateSubscription(CONTRACT_OK, {
        userId: USER,
        email: 'ana.new@example.com',
        chatChannel: '#orders-alerts',
      });
      assert.ok(sub.id);
      assert.equal(sub.dataContractId, CONTRACT_OK);
      assert.equal(sub.email, 'ana.new@example.com');
      assert.equal(sub.chatChannel, '#orders-alerts');
    });
    it('a body naming another contract than the path is a 400', async () => {
      await status(
        local.api.updateSubscription(CONTRACT_OK, { dataContractId: CONTRACT_BROKEN, userId: USER }),
        400,
      );
    });
    it('an unknown contract is a 404', async () => {
      await status(local.api.updateSubscription(UNKNOWN, { userId: USER, email: 'x@example.com' }), 404);
    });
  });

  describe('5 data assets by DARN', () => {
    it('one item per DARN with success or an error status and message, and totalCount', async () => {
      const r = await local.api.getDataAssets([ORDERS_DARN, EVENTS_DARN, 'postgres://nowhere:x']);
      assert.equal(r.totalCount, 3);
      assert.deepEqual(
        r.data.map((i) => i.darn),
        [ORDERS_DARN, EVENTS_DARN, 'postgres://nowhere:x'],
      );
      assert.equal(r.data[0]!.status, 'success');
      assert.equal(r.data[0]!.data?.dataAssetResourceName, ORDERS_DARN);
      assert.notEqual(r.data[2]!.status, 'success');
      assert.ok(r.data[2]!.errorMessage);
      assert.equal(r.limit, 1000, 'default limit');
      assert.equal(r.offset, 0, 'default offset');
    });
    it('limit and offset page through the list', async () => {
      const r = await local.api.getDataAssets([ORDERS_DARN, EVENTS_DARN], { limit: 1, offset: 1 });
      assert.deepEqual(
        [r.totalCount, r.limit, r.offset, r.data.map((i) => i.darn)],
        [2, 1, 1, [EVENTS_DARN]],
      );
    });
    for (const [label, darns, page] of [
      ['limit 0', [ORDERS_DARN], { limit: 0 }],
      ['limit 1001', [ORDERS_DARN], { limit: 1001 }],
      ['offset -1', [ORDERS_DARN], { offset: -1 }],
      ['no DARN', [], {}],
    ] as const) {
      it(`${label} is a 400`, async () => {
        await status(local.api.getDataAssets(darns, page), 400);
      });
    }
  });

  describe('6 violation status and 10 compliance', () => {
    it('a compliant contract and one with violations', async () => {
      const ok = await local.api.getViolationStatus(CONTRACT_OK);
      assert.equal(ok.violation_state, 'compliant');
      assert.deepEqual(ok.violations, []);
      const broken = await local.api.getViolationStatus(CONTRACT_BROKEN);
      assert.equal(broken.violation_state, 'violation');
      const kinds = new Set(broken.violations.map((v) => v.violationType));
      assert.ok(kinds.has('MISSING_REQUIRED_PROPERTY') && kinds.has('INCOMPATIBLE_TYPE'));
      assert.ok(
        broken.violations.some((v) => v.field === 'customer.address.zip'),
        'nested fields by dotted path',
      );
      assert.ok(!Number.isNaN(Date.parse(broken.checkedAt)));
    });
    it('an unknown contract is a 404', async () => {
      await status(local.api.getViolationStatus(UNKNOWN), 404);
    });
    it('check-compliance reports missing, mistyped and missing-asset violations for a posted contract', async () => {
      const r = await local.api.checkCompliance({
        dataAssetResourceName: ORDERS_DARN,
        contractSchema: [
          { type: 'string', name: 'email' },
          { type: 'string', name: 'amount' },
          { type: 'string', name: 'nope' },
          { type: 'string', name: 'maybe', optional: true },
        ],
      });
      assert.deepEqual(r.violations.map((v) => [v.field, v.violationType]).sort(), [
        ['amount', 'INCOMPATIBLE_TYPE'],
        ['nope', 'MISSING_REQUIRED_PROPERTY'],
      ]);
      const missing = await local.api.checkCompliance({
        dataAssetResourceName: 's3://nowhere:none',
        contractSchema: [],
      });
      assert.deepEqual(
        missing.violations.map((v) => v.violationType),
        ['MISSING_DATA_ASSET'],
      );
    });
  });

  describe('7 history filters and 12 edges', () => {
    it('history filters come from the scans, narrowed by a commit-SHA search', async () => {
      const all = await local.api.getHistoryFilters();
      assert.ok(all.componentNames.includes('checkout-api'));
      const narrowed = await local.api.getHistoryFilters('BBBB');
      assert.deepEqual(narrowed.componentNames, ['checkout-api']);
      assert.deepEqual(await local.api.getHistoryFilters('0000000'), {
        componentNames: [],
        branches: [],
        namespaces: [],
        jobTriggers: [],
      });
    });
    it('edges, all or by namespace', async () => {
      assert.deepEqual(
        (await local.api.getEdges()).edges.map((e) => e.id),
        fixture.edges.map((e) => e.id),
      );
      const ops = (await local.api.getEdges('ops')).edges;
      assert.deepEqual(
        ops.map((e) => e.id),
        fixture.edges.filter((e) => e.namespace === 'ops').map((e) => e.id),
      );
    });
  });

  describe('11 object-store registration', () => {
    const asset = {
      bucket: 'client-test',
      pattern: 'orders/*.json',
      schema: { type: 'struct', fields: [{ type: 'string', name: 'id' }] },
    };
    const darn = 's3://client-test:orders/*.json';
    it('a dry run reports what would be registered and writes nothing', async () => {
      const r = await local.api.registerObjectStoreAssets({ assets: [asset], dry_run: true });
      assert.deepEqual([r.success, r.registered], [true, [darn]]);
      assert.notEqual((await local.api.getDataAssets([darn])).data[0]!.status, 'success');
    });
    it('a real run creates the data asset', async () => {
      const r = await local.api.registerObjectStoreAssets({
        assets: [asset],
        prLink: 'https://git.example.com/pr/1',
      });
      assert.deepEqual([r.success, r.registered], [true, [darn]]);
      assert.equal((await local.api.getDataAssets([darn])).data[0]!.status, 'success');
    });
  });

  describe('8 contract deletion and 13 webhook deletion', () => {
    it('deletes a contract; its status and a second delete are then 404s', async () => {
      const r = await local.api.deleteContract(CONTRACT_NO_ASSET);
      assert.ok(r.message.length > 0);
      await status(local.api.getViolationStatus(CONTRACT_NO_ASSET), 404);
      await status(local.api.deleteContract(CONTRACT_NO_ASSET), 404);
    });
    it('deletes a webhook (no body); an unknown webhook is a 404', async () => {
      const id = fixture.webhooks[0]!.id;
      assert.equal(await local.api.deleteWebhook(id), undefined);
      await status(local.api.deleteWebhook(id), 404);
    });
  });
});
