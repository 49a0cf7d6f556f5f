// Anchor repair in a real git repository, over stdio against the real local service: a repair records
// the anchor in the lines of the commit its path is recorded at (with that commit as
// effective_since_commit_sha), so when the index is rebuilt from the service, git maps the record back
// to exactly where the user put it. Lines only git (or unsaved edits) shifted are no drift; lines newer
// than that commit cannot be recorded there and are refused with why.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { CodeLensRequest } from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import { GitRepo, lines } from '../helpers/gitRepo';
import type { LspClient } from '../helpers/lspClient';
import {
  anchorDataset,
  diagnosticOfAnchor,
  lineOf,
  startAnchorServer,
  tempDir,
  type AnchorServer,
} from './anchorWorkspace';

const COMPONENT = '66666666-6666-4666-8666-666666666666';
const SHIP_PATH = 'eeeeeeee-6666-4000-8000-000000000001';
const AUDIT_PATH = 'eeeeeeee-6666-4000-8000-000000000002';

const SCANNED = [
  'package orders',
  '',
  'import "fmt"',
  '',
  'func ShipOrder(o Order) error {',
  '\tfmt.Println(o)',
  '\treturn nil',
  '}',
  '',
  'func Cancel() {}',
  '',
  '',
  '',
  '',
  '',
];
// Committed since the scan: a package comment above everything, and Audit at the end.
const NOW = [
  '// Package orders ships orders.',
  '// It also cancels them.',
  '//',
  ...SCANNED,
  'func Audit(o Order) {',
  '\tfmt.Println("audit", o)',
  '}',
];

function dataset(scanned: string): unknown {
  const path = (pathId: string, name: string, line_start: number, line_end: number) => ({
    pathId,
    anchor: { anchor_id: `anc-${name}`, name, file: 'go/orders.go', line_start, line_end },
  });
  return anchorDataset({
    component: COMPONENT,
    name: 'orders',
    // Service text: the diagnostics show it cleaned (one line, no bidi control).
    friendlyName: 'Orders\u202e\nservice',
    namespace: 'repair',
    scanned,
    // Both recorded wrongly at the scan (ShipOrder on the blank lines below Cancel, Audit on Cancel):
    // relocation finds them.
    paths: [path(SHIP_PATH, 'ShipOrder', 12, 15), path(AUDIT_PATH, 'Audit', 10, 10)],
  });
}

