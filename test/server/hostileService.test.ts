// The real language server over stdio against a hostile raw HTTP service on 127.0.0.1 and a
// hostile workspace. Edge discovery failing in every way, a fan-out past the component cap, values
// nested 100,000 levels deep, ids that are not one URL segment, a FIFO named like an anchored file,
// and plain http:// to another host: every request is answered and the status says what happened.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import {
  CodeLensRequest,
  HoverRequest,
  ResponseError,
  WorkspaceSymbolRequest,
} from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { json, startScriptedServer, type ScriptedServer } from '../api/scriptedServer';
import { LspClient } from '../helpers/lspClient';

const KEY = 'test-key-hostile-lsp-0001';
const COMPONENTS = '/v0/experimental/components/';

type Route = (res: ServerResponse, id: string) => void;

/** A raw service: edges and components answered by the test's functions, everything recorded. */
interface Hostile {
  server: ScriptedServer;
  edges: (res: ServerResponse) => void;
  component: Route;
  componentRequests(): string[];
}

async function startHostile(host?: string): Promise<Hostile> {
  const h: Hostile = {
    server: undefined as unknown as ScriptedServer,
    edges: (res) => json(res, 200, { edges: [] }),
    component: (res, id) => json(res, 404, { message: `no component ${id}` }),
    // Detail requests (operation 4) only, not the versions (operation 9) read beside them.
    componentRequests: () =>
      h.server.received
        .filter((r) => r.url.startsWith(COMPONENTS))
        .map((r) => decodeURIComponent(r.url.slice(COMPONENTS.length).split('?')[0]!))
        .filter((id) => !id.endsWith('/versions')),
  };
  h.server = await startScriptedServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/v0/experimental/edges')) return h.edges(res);
    if (url.startsWith(COMPONENTS))
      return h.component(res, decodeURIComponent(url.slice(COMPONENTS.length).split('?')[0]!));
    json(res, 404, { message: 'unknown route' });
  }, host);
  return h;
}

const boundary = (name: string) => ({ signature_name: name });
function codeComponent(id: string, anchors: Array<{ id: string; file: string; name: string }>) {
  return {
    id,
    name: `component ${id}`,
    type: 'CODE',
    namespace: 'ns',
    paths: anchors.map((a, i) => ({
      path_id: `${id}-p${i}`,
      path_type: 'SCAN_OUTPUT',
      ingress: boundary(`in.${a.name}`),
      egress: boundary(`out.${a.name}`),
      code_anchors: [{ anchor_id: a.id, file: a.file, name: a.name, line_start: 1, line_end: 1 }],
    })),
  };
}

function logLines(client: LspClient): string[] {
  return client.received
    .filter((r) => r.method === 'window/logMessage')
    .map((r) => (r.params as { message: string }).message);
}

