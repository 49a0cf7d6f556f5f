// Contracts: violation status (6), check compliance (10), delete (8), subscription update (3).
import * as assert from 'node:assert/strict';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import { CONTRACT_BROKEN, CONTRACT_NO_ASSET, CONTRACT_OK, ORDERS_DARN, USER_ANA } from './ids';

import type {
  ComplianceResponse,
  ContractSubscription,
  ErrorResponse,
  ViolationStatus,
} from '../../common/src/api';

describe('local service: contracts and subscriptions', () => {
  let svc: LocalService;
  const req = <T = ErrorResponse>(method: string, path: string, body?: unknown) =>
    call<T>(svc.url, method, path, { key: svc.apiKey, body });

  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  describe('violation status', () => {
    it('a contract its asset satisfies is compliant (a missing optional field is fine)', async () => {
      const r = await req<ViolationStatus>('GET', `/v0/contract/${CONTRACT_OK}/violation-status`);
      assert.equal(r.status, 200);
      assert.equal(r.body.violation_state, 'compliant');
      assert.deepEqual(r.body.violations, []);
      assert.ok(Math.abs(Date.parse(r.body.checkedAt) - Date.now()) < 60_000);
    });

    it('reports missing required fields and type mismatches by dotted path', async () => {
      const r = await req<ViolationStatus>('GET', `/v0/contract/${CONTRACT_BROKEN}/violation-status`);
      assert.equal(r.body.violation_state, 'violation');
      assert.deepEqual(
        r.body.violations.map((v) => [v.violationType, v.field, v.expected, v.actual]),
        [
          ['INCOMPATIBLE_TYPE', 'amount', 'string', 'double'],
          ['MISSING_REQUIRED_PROPERTY', 'discount', 'string', 'missing'],
          ['MISSING_REQUIRED_PROPERTY', 'customer.address.zip', 'string', 'missing'],
        ],
      );
      assert.match(r.body.violations[1]?.message ?? '', /discount/);
    });

    it('a contract on an unknown DARN is MISSING_DATA_ASSET', async () => {
      const r = await req<ViolationStatus>('GET', `/v0/contract/${CONTRACT_NO_ASSET}/violation-status`);
      assert.equal(r.body.violation_state, 'violation');
      assert.deepEqual(
        r.body.violations.map((v) => v.violationType),
        ['MISSING_DATA_ASSET'],
      );
    });

    it('an unknown contract is a 404', async () => {
      const r = await req('GET', '/v0/contract/e0000000-0000-4000-8000-00000000ffff/violation-status');
      assert.equal(r.status, 404);
      assert.match(r.body.message, /no contract/);
    });
  });

  describe('check compliance', () => {
    it('checks a posted contract against the asset schema', async () => {
      const ok = await req<ComplianceResponse>('POST', '/v0/contract/check-compliance', {
        contract: {
          dataAssetResourceName: ORDERS_DARN,
          contractSchema: [
            { type: 'string', name: 'email' },
            { type: 'DOUBLE', name: 'amount' },
          ],
        },
      });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.body, { violations: [] });
      const bad = await req<ComplianceResponse>('POST', '/v0/contract/check-compliance', {
        contract: {
          dataAssetResourceName: ORDERS_DARN,
          contractSchema: [{ type: 'struct', name: 'customer', fields: [{ type: 'int', name: 'address' }] }],
        },
      });
      assert.deepEqual(
        bad.body.violations.map((v) => [v.violationType, v.field]),
        [['INCOMPATIBLE_TYPE', 'customer.address']],
      );
      const missing = await req<ComplianceResponse>('POST', '/v0/contract/check-compliance', {
        contract: { dataAssetResourceName: 's3://b:none', contractSchema: [] },
      });
      assert.deepEqual(
        missing.body.violations.map((v) => v.violationType),
        ['MISSING_DATA_ASSET'],
      );
    });

    it('an invalid body is a 400 naming the member', async () => {
      const r = await req('POST', '/v0/contract/check-compliance', { contract: { contractSchema: [] } });
      assert.equal(r.status, 400);
      assert.match(r.body.message, /contract\/dataAssetResourceName/);
    });
  });

  describe('subscription update', () => {
    it("updates the user's subscription to the contract, keeping members not sent", async () => {
      const r = await req<ContractSubscription>('PUT', `/v0/contract-subscription/${CONTRACT_OK}`, {
        userId: USER_ANA,
        chatChannel: '#orders-alerts',
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, {
        id: 'f0000000-0000-4000-8000-000000000001',
        dataContractId: CONTRACT_OK,
        userId: USER_ANA,
        email: 'ana@example.com',
        chatChannel: '#orders-alerts',
      });
    });

    it('creates a subscription for a user who has none', async () => {
      const user = '90000000-0000-4000-8000-000000000002';
      const r = await req<ContractSubscription>('PUT', `/v0/contract-subscription/${CONTRACT_OK}`, {
        dataContractId: CONTRACT_OK,
        userId: user,
        email: 'bo@example.org',
      });
      assert.equal(r.status, 200, r.text);
      assert.match(r.body.id, /^[0-9a-f-]{36}$/);
      assert.equal(r.body.email, 'bo@example.org');
      const again = await req<ContractSubscription>('PUT', `/v0/contract-subscription/${CONTRACT_OK}`, {
        userId: user,
        codehostHandle: 'bo',
      });
      assert.equal(again.body.id, r.body.id);
      assert.equal(again.body.email, 'bo@example.org');
    });

    it('refuses an e-mail outside the pattern, a missing userId, a different dataContractId, an unknown contract', async () => {
      const email = await req('PUT', `/v0/contract-subscription/${CONTRACT_OK}`, {
        userId: USER_ANA,
        email: 'not an email',
      });
      assert.equal(email.status, 400);
      assert.match(email.body.message, /body\/email/);
      const noUser = await req('PUT', `/v0/contract-subscription/${CONTRACT_OK}`, { email: 'a@b.cd' });
      assert.equal(noUser.status, 400);
      assert.match(noUser.body.message, /userId/);
      const other = await req('PUT', `/v0/contract-subscription/${CONTRACT_OK}`, {
        userId: USER_ANA,
        dataContractId: CONTRACT_BROKEN,
      });
      assert.equal(other.status, 400);
      assert.match(other.body.message, /dataContractId/);
      const unknown = await req('PUT', '/v0/contract-subscription/e0000000-0000-4000-8000-00000000ffff', {
        userId: USER_ANA,
      });
      assert.equal(unknown.status, 404);
    });
  });

  describe('delete', () => {
    it('removes the contract and its subscriptions; a second delete is a 404', async () => {
      const r = await req('DELETE', `/v0/contract/delete/${CONTRACT_BROKEN}`);
      assert.equal(r.status, 200);
      assert.match(r.body.message, /deleted, with 1 subscription$/);
      assert.equal((await req('GET', `/v0/contract/${CONTRACT_BROKEN}/violation-status`)).status, 404);
      // Its subscription went with it: updating it now finds no contract.
      assert.equal(
        (await req('PUT', `/v0/contract-subscription/${CONTRACT_BROKEN}`, { userId: USER_ANA })).status,
        404,
      );
      const again = await req('DELETE', `/v0/contract/delete/${CONTRACT_BROKEN}`);
      assert.equal(again.status, 404);
    });
  });
});
