// Anchor repair from a file with unsaved changes, in a folder without git ("Update Anyway"), over stdio
// against the real local service: the repair records the lines the anchor has in the buffer (those
// the file will have once saved). Reloaded from the service while the buffer keeps its unsaved lines,
// the record is placed in the buffer as it is (not shifted through the unsaved lines a second time):
// the anchor stays where the user saw it and is not drifted; nor after the file is saved.
import { strict as assert } from 'node:assert';
import { DidSaveTextDocumentNotification } from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { lines } from '../helpers/gitRepo';
import type { LspClient } from '../helpers/lspClient';
import {
  anchorDataset,
  lensLines,
  lineOf,
  plainWorkspace,
  startAnchorServer,
  type AnchorServer,
} from './anchorWorkspace';

const COMPONENT = '77777777-7777-4777-8777-777777777777';
const PATH = 'eeeeeeee-7777-4000-8000-000000000001';

const ON_DISK = [
  'package pay',
  '',
  'func Charge(c Card) error {',
  '\tvalidate(c)',
  '\ttotal := sum(c)',
  '\tsend(total)',
  '\treturn nil',
  '}',
];
// Two unsaved lines above everything: the statement anchored inside Charge is 2 lines lower.
const BUFFER = ['// Charges cards.', '// Owner: payments.', ...ON_DISK];

describe('language server: anchor repair from an unsaved file without git', function () {
  this.timeout(60_000);
  let ws: ReturnType<typeof plainWorkspace>;
  let server: AnchorServer | undefined;
  let client: LspClient;

  before(async () => {
    ws = plainWorkspace('lineage-repair-unsaved-', { 'go/pay.go': ON_DISK });
    const at = lineOf(ON_DISK, 'total :=') + 1;
    server = await startAnchorServer({
      dir: ws.dir,
      workspace: ws.workspace,
      dataset: anchorDataset({
        component: COMPONENT,
        name: 'pay',
        namespace: 'repair',
        scanned: 'a1b2c3d4e5f6',
        // The statement inside Charge: the name check passes anywhere inside the function.
        paths: [
          {
            pathId: PATH,
            anchor: {
              anchor_id: 'anc-total',
              name: 'Charge',
              file: 'go/pay.go',
              line_start: at,
              line_end: at + 1,
            },
          },
        ],
      }),
      component: COMPONENT,
      namespace: 'repair',
      anchorCount: 1,
    });
    client = server.client;
  });
  after(async () => server?.stop());

  const uri = () => client.fileUri('go/pay.go');
  it('records the buffer’s lines; reloaded, the anchor stays there and is not drifted, before and after saving', async () => {
    await client.open(uri(), lines(...BUFFER), 'go');
    const now = lineOf(BUFFER, 'total :=');
    assert.deepEqual(await lensLines(client, uri()), [now]);
    const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
    assert.equal(repairs.length, 1);
    assert.deepEqual(repairs[0]!.current, { line_start: now + 1, line_end: now + 2 });
    assert.equal(repairs[0]!.reason, `anchor moved from ${now - 1}–${now} to ${now + 1}–${now + 2}`);

    const { results } = await client.conn.sendRequest(P.RepairAnchorsRequest, { repairs });
    assert.equal(results[0]!.kind, 'saved', JSON.stringify(results));
    // Reloaded from the service (the buffer still unsaved): where the user saw it, nothing to repair.
    const paths = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
    assert.deepEqual(paths.repairs, []);
    assert.deepEqual(await lensLines(client, uri()), [now]);

    // Saved: the disk has the lines the record names.
    ws.write('go/pay.go', BUFFER);
    await client.conn.sendNotification(DidSaveTextDocumentNotification.type, {
      textDocument: { uri: uri() },
    });
    assert.deepEqual((await client.conn.sendRequest(P.AnchorRepairsRequest, {})).repairs, []);
    assert.deepEqual(await lensLines(client, uri()), [now]);
    await client.close(uri());
    assert.deepEqual((await client.conn.sendRequest(P.AnchorRepairsRequest, {})).repairs, []);
    assert.deepEqual(await lensLines(client, uri()), [now]);
  });
});