describe('language server: hostile service and workspace', function () {
  this.timeout(60_000);
  let hostile: Hostile | undefined;
  let client: LspClient | undefined;
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lineage-hostile-'));
  });
  afterEach(async () => {
    await client?.stop();
    await hostile?.server.close();
    client = undefined;
    hostile = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(settings: Partial<P.LineageSettings>, opts: Partial<P.InitializationOptions> = {}) {
    hostile ??= await startHostile();
    client = await LspClient.start({
      workspaceFolder: dir,
      initializationOptions: { serviceUrl: hostile.server.url, apiKey: KEY, ...opts },
      settings: { refreshIntervalSeconds: 0, ...settings },
    });
    return client;
  }

  it('says what failed when edge discovery fails, and that 0 components were loaded', async () => {
    hostile = await startHostile();
    const c = await start({});
    await c.waitForStatus((s) => s.state === 'connected');
    const cases: Array<[string, (res: ServerResponse) => void, RegExp]> = [
      [
        'redirect',
        (res) => {
          res.writeHead(302, { location: 'http://127.0.0.1:1/v0/experimental/edges' });
          res.end();
        },
        /redirect \(302\)/,
      ],
      [
        'oversized',
        (res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': 64 * 1_048_576 });
          res.write('{"edges": [');
        },
        /larger than the limit/,
      ],
      ['malformed', (res) => res.end('{"edges": [{"id": "e1",'), /not valid JSON/],
      ['wrong shape', (res) => json(res, 200, { edges: [{ id: 7 }] }), /did not match the schema/],
    ];
    for (const [what, answer, reason] of cases) {
      hostile.edges = answer;
      const status = await c.conn.sendRequest(P.RefreshRequest);
      assert.equal(status.state, 'connected', what);
      assert.equal(status.componentCount, 0, what);
      assert.match(status.warning ?? '', /Edge discovery failed/, what);
      assert.match(status.warning ?? '', reason, what);
      assert.match(status.message, /0 components loaded/, what);
    }
    hostile.edges = (res) => json(res, 200, { edges: [] });
    const ok = await c.conn.sendRequest(P.RefreshRequest);
    assert.equal(ok.warning, undefined, 'a clean load clears the warning');
  });

  it('loads at most maxComponents, each id once, says it was capped, and bounds the log', async () => {
    hostile = await startHostile();
    // 60 edges over 40 distinct ids (every id appears in several edges).
    const ids = Array.from({ length: 40 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    const edges = Array.from({ length: 60 }, (_, i) => ({
      id: `e${i}`,
      sourceComponentId: ids[i % 40]!,
      destinationComponentId: ids[(i * 7 + 3) % 40]!,
      namespace: 'ns',
    }));
    hostile.edges = (res) => json(res, 200, { edges });
    const c = await start({ maxComponents: 30 });
    const status = await c.waitForStatus((s) => s.state === 'connected');
    const requested = hostile.componentRequests();
    assert.equal(requested.length, 30, 'one request per component, no more than the cap');
    assert.equal(new Set(requested).size, 30, 'no id requested twice');
    assert.match(status.warning ?? '', /first 30 of 40 components \(lineageLens\.maxComponents\)/);
    assert.match(status.warning ?? '', /30 of 30 components could not be loaded/);
    const skipped = logLines(c).filter((l) => /^Component \S+ skipped/.test(l));
    assert.equal(skipped.length, 20, 'the first failures are logged one by one');
    assert.ok(logLines(c).some((l) => /… and 10 more components skipped/.test(l)));
  });

  it('refuses ids that are not one URL segment, from the settings and from edges', async () => {
    hostile = await startHostile();
    hostile.edges = (res) =>
      json(res, 200, {
        edges: [{ id: 'e1', sourceComponentId: '..', destinationComponentId: 'good-2', namespace: 'ns' }],
      });
    hostile.component = (res, id) => json(res, 200, { component: codeComponent(id, []) });
    const c = await start({ components: ['..', 'a/b', '.', ' %2e%2e ', 'good-1'] });
    const status = await c.waitForStatus((s) => s.state === 'connected');
    assert.deepEqual(hostile.componentRequests().sort(), ['good-1', 'good-2']);
    assert.ok(
      hostile.server.received.every((r) => !/\/\.\.?(\/|\?|$)/.test(r.url)),
      'no dot-segment sent',
    );
    assert.equal(status.componentCount, 2);
    assert.match(status.warning ?? '', /1 edge endpoint ids were not valid ids/);
    assert.ok(logLines(c).some((l) => /lineageLens\.components: 4 ids ignored/.test(l)));
  });

  it('answers every request when the service nests a value 100,000 levels deep', async () => {
    hostile = await startHostile();
    writeFileSync(join(dir, 'ok.ts'), 'export function okFn() {}\n');
    const depth = 100_000;
    const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    hostile.component = (res, id) => {
      if (id === 'deep') {
        const text =
          `{"component":{"id":"deep","name":"deep","type":"CODE","metadata":${deep},` +
          `"paths":[{"path_id":"deep-p","ingress":{"signature_name":"in","schema":${deep}},"egress":{"signature_name":"out"},` +
          `"code_anchors":[{"anchor_id":"a-deep","file":"ok.ts","name":"okFn","line_start":1,"line_end":1}]}]}}`;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        return res.end(text);
      }
      json(res, 200, { component: codeComponent(id, [{ id: 'a-ok', file: 'ok.ts', name: 'okFn' }]) });
    };
    const c = await start({ components: ['deep', 'fine'] });
    const status = await c.waitForStatus((s) => s.state === 'connected');
    assert.equal(status.componentCount, 1);
    assert.match(status.warning ?? '', /1 of 2 components could not be loaded/);

    const tree = await c.conn.sendRequest(P.ComponentTreeRequest);
    const summary = tree.namespaces.flatMap((n) => n.components).find((s) => s.id === 'deep');
    assert.match(summary?.error ?? '', /more than 256 levels deep/);
    await assert.rejects(
      c.conn.sendRequest(P.ComponentDetailRequest, { componentId: 'deep' }),
      (e: ResponseError<unknown>) => /more than 256 levels deep/.test(e.message),
    );
    const uri = c.fileUri('ok.ts');
    await c.open(uri, 'export function okFn() {}\n');
    const hover = await c.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 17 },
    });
    assert.match(JSON.stringify(hover), /component fine/, 'the loaded component still hovers');
    const lenses = await c.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
    assert.equal(lenses?.length, 1);
    const symbols = await c.conn.sendRequest(WorkspaceSymbolRequest.type, { query: 'okFn' });
    assert.ok(Array.isArray(symbols) && symbols.length > 0);
  });

  it('reads only regular files: a FIFO named like an anchored file neither hangs nor is read', async function () {
    if (process.platform === 'win32') this.skip();
    hostile = await startHostile();
    writeFileSync(join(dir, 'ok.ts'), 'export function okFn() {}\n');
    execFileSync('mkfifo', [join(dir, 'pipe.ts')]);
    mkdirSync(join(dir, 'contracts'));
    execFileSync('mkfifo', [join(dir, 'contracts', 'orders.contract.yaml')]);
    hostile.component = (res, id) =>
      json(res, 200, {
        component: codeComponent(id, [
          { id: 'a-pipe', file: 'pipe.ts', name: 'pipeFn' },
          { id: 'a-ok', file: 'ok.ts', name: 'okFn' },
        ]),
      });
    const c = await start({ components: ['fifo'] });
    // Before the fix the index build blocked for good in open(2) on the FIFO: no status ever came.
    await c.waitForStatus((s) => s.state === 'connected' && s.anchorCount === 2);
    const pipePath = await c.conn.sendRequest(P.PathDetailRequest, {
      componentId: 'fifo',
      pathId: 'fifo-p0',
    });
    assert.equal(pipePath.anchors[0]?.state, 'unresolved');
    assert.match(pipePath.anchors[0]?.problem ?? '', /read/i);
    const okPath = await c.conn.sendRequest(P.PathDetailRequest, { componentId: 'fifo', pathId: 'fifo-p1' });
    assert.equal(okPath.anchors[0]?.state, 'resolved');
    await assert.rejects(
      c.conn.sendRequest(P.CheckComplianceRequest, { uri: c.fileUri('contracts/orders.contract.yaml') }),
      (e: ResponseError<unknown>) => /not a regular file/.test(e.message),
    );
  });

  it('sends nothing over plain http:// to another host until allowed', async () => {
    // A real non-loopback address of this machine, so "allowed" can be shown to connect.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    const host = external ?? '192.0.2.1'; // TEST-NET: nothing answers, nothing may be sent
    hostile = external ? await startHostile(external) : await startHostile();
    const url = external ? hostile.server.url : `http://${host}:9`;
    const c = await start({}, { serviceUrl: url });
    const status = await c.waitForStatus((s) => s.state === 'signedOut' && /unencrypted/.test(s.message));
    assert.match(status.message, /lineageLens\.allowInsecureHttp/);
    assert.ok(logLines(c).some((l) => /Not connecting to http:\/\//.test(l)));
    assert.equal(hostile.server.received.length, 0, 'nothing was sent');
    if (!external) return;
    const from = c.mark();
    await c.conn.sendNotification(P.SetCredentialsNotification, {
      serviceUrl: url,
      apiKey: KEY,
      allowInsecureHttp: true,
    });
    await c.waitForStatus((s) => s.state === 'connected', from);
    assert.equal(hostile.server.received[0]?.headers['x-api-key'], KEY);
  });
});