describe('language server: anchor repair in a git repository', function () {
  this.timeout(60_000);
  let repo: GitRepo;
  let scanned: string;
  let server: AnchorServer | undefined;
  let client: LspClient;

  before(async () => {
    const dir = tempDir('lineage-repair-git-');
    repo = await GitRepo.create(join(dir, 'repo'));
    await repo.write('go/orders.go', lines(...SCANNED));
    scanned = repo.commit('scanned');
    await repo.write('go/orders.go', lines(...NOW));
    repo.commit('package comment, audit');
    server = await startAnchorServer({
      dir,
      workspace: repo.root,
      dataset: dataset(scanned),
      component: COMPONENT,
      namespace: 'repair',
      anchorCount: 2,
    });
    client = server.client;
  });
  after(async () => server?.stop());

  const uri = () => client.fileUri('go/orders.go');
  const lensLines = async () =>
    ((await client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri: uri() } })) ?? []).map(
      (l) => l.range.start.line,
    );

  it('records the repaired anchor in the scanned commit’s lines; rebuilt from the service, it stays there', async () => {
    const first = lineOf(NOW, 'func ShipOrder');
    const d = diagnosticOfAnchor(
      'anc-ShipOrder',
      await client.waitForDiagnostics(uri(), (ds) => diagnosticOfAnchor('anc-ShipOrder', ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-relocated');
    assert.equal(d.range.start.line, first);
    // Named as users know them: the path's label and the component's friendly name (cleaned), no ids.
    assert.match(
      d.message,
      new RegExp(
        `^Lineage anchor "ShipOrder" \\(path "ShipOrder → p0" of "Orders service"\\) moved from line \\d+ to line ${first + 1} `,
      ),
    );
    assert.doesNotMatch(d.message, new RegExp(`${COMPONENT}|${SHIP_PATH}`));

    const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
    // Audit's lines are newer than the scanned commit: no repair can record them there.
    assert.deepEqual(
      repairs.map((r) => r.anchorId),
      ['anc-ShipOrder'],
    );
    const [ship] = repairs;
    // Shown in the editor's lines; written (and explained) in the scanned commit's: 3 lines higher.
    assert.deepEqual(ship!.current, { line_start: first + 1, line_end: first + 4 });
    const atScan = lineOf(SCANNED, 'func ShipOrder');
    assert.equal(ship!.reason, `anchor moved from 12–15 to ${atScan + 1}–${atScan + 4}`);

    const mark = client.mark();
    const { results } = await client.conn.sendRequest(P.RepairAnchorsRequest, { repairs });
    assert.equal(results[0]!.kind, 'saved', JSON.stringify(results));
    if (results[0]!.kind !== 'saved') return;
    const newPathId = results[0]!.newPathId;
    // The service recorded it at the scanned commit, with those lines.
    const versions = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
    const added = versions.find((v) => v.kind === 'BYO_PATH_ADDED' && v.path_id === newPathId);
    assert.equal(added?.commit_sha, scanned);
    const res = await fetch(
      `${server!.service.url}/v0/experimental/components/${COMPONENT}?projection=collapsed`,
      { headers: { 'X-API-KEY': server!.service.apiKey } },
    );
    const { component } = (await res.json()) as {
      component: {
        paths: Array<{ path_id: string; code_anchors: Array<{ line_start: number; line_end: number }> }>;
      };
    };
    const written = component.paths.find((p) => p.path_id === newPathId)!.code_anchors[0]!;
    assert.deepEqual([written.line_start, written.line_end], [atScan + 1, atScan + 4]);

    // The index, rebuilt from the service, maps the record through git onto the definition: no
    // diagnostic, the lens on it, nothing left to repair.
    await client.waitForDiagnostics(
      uri(),
      (ds) => diagnosticOfAnchor('anc-ShipOrder', ds) === undefined,
      mark,
    );
    assert.ok((await lensLines()).includes(first));
    const after = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
    assert.deepEqual(after.repairs, []);
  });

  it('unsaved lines above an anchor git maps are no drift (the record at the commit is right)', async () => {
    const buffer = ['// not saved', '// not saved either', ...NOW];
    await client.open(uri(), lines(...buffer), 'go');
    try {
      assert.ok((await lensLines()).includes(lineOf(buffer, 'func ShipOrder')));
      const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
      assert.deepEqual(repairs, []);
    } finally {
      await client.close(uri());
    }
  });

  it('refuses lines newer than the recorded commit, saying why, and writes nothing', async () => {
    const first = lineOf(NOW, 'func Audit');
    // (The document the test before closed is read from disk again.)
    const ds = await client.waitForDiagnostics(
      uri(),
      (x) => diagnosticOfAnchor('anc-Audit', x)?.range.start.line === first,
    );
    assert.equal(diagnosticOfAnchor('anc-Audit', ds)!.code, 'anchor-relocated');
    const before = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
    const { results } = await client.conn.sendRequest(P.RepairAnchorsRequest, {
      repairs: [
        {
          componentId: COMPONENT,
          pathId: AUDIT_PATH,
          anchorId: 'anc-Audit',
          label: 'Audit',
          uri: uri(),
          recorded: { line_start: 10, line_end: 10 },
          current: { line_start: first + 1, line_end: first + 3 },
        } as unknown as P.AnchorRepair,
      ],
    });
    assert.equal(results[0]!.kind, 'refused');
    assert.match(
      (results[0] as { message: string }).message,
      new RegExp(`did not exist at commit ${scanned.slice(0, 12)}.*Scan the project again`),
    );
    const now = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
    assert.equal(now.length, before.length);
  });
});
