// Component detail (4) and versions (9): projections, suppression, namespace guard, coordinates,
// field tags and depends-on tags, against the real service on the small fixture.
import * as assert from 'node:assert/strict';
import { VERSIONS_PAGE } from '../../common/src/api/choices';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import {
  BILLING,
  CHECKOUT,
  NOTIFIER,
  ORDERS_DB,
  P_CHECKOUT_SAVE,
  P_DEBUG_SUPPRESSED,
  P_REFUND_OVERRIDE,
  P_REFUND_SCAN,
} from './ids';

import type {
  ComponentDetail,
  ComponentDetailResponse,
  DependsOnTagRef,
  ErrorResponse,
  FieldTagRef,
  LineagePath,
  PathBoundary,
  VersionsResponse,
} from '../../common/src/api';

describe('local service: component detail and versions', () => {
  let svc: LocalService;
  const get = <T = ErrorResponse>(path: string) => call<T>(svc.url, 'GET', path, { key: svc.apiKey });
  const component = async (id: string, query = ''): Promise<ComponentDetail> => {
    const r = await get<ComponentDetailResponse>(`/v0/experimental/components/${id}${query}`);
    assert.equal(r.status, 200, r.text);
    return r.body.component;
  };
  const pathsOf = (c: ComponentDetail): LineagePath[] => c.paths ?? [];
  const pathOf = (c: ComponentDetail, id: string): LineagePath => {
    const p = pathsOf(c).find((x) => x.path_id === id);
    assert.ok(p, `path ${id}`);
    return p;
  };
  const tagsAt = (b: PathBoundary, field: string): FieldTagRef[] =>
    b.field_tags!.find((e) => e.field_path === field)?.tags ?? [];
  const dependsAt = (b: PathBoundary, field: string): DependsOnTagRef[] =>
    b.field_depends_on_tags!.find((e) => e.field_path === field)?.depends_on ?? [];

  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  describe('projection', () => {
    it('collapsed (the default) shows the override instead of the scan path it replaces', async () => {
      const c = await component(CHECKOUT);
      const ids = pathsOf(c).map((p) => p.path_id);
      assert.deepEqual(ids, [P_CHECKOUT_SAVE, P_REFUND_OVERRIDE, P_DEBUG_SUPPRESSED]);
      assert.equal(pathOf(c, P_REFUND_OVERRIDE).path_type, 'USER_OVERRIDE');
      const explicit = await component(CHECKOUT, '?projection=collapsed');
      assert.deepEqual(
        pathsOf(explicit).map((p) => p.path_id),
        ids,
      );
    });

    it('all shows both the scan path and its override, each with its path_type', async () => {
      const c = await component(CHECKOUT, '?projection=all');
      assert.deepEqual(
        pathsOf(c).map((p) => [p.path_id, p.path_type]),
        [
          [P_CHECKOUT_SAVE, 'SCAN_OUTPUT'],
          [P_REFUND_SCAN, 'SCAN_OUTPUT'],
          [P_REFUND_OVERRIDE, 'USER_OVERRIDE'],
          [P_DEBUG_SUPPRESSED, 'SCAN_OUTPUT'],
        ],
      );
    });

    it('an unknown projection is a 400 naming the parameter', async () => {
      const r = await get(`/v0/experimental/components/${CHECKOUT}?projection=everything`);
      assert.equal(r.status, 400);
      assert.match(r.body.message, /projection/);
    });

    it('marks suppressed paths with is_suppressed and others with false', async () => {
      const c = await component(CHECKOUT);
      assert.equal(pathOf(c, P_DEBUG_SUPPRESSED).is_suppressed, true);
      assert.equal(pathOf(c, P_CHECKOUT_SAVE).is_suppressed, false);
    });

    it('returns the path members of the dataset and no write-only members', async () => {
      const p = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE);
      assert.equal(p.transformation_summary, 'stores the order');
      assert.equal(p.field_mappings?.length, 3);
      assert.equal(p.code_anchors?.[0]?.file, 'src/CheckoutController.java');
      assert.equal(p.completeness?.field_mappings, 'KNOWN_INCOMPLETE');
      const o = pathOf(await component(CHECKOUT), P_REFUND_OVERRIDE);
      assert.equal('reason' in o, false);
      assert.equal('effective_since_commit_sha' in o, false);
    });
  });

  describe('namespace guard and unknown ids', () => {
    it('a matching namespace answers, another one is a 404', async () => {
      assert.equal((await component(CHECKOUT, '?namespace=shop')).id, CHECKOUT);
      const r = await get(`/v0/experimental/components/${CHECKOUT}?namespace=ops`);
      assert.equal(r.status, 404);
      assert.match(r.body.message, /namespace "ops"/);
    });

    it('an unknown component is a 404 for detail and versions', async () => {
      for (const path of ['/v0/experimental/components/nope', '/v0/experimental/components/nope/versions']) {
        const r = await get(path);
        assert.equal(r.status, 404, path);
        assert.match(r.body.message, /no component "nope"/);
      }
    });
  });

  describe('DATA_STORE components', () => {
    it('carry their schema field list and store kind, no paths', async () => {
      const c = await component(ORDERS_DB);
      assert.equal(c.type, 'DATA_STORE');
      assert.equal(c.store_kind, 'POSTGRES');
      assert.deepEqual(
        c.schema!.fields.map((f) => f.name),
        ['email', 'amount', 'card_last4', 'status'],
      );
      assert.equal(c.paths, undefined);
    });
  });

  describe('boundary coordinates', () => {
    it('default to the scanner payload and signature names', async () => {
      const p = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE);
      assert.deepEqual(p.ingress.boundary_coordinates, {
        payload_name: 'CheckoutRequest',
        signature_name: 'com.shop.CheckoutController.submit',
      });
    });

    it('come from the dataset when given, and hold null where the scan recorded none', async () => {
      const p = pathOf(await component(CHECKOUT, '?projection=all'), P_REFUND_SCAN);
      assert.deepEqual(p.ingress.boundary_coordinates, { payload_name: null, signature_name: 'refund#v1' });
      // Display value: the path's payload name stands in for the missing scanner one.
      assert.equal(p.ingress.payload_name, 'RefundRequest');
    });

    it('hold null for a payload name when neither scan nor dataset gave one', async () => {
      const p = pathOf(await component(CHECKOUT), P_DEBUG_SUPPRESSED);
      assert.deepEqual(p.egress.boundary_coordinates, {
        payload_name: null,
        signature_name: 'com.shop.Debug.log',
      });
      assert.equal(p.egress.payload_name, undefined);
    });
  });

  describe('field tags', () => {
    it('show a SYSTEM tag with its detection category', async () => {
      const b = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE).ingress;
      assert.deepEqual(tagsAt(b, 'email'), [
        {
          tag_id: 'system-pii',
          name: 'pii',
          kind: 'SYSTEM',
          source: 'system',
          detection_category: 'email-address',
        },
      ]);
    });

    it('the most recent application wins between user and system', async () => {
      const b = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE).ingress;
      assert.deepEqual(tagsAt(b, 'card.number'), [
        {
          tag_id: 't-secret',
          name: 'secret',
          kind: 'SYSTEM',
          source: 'system',
          color: '#ff0000',
          detection_category: 'card-number',
        },
      ]);
    });

    it('removed tags and deleted definitions are absent; deactivated definitions still render', async () => {
      const p = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE);
      assert.deepEqual(tagsAt(p.ingress, 'amount'), []);
      assert.deepEqual(tagsAt(p.egress, 'email'), []);
      assert.deepEqual(tagsAt(p.egress, 'amount'), [
        { tag_id: 't-legacy', name: 'legacy', kind: 'USER', source: 'user' },
      ]);
      assert.deepEqual(
        p.egress.field_tags!.map((e) => e.field_path),
        ['amount'],
      );
    });

    it('USER tags from the dataset render with their color', async () => {
      const b = pathsOf(await component(BILLING))[0]!.egress;
      assert.deepEqual(tagsAt(b, 'total'), [
        { tag_id: 't-customer', name: 'customer-data', kind: 'USER', source: 'user', color: '#00aa00' },
      ]);
    });
  });

  describe('depends-on tags', () => {
    it('follow field mappings inside a component with 0 hops', async () => {
      const p = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE);
      assert.deepEqual(dependsAt(p.egress, 'email'), [
        { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 0 },
      ]);
      assert.deepEqual(dependsAt(p.egress, 'card_last4'), [
        { tag_id: 't-secret', name: 'secret', kind: 'SYSTEM', color: '#ff0000', nearest_hops: 0 },
      ]);
    });

    it('a field carrying a tag directly does not depend on it', async () => {
      const p = pathOf(await component(CHECKOUT), P_CHECKOUT_SAVE);
      assert.deepEqual(dependsAt(p.ingress, 'email'), []);
      assert.deepEqual(p.ingress.field_depends_on_tags, []);
      // egress amount carries `legacy` directly: it is in field_tags, not in depends-on.
      assert.deepEqual(dependsAt(p.egress, 'amount'), []);
    });

    it('cross a DATA_STORE (2 hops: code -> store -> code), matching fields by path', async () => {
      const p = pathsOf(await component(BILLING))[0]!;
      assert.deepEqual(dependsAt(p.ingress, 'email'), [
        { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 2 },
      ]);
      assert.deepEqual(dependsAt(p.egress, 'customer_email'), [
        { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 2 },
      ]);
      // USER tags propagate too, also from a deactivated definition.
      assert.deepEqual(dependsAt(p.egress, 'total'), [
        { tag_id: 't-legacy', name: 'legacy', kind: 'USER', nearest_hops: 2 },
      ]);
    });

    it('cross a code-to-code edge by payload name (3 hops in all)', async () => {
      const p = pathsOf(await component(NOTIFIER))[0]!;
      assert.deepEqual(dependsAt(p.ingress, 'customer_email'), [
        { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 3 },
      ]);
      assert.deepEqual(dependsAt(p.egress, 'to'), [
        { tag_id: 'system-pii', name: 'pii', kind: 'SYSTEM', nearest_hops: 3 },
      ]);
      // customer-data sits on billing's `total`, which nothing in the notifier reads.
      assert.equal(
        p.ingress.field_depends_on_tags!.some((e) => e.depends_on.some((r) => r.name === 'customer-data')),
        false,
      );
    });

    it('suppressed paths carry no tags downstream', async () => {
      const p = pathOf(await component(CHECKOUT), P_DEBUG_SUPPRESSED);
      assert.deepEqual(
        tagsAt(p.ingress, 'email').map((t) => t.name),
        ['pifi'],
      );
      assert.deepEqual(p.egress.field_depends_on_tags, []);
    });
  });

  describe('versions', () => {
    it('lists scans and path events, newest first, with commit and time', async () => {
      const r = await get<VersionsResponse>(`/v0/experimental/components/${CHECKOUT}/versions`);
      assert.equal(r.status, 200);
      const kinds = r.body.versions.map((v) => [v.kind, v.commit_sha]);
      assert.deepEqual(kinds, [
        ['SCAN', 'bbbb222'],
        ['SCAN', 'aaaa111'],
        ['BYO_PATH_DELETED', 'aaaa111'],
        ['BYO_PATH_ADDED', 'aaaa111'],
      ]);
      const scan = r.body.versions[0];
      assert.deepEqual(scan, {
        kind: 'SCAN',
        commit_sha: 'bbbb222',
        committed_at: '2024-05-03T10:00:00Z',
        recorded_at: '2024-05-03T10:05:00Z',
        branch: 'release',
        job_trigger: 'schedule',
        // Its own path, and those without a recorded commit (the latest scan's); not the override.
        path_ids: [P_CHECKOUT_SAVE, P_REFUND_SCAN, P_DEBUG_SUPPRESSED],
      });
      assert.deepEqual(r.body.versions[1]?.path_ids, []);
      assert.equal(r.body.versions[3]?.path_id, P_REFUND_OVERRIDE);
      assert.equal(r.body.versions[3]?.reason, 'scanner missed the refund reason');
    });

    it('a DATA_STORE has no versions', async () => {
      const r = await get<VersionsResponse>(`/v0/experimental/components/${ORDERS_DB}/versions`);
      assert.deepEqual(r.body, { versions: [], totalCount: 0, limit: VERSIONS_PAGE.default, offset: 0 });
    });
  });
});
