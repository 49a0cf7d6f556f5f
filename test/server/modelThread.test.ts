// `lineage-lens impact`'s model thread (server/src/cli/modelThread.ts, the built dist/cli/impactWorker.js)
// against the real local service and the demo dataset: the component answers the client accepted
// reach the thread as their bytes (ApiClientConfig.onAnswer), and the thread's answers equal those
// of a model built in this thread from the same cache; a thread that lacks a component says so.
import { strict as assert } from 'node:assert';
import { join, resolve } from 'node:path';
import { fileUri } from '../../server/src/anchors';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import type { OperationName } from '../../common/src/api/operations';
import { pathLineages, producersOf, type PathKey } from '../../server/src/changeImpact/impactLineage';
import { startModelThread, type ModelThread } from '../../server/src/cli/modelThread';
import { ContractCatalog } from '../../server/src/graph/contractCatalog';
import { LineageModel } from '../../server/src/graph/lineageModel';
import { ComponentStore, DEFAULT_LIMITS } from '../../server/src/session/componentStore';
import { OnceLogger } from '../../server/src/util/log';
import { normalizeSettings } from '../../common/src/settings';
import { startLocalService, type LocalService } from '../helpers/localService';

const repoRoot = resolve(__dirname, '..', '..', '..');
const WORKER = join(repoRoot, 'dist', 'cli', 'impactWorker.js');
const WORKSPACE = join(repoRoot, 'demo', 'workspace');
const folder = { uri: fileUri(WORKSPACE), fsPath: WORKSPACE, projectRoot: '' };
const quietLog = () =>
  new OnceLogger({ info: () => undefined, warn: () => undefined, error: () => undefined });

describe('lineage-lens impact: the lineage model on its own thread', function () {
  this.timeout(60_000);
  let service: LocalService;
  const threads: ModelThread[] = [];

  before(async () => {
    service = await startLocalService();
  });
  after(async () => {
    for (const t of threads) await t.dispose();
    await service?.stop();
  });

  /** The demo's components loaded as the CLI loads them, each accepted answer seen by `onAnswer`. */
  async function load(
    onAnswer: (op: OperationName, params: Readonly<Record<string, string>>, body: Buffer) => void,
  ) {
    const api = new HttpLineageApi({
      baseUrl: service.url,
      apiKey: service.apiKey,
      streamFromBytes: Infinity,
      onAnswer,
    });
    const store = new ComponentStore(quietLog(), { ...DEFAULT_LIMITS, compact: false });
    const { edges } = await api.getEdges();
    const ids = [...new Set(edges.flatMap((e) => [e.sourceComponentId, e.destinationComponentId]))];
    const r = await store.load(api, normalizeSettings({ components: ids }));
    assert.equal(r.kind, 'loaded');
    return { api, store };
  }

  it('hands over each accepted component answer as its bytes, with the id it was read for', async () => {
    const seen = new Map<string, Buffer>();
    const ops = new Set<string>();
    const { api, store } = await load((op, params, body) => {
      ops.add(op);
      if (op === 'getComponent') seen.set(params.id!, body);
    });
    try {
      assert.ok(store.size >= 5, `the demo has components (${store.size})`);
      for (const c of store.all()) {
        const body = seen.get(c.id);
        assert.ok(body, `the answer for ${c.id} was handed over`);
        const sent = JSON.parse(body.toString('utf8')) as { component: unknown };
        assert.deepEqual(sent.component, JSON.parse(JSON.stringify(c)));
      }
      assert.ok(ops.has('getEdges') && ops.has('getVersions'), [...ops].join(', '));
      // A refused answer (404) is never handed over.
      const before = seen.size;
      await assert.rejects(api.getComponent('00000000-0000-4000-8000-00000000dead'));
      assert.equal(seen.size, before);
    } finally {
      await api.close();
    }
  });

  it('answers as a model built in this thread from the same cache does', async () => {
    const early: Array<[string, Buffer]> = [];
    const { api, store } = await load((op, params, body) => {
      if (op === 'getComponent') early.push([params.id!, body]);
    });
    await api.close();
    const thread = startModelThread(WORKER, { folder });
    threads.push(thread);
    for (const [id, body] of early) thread.component(id, body);
    thread.loaded(
      store.wantedIds().filter((id) => store.get(id)),
      store.edges(),
    );
    await thread.ready();

    const model = new LineageModel(store.all(), store.edges(), { tags: false });
    const catalog = new ContractCatalog();
    catalog.setFolders([folder]);
    const contracts = await catalog.list();
    assert.ok(contracts.length >= 3, 'the demo workspace has contract files');

    const keys: PathKey[] = store
      .all()
      .flatMap((c) => (c.paths ?? []).map((p) => ({ componentId: c.id, pathId: p.path_id! })));
    keys.push({ componentId: store.all()[0]!.id, pathId: 'no-such-path' });
    assert.ok(keys.length > 10);
    const theirs = await thread.paths(keys, 50);
    assert.deepEqual(theirs, pathLineages(model, contracts, keys, 50));
    assert.ok(
      theirs.some((p) => p.contracts.length > 0 && p.downstreamCounts.fields > 0),
      'some demo path reaches a contract',
    );
    assert.deepEqual(theirs.at(-1)!.downstream, []);

    for (const c of contracts) {
      const mine = producersOf(model, c.darn, []);
      assert.deepEqual(await thread.producers(c.darn, []), mine);
    }
    assert.ok(
      (await Promise.all(contracts.map((c) => thread.producers(c.darn, [])))).some((p) => p.length > 0),
      'some demo contract has producers',
    );
  });

  it('says which component it lacks, and every question fails with it', async () => {
    const thread = startModelThread(WORKER, { folder });
    threads.push(thread);
    thread.loaded(['c-never-sent'], []);
    await assert.rejects(thread.ready(), /did not receive component c-never-sent/);
    await assert.rejects(thread.paths([{ componentId: 'c-never-sent', pathId: 'p' }], 10), /c-never-sent/);
  });
});
