// Every success response, on the demo dataset and on the small fixture, matches the shared schemas.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OPERATIONS } from '../../common/src/api/operations';
import { describeProblems, problems } from '../../common/src/api/validate';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Dataset } from '../../common/src/dataset/schema';
import type { ComponentDetailResponse, EdgesResponse } from '../../common/src/api';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';

const DEMO = join(resolve(__dirname, '..', '..', '..'), 'demo', 'dataset.json');

for (const [label, seed] of [
  ['small fixture', SMALL],
  ['demo dataset', DEMO],
] as const) {
  describe(`local service: responses match the common schemas (${label})`, function () {
    let svc: LocalService;
    before(async function () {
      // A missing dataset is a broken checkout, not a reason to check nothing.
      assert.ok(existsSync(seed), `the ${label} is missing: ${seed}`);
      svc = await startLocalService({ seed });
    });
    after(async () => svc?.stop());

    /** The body, once it matched the schema (so it is of the schema's type). */
    async function checked<S extends TSchema>(
      schema: S,
      method: string,
      path: string,
      body?: unknown,
    ): Promise<Static<S>> {
      const r = await call<Static<S>>(svc.url, method, path, { key: svc.apiKey, body });
      assert.equal(r.status, 200, `${method} ${path}: ${r.text.slice(0, 300)}`);
      const found = problems(schema, r.body);
      assert.deepEqual(found, [], `${method} ${path}: ${describeProblems(found)}`);
      return r.body;
    }

    it('every read operation, over every component, contract and data asset', async () => {
      const keys = await checked(OPERATIONS.listApiKeys.response, 'GET', '/v0/api-keys');
      assert.ok(keys.length > 0);
      await checked(OPERATIONS.getHistoryFilters.response, 'GET', '/v0/components/history/filters');
      const edges = await checked(OPERATIONS.getEdges.response, 'GET', '/v0/experimental/edges');
      const ids = new Set<string>();
      for (const e of edges.edges) ids.add(e.sourceComponentId).add(e.destinationComponentId);
      assert.ok(ids.size > 0, 'the dataset has edges');
      let paths = 0;
      for (const id of ids) {
        for (const projection of ['collapsed', 'all']) {
          const c = await checked(
            OPERATIONS.getComponent.response,
            'GET',
            `/v0/experimental/components/${id}?projection=${projection}`,
          );
          paths += c.component.paths?.length ?? 0;
        }
        await checked(OPERATIONS.getVersions.response, 'GET', `/v0/experimental/components/${id}/versions`);
      }
      assert.ok(paths > 0);
      // Contracts and data assets have no list operation: take their ids from the dataset itself.
      const dataset = JSON.parse(readFileSync(seed, 'utf8')) as Dataset;
      for (const contract of dataset.contracts ?? []) {
        await checked(
          OPERATIONS.getViolationStatus.response,
          'GET',
          `/v0/contract/${contract.id}/violation-status`,
        );
      }
      const darns = (dataset.dataAssets ?? [])
        .map((a) => `darn=${encodeURIComponent(a.dataAssetResourceName)}`)
        .join('&');
      if (darns) {
        const all = await checked(OPERATIONS.getDataAssets.response, 'GET', `/v0/data-assets/bulk?${darns}`);
        assert.ok(all.data.every((i) => i.status === 'success'));
      }
      const darnProbe = await checked(
        OPERATIONS.getDataAssets.response,
        'GET',
        '/v0/data-assets/bulk?darn=s3%3A%2F%2Fx%3Ay&darn=bad',
      );
      assert.equal(darnProbe.totalCount, 2);
    });

    it('path update, compliance and registration', async () => {
      const edges = (await call<EdgesResponse>(svc.url, 'GET', '/v0/experimental/edges', { key: svc.apiKey }))
        .body.edges;
      let updated = false;
      for (const e of edges) {
        const c = (
          await call<ComponentDetailResponse>(
            svc.url,
            'GET',
            `/v0/experimental/components/${e.sourceComponentId}`,
            {
              key: svc.apiKey,
            },
          )
        ).body.component;
        const p = c.paths?.[0];
        if (!p) continue;
        await checked(
          OPERATIONS.updatePath.response,
          'PUT',
          `/v0/experimental/components/${c.id}/paths/${p.path_id}`,
          { ...p, reason: 'schema check' },
        );
        updated = true;
        break;
      }
      assert.ok(updated);
      await checked(OPERATIONS.checkCompliance.response, 'POST', '/v0/contract/check-compliance', {
        contract: { dataAssetResourceName: 's3://a:b', contractSchema: [] },
      });
      await checked(OPERATIONS.registerObjectStoreAssets.response, 'POST', '/v0/data-asset/register/s3', {
        assets: [{ bucket: 'schema-check', pattern: 'x/*.csv', schema: { type: 'struct', fields: [] } }],
        dry_run: true,
      });
    });
  });
}
