// Operation 9 is paged: newest first, limit/offset, totalCount; events are read
// from the database a page at a time, and the API client reads the pages as asked.
import * as assert from 'node:assert/strict';
import { VERSIONS_PAGE } from '../../common/src/api/choices';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import { BILLING, CHECKOUT } from './ids';

import type {
  ComponentDetailResponse,
  ErrorResponse,
  PathUpdateResponse,
  VersionEntry,
  VersionsResponse,
} from '../../common/src/api';

describe('local service: versions are paged', () => {
  let svc: LocalService;
  const versions = <T = VersionsResponse>(id: string, query = '') =>
    call<T>(svc.url, 'GET', `/v0/experimental/components/${id}/versions${query}`, { key: svc.apiKey });

  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  it('pages concatenate to the whole history, in the same order', async () => {
    const whole = await versions(CHECKOUT);
    assert.equal(whole.status, 200, whole.text);
    assert.equal(whole.body.totalCount, whole.body.versions.length);
    const pages: VersionEntry[] = [];
    for (let offset = 0; offset < whole.body.totalCount; offset += 3) {
      const r = await versions(CHECKOUT, `?limit=3&offset=${offset}`);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.limit, 3);
      assert.equal(r.body.offset, offset);
      assert.equal(r.body.totalCount, whole.body.totalCount);
      assert.ok(r.body.versions.length <= 3);
      pages.push(...r.body.versions);
    }
    assert.deepEqual(pages, whole.body.versions);
    const past = await versions(CHECKOUT, `?offset=${whole.body.totalCount}`);
    assert.deepEqual(past.body.versions, []);
  });

  it('refuses a limit outside 1..max or an offset below 0, naming the parameter', async () => {
    for (const q of ['?limit=0', `?limit=${VERSIONS_PAGE.max + 1}`, '?offset=-1', '?limit=ten']) {
      const r = await versions<ErrorResponse>(CHECKOUT, q);
      assert.equal(r.status, 400, `${q}: ${r.text}`);
      assert.match(r.body.message, /query parameter (limit|offset)/);
    }
  });

  it('a long history answers one page by default; the client reads further pages on request', async () => {
    const component = (
      await call<ComponentDetailResponse>(svc.url, 'GET', `/v0/experimental/components/${BILLING}`, {
        key: svc.apiKey,
      })
    ).body.component;
    const path = component.paths![0]!;
    // Each update records two events: enough updates for more than one default page.
    const updates = Math.ceil(VERSIONS_PAGE.default / 2) + 1;
    let current = path.path_id;
    for (let i = 0; i < updates; i++) {
      const r = await call<PathUpdateResponse>(
        svc.url,
        'PUT',
        `/v0/experimental/components/${BILLING}/paths/${current}`,
        {
          key: svc.apiKey,
          body: { ingress: path.ingress, egress: path.egress, reason: `update ${i}` },
        },
      );
      assert.equal(r.status, 200, r.text);
      current = r.body.path.path_id!;
    }
    const first = await versions(BILLING);
    assert.equal(first.body.versions.length, VERSIONS_PAGE.default);
    assert.ok((first.body.totalCount ?? 0) > VERSIONS_PAGE.default);
    assert.equal(first.body.versions[0]?.reason, `update ${updates - 1}`, 'newest first');

    const api = new HttpLineageApi({ baseUrl: svc.url, apiKey: svc.apiKey });
    try {
      const page1 = await api.getVersions(BILLING);
      const page2 = await api.getVersions(BILLING, { offset: page1.versions.length });
      assert.equal(page1.versions.length + page2.versions.length, page1.totalCount);
      assert.deepEqual(page1.versions, first.body.versions);
      const small = await api.getVersions(BILLING, { limit: 2, offset: 1 });
      assert.deepEqual(small.versions, first.body.versions.slice(1, 3));
      assert.equal(small.limit, 2);
    } finally {
      await api.close();
    }
  });
});
