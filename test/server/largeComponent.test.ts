// A component's answer is read as it arrives (server/src/api/streamedResponse.ts). The
// real language server over stdio against a raw HTTP service that writes a large component in parts and
// holds the answer open between them: requests are answered while it loads, a bad path is refused as
// soon as it arrives (before the answer ends), and malformed JSON partway through gives one clear error
// while the server keeps running. Ordered by events (what was written, what was answered), never by time.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { HoverRequest, WorkspaceSymbolRequest } from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { STREAM_FROM_BYTES } from '../../server/src/api/transport';
import { json, startScriptedServer, type ScriptedServer } from '../api/scriptedServer';
import { LspClient } from '../helpers/lspClient';

const KEY = 'test-key-large-component-0001';
const COMPONENTS = '/v0/experimental/components/';
/** Paths per part of the answer: enough for many slices of the server's work. */
const PART = 5_000;

function pathJson(i: number, extra = ''): string {
  return JSON.stringify({
    path_id: `big-p${i}`,
    path_type: 'SCAN_OUTPUT',
    ingress: { signature_name: `svc.api.Handler${i}.receive` },
    egress: { signature_name: `svc.db.Store${i % 50}.write` },
    code_anchors: [{ anchor_id: `a${i}`, file: 'big.ts', name: `fn_${i}`, line_start: 1 }],
  }).replace(/}$/, extra + '}');
}

/** Paths from `from` (inclusive) to `to` (exclusive), comma-separated, with a leading comma unless first. */
function paths(from: number, to: number): string {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(pathJson(i));
  return (from > 0 ? ',' : '') + out.join(',');
}

const HEAD = '{"component":{"id":"big","name":"big-service","type":"CODE","namespace":"ns","paths":[';
const TAIL = ']}}';
const small = {
  component: {
    id: 'ok',
    name: 'ok-service',
    type: 'CODE',
    namespace: 'ns',
    paths: [
      {
        path_id: 'ok-p',
        path_type: 'SCAN_OUTPUT',
        ingress: { signature_name: 'svc.OkReader.read' },
        egress: { signature_name: 'svc.OkWriter.write' },
        code_anchors: [{ anchor_id: 'a-ok', file: 'ok.ts', name: 'okFn', line_start: 1, line_end: 1 }],
      },
    ],
  },
};

