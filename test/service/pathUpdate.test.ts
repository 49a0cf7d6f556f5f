// Path update (1): the new USER_OVERRIDE, its events, its errors, and durability across a kill -9.
import * as assert from 'node:assert/strict';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import {
  BILLING,
  CHECKOUT,
  NOTIFIER,
  ORDERS_DB,
  P_CHECKOUT_SAVE,
  P_REFUND_OVERRIDE,
  P_REFUND_SCAN,
} from './ids';

import type {
  ComponentDetailResponse,
  ErrorResponse,
  LineagePath,
  PathUpdateResponse,
  VersionsResponse,
} from '../../common/src/api';

describe('local service: path update', () => {
  let svc: LocalService;
  const get = (path: string) => call<ComponentDetailResponse>(svc.url, 'GET', path, { key: svc.apiKey });
  const paths = async (path: string) => (await get(path)).body.component.paths ?? [];
  const put = <T = PathUpdateResponse>(component: string, path: string, body: unknown) =>
    call<T>(svc.url, 'PUT', `/v0/experimental/components/${component}/paths/${path}`, {
      key: svc.apiKey,
      body,
    });
  const refuse = (component: string, path: string, body: unknown) =>
    put<ErrorResponse>(component, path, body);
  const readPath = async (component: string, id: string, projection = 'all'): Promise<LineagePath> => {
    const p = (await paths(`/v0/experimental/components/${component}?projection=${projection}`)).find(
      (x) => x.path_id === id,
    );
    assert.ok(p, `path ${id} of ${component}`);
    return p;
  };
  const versions = async (component: string) =>
    (
      await call<VersionsResponse>(svc.url, 'GET', `/v0/experimental/components/${component}/versions`, {
        key: svc.apiKey,
      })
    ).body.versions;
  /** The USER_OVERRIDE now standing in for the scan path `scan` (same ingress signature), if any. */
  const overrideOf = async (component: string, scan: LineagePath): Promise<LineagePath | undefined> =>
    (await paths(`/v0/experimental/components/${component}?projection=all`)).find(
      (x) => x.path_type === 'USER_OVERRIDE' && x.ingress.signature_name === scan.ingress.signature_name,
    );

  // One service for the whole file (each start costs a second on a busy machine): every test reads
  // the state it changes, and the ones that update the same path hold whatever the order.
  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  it('makes a USER_OVERRIDE with a new id that replaces the scan path; read-only members are ignored', async () => {
    const old = await readPath(CHECKOUT, P_CHECKOUT_SAVE);
    const listed = (await paths(`/v0/experimental/components/${CHECKOUT}`)).map((x) => x.path_id);
    const body = {
      ...old,
      path_type: 'SCAN_OUTPUT',
      is_suppressed: true,
      field_mappings: [
        ...old.field_mappings!,
        { ingress_field: 'amount', egress_field: 'total', kind: 'ControlFlow' },
      ],
      reason: 'adds the total',
      effective_since_commit_sha: 'aaaa111',
    };
    const r = await put(CHECKOUT, P_CHECKOUT_SAVE, body);
    assert.equal(r.status, 200, r.text);
    const p = r.body.path;
    assert.notEqual(p.path_id, P_CHECKOUT_SAVE);
    assert.equal(p.path_type, 'USER_OVERRIDE');
    assert.equal(p.is_suppressed, false);
    assert.equal(p.field_mappings!.length, 4);
    assert.equal('reason' in p, false);
    // Unchanged boundaries keep their ids, coordinates and tags.
    assert.equal(p.ingress.id, old.ingress.id);
    assert.deepEqual(p.ingress.field_tags, old.ingress.field_tags);

    const collapsed = (await paths(`/v0/experimental/components/${CHECKOUT}`)).map((x) => x.path_id);
    assert.equal(collapsed.includes(P_CHECKOUT_SAVE), false);
    // The override takes the scan path's place in the list: rows keep their order after a save.
    assert.equal(collapsed.indexOf(p.path_id), listed.indexOf(P_CHECKOUT_SAVE));
    const all = await paths(`/v0/experimental/components/${CHECKOUT}?projection=all`);
    assert.deepEqual(
      all.filter((x) => [P_CHECKOUT_SAVE, p.path_id].includes(x.path_id)).map((x) => x.path_type),
      ['SCAN_OUTPUT', 'USER_OVERRIDE'],
    );
  });

  it('records BYO_PATH_DELETED for the path replaced and BYO_PATH_ADDED for the new one, with the commit time from scan history', async () => {
    const old = await readPath(CHECKOUT, P_CHECKOUT_SAVE);
    // The first test left an override standing in for this scan path: that override is what goes.
    const standing = await overrideOf(CHECKOUT, old);
    assert.ok(standing, 'an earlier update left an override of the scan path');
    const r = await put(CHECKOUT, P_CHECKOUT_SAVE, {
      ingress: old.ingress,
      egress: old.egress,
      field_mappings: old.field_mappings,
      reason: 'why not',
      effective_since_commit_sha: 'aaaa111',
    });
    assert.equal(r.status, 200, r.text);
    const events = (await versions(CHECKOUT)).filter(
      (v) => v.kind !== 'SCAN' && v.commit_sha === 'aaaa111' && v.reason === 'why not',
    );
    assert.deepEqual(
      events.map((v) => [v.kind, v.path_id, v.committed_at]),
      [
        ['BYO_PATH_DELETED', standing!.path_id, '2024-05-01T10:00:00Z'],
        ['BYO_PATH_ADDED', r.body.path.path_id, '2024-05-01T10:00:00Z'],
      ],
    );
  });

  it('defaults effective_since_commit_sha to the latest scanned commit', async () => {
    const old = await readPath(CHECKOUT, P_CHECKOUT_SAVE);
    const r = await put(CHECKOUT, P_CHECKOUT_SAVE, {
      ingress: old.ingress,
      egress: old.egress,
      field_mappings: old.field_mappings,
    });
    const added = (await versions(CHECKOUT)).find(
      (v) => v.kind === 'BYO_PATH_ADDED' && v.path_id === r.body.path.path_id,
    );
    assert.equal(added?.commit_sha, 'bbbb222');
    assert.equal(added?.committed_at, '2024-05-03T10:00:00Z');
  });

  it('updating an override deletes that override and replaces the same scan path', async () => {
    const old = await readPath(CHECKOUT, P_REFUND_OVERRIDE);
    const r = await put(CHECKOUT, P_REFUND_OVERRIDE, {
      ingress: old.ingress,
      egress: old.egress,
      transformation_summary: 'v2',
    });
    assert.equal(r.status, 200, r.text);
    const all = (await paths(`/v0/experimental/components/${CHECKOUT}?projection=all`)).map((x) => x.path_id);
    assert.equal(all.includes(P_REFUND_OVERRIDE), false);
    assert.equal(all.includes(P_REFUND_SCAN), true);
    const collapsed = (await paths(`/v0/experimental/components/${CHECKOUT}`)).map((x) => x.path_id);
    assert.equal(collapsed.includes(P_REFUND_SCAN), false);
    assert.equal(collapsed.includes(r.body.path.path_id), true);
    // The boundaries keep their durable coordinates.
    assert.deepEqual(r.body.path.ingress.boundary_coordinates, {
      payload_name: null,
      signature_name: 'refund#v1',
    });
  });

  it('updating a scan path that already has an override supersedes that override, and BYO_PATH_DELETED names it', async () => {
    const old = await readPath(CHECKOUT, P_REFUND_SCAN);
    const standing = await overrideOf(CHECKOUT, old);
    assert.ok(standing, 'the scan path has an override before the update');
    const reason = `supersede ${Date.now()}`;
    const r = await put(CHECKOUT, P_REFUND_SCAN, { ingress: old.ingress, egress: old.egress, reason });
    assert.equal(r.status, 200, r.text);
    const events = (await versions(CHECKOUT)).filter((v) => v.kind !== 'SCAN' && v.reason === reason);
    assert.deepEqual(
      events.map((v) => [v.kind, v.path_id]),
      [
        ['BYO_PATH_DELETED', standing!.path_id],
        ['BYO_PATH_ADDED', r.body.path.path_id],
      ],
      'the event names the override that was deleted, not the scan path, which stays',
    );
    const all = await paths(`/v0/experimental/components/${CHECKOUT}?projection=all`);
    const refundOverrides = all.filter(
      (x) => x.path_type === 'USER_OVERRIDE' && x.ingress.signature_name === old.ingress.signature_name,
    );
    assert.deepEqual(
      refundOverrides.map((x) => x.path_id),
      [r.body.path.path_id],
    );
    assert.equal(
      all.some((x) => x.path_id === P_REFUND_OVERRIDE),
      false,
    );
  });

  it('path events keep the history: who, the replaced id, the retired path as it was; the list keeps its order', async () => {
    const before = (await paths(`/v0/experimental/components/${CHECKOUT}?projection=all`)).map(
      (x) => x.path_id,
    );
    const old = await readPath(CHECKOUT, P_REFUND_SCAN);
    const standing = (await overrideOf(CHECKOUT, old))!;
    const reason = `history ${Date.now()}`;
    const r = await put(CHECKOUT, standing.path_id!, {
      ingress: standing.ingress,
      egress: standing.egress,
      transformation_summary: `${standing.transformation_summary ?? ''} (history)`,
      reason,
    });
    assert.equal(r.status, 200, r.text);
    const [deleted, added] = (await versions(CHECKOUT)).filter(
      (v) => v.kind !== 'SCAN' && v.reason === reason,
    );
    assert.equal(added?.replaces_path_id, standing.path_id, 'the new path names the one it replaced');
    assert.equal(deleted?.path?.path_id, standing.path_id, 'the retired path is kept as it was');
    assert.equal(deleted?.path?.transformation_summary, standing.transformation_summary);
    assert.ok(added?.recorded_by && added.recorded_by === deleted?.recorded_by, 'who recorded the update');
    const after = (await paths(`/v0/experimental/components/${CHECKOUT}?projection=all`)).map(
      (x) => x.path_id,
    );
    assert.deepEqual(
      after,
      before.map((id) => (id === standing.path_id ? r.body.path.path_id : id)),
      'the new path takes the place of the one it replaced',
    );
  });

  it('a changed mapping changes depends-on tags downstream at once', async () => {
    const before = (await paths(`/v0/experimental/components/${NOTIFIER}`))[0]!;
    assert.equal(before.egress.field_depends_on_tags!.length, 1);
    const old = await readPath(BILLING, (await paths(`/v0/experimental/components/${BILLING}`))[0]!.path_id!);
    const r = await put(BILLING, old.path_id!, {
      ingress: old.ingress,
      egress: old.egress,
      field_mappings: [{ ingress_field: 'amount', egress_field: 'total' }],
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.path.egress.field_depends_on_tags!.map((e) => e.field_path),
      ['total'],
    );
    const after = (await paths(`/v0/experimental/components/${NOTIFIER}`))[0]!;
    assert.deepEqual(after.egress.field_depends_on_tags, []);
  });

  it('a read repeated between writes answers the same bytes; after a write both reads show it', async () => {
    const url = `/v0/experimental/components/${BILLING}`;
    const first = await get(url);
    const again = await get(url);
    assert.equal(again.text, first.text);
    const versionsBefore = await versions(BILLING);
    assert.deepEqual(await versions(BILLING), versionsBefore);
    const old = first.body.component.paths![0]!;
    const r = await put(BILLING, old.path_id!, {
      ingress: old.ingress,
      egress: old.egress,
      field_mappings: [{ ingress_field: 'amount', egress_field: 'total' }],
      transformation_summary: `read-after-write ${versionsBefore.length}`,
    });
    assert.equal(r.status, 200, r.text);
    const after = await get(url);
    assert.ok(
      after.body.component.paths!.some((p) => p.path_id === r.body.path.path_id),
      'the new override is in the detail read after the write',
    );
    assert.equal((await versions(BILLING)).length, versionsBefore.length + 2);
  });

  describe('errors', () => {
    it('400 for a body without ingress signature_name, naming the member', async () => {
      const old = await readPath(CHECKOUT, P_CHECKOUT_SAVE);
      const r = await refuse(CHECKOUT, P_CHECKOUT_SAVE, {
        ingress: { id: old.ingress.id },
        egress: old.egress,
      });
      assert.equal(r.status, 400);
      assert.match(r.body.message, /ingress\/signature_name/);
    });

    it('400 for a DATA_STORE component', async () => {
      const r = await refuse(ORDERS_DB, P_CHECKOUT_SAVE, {
        ingress: { signature_name: 'a' },
        egress: { signature_name: 'b' },
      });
      assert.equal(r.status, 400);
      assert.match(r.body.message, /DATA_STORE/);
    });

    it('404 for an unknown component or path', async () => {
      const body = { ingress: { signature_name: 'a' }, egress: { signature_name: 'b' } };
      const c = await refuse('nope', P_CHECKOUT_SAVE, body);
      assert.equal(c.status, 404);
      assert.match(c.body.message, /no component/);
      const p = await refuse(CHECKOUT, 'nope', body);
      assert.equal(p.status, 404);
      assert.match(p.body.message, /no path "nope"/);
    });

    it('400 for an unknown commit, and nothing is written', async () => {
      const old = await readPath(CHECKOUT, P_CHECKOUT_SAVE);
      const before = await versions(CHECKOUT);
      const r = await refuse(CHECKOUT, P_CHECKOUT_SAVE, {
        ingress: old.ingress,
        egress: old.egress,
        effective_since_commit_sha: 'ffff999',
      });
      assert.equal(r.status, 400);
      assert.match(r.body.message, /ffff999.*not a scanned commit/);
      assert.deepEqual(await versions(CHECKOUT), before);
    });
  });

  it('is durable: after a kill -9 the update and its events are still there', async () => {
    const old = await readPath(CHECKOUT, P_CHECKOUT_SAVE);
    const r = await put(CHECKOUT, P_CHECKOUT_SAVE, {
      ingress: old.ingress,
      egress: old.egress,
      field_mappings: old.field_mappings,
      transformation_summary: 'survives',
      reason: 'crash test',
    });
    assert.equal(r.status, 200, r.text);
    const newId = r.body.path.path_id;
    const key = svc.apiKey;
    const exited = new Promise((res) => svc.process.once('exit', res));
    svc.process.kill('SIGKILL');
    await exited;

    svc = await startLocalService({ db: svc.dbFile, args: ['--print-key'] });
    assert.equal(svc.apiKey, key);
    const p = (
      await call<ComponentDetailResponse>(svc.url, 'GET', `/v0/experimental/components/${CHECKOUT}`, { key })
    ).body.component.paths?.find((x) => x.path_id === newId);
    assert.equal(p?.transformation_summary, 'survives');
    const v = (
      await call<VersionsResponse>(svc.url, 'GET', `/v0/experimental/components/${CHECKOUT}/versions`, {
        key,
      })
    ).body.versions.filter((x) => x.reason === 'crash test');
    assert.deepEqual(v.map((x) => x.kind).sort(), ['BYO_PATH_ADDED', 'BYO_PATH_DELETED']);
  });
});
