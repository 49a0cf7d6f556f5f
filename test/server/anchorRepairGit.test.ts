// Anchor repair in a real git repository, over stdio against the real local service: a repair records
// the anchor in the lines of the commit its path is recorded at (with that commit as
// effective_since_commit_sha), so when the index is rebuilt from the service, git maps the record back
// to exactly where the user put it. Lines only git (or unsaved edits) shifted are no drift; lines newer
// than that commit cannot be recorded there and are refused with why.
import { strict as assert } from 'node:assert';
import * as P from '../../common/src/protocol';
import { lines, type GitRepo } from '../helpers/gitRepo';
import type { LspClient } from '../helpers/lspClient';
import {
  anchorDataset,
  diagnosticOfAnchor,
  lensLines,
  lineOf,
  scannedRepository,
  startAnchorServer,
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
    // Both recorded wrongly at the scan, on the blank lines below Cancel (no code there to follow):
    // their names find them.
    paths: [path(SHIP_PATH, 'ShipOrder', 12, 15), path(AUDIT_PATH, 'Audit', 11, 13)],
  });
}

describe('language server: anchor repair in a git repository', function () {
  this.timeout(60_000);
  let repo: GitRepo;
  let scanned: string;
  let server: AnchorServer | undefined;
  let client: LspClient;

  before(async () => {
    let dir: string;
    ({ dir, repo, scanned } = await scannedRepository('lineage-repair-git-', { 'go/orders.go': SCANNED }));
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
    assert.ok((await lensLines(client, uri())).includes(first));
    const after = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
    assert.deepEqual(after.repairs, []);
  });

  it('unsaved lines above an anchor git maps are no drift (the record at the commit is right)', async () => {
    const buffer = ['// not saved', '// not saved either', ...NOW];
    await client.open(uri(), lines(...buffer), 'go');
    try {
      assert.ok((await lensLines(client, uri())).includes(lineOf(buffer, 'func ShipOrder')));
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
          recorded: { line_start: 11, line_end: 13 },
          current: { line_start: first + 1, line_end: first + 3 },
        } as unknown as P.AnchorRepair,
      ],
    });
    assert.equal(results[0]!.kind, 'refused');
    assert.match(
      (results[0] as { message: string }).message,
      new RegExp(
        `lines ${first + 1}–${first + 3} did not exist at commit ${scanned.slice(0, 12)}, which its path is recorded at, and HEAD [0-9a-f]{12} is not a scanned commit of the component.*Scan the project again`,
      ),
    );
    const now = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
    assert.equal(now.length, before.length);
  });
});

// ShipOrder moved to the end (its signature changed: git sees a delete and an add) in a commit after
// the one its path is recorded at; that later commit (HEAD) is scanned too.
const BEFORE_MOVE = [
  'package ship',
  '',
  'func ShipOrder(o Order) error {',
  '\treturn send(o)',
  '}',
  '',
  'func Cancel(o Order) {',
  '\tdrop(o)',
  '}',
];
const AFTER_MOVE = [
  'package ship',
  '',
  '// Cancel drops an order.',
  'func Cancel(o Order) {',
  '\tdrop(o)',
  '}',
  '',
  'func helper() {}',
  '',
  'func ShipOrder(o Order, now Time) error {',
  '\treturn send(o)',
  '}',
];
const MOVED_PATH = 'eeeeeeee-6666-4000-8000-000000000003';

