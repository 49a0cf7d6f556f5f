// A refresh against the REAL local service (small fixture): a component whose answer has the bytes of
// the last read is kept as cached, neither parsed nor compared again; one the service changed in
// between (a path written) is read anew; and a detail re-read after a save is never mistaken for the
// bytes of an earlier load.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import type { ComponentDetail, LineagePath } from '../../common/src/api';
import { DEFAULT_SETTINGS } from '../../common/src/settings';
import { ComponentStore } from '../../server/src/session/componentStore';
import { OnceLogger } from '../../server/src/util/log';
import { localServiceWithApi } from '../helpers/localServiceApi';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { startScriptedServer } from './scriptedServer';

const SMALL = join(resolve(__dirname, '..', '..', '..'), 'test', 'service', 'fixtures', 'small.json');
const CHECKOUT = 'c0000000-0000-4000-8000-0000000000a1'; // CODE, its paths written below

const quiet = () => new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined });
const settings = { ...DEFAULT_SETTINGS, components: [CHECKOUT] };

/** Each cached detail object by id, to tell a kept one (the same object) from one read anew. */
function details(store: ComponentStore): Map<string, ComponentDetail> {
  return new Map(store.all().map((c) => [c.id, c]));
}

describe('component store: a refresh of unchanged components', function () {
  const local = localServiceWithApi(SMALL);

  it('the client tells an answer with the bytes of the last read without parsing it', async () => {
    const first = await local.api.getComponentUnlessSame(CHECKOUT, undefined, undefined);
    assert.ok('component' in first && first.digest, 'read whole: its detail and digest');
    const again = await local.api.getComponentUnlessSame(CHECKOUT, undefined, first.digest);
    assert.deepEqual(again, { unchanged: true, digest: first.digest });
    const other = await local.api.getComponentUnlessSame(CHECKOUT, undefined, 'not-that-digest');
    assert.ok('component' in other && other.component.id === CHECKOUT);
    assert.equal(other.digest, first.digest);
  });

  it('keeps what did not change and reads anew what a write changed', async () => {
    const store = new ComponentStore(quiet());
    assert.equal((await store.load(local.api, settings)).kind, 'loaded');
    const loaded = details(store);
    assert.ok(loaded.size > 1, 'the fixture names several components');
    // The first refresh reads every answer (the first load took no digests) and finds nothing changed.
    const second = await store.load(local.api, settings);
    assert.deepEqual(second.kind === 'loaded' && second.changedIds, []);
    const refreshed = details(store);
    for (const [id, c] of refreshed) assert.notEqual(c, loaded.get(id), `${id} read again`);
    const version = store.version;
    // From then on the same bytes keep the cached detail itself.
    const third = await store.load(local.api, settings);
    assert.deepEqual(third.kind === 'loaded' && third.changedIds, []);
    for (const [id, c] of details(store)) assert.equal(c, refreshed.get(id), `${id} kept as it was`);
    assert.equal(store.version, version);

    // A path written in between: that component is read anew and says so.
    const path = store.get(CHECKOUT)!.paths!.find((p) => p.path_type === 'SCAN_OUTPUT')!;
    const edited: LineagePath = {
      ...path,
      transformation_summary: 'refresh test: a summary written between two loads',
      reason: 'refresh test',
    };
    await local.api.updatePath(CHECKOUT, path.path_id!, edited);
    const fourth = await store.load(local.api, settings);
    assert.ok(fourth.kind === 'loaded' && fourth.changedIds.includes(CHECKOUT));
    const summaries = store.get(CHECKOUT)!.paths!.map((p) => p.transformation_summary);
    assert.ok(summaries.includes('refresh test: a summary written between two loads'));
  });

  it('a detail re-read after a save is never kept on the digest of an earlier load', async () => {
    // A front for the local service that answers CHECKOUT's detail with the bytes the test chooses.
    const real = Buffer.from(
      await (
        await fetch(`${local.svc.url}/v0/experimental/components/${CHECKOUT}`, {
          headers: { 'X-API-KEY': local.svc.apiKey },
        })
      ).arrayBuffer(),
    );
    const parsed = JSON.parse(real.toString('utf8')) as { component: ComponentDetail };
    const other = Buffer.from(
      JSON.stringify({
        component: {
          ...parsed.component,
          paths: parsed.component.paths!.map((p) => ({ ...p, transformation_summary: 'as saved' })),
        },
      }),
    );
    let served = real;
    const front = await startScriptedServer((req, res) => {
      const url = req.url ?? '';
      if (
        url.startsWith(`/v0/experimental/components/${CHECKOUT}?`) ||
        url === `/v0/experimental/components/${CHECKOUT}`
      ) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': served.length });
        return void res.end(served);
      }
      void fetch(`${local.svc.url}${url}`, { headers: { 'X-API-KEY': local.svc.apiKey } })
        .then(async (r) => ({ status: r.status, body: Buffer.from(await r.arrayBuffer()) }))
        .then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
          res.end(body);
        });
    });
    const api = new HttpLineageApi({ baseUrl: front.url, apiKey: local.svc.apiKey });
    try {
      const store = new ComponentStore(quiet());
      await store.load(api, settings);
      await store.load(api, settings); // takes the digest of `real`
      served = other;
      const saved = await store.reloadOne(api, CHECKOUT, settings);
      assert.equal(saved.paths![0]!.transformation_summary, 'as saved');
      served = real; // the service's answer is the earlier bytes again
      const after = await store.load(api, settings);
      assert.ok(after.kind === 'loaded' && after.changedIds.includes(CHECKOUT));
      assert.deepEqual(
        store.get(CHECKOUT)!.paths!.map((p) => p.transformation_summary),
        parsed.component.paths!.map((p) => p.transformation_summary),
        'what the service answers now, not the saved detail',
      );
    } finally {
      await api.close();
      await front.close();
    }
  });
});
