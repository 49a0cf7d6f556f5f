// The service's kept answers (operations 4, 9 and 12) are keyed by what a request means, defaults
// applied: a client that writes the defaults out (the language server asks `projection=collapsed`)
// and one that leaves them out share one rendering, and any real difference gets its own.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VERSIONS_PAGE } from '../../common/src/api/choices';
import { ServiceDb } from '../../service/src/db/database';
import { ensureSystemTags, seedDatabase } from '../../service/src/db/seed';
import { readDataset } from '../../service/src/dataset/loadDataset';
import { AnswerCache, JsonBytes } from '../../service/src/http/answerCache';
import { createHandlers } from '../../service/src/http/handlers';
import { componentAsk, versionsAsk } from '../../service/src/http/handlers/components';
import type { Request } from '../../service/src/http/handlers/request';
import { Store } from '../../service/src/model/store';
import { SMALL } from './http';

const request = (query: Request['query'], id = 'c1'): Request => ({ params: { id }, query, body: undefined });

describe('service: kept answers', () => {
  it('a component detail asked with or without the default projection is one ask', () => {
    assert.deepEqual(componentAsk(request({})), componentAsk(request({ projection: 'collapsed' })));
    assert.notDeepEqual(componentAsk(request({})), componentAsk(request({ projection: 'all' })));
    assert.notDeepEqual(componentAsk(request({})), componentAsk(request({ namespace: 'ns-1' })));
    assert.notDeepEqual(componentAsk(request({})), componentAsk(request({}, 'c2')));
    assert.throws(() => componentAsk(request({ projection: 'some' })), /projection/);
  });

  it('versions asked with or without the default page are one ask', () => {
    const page = String(VERSIONS_PAGE.default);
    assert.deepEqual(versionsAsk(request({})), versionsAsk(request({ limit: page, offset: '0' })));
    assert.notDeepEqual(versionsAsk(request({})), versionsAsk(request({ limit: String(VERSIONS_PAGE.max) })));
    assert.notDeepEqual(versionsAsk(request({})), versionsAsk(request({ offset: '5' })));
  });

  it('the handlers of operations 4, 9 and 12 answer equal asks with the one kept answer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lineage-lens-answers-'));
    const db = ServiceDb.open(join(dir, 'service.db'));
    try {
      seedDatabase(db, readDataset(SMALL));
      ensureSystemTags(db);
      const store = new Store(db);
      const handlers = createHandlers(store);
      const id = [...store.components.values()].find((c) => c.type === 'CODE')!.id;
      const bytes = (v: unknown) => (assert.ok(v instanceof JsonBytes), v.bytes);
      const detail = bytes(handlers.getComponent(request({}, id)));
      assert.equal(bytes(handlers.getComponent(request({ projection: 'collapsed' }, id))), detail);
      assert.notEqual(bytes(handlers.getComponent(request({ projection: 'all' }, id))), detail);
      const versions = bytes(handlers.getVersions(request({}, id)));
      const page = String(VERSIONS_PAGE.default);
      assert.equal(bytes(handlers.getVersions(request({ limit: page, offset: '0' }, id))), versions);
      const edges = bytes(handlers.getEdges(request({})));
      assert.equal(bytes(handlers.getEdges(request({}))), edges);
      const namespace = store.edges[0]!.namespace;
      const scoped = bytes(handlers.getEdges(request({ namespace })));
      assert.notEqual(scoped, edges);
      assert.equal(bytes(handlers.getEdges(request({ namespace }))), scoped);
      const edgesOf = (b: Buffer) => (JSON.parse(b.toString()) as { edges: unknown[] }).edges;
      assert.deepEqual(
        edgesOf(scoped),
        store.edges.filter((e) => e.namespace === namespace),
      );
      assert.equal(edgesOf(edges).length, store.edges.length);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders an ask once until the next write', () => {
    let onWrite: (() => void) | undefined;
    const cache = new AnswerCache({ onWrite: (f) => (onWrite = f) });
    let renders = 0;
    const render = () => ({ n: ++renders });
    const ask = (query: Request['query']) => {
      const a = componentAsk(request(query));
      return cache.answer(['getComponent', a.id, a.mode, a.namespace ?? null], render);
    };
    assert.equal(ask({}).bytes.toString(), '{"n":1}');
    assert.equal(ask({ projection: 'collapsed' }).bytes.toString(), '{"n":1}');
    assert.equal(ask({ projection: 'all' }).bytes.toString(), '{"n":2}');
    onWrite?.();
    assert.equal(ask({}).bytes.toString(), '{"n":3}');
  });
});
