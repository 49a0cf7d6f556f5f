// The client gathers answers' bytes in buffers it reuses from one answer to the next (bodyBuffers.ts):
// against the real local service and the demo dataset, answers read many at a time, through a client
// whose buffers are shared by all of them, are exactly those read one by one by another client — with
// members cut too — so no buffer is reused while an answer in it is still being read. And answers that
// arrive interleaved, chunk by chunk (written so by a scripted server), read by a client set up as the
// command line's (nothing streamed, members cut), are each their own.
import assert from 'node:assert/strict';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { startLocalService, type LocalService } from '../helpers/localService';
import { startScriptedServer } from './scriptedServer';
import { withoutMembers } from '../helpers/withoutMembers';

const TAGS = ['field_depends_on_tags', 'field_tags'];

describe('API client: answers read into reused buffers', function () {
  let service: LocalService;
  const clients: HttpLineageApi[] = [];
  const client = (dropMembers?: string[]) => {
    const c = new HttpLineageApi({
      baseUrl: service.url,
      apiKey: service.apiKey,
      maxConcurrency: 8,
      ...(dropMembers ? { dropMembers } : {}),
    });
    clients.push(c);
    return c;
  };

  before(async () => {
    service = await startLocalService();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await service?.stop();
  });

  it('answers read at the same time are those read one by one, whole and with members cut', async () => {
    const one = client();
    const { edges } = await one.getEdges();
    const ids = [...new Set(edges.flatMap((e) => [e.sourceComponentId, e.destinationComponentId]))];
    assert.ok(ids.length >= 5, 'the demo has several components');
    const alone = new Map<string, unknown>();
    const versions = new Map<string, unknown>();
    for (const id of ids) {
      alone.set(id, await one.getComponent(id));
      versions.set(id, await one.getVersions(id));
    }
    const many = client();
    const cutting = client(TAGS);
    for (let round = 0; round < 3; round++) {
      // Components and their versions interleaved: answers of different sizes share the buffers.
      const asked = ids.flatMap((id) => [
        many.getComponent(id).then((v) => assert.deepEqual(v, alone.get(id), id)),
        many.getVersions(id).then((v) => assert.deepEqual(v, versions.get(id), `${id} versions`)),
        cutting
          .getComponent(id)
          .then((v) => assert.deepEqual(v, withoutMembers(alone.get(id), TAGS), `${id} cut`)),
      ]);
      await Promise.all(asked);
    }
  });

  it('answers arriving chunk by chunk at the same time are each gathered apart', async () => {
    const answer = (id: string) => ({
      component: {
        id,
        name: `component ${id}`,
        type: 'CODE',
        paths: Array.from({ length: 600 }, (_, i) => ({
          path_id: `${id}-p${i}`,
          ingress: {
            signature_name: `${id}.handler${i}`,
            field_tags: [{ field_path: 'a', tags: [{ tag_id: 'pii', name: `pii ${id}` }] }],
          },
          egress: { signature_name: `${id}.callee${i}` },
        })),
      },
    });
    const server = await startScriptedServer((req, res) => {
      const id = /components\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? 'none';
      const body = Buffer.from(JSON.stringify(answer(id)));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      // Small pieces with a turn of the event loop between them: the answers' chunks interleave.
      let at = 0;
      const next = () => {
        if (at >= body.length) return void res.end();
        res.write(body.subarray(at, (at += 8192)), () => setImmediate(next));
      };
      next();
    });
    try {
      const cutting = new HttpLineageApi({
        baseUrl: server.url,
        apiKey: 'test-key-buffers-0001',
        maxConcurrency: 6,
        streamFromBytes: Infinity,
        dropMembers: TAGS,
      });
      clients.push(cutting);
      const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
      const got = await Promise.all(ids.map((id) => cutting.getComponent(id)));
      ids.forEach((id, i) => assert.deepEqual(got[i], withoutMembers(answer(id), TAGS), id));
    } finally {
      await server.close();
    }
  });
});
