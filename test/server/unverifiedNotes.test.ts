// What an unverified anchor's hover says depends on why it is unverified, and only a missing commit
// offers to fetch it. Here: git has the scanned code, but the file's language (Ruby) is not parsed, so
// which definition the anchor was on cannot be told — the hover says that, not "not in this clone".
// (No repository at all, and a commit the clone lacks: demoWorkspace.test.ts, sourceFeatures.test.ts.)
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { HoverRequest } from 'vscode-languageserver-protocol';
import { hoverText } from './setup';
import { anchorDataset, scannedRepository, startAnchorServer, type AnchorServer } from './anchorWorkspace';

const COMPONENT = '55555555-5555-4555-8555-555555555555';
const SCANNED = ['def ship(order)', '  order.send', 'end'];
// Two methods added above since the scan: git maps the lines down, and there is no parser to confirm.
const NOW = ['def audit(order)', '  log(order)', 'end', '', ...SCANNED];

describe('language server: an unverified anchor says why (language not parsed)', function () {
  this.timeout(60_000);
  let dir: string | undefined;
  let server: AnchorServer | undefined;
  before(async () => {
    const made = await scannedRepository('lineage-unparsed-', { 'lib/orders.rb': SCANNED });
    dir = made.dir;
    await made.repo.write('lib/orders.rb', `${NOW.join('\n')}\n`);
    made.repo.commit('audit');
    server = await startAnchorServer({
      dir,
      workspace: made.repo.root,
      dataset: anchorDataset({
        component: COMPONENT,
        name: 'orders',
        namespace: 'ruby',
        scanned: made.scanned,
        paths: [
          {
            pathId: 'eeeeeeee-0000-4000-8000-000000000001',
            anchor: { anchor_id: 'ship', name: 'ship', file: 'lib/orders.rb', line_start: 1, line_end: 3 },
          },
        ],
      }),
      component: COMPONENT,
      namespace: 'ruby',
      anchorCount: 1,
    });
  });
  after(async () => {
    if (server) await server.stop();
    else if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('says git has the scanned code but the definition could not be told, with no fetch', async () => {
    const c = server!.client;
    const text = hoverText(
      await c.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri: c.fileUri('lib/orders.rb') },
        position: { line: NOW.indexOf('def ship(order)'), character: 5 },
      }),
    );
    assert.match(
      text,
      /^≈ \*Probably here: found by its names; its scanned code did not tell which definition it is\.\* *$/m,
      text,
    );
    assert.doesNotMatch(text, /fetchScannedCommits|not in this clone/);
  });
});
