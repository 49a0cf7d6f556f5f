// Data assets by DARN list (5) and object-store registration (11).
import * as assert from 'node:assert/strict';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import { EVENTS_DARN, ORDERS_DARN } from './ids';

import type {
  ComplianceResponse,
  DataAssetBulkResult,
  ErrorResponse,
  RegisterObjectStoreResponse,
} from '../../common/src/api';

describe('local service: data assets and object-store registration', () => {
  let svc: LocalService;
  const bulk = <T = DataAssetBulkResult>(query: string) =>
    call<T>(svc.url, 'GET', `/v0/data-assets/bulk?${query}`, { key: svc.apiKey });
  const darns = (...list: string[]) => list.map((d) => `darn=${encodeURIComponent(d)}`).join('&');
  const register = <T = RegisterObjectStoreResponse>(body: unknown) =>
    call<T>(svc.url, 'POST', '/v0/data-asset/register/s3', { key: svc.apiKey, body });

  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  it('answers one item per DARN: success with data, or an error status with errorMessage', async () => {
    const r = await bulk(darns(ORDERS_DARN, 's3://nope:x', 'not a darn'));
    assert.equal(r.status, 200);
    assert.equal(r.body.totalCount, 3);
    assert.equal(r.body.limit, 1000);
    assert.equal(r.body.offset, 0);
    const [found, missing, invalid] = r.body.data;
    assert.deepEqual(found, {
      darn: ORDERS_DARN,
      status: 'success',
      data: {
        id: 'a0000000-0000-4000-8000-000000000001',
        dataAssetResourceName: ORDERS_DARN,
        domain: 'shop',
        path: 'public.orders',
        type: 'RELATIONAL_TABLE',
        updatedAt: '2024-05-03T10:00:00Z',
        contractId: 'e0000000-0000-4000-8000-000000000001',
      },
    });
    assert.deepEqual([missing?.status, invalid?.status], ['not_found', 'invalid_darn']);
    assert.match(missing?.errorMessage ?? '', /no data asset/);
    assert.match(invalid?.errorMessage ?? '', /not a DARN/);
  });

  it('pages over the DARN list with limit and offset', async () => {
    const r = await bulk(`${darns(ORDERS_DARN, EVENTS_DARN, 's3://c:d')}&limit=1&offset=1`);
    assert.equal(r.body.totalCount, 3);
    assert.deepEqual(
      r.body.data.map((i) => i.darn),
      [EVENTS_DARN],
    );
    assert.deepEqual([r.body.limit, r.body.offset], [1, 1]);
    const past = await bulk(`${darns(ORDERS_DARN)}&offset=5`);
    assert.deepEqual(past.body.data, []);
  });

  it('400 without a DARN, or with limit/offset out of range', async () => {
    for (const q of [
      '',
      'limit=5',
      `${darns(ORDERS_DARN)}&limit=0`,
      `${darns(ORDERS_DARN)}&limit=1001`,
      `${darns(ORDERS_DARN)}&offset=-1`,
      `${darns(ORDERS_DARN)}&limit=ten`,
    ]) {
      const r = await bulk<ErrorResponse>(q);
      assert.equal(r.status, 400, q);
      assert.equal(typeof r.body.message, 'string');
    }
    assert.match(
      (await bulk<ErrorResponse>(`${darns(ORDERS_DARN)}&limit=1001`)).body.message,
      /limit.*between 1 and 1000/,
    );
  });

  it('a dry run reports what would be registered and writes nothing', async () => {
    const asset = {
      bucket: 'lake',
      pattern: 'orders/*.parquet',
      schema: { type: 'struct', fields: [{ type: 'string', name: 'id' }] },
    };
    const dry = await register({ assets: [asset], dry_run: true });
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual(dry.body.registered, ['s3://lake:orders/*.parquet']);
    assert.equal(dry.body.success, true);
    assert.match(dry.body.message, /dry run/);
    assert.equal((await bulk(darns('s3://lake:orders/*.parquet'))).body.data[0]?.status, 'not_found');
  });

  it('a real run creates the data assets; registering again reports them as already registered', async () => {
    const asset = {
      bucket: 'lake',
      pattern: 'clicks/*.json',
      schema: { type: 'struct', fields: [{ type: 'string', name: 'id' }] },
    };
    const r = await register({ assets: [asset], dry_run: false, prLink: 'https://git.example.com/pr/1' });
    assert.deepEqual(r.body.registered, ['s3://lake:clicks/*.json']);
    const item = (await bulk(darns('s3://lake:clicks/*.json'))).body.data[0];
    assert.equal(item?.status, 'success');
    assert.equal(item?.data?.domain, 'lake');
    const again = await register({ assets: [asset] });
    assert.deepEqual(again.body.registered, []);
    assert.match(again.body.message, /already registered: s3:\/\/lake:clicks\/\*\.json/);
    // The registered schema is the asset's current schema for contract checks.
    const check = await call<ComplianceResponse>(svc.url, 'POST', '/v0/contract/check-compliance', {
      key: svc.apiKey,
      body: {
        contract: {
          dataAssetResourceName: 's3://lake:clicks/*.json',
          contractSchema: [{ type: 'string', name: 'id' }],
        },
      },
    });
    assert.deepEqual(check.body, { violations: [] });
  });

  it('400 for an invalid asset, naming it', async () => {
    const r = await register<ErrorResponse>({
      assets: [{ bucket: 'a b', pattern: 'x', schema: { type: 'struct' } }],
    });
    assert.equal(r.status, 400);
    assert.match(r.body.message, /assets\/0/);
    const shape = await register<ErrorResponse>({ assets: [{ bucket: 'b', schema: { type: 'struct' } }] });
    assert.equal(shape.status, 400);
    assert.match(shape.body.message, /body\/assets\/0\/pattern/);
  });
});
