// Hostile requests to the real local service over HTTP: bodies nested far too deep, bodies
// far too large, sent in one go or chunked. Each gets one clear answer, never a 500 or a reset.
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { OPERATIONS } from '../../common/src/api/operations';
import { MAX_REQUEST_BODY_BYTES, MAX_JSON_DEPTH } from '../../common/src/api/choices';
import { startLocalService, type LocalService } from '../helpers/localService';
import { call, SMALL } from './http';
import { CHECKOUT, P_DEBUG_SUPPRESSED } from './ids';
import type { ComponentDetailResponse, ErrorResponse, PathUpdateResponse } from '../../common/src/api';

/** A path-update body whose ingress schema makes the whole body nest `depth` levels deep. */
function nestedPathBody(depth: number): string {
  const inner = depth - 2; // the body object and `ingress` are two levels
  return (
    '{"ingress":{"signature_name":"deep#in","schema":' +
    '{"a":'.repeat(inner) +
    '1' +
    '}'.repeat(inner) +
    '},"egress":{"signature_name":"deep#out"}}'
  );
}

/**
 * Sends `total` bytes with node:http in 1 MiB writes (declared length, or chunked). Resolves with the
 * answer once the whole body is sent and the answer read, or rejects with the socket error (a reset,
 * a broken pipe) the service caused.
 */
function sendLarge(
  url: string,
  path: string,
  headers: Record<string, string>,
  total: number,
  chunked: boolean,
  method = 'POST',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        headers: {
          'content-type': 'application/json',
          ...(chunked ? {} : { 'content-length': String(total) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => {
          const answer = { status: res.statusCode ?? 0, text };
          if (req.writableFinished) resolve(answer);
          else req.once('finish', () => resolve(answer));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(1_048_576, 0x20); // spaces: JSON whitespace
    let sent = 0;
    const write = () => {
      while (sent < total) {
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('local service: hostile input', () => {
  let svc: LocalService;
  before(async () => {
    svc = await startLocalService({ seed: SMALL });
  });
  after(async () => svc?.stop());

  const putPath = <T = ErrorResponse>(body: string) =>
    call<T>(svc.url, 'PUT', `/v0/experimental/components/${CHECKOUT}/paths/${P_DEBUG_SUPPRESSED}`, {
      key: svc.apiKey,
      rawBody: body,
    });

  describe('deeply nested bodies', () => {
    for (const depth of [6_000, 20_000]) {
      it(`${depth} levels: a 400 naming the limit, not a 500`, async () => {
        const r = await putPath(nestedPathBody(depth));
        assert.equal(r.status, 400, r.text);
        assert.match(r.body.message, new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`));
      });
    }

    it('one level over the limit is refused; a body at the limit is stored and read back', async () => {
      const over = await putPath(nestedPathBody(MAX_JSON_DEPTH + 1));
      assert.equal(over.status, 400, over.text);
      const at = await putPath<PathUpdateResponse>(nestedPathBody(MAX_JSON_DEPTH));
      assert.equal(at.status, 200, at.text);
      const read = await call<ComponentDetailResponse>(
        svc.url,
        'GET',
        `/v0/experimental/components/${CHECKOUT}?projection=all`,
        {
          key: svc.apiKey,
        },
      );
      assert.equal(read.status, 200, read.text);
      assert.ok(read.body.component.paths?.some((p) => p.path_id === at.body.path.path_id));
    });

    it('brackets inside strings do not count', async () => {
      const r = await call(svc.url, 'POST', '/v0/contract/check-compliance', {
        key: svc.apiKey,
        body: { contract: { dataAssetResourceName: '['.repeat(10_000), contractSchema: [] } },
      });
      assert.doesNotMatch(r.text, /levels deep/);
      assert.notEqual(r.status, 500, r.text);
    });
  });

  describe('a 50 MB body', () => {
    const total = 50 * 1_048_576;
    // Every operation that takes a body, its path parameters filled in.
    const bodyRoutes = Object.values(OPERATIONS)
      .filter((op) => 'body' in op)
      .map((op) => ({ number: op.number, method: op.method, path: op.path.replace(/\{\w+\}/g, 'x') }));

    it('the routes that take a body are the ones the API names', () => {
      assert.deepEqual(
        bodyRoutes.map((r) => r.number),
        [1, 3, 10, 11],
      );
    });

    // Before the fix 20–40% of such requests (and most chunked ones) ended in a reset or EPIPE.
    for (const chunked of [false, true]) {
      it(`gets its 413 on every route that takes one, every time (${chunked ? 'chunked' : 'declared length'}, 3 tries each)`, async () => {
        for (const route of bodyRoutes) {
          for (let i = 0; i < 3; i++) {
            const r = await sendLarge(
              svc.url,
              route.path,
              { 'x-api-key': svc.apiKey },
              total,
              chunked,
              route.method,
            );
            assert.equal(r.status, 413, `operation ${route.number}, try ${i + 1}: ${r.text}`);
            assert.match(
              (JSON.parse(r.text) as ErrorResponse).message,
              new RegExp(`larger than ${MAX_REQUEST_BODY_BYTES} bytes`),
            );
          }
        }
      });
    }

    it('a body past what the service reads (300 MB, chunked) gets its 413 even when read only after sending', async () => {
      // A raw socket that sends everything before it reads anything: an answer the service gave up
      // on the body for must still be there to read, not reset away.
      const u = new URL(svc.url);
      const socket = connect({ host: u.hostname, port: Number(u.port) });
      socket.pause();
      const answer = await new Promise<string>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('connect', () => {
          socket.write(
            `POST /v0/contract/check-compliance HTTP/1.1\r\nHost: ${u.host}\r\n` +
              `content-type: application/json\r\nx-api-key: ${svc.apiKey}\r\ntransfer-encoding: chunked\r\n\r\n`,
          );
          const chunk = Buffer.concat([
            Buffer.from('100000\r\n'),
            Buffer.alloc(1_048_576, 0x20),
            Buffer.from('\r\n'),
          ]);
          let sent = 0;
          const write = () => {
            while (sent < 300) {
              sent++;
              if (!socket.write(chunk)) return void socket.once('drain', write);
            }
            socket.write('0\r\n\r\n', () => {
              let text = '';
              socket.setEncoding('utf8').on('data', (d: string) => (text += d));
              socket.once('end', () => resolve(text));
              socket.resume();
            });
          };
          write();
        });
      }).finally(() => socket.destroy());
      assert.match(answer, /^HTTP\/1\.1 413 /);
      assert.match(answer, new RegExp(`larger than ${MAX_REQUEST_BODY_BYTES} bytes`));
    });

    it('without a key gets its 401, not a reset', async () => {
      const r = await sendLarge(svc.url, '/v0/contract/check-compliance', {}, total, false);
      assert.equal(r.status, 401, r.text);
    });

    it('the service still answers afterwards', async () => {
      const r = await call(svc.url, 'GET', '/v0/api-keys', { key: svc.apiKey });
      assert.equal(r.status, 200, r.text);
    });
  });
});