describe('language server: a large component read as it arrives', function () {
  this.timeout(60_000);
  let service: ScriptedServer;
  let client: LspClient | undefined;
  let dir: string;
  /** Called with the open answer to `big`: writes into it (and ends it) as the test goes. */
  let big: (res: ServerResponse) => void;
  const open: ServerResponse[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-large-'));
    writeFileSync(join(dir, 'ok.ts'), 'export function okFn() {}\n');
    writeFileSync(join(dir, 'big.ts'), 'export function fn_0() {}\n');
    writeFileSync(join(dir, 'probe.ts'), 'const nothing = 1;\n');
    service = await startScriptedServer((req, res) => {
      const url = req.url ?? '';
      if (url.startsWith('/v0/experimental/edges')) return json(res, 200, { edges: [] });
      if (url.includes('/versions')) return json(res, 200, { versions: [] });
      if (url.startsWith(`${COMPONENTS}ok`)) return json(res, 200, small);
      if (url.startsWith(`${COMPONENTS}big`)) {
        res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length announced
        open.push(res);
        return big(res);
      }
      json(res, 404, { message: 'unknown route' });
    });
  });
  afterEach(async () => {
    await client?.stop();
    client = undefined;
    for (const res of open.splice(0)) if (!res.writableEnded) res.destroy();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<LspClient> {
    client = await LspClient.start({
      workspaceFolder: dir,
      initializationOptions: { serviceUrl: service.url, apiKey: KEY },
      settings: { refreshIntervalSeconds: 0, components: ['ok', 'big'] },
    });
    return client;
  }

  /** Resolves once the answer is written out (flushed to the socket), as an event. */
  const write = (res: ServerResponse, text: string) =>
    new Promise<void>((resolve, reject) => res.write(text, (err) => (err ? reject(err) : resolve())));

  it('answers requests while a large component is still arriving, then has all of it', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let firstPartWritten!: () => void;
    const firstPart = new Promise<void>((r) => (firstPartWritten = r));
    big = (res) =>
      void (async () => {
        await write(res, HEAD + paths(0, PART));
        firstPartWritten();
        await released;
        await write(res, paths(PART, 2 * PART));
        res.end(TAIL);
      })();
    const c = await start();
    await firstPart;
    // The load is under way (half the answer sent, the rest held back): the server answers meanwhile.
    const probeUri = c.fileUri('probe.ts');
    await c.open(probeUri, 'const nothing = 1;\n');
    const hover = await c.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri: probeUri },
      position: { line: 0, character: 6 },
    });
    assert.match(JSON.stringify(hover), /loading lineage/, 'the hover says the data is on its way');
    const symbols = await c.conn.sendRequest(WorkspaceSymbolRequest.type, { query: 'zzzz' });
    assert.deepEqual(symbols, []);
    assert.equal(open[0]!.writableEnded, false, 'answered before the answer was complete');
    release();
    const status = await c.waitForStatus((s) => s.state === 'connected' && s.componentCount === 2);
    assert.equal(status.warning, undefined);
    assert.equal(status.anchorCount, 2 * PART + 1);
    const found = await c.conn.sendRequest(WorkspaceSymbolRequest.type, {
      query: `Handler${2 * PART - 1}.receive`,
    });
    assert.ok(
      found?.some((s) => s.name === `svc.api.Handler${2 * PART - 1}.receive`),
      'the last path is indexed',
    );
  });

  it('refuses a path that does not match the schema as soon as it arrives, before the answer ends', async () => {
    let closedByServer!: () => void;
    const dropped = new Promise<void>((r) => (closedByServer = r));
    // Answers below STREAM_FROM_BYTES are buffered whole: this one is read as it arrives.
    assert.ok(Buffer.byteLength(HEAD + paths(0, PART)) > STREAM_FROM_BYTES, 'the part is streamed');
    big = (res) => {
      res.on('close', () => closedByServer());
      // A bad path after PART good ones, then nothing more: the answer stays open.
      res.write(HEAD + paths(0, PART) + ',' + pathJson(PART).replace('"svc.api.Handler', '7,"x":"'));
    };
    const c = await start();
    const status = await c.waitForStatus(
      (s) => s.state === 'connected' && /could not be loaded/.test(s.warning ?? ''),
    );
    assert.equal(status.componentCount, 1);
    assert.match(status.warning ?? '', /1 of 2 components could not be loaded/);
    // The server refused it from what had arrived, and dropped the connection instead of reading on.
    await dropped;
    assert.equal(open[0]!.writableEnded, false, 'the service never ended its answer');
    const tree = await c.conn.sendRequest(P.ComponentTreeRequest);
    const summary = tree.namespaces.flatMap((n) => n.components).find((s) => s.id === 'big');
    assert.match(
      summary?.error ?? '',
      new RegExp(`did not match the schema at /component/paths/${PART}/ingress/signature_name`),
    );
    const uri = c.fileUri('ok.ts');
    await c.open(uri, 'export function okFn() {}\n');
    const hover = await c.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 17 },
    });
    assert.match(JSON.stringify(hover), /ok-service|OkReader/, 'the other component still hovers');
  });

  it('gives one clear error for malformed JSON partway through, keeps running, and loads it once fixed', async () => {
    big = (res) => res.end(HEAD + paths(0, PART) + ',{"path_id": ]' + TAIL);
    const c = await start();
    const status = await c.waitForStatus(
      (s) => s.state === 'connected' && /could not be loaded/.test(s.warning ?? ''),
    );
    assert.equal(status.componentCount, 1);
    const tree = await c.conn.sendRequest(P.ComponentTreeRequest);
    const summary = tree.namespaces.flatMap((n) => n.components).find((s) => s.id === 'big');
    assert.match(
      summary?.error ?? '',
      /'component detail' \(operation 4\) was not valid JSON \(near byte [\d,]+\)/,
    );
    const symbols = await c.conn.sendRequest(WorkspaceSymbolRequest.type, { query: 'OkReader' });
    assert.ok(symbols?.some((s) => s.name === 'svc.OkReader.read'));

    // The service mends its answer: a refresh loads the whole component.
    big = (res) => res.end(HEAD + paths(0, PART) + TAIL);
    const fixed = await c.conn.sendRequest(P.RefreshRequest);
    assert.equal(fixed.componentCount, 2);
    assert.equal(fixed.warning, undefined);
    assert.equal(fixed.anchorCount, PART + 1);
  });
});
