// Every error of the HTTP layer is an ErrorResponse naming the problem, never a stack trace.
import * as assert from 'node:assert/strict';
import { ErrorResponse } from '../../common/src/api/admin';
import { MAX_REQUEST_BODY_BYTES } from '../../common/src/api/choices';
import { problems } from '../../common/src/api/validate';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL, type Reply } from './http';
import { CONTRACT_OK } from './ids';

describe('local service: errors', () => {
  let svc: LocalService;
  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  function assertError(r: Reply, status: number, message: RegExp): void {
    assert.equal(r.status, status, r.text);
    assert.deepEqual(problems(ErrorResponse, r.body), [], r.text);
    const body = r.body as ErrorResponse; // it matched the schema just above
    assert.match(body.message, message);
    assert.equal(typeof body.title, 'string');
    assert.doesNotMatch(r.text, /\bat .*\.js:\d+|node:internal|Error:/);
  }

  it('401 without X-API-KEY, on every route, even unknown ones', async () => {
    for (const [method, path] of [
      ['GET', '/v0/api-keys'],
      ['DELETE', '/v0/webhooks/w1'],
      ['POST', '/v0/contract/check-compliance'],
      ['GET', '/v0/nothing'],
    ]) {
      assertError(await call(svc.url, method!, path!, {}), 401, /missing X-API-KEY/);
    }
  });

  it('401 for an unknown key, without echoing it', async () => {
    const r = await call(svc.url, 'GET', '/v0/api-keys', { key: 'not-the-key-SECRETVALUE' });
    assertError(r, 401, /not hold a known API key/);
    assert.doesNotMatch(r.text, /SECRETVALUE/);
  });

  it('404 for an unknown route, naming it', async () => {
    assertError(
      await call(svc.url, 'GET', '/v0/experimental/nothing?x=1', { key: svc.apiKey }),
      404,
      /no operation GET \/v0\/experimental\/nothing$/,
    );
    assertError(
      await call(svc.url, 'POST', '/v0/api-keys', { key: svc.apiKey, body: {} }),
      404,
      /no operation POST/,
    );
  });

  it('400 for malformed JSON', async () => {
    const r = await call(svc.url, 'POST', '/v0/contract/check-compliance', {
      key: svc.apiKey,
      rawBody: '{"contract": ',
    });
    assertError(r, 400, /not valid JSON/);
  });

  it('400 for an empty JSON body', async () => {
    const r = await call(svc.url, 'PUT', `/v0/contract-subscription/${CONTRACT_OK}`, {
      key: svc.apiKey,
      rawBody: '',
    });
    assertError(r, 400, /body/);
  });

  it('413 for a body over the size limit', async () => {
    const big = JSON.stringify({
      contract: { dataAssetResourceName: 'x'.repeat(MAX_REQUEST_BODY_BYTES), contractSchema: [] },
    });
    const r = await call(svc.url, 'POST', '/v0/contract/check-compliance', { key: svc.apiKey, rawBody: big });
    assertError(r, 413, /larger than 1048576 bytes/);
  });

  it('415 for a body that is not JSON', async () => {
    const r = await call(svc.url, 'POST', '/v0/contract/check-compliance', {
      key: svc.apiKey,
      rawBody: 'a=b',
      headers: { 'content-type': 'text/plain' },
    });
    assertError(r, 415, /application\/json/);
  });

  it('400 for a body of the wrong shape, naming the member', async () => {
    const r = await call(svc.url, 'POST', '/v0/data-asset/register/s3', {
      key: svc.apiKey,
      body: { assets: 'none' },
    });
    assertError(r, 400, /body\/assets: Expected array/);
  });

  it('400 for a query parameter given twice where once is expected', async () => {
    const r = await call(svc.url, 'GET', '/v0/experimental/edges?namespace=a&namespace=b', {
      key: svc.apiKey,
    });
    assertError(r, 400, /namespace is given 2 times/);
  });
});
