// The client against a server that misbehaves in every way we can script: each failure must come
// back as its typed error, promptly, and nothing may hang.
import assert from 'node:assert/strict';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  CancelledError,
  InvalidResponseError,
  ResponseTooLargeError,
  ServiceError,
  TimeoutError,
  UnreachableError,
} from '../../server/src/api/errors';
import { describeError } from '../../server/src/api/describeError';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { STREAM_FROM_BYTES } from '../../server/src/api/transport';
import type { ApiClientConfig } from '../../server/src/api/apiClient';
import { rejection } from './assertions';
import { closedPort, json, startScriptedServer, type ScriptedServer } from './scriptedServer';

const KEY = 'test-key-hostile-0001';
const validComponent = { component: { id: 'c1', name: 'orders', type: 'CODE', paths: [] } };
const validSubscription = { id: 's1', email: 'a@b.io' };

describe('API client against a hostile server', () => {
  let server: ScriptedServer;
  const clients: HttpLineageApi[] = [];

  function client(extra: Partial<ApiClientConfig> = {}, url = server.url): HttpLineageApi {
    const c = new HttpLineageApi({
      baseUrl: url,
      apiKey: KEY,
      timeoutMs: 3_000,
      retryBaseDelayMs: 5,
      ...extra,
    });
    clients.push(c);
    return c;
  }

  beforeEach(async () => {
    server = await startScriptedServer((_req, res) => json(res, 500, { message: 'unscripted' }));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server.close();
  });

  describe('bodies that are not what the schema says', () => {
    it('malformed JSON on a success is an InvalidResponseError naming the operation', async () => {
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"component": {"id": "c1", ');
      };
      const err = await rejection(client().getComponent('c1'), InvalidResponseError);
      assert.equal(err.operation, 4);
      assert.equal(err.member, '/');
      assert.match(err.message, /'component detail' \(operation 4\) was not valid JSON/);
    });

    it('an edge list or a version list nested too deep is refused before it is parsed, with strings that hold brackets', async () => {
      // Brackets and escaped quotes inside strings do not nest; 100,000 arrays inside each other do.
      const strings = '"x\\"[[[[{{{{", "\\\\", "]]]]}}}}"';
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      server.handler = (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          req.url?.includes('/versions')
            ? `{"versions":[{"kind":"SCAN","note":[${strings}],"extra":${deep}}]}`
            : `{"edges":[],"note":[${strings}],"extra":${deep}}`,
        );
      };
      const c = client();
      const edges = await rejection(c.getEdges(), InvalidResponseError);
      assert.match(edges.message, /more than 256 levels deep/);
      const versions = await rejection(c.getVersions('c1'), InvalidResponseError);
      assert.match(versions.message, /more than 256 levels deep/);
      // Brackets inside strings at any count are not nesting: a shallow answer full of them is read.
      const many = Array.from({ length: 300 }, () => '"[[[[{{{{\\""').join(',');
      server.handler = (_req, res) => json(res, 200, JSON.parse(`{"edges":[],"note":[${many}]}`));
      assert.deepEqual((await c.getEdges()).edges, []);
    });

    it('a client cutting members refuses an answer nested too deep, in what it keeps only', async () => {
      const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
      const body = (where: 'kept' | 'cut') =>
        `{"component":{"id":"c1","name":"orders","type":"CODE","paths":[],` +
        (where === 'kept' ? `"extra":${deep(100_000)}}}` : `"field_tags":${deep(100_000)}}}`);
      let where: 'kept' | 'cut' = 'kept';
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body(where));
      };
      const cutting = client({ dropMembers: ['field_tags'] });
      const err = await rejection(cutting.getComponent('c1'), InvalidResponseError);
      assert.match(err.message, /more than 256 levels deep/);
      // The same depth inside a member cut is never parsed: the answer is what is left.
      where = 'cut';
      assert.deepEqual(await cutting.getComponent('c1'), {
        component: { id: 'c1', name: 'orders', type: 'CODE', paths: [] },
      });
    });

    it('an empty success body where one is expected is an InvalidResponseError', async () => {
      server.handler = (_req, res) => res.writeHead(200).end();
      const err = await rejection(client().listApiKeys(), InvalidResponseError);
      assert.equal(err.operation, 2);
      assert.match(err.message, /was empty/);
    });

    it('a wrong shape names the member that is wrong', async () => {
      server.handler = (_req, res) =>
        json(res, 200, {
          component: {
            id: 'c1',
            name: 'orders',
            type: 'CODE',
            paths: [{ ingress: { kind: 'http' }, egress: { signature_name: 'a.b' } }],
          },
        });
      const err = await rejection(client().getComponent('c1'), InvalidResponseError);
      assert.equal(err.member, '/component/paths/0/ingress/signature_name');
      assert.match(err.message, /did not match the schema at \/component\/paths\/0\/ingress\/signature_name/);
      assert.equal(describeError(err), err.message);
    });

    it('boundary coordinates with an extra member are refused (no other properties allowed)', async () => {
      const boundary = {
        signature_name: 's',
        boundary_coordinates: { payload_name: null, signature_name: 's', extra: 1 },
      };
      server.handler = (_req, res) =>
        json(res, 200, {
          component: {
            id: 'c1',
            name: 'o',
            type: 'CODE',
            paths: [{ ingress: boundary, egress: { signature_name: 'e' } }],
          },
        });
      const err = await rejection(client().getComponent('c1'), InvalidResponseError);
      assert.match(err.member, /^\/component\/paths\/0\/ingress\/boundary_coordinates/);
    });

    it('an array where an object belongs is refused for every read', async () => {
      server.handler = (_req, res) => json(res, 200, []);
      const c = client();
      for (const call of [
        () => c.getEdges(),
        () => c.getVersions('c1'),
        () => c.getHistoryFilters(),
        () => c.getViolationStatus('k'),
      ]) {
        const err = await rejection(call(), InvalidResponseError);
        assert.equal(err.member, '/');
      }
    });

    it('a response that is not HTTP at all is an InvalidResponseError', async () => {
      const sockets: Socket[] = [];
      const raw: NetServer = createNetServer((socket) => {
        sockets.push(socket);
        socket.end('NOT-HTTP garbage\r\n\r\n');
      });
      await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
      try {
        const port = (raw.address() as AddressInfo).port;
        const err = await rejection(
          client({ retries: 0 }, `http://127.0.0.1:${port}`).listApiKeys(),
          InvalidResponseError,
        );
        assert.match(err.message, /did not answer 'API key list' \(operation 2\) with valid HTTP/);
      } finally {
        sockets.forEach((s) => s.destroy());
        await new Promise<void>((resolve) => raw.close(() => resolve()));
      }
    });
  });

  describe('size', () => {
    it('a chunked body past maxResponseBytes is refused while streaming', async () => {
      let written = 0;
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        // Keeps writing until the client hangs up: a client that buffered everything would never finish.
        const pump = () => {
          while (
            !res.destroyed &&
            res.write(`${JSON.stringify({ id: 'x'.repeat(100), name: 'n', value: 'v' })},`)
          )
            written++;
          if (!res.destroyed) res.once('drain', pump);
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
      };
      const err = await rejection(client({ maxResponseBytes: 4096 }).listApiKeys(), ResponseTooLargeError);
      assert.equal(err.operation, 2);
      assert.match(err.message, /larger than the limit of 4096 bytes/);
      assert.ok(written > 0);
    });

    it('a declared Content-Length past the limit is refused without reading the body', async () => {
      // The body never comes: a client that tried to read it would time out instead.
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 10_000_000 });
        res.write('[');
      };
      await rejection(
        client({ maxResponseBytes: 1024, timeoutMs: 10_000 }).listApiKeys(),
        ResponseTooLargeError,
      );
    });

    it('an oversized error body is refused too', async () => {
      server.handler = (_req, res) => json(res, 500, { message: 'x'.repeat(50_000) });
      await rejection(client({ maxResponseBytes: 1024, retries: 0 }).getEdges(), ResponseTooLargeError);
    });
  });

  describe('time', () => {
    it('a body that never finishes ends in a TimeoutError', async () => {
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"edges": [');
      };
      const err = await rejection(client({ timeoutMs: 300 }).getEdges(), TimeoutError);
      assert.equal(err.operation, 12);
      assert.match(err.message, /did not answer 'edge summaries' \(operation 12\) within 300 ms/);
      assert.equal(server.received.length, 1, 'timeouts are not retried');
    });

    it('headers that never come end in a TimeoutError', async () => {
      server.handler = () => undefined;
      await rejection(client({ timeoutMs: 300 }).listApiKeys(), TimeoutError);
    });
  });

  describe('connections', () => {
    it('a connection dropped mid-response is an UnreachableError, retried for a GET', async () => {
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 500 });
        res.write('{"component": {"id"', () => res.socket?.destroy());
      };
      const err = await rejection(client({ retries: 2 }).getComponent('c1'), UnreachableError);
      assert.match(err.message, /is unreachable \(the connection closed before the answer was complete\)/);
      assert.equal(server.received.length, 3);
    });

    it('a streamed component answer dropped partway is read afresh on the retry', async () => {
      // Large enough to be read as it arrives (smaller answers are buffered), broken off past that size.
      const paths = Array.from({ length: Math.ceil((3 * STREAM_FROM_BYTES) / 100) }, (_, i) => ({
        path_id: `p${i}`,
        path_type: 'SCAN_OUTPUT',
        ingress: { signature_name: `in${i}` },
        egress: { signature_name: 'out' },
      }));
      const text = JSON.stringify({ component: { id: 'c1', name: 'orders', type: 'CODE', paths } });
      assert.ok(text.length / 2 > STREAM_FROM_BYTES, 'the answer breaks off after the reader took over');
      server.handler = (_req, res, index) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        // The first answer breaks off in the middle of the paths, the second is whole.
        if (index === 0) res.write(text.slice(0, text.length / 2), () => res.socket?.destroy());
        else res.end(text);
      };
      const r = await client({ retries: 1 }).getComponent('c1');
      assert.deepEqual(r, JSON.parse(text), 'nothing of the broken answer is left in the value');
      assert.equal(server.received.length, 2);
    });

    it('a streamed component answer past maxResponseBytes is refused while it arrives', async () => {
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"component":{"id":"c1","name":"n","type":"CODE","paths":[');
        const path = JSON.stringify({
          path_id: 'p',
          ingress: { signature_name: 'a' },
          egress: { signature_name: 'b' },
        });
        const pump = () => {
          while (!res.destroyed && res.write(`${path},`));
          if (!res.destroyed) res.once('drain', pump);
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
      };
      const err = await rejection(
        client({ maxResponseBytes: 65_536 }).getComponent('c1'),
        ResponseTooLargeError,
      );
      assert.match(err.message, /'component detail' \(operation 4\) is larger than the limit of 65536 bytes/);
    });

    it('a connection dropped before any answer is an UnreachableError', async () => {
      server.handler = (req) => req.socket.destroy();
      await rejection(client({ retries: 0 }).listApiKeys(), UnreachableError);
      assert.equal(server.received.length, 1);
    });

    it('a dropped PUT is not retried', async () => {
      server.handler = (req) => req.socket.destroy();
      await rejection(client({ retries: 2 }).updateSubscription('c1', { email: 'a@b.io' }), UnreachableError);
      assert.equal(server.received.length, 1);
    });

    it('connection refused is an UnreachableError with a clear sentence', async () => {
      const port = await closedPort();
      const err = await rejection(
        client({ retries: 1 }, `http://127.0.0.1:${port}`).getEdges(),
        UnreachableError,
      );
      assert.equal(
        err.message,
        `The service at http://127.0.0.1:${port} is unreachable (connection refused).`,
      );
      assert.equal(describeError(err), err.message);
    });

    it('a call after close() is a CancelledError and sends nothing', async () => {
      const c = client();
      await c.close();
      await rejection(c.listApiKeys(), CancelledError);
      assert.equal(server.received.length, 0);
    });

    it('reuses one keep-alive connection for sequential requests', async () => {
      server.handler = (_req, res) => json(res, 200, []);
      const c = client({ maxConcurrency: 1 });
      for (let i = 0; i < 4; i++) assert.deepEqual(await c.listApiKeys(), []);
      assert.equal(server.received.length, 4);
      assert.equal(server.connections(), 1);
    });

    it('reuses connections with the default pool too', async () => {
      // undici's pool may open a second connection while the first is finishing; it still reuses them.
      server.handler = (_req, res) => json(res, 200, []);
      const c = client();
      for (let i = 0; i < 10; i++) await c.listApiKeys();
      assert.equal(server.received.length, 10);
      assert.ok(server.connections() <= 3, `${server.connections()} connections for 10 sequential requests`);
    });
  });

  describe('redirects', () => {
    it('a 302 to another port is an error and the other server receives nothing', async () => {
      const other = await startScriptedServer((_req, res) => json(res, 200, []));
      try {
        server.handler = (_req, res) => res.writeHead(302, { location: `${other.url}/v0/api-keys` }).end();
        const err = await rejection(client().listApiKeys(), ServiceError);
        assert.equal(err.status, 302);
        assert.match(err.message, /redirect \(302\), which is not followed/);
        assert.equal(server.received.length, 1);
        assert.equal(server.received[0]!.headers['x-api-key'], KEY);
        assert.equal(other.received.length, 0);
        assert.equal(other.connections(), 0);
      } finally {
        await other.close();
      }
    });
  });

  describe('retries', () => {
    it('a GET answered 503 then 200 is retried and succeeds', async () => {
      server.handler = (_req, res, i) =>
        i === 0 ? json(res, 503, { message: 'busy' }) : json(res, 200, validComponent);
      const got = await client({ retries: 2 }).getComponent('c1');
      assert.deepEqual(got, validComponent);
      assert.equal(server.received.length, 2);
    });

    it('a GET that keeps failing with 502/504 is tried 1 + retries times, then the ServiceError is returned', async () => {
      server.handler = (_req, res, i) => json(res, i % 2 === 0 ? 502 : 504, { message: `gateway ${i}` });
      const err = await rejection(client({ retries: 2 }).getEdges(), ServiceError);
      assert.equal(err.status, 502);
      assert.equal(err.message, 'gateway 2');
      assert.equal(server.received.length, 3);
    });

    it('other error statuses are not retried', async () => {
      server.handler = (_req, res) => json(res, 500, { message: 'boom' });
      await rejection(client({ retries: 2 }).getEdges(), ServiceError);
      assert.equal(server.received.length, 1);
    });

    it('PUT, POST and DELETE answered 503 are not retried', async () => {
      server.handler = (_req, res) => json(res, 503, { message: 'busy' });
      const c = client({ retries: 2 });
      await rejection(c.updateSubscription('c1', { email: 'a@b.io' }), ServiceError);
      assert.equal(server.received.length, 1);
      await rejection(
        c.checkCompliance({ contractSchema: [], dataAssetResourceName: 'pg://db:t' }),
        ServiceError,
      );
      assert.equal(server.received.length, 2);
      await rejection(c.deleteContract('k1'), ServiceError);
      assert.equal(server.received.length, 3);
      assert.deepEqual(
        server.received.map((r) => r.method),
        ['PUT', 'POST', 'DELETE'],
      );
    });

    it('a PUT answered 503 then 200 fails (the second answer is never asked for)', async () => {
      server.handler = (_req, res, i) =>
        i === 0 ? json(res, 503, { message: 'busy' }) : json(res, 200, validSubscription);
      const err = await rejection(
        client({ retries: 2 }).updateSubscription('c1', { email: 'a@b.io' }),
        ServiceError,
      );
      assert.equal(err.status, 503);
      assert.equal(server.received.length, 1);
    });
  });

  describe('error answers', () => {
    it('an ErrorResponse becomes a ServiceError with its status, message, title and id', async () => {
      server.handler = (_req, res) =>
        json(res, 404, { message: 'Component c9 not found', title: 'Not Found', id: 17 });
      const err = await rejection(client().getComponent('c9'), ServiceError);
      assert.deepEqual(
        [err.status, err.message, err.title, err.errorId, err.operation],
        [404, 'Component c9 not found', 'Not Found', 17, 4],
      );
      assert.equal(
        describeError(err),
        "The service refused 'component detail' (operation 4) (404 Not Found): Component c9 not found.",
      );
    });

    it('an error body that is not an ErrorResponse gives a message naming the status', async () => {
      server.handler = (_req, res) =>
        res.writeHead(500, { 'content-type': 'text/html' }).end('<html>oops</html>');
      const err = await rejection(client({ retries: 0 }).getVersions('c1'), ServiceError);
      assert.equal(err.status, 500);
      assert.equal(err.message, 'The service answered 500 (Internal Server Error) without an error message.');
    });

    it('control characters and overlong text from the service are cleaned', async () => {
      server.handler = (_req, res) =>
        json(res, 400, { message: `bad\u001b[31m\r\ninput\u202e${'x'.repeat(1000)}` });
      const err = await rejection(client().getEdges(), ServiceError);
      assert.doesNotMatch(err.message, /[\u0000-\u001f\u202e]/);
      assert.ok(err.message.startsWith('bad [31m input'));
      assert.ok(err.message.length <= 300);
    });

    it('401 is described as a rejected API key', async () => {
      server.handler = (_req, res) => json(res, 401, { message: 'Invalid API key' });
      const err = await rejection(client().listApiKeys(), ServiceError);
      assert.ok(err.unauthorized);
      assert.equal(describeError(err), 'The service rejected the API key (401).');
    });
  });

  describe('cancellation', () => {
    it('aborting while the service is silent gives a CancelledError at once', async () => {
      server.handler = () => undefined;
      const controller = new AbortController();
      const arrived = server.nextRequest().then(() => controller.abort());
      const err = await rejection(
        client({ timeoutMs: 15_000 }).getComponent('c1', {}, { signal: controller.signal }),
        CancelledError,
      );
      await arrived;
      assert.equal(err.operation, 4);
    });

    it('an already aborted signal sends nothing', async () => {
      const err = await rejection(client().listApiKeys({ signal: AbortSignal.abort() }), CancelledError);
      assert.equal(err.operation, 2);
      assert.equal(server.received.length, 0);
    });

    it('aborting during the backoff between retries stops retrying', async () => {
      const controller = new AbortController();
      server.handler = (_req, res) => {
        json(res, 503, { message: 'busy' });
        controller.abort();
      };
      await rejection(
        client({ retries: 2, retryBaseDelayMs: 60_000 }).getEdges(undefined, { signal: controller.signal }),
        CancelledError,
      );
      assert.equal(server.received.length, 1);
    });
  });
});
