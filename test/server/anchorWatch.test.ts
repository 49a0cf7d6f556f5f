// Anchored files changed on disk while closed, over stdio: the real local service, the real language
// server, a plain folder (no git). The server asks the client to watch the anchored files' names
// (client/registerCapability, workspace/didChangeWatchedFiles); the test changes a file on disk and sends
// the event as VS Code would. The anchors are placed again without the file being opened: a function
// moved lower is found at its new lines, a deleted file's anchor is reported not found, and a file
// created again is anchored again.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Diagnostic,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import type { LspClient } from '../helpers/lspClient';
import {
  anchorDataset,
  diagnosticOfAnchor,
  lensLines as lensLinesOf,
  lineOf,
  plainWorkspace,
  startAnchorServer,
  type AnchorServer,
} from './anchorWorkspace';

const COMPONENT = '77777777-7777-4777-8777-777777777777';

const GO = ['package orders', '', 'func ShipOrder(o Order) error {', '\treturn nil', '}', ''];
/** ShipOrder moved 10 lines lower, below a new caller. */
const GO_MOVED = [
  'package orders',
  '',
  'func Handle(o Order) error {',
  '\treturn ShipOrder(o)',
  '}',
  ...Array<string>(7).fill(''),
  'func ShipOrder(o Order) error {',
  '\treturn nil',
  '}',
  '',
];
const PY = ['def load_rows(conn):', '    return conn.query()', ''];

describe('language server: anchored files changed on disk while closed', function () {
  this.timeout(90_000);
  let dir: string;
  let workspace: string;
  let write: (file: string, ls: readonly string[]) => void;
  let server: AnchorServer | undefined;
  let client: LspClient;
  const event = (file: string, type: FileChangeType) =>
    client.conn.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: client.fileUri(file), type }],
    });
  const lensLines = (file: string) => lensLinesOf(client, client.fileUri(file));
  /** The first diagnostics published (after `mark`) on any URI that carry this anchor's diagnostic. */
  const problemOf = (anchorId: string, mark: number) =>
    client
      .waitFor<PublishDiagnosticsParams>(
        'textDocument/publishDiagnostics',
        (p) => diagnosticOfAnchor(anchorId, p.diagnostics) !== undefined,
        mark,
      )
      .then((p) => diagnosticOfAnchor(anchorId, p.diagnostics)!);

  before(async () => {
    ({ dir, workspace, write } = plainWorkspace('lineage-watch-', { 'go/orders.go': GO, 'py/rows.py': PY }));
    server = await startAnchorServer({
      dir,
      workspace,
      component: COMPONENT,
      namespace: 'watch',
      anchorCount: 2,
      timeoutMs: 85_000,
      dataset: anchorDataset({
        component: COMPONENT,
        name: 'watch',
        namespace: 'watch',
        scanned: 'abcdef1',
        paths: [
          {
            pathId: 'eeeeeeee-7777-4000-8000-000000000001',
            anchor: {
              anchor_id: 'anc-ship',
              name: 'ShipOrder',
              file: 'go/orders.go',
              line_start: 3,
              line_end: 5,
            },
          },
          {
            pathId: 'eeeeeeee-7777-4000-8000-000000000002',
            anchor: {
              anchor_id: 'anc-rows',
              name: 'load_rows',
              file: 'py/rows.py',
              line_start: 1,
              line_end: 2,
            },
          },
        ],
      }),
    });
    client = server.client;
  });
  after(async () => {
    if (server) await server.stop();
    else rmSync(dir, { recursive: true, force: true });
  });

  it('asks the client to watch the anchored files by name', async () => {
    const registration = await client.waitFor<{
      registrations: Array<{ method: string; registerOptions: { watchers: Array<{ globPattern: string }> } }>;
    }>('client/registerCapability', (p) =>
      p.registrations.some((r) =>
        r.registerOptions?.watchers?.some((w) => w.globPattern === '**/{orders.go,rows.py}'),
      ),
    );
    assert.equal(registration.registrations[0]!.method, DidChangeWatchedFilesNotification.method);
  });

  it('a closed file changed on disk: its anchor is placed again (relocated to the moved function)', async () => {
    assert.ok((await lensLines('go/orders.go')).includes(2));
    write('go/orders.go', GO_MOVED);
    const mark = client.mark();
    await event('go/orders.go', FileChangeType.Changed);
    const d: Diagnostic = await problemOf('anc-ship', mark);
    const def = lineOf(GO_MOVED, 'func ShipOrder');
    assert.equal(d.code, 'anchor-relocated');
    assert.deepEqual([d.range.start.line, d.range.end.line], [def, def + 2]);
    const lenses = await lensLines('go/orders.go');
    assert.ok(lenses.includes(def), JSON.stringify(lenses));
    assert.ok(!lenses.includes(lineOf(GO_MOVED, 'func Handle')), 'no lens on the caller');
  });

  it('a deleted file: its anchor is reported not found; created again: anchored again', async () => {
    assert.ok((await lensLines('py/rows.py')).includes(0));
    rmSync(join(workspace, 'py/rows.py'));
    let mark = client.mark();
    await event('py/rows.py', FileChangeType.Deleted);
    const d = await problemOf('anc-rows', mark);
    assert.equal(d.code, 'anchor-unresolved');
    assert.match(d.message, /file "py\/rows\.py" was not found in the workspace folders/);
    assert.deepEqual(await lensLines('py/rows.py'), []);

    write('py/rows.py', ['', '', ...PY]);
    mark = client.mark();
    await event('py/rows.py', FileChangeType.Created);
    // The problem goes (published empty on the path document), and the anchor is on its definition.
    const moved = await problemOf('anc-rows', mark);
    assert.equal(moved.code, 'anchor-relocated');
    assert.equal(moved.range.start.line, 2);
    assert.ok((await lensLines('py/rows.py')).includes(2));
  });
});