// The later scan is HEAD, or HEAD is a commit past it that no scan has (a change elsewhere).
for (const pastScan of [false, true])
  describe(`language server: repairing an anchor whose lines are newer than its path’s commit (${pastScan ? 'HEAD past the newest scan' : 'HEAD scanned'})`, function () {
    this.timeout(60_000);
    let repo: GitRepo;
    let scanned: string;
    /** The later scanned commit, where ShipOrder moved. */
    let head: string;
    let headNow: string;
    let server: AnchorServer | undefined;
    let client: LspClient;

    before(async () => {
      let dir: string;
      ({ dir, repo, scanned } = await scannedRepository('lineage-repair-head-', {
        'go/ship.go': BEFORE_MOVE,
      }));
      await repo.write('go/ship.go', lines(...AFTER_MOVE));
      head = repo.commit('ShipOrder moves to the end');
      headNow = head;
      if (pastScan) {
        await repo.write('README.md', lines('# ship'));
        headNow = repo.commit('readme');
      }
      const at = (name: string) => lineOf(BEFORE_MOVE, `func ${name}`) + 1;
      server = await startAnchorServer({
        dir,
        workspace: repo.root,
        dataset: anchorDataset({
          component: COMPONENT,
          name: 'ship',
          namespace: 'repair',
          scanned,
          laterScans: [head],
          paths: [
            {
              pathId: MOVED_PATH,
              anchor: [
                {
                  anchor_id: 'anc-Ship',
                  name: 'ShipOrder',
                  file: 'go/ship.go',
                  line_start: at('ShipOrder'),
                  line_end: at('ShipOrder') + 2,
                },
                {
                  anchor_id: 'anc-Cancel',
                  name: 'Cancel',
                  file: 'go/ship.go',
                  line_start: at('Cancel'),
                  line_end: at('Cancel') + 2,
                },
              ],
            },
          ],
        }),
        component: COMPONENT,
        namespace: 'repair',
        anchorCount: 2,
      });
      client = server.client;
    });
    after(async () => server?.stop());

    const uri = () => client.fileUri('go/ship.go');

    it('records the whole path at the later scanned commit, every anchor in its lines; rebuilt, nothing is drifted', async () => {
      const ship = lineOf(AFTER_MOVE, 'func ShipOrder');
      const cancel = lineOf(AFTER_MOVE, 'func Cancel');
      await client.waitForDiagnostics(
        uri(),
        (ds) => diagnosticOfAnchor('anc-Ship', ds)?.range.start.line === ship,
      );
      const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
      assert.deepEqual(
        repairs.map((r) => [r.anchorId, r.commit]),
        [['anc-Ship', head]],
      );
      assert.equal(
        repairs[0]!.reason,
        `anchor moved from 3–5 at commit ${scanned.slice(0, 12)} to ${ship + 1}–${ship + 3} at commit ${head.slice(0, 12)}`,
      );

      const mark = client.mark();
      const { results } = await client.conn.sendRequest(P.RepairAnchorsRequest, { repairs });
      assert.equal(results[0]!.kind, 'saved', JSON.stringify(results));
      if (results[0]!.kind !== 'saved') return;
      const newPathId = results[0]!.newPathId;
      const versions = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT }))
        .versions;
      const added = versions.find((v) => v.kind === 'BYO_PATH_ADDED' && v.path_id === newPathId);
      assert.equal(added?.commit_sha, head);
      assert.equal(added?.reason, repairs[0]!.reason);
      const res = await fetch(`${server!.service.url}/v0/experimental/components/${COMPONENT}`, {
        headers: { 'X-API-KEY': server!.service.apiKey },
      });
      const { component } = (await res.json()) as {
        component: {
          paths: Array<{
            path_id: string;
            code_anchors: Array<{ anchor_id: string; line_start: number; line_end: number }>;
          }>;
        };
      };
      // Both anchors in HEAD's lines: the repaired one and its sibling git mapped (Cancel, 1 line lower).
      assert.deepEqual(
        component.paths
          .find((p) => p.path_id === newPathId)!
          .code_anchors.map((a) => [a.anchor_id, a.line_start, a.line_end]),
        [
          ['anc-Ship', ship + 1, ship + 3],
          ['anc-Cancel', cancel + 1, cancel + 3],
        ],
      );

      // Rebuilt from the service: both on their definitions, no diagnostic, nothing left to repair.
      const ds = await client.waitForDiagnostics(
        uri(),
        (x) => diagnosticOfAnchor('anc-Ship', x) === undefined,
        mark,
      );
      assert.deepEqual(ds, []);
      const lenses = await lensLines(client, uri());
      assert.ok(lenses.includes(ship) && lenses.includes(cancel), JSON.stringify(lenses));
      assert.deepEqual((await client.conn.sendRequest(P.AnchorRepairsRequest, {})).repairs, []);
    });

    it('refuses lines in no scanned commit (unsaved or uncommitted), saying why, and writes nothing', async () => {
      // Unsaved: ShipOrder moved back to the top, renamed parameters (nothing git or HEAD has).
      const buffer = [
        'package ship',
        '',
        'func ShipOrder(order Order) error {',
        '\treturn send(order)',
        '}',
        '',
        ...AFTER_MOVE.slice(2, 9),
      ];
      await client.open(uri(), lines(...buffer), 'go');
      try {
        const first = lineOf(buffer, 'func ShipOrder');
        await client.waitForDiagnostics(
          uri(),
          (ds) => diagnosticOfAnchor('anc-Ship', ds)?.range.start.line === first,
        );
        const listed = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
        assert.deepEqual(listed.repairs, []);
        const pathId = (
          await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })
        ).versions.find((v) => v.kind === 'BYO_PATH_ADDED')!.path_id!;
        const before = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT }))
          .versions;
        const { results } = await client.conn.sendRequest(P.RepairAnchorsRequest, {
          repairs: [
            {
              componentId: COMPONENT,
              pathId,
              anchorId: 'anc-Ship',
              label: 'ShipOrder',
              uri: uri(),
              recorded: {
                line_start: lineOf(AFTER_MOVE, 'func ShipOrder') + 1,
                line_end: lineOf(AFTER_MOVE, 'func ShipOrder') + 3,
              },
              current: { line_start: first + 1, line_end: first + 3 },
            } as unknown as P.AnchorRepair,
          ],
        });
        assert.equal(results[0]!.kind, 'refused', JSON.stringify(results));
        assert.match(
          (results[0] as { message: string }).message,
          pastScan
            ? new RegExp(
                `^Anchor ShipOrder: lines 3–5 did not exist at commit ${head.slice(0, 12)}, which its path is recorded at, and HEAD ${headNow.slice(0, 12)} is not a scanned commit of the component .*nothing was written\\. Scan the project again`,
              )
            : new RegExp(
                `^Anchor ShipOrder: lines 3–5 are in neither HEAD ${head.slice(0, 12)} \\(they are unsaved or not committed\\) nor commit ${head.slice(0, 12)}, which its path is recorded at, .*nothing was written\\. Save and commit the change`,
              ),
        );
        const now = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
        assert.equal(now.length, before.length);
      } finally {
        await client.close(uri());
      }
    });
  });
