// Git-aware anchor mapping over stdio: a real git repository this test makes (Go, Python and
// TypeScript; commits that move, rename, delete and duplicate functions after the scanned commit;
// uncommitted edits; a branch switch; a shallow clone without the scanned commit), the real local
// service seeded with anchors recorded at the scanned commit, and the real language server on the
// repository. Hover, definition, code lens and diagnostics must land on the current lines.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DefinitionRequest,
  HoverRequest,
  type Diagnostic,
  type PublishDiagnosticsParams,
  type Location,
} from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import type { LspClient } from '../helpers/lspClient';
import { GitRepo } from '../helpers/gitRepo';
import { hoverText } from './setup';
import {
  anchorDataset,
  diagnosticOfAnchor,
  lensLines,
  lineOf,
  scannedRepository,
  startAnchorServer,
  startClient,
  type AnchorServer,
} from './anchorWorkspace';

const COMPONENT = '44444444-4444-4444-8444-444444444444';

const GO_SCANNED = [
  'package orders',
  '',
  'import "fmt"',
  '',
  'func ShipOrder(o Order) error {',
  '\tfmt.Println(o)',
  '\treturn nil',
  '}',
  '',
  'func CancelOrder(o Order) error {',
  '\treturn nil',
  '}',
  '',
  'func (s *Store) Validate(o Order) bool { return true }',
  '',
  'func Handle(o Order) error {',
  '\tif err := ShipOrder(o); err != nil {',
  '\t\treturn CancelOrder(o)',
  '\t}',
  '\treturn nil',
  '}',
];
// After the scan: an Audit function and a duplicate Validate above, CancelOrder deleted (its call stays).
const GO_NOW = [
  'package orders',
  '',
  'import "fmt"',
  '',
  'func Audit(o Order) {',
  '\tfmt.Println("audit", o)',
  '}',
  '',
  'func (c *Cache) Validate(o Order) bool { return false }',
  '',
  'func ShipOrder(o Order) error {',
  '\tfmt.Println(o)',
  '\treturn nil',
  '}',
  '',
  'func (s *Store) Validate(o Order) bool { return true }',
  '',
  'func Handle(o Order) error {',
  '\tif err := ShipOrder(o); err != nil {',
  '\t\treturn CancelOrder(o)',
  '\t}',
  '\treturn nil',
  '}',
];
// On the feature branch CancelOrder is back, at the end of the file.
const GO_FEATURE = [...GO_NOW, '', 'func CancelOrder(o Order) error {', '\treturn nil', '}'];

const PY_SCANNED = [
  'import db',
  '',
  '',
  'def load_rows(conn):',
  '    return db.query(conn)',
  '',
  '',
  'def place(order):',
  '    order.check()',
  '    return db.insert(order)',
];
// Renamed to py/order_store.py; helpers above; place's body partly rewritten.
const PY_NOW = [
  'import db',
  '',
  '',
  'def connect():',
  '    return db.connect()',
  '',
  '',
  'def load_rows(conn):',
  '    return db.query(conn)',
  '',
  '',
  'def place(order):',
  '    order.validate()',
  '    return db.insert(order)',
];

const TS_SCANNED = [
  "import { send } from './send';",
  '',
  'export function createOrder(input: Input) {',
  '  return send(input);',
  '}',
  '',
  'export class Cart {',
  '  render(): string {',
  "    return 'cart';",
  '  }',
  '}',
];
// createOrder moved below Cart; a Basket with its own render() above; two uncommitted lines on top.
const TS_COMMITTED = [
  "import { send } from './send';",
  '',
  'export class Basket {',
  '  render(): string {',
  "    return 'basket';",
  '  }',
  '}',
  '',
  'export class Cart {',
  '  render(): string {',
  "    return 'cart';",
  '  }',
  '}',
  '',
  'export function createOrder(input: Input) {',
  '  return send(input);',
  '}',
];
const TS_NOW = ['// Not committed yet.', '// Neither is this.', ...TS_COMMITTED];

const text = (lines: string[]) => lines.join('\n') + '\n';

interface Anchor {
  id: string;
  name: string;
  /** File as scanned. */
  file: string;
  /** 1-based, inclusive, in the scanned file. */
  lines: [number, number];
}

const ANCHORS: Anchor[] = [
  { id: 'ship', name: 'ShipOrder', file: 'go/orders.go', lines: [5, 8] },
  { id: 'cancel', name: 'CancelOrder', file: 'go/orders.go', lines: [10, 12] },
  { id: 'validate', name: 'Validate', file: 'go/orders.go', lines: [14, 14] },
  { id: 'handle', name: 'Handle', file: 'go/orders.go', lines: [16, 21] },
  { id: 'rows', name: 'load_rows', file: 'py/orders.py', lines: [4, 5] },
  { id: 'place', name: 'place', file: 'py/orders.py', lines: [8, 10] },
  { id: 'create', name: 'createOrder', file: 'ts/orders.ts', lines: [3, 5] },
  { id: 'render', name: 'render', file: 'ts/orders.ts', lines: [8, 10] },
];
const pathId = (a: Anchor) => `eeeeeeee-0000-4000-8000-${String(ANCHORS.indexOf(a) + 1).padStart(12, '0')}`;
const anchor = (id: string) => ANCHORS.find((a) => a.id === id)!;

function dataset(scanned: string): unknown {
  return anchorDataset({
    component: COMPONENT,
    name: 'orders',
    namespace: 'git',
    scanned,
    paths: ANCHORS.map((a) => ({
      pathId: pathId(a),
      anchor: { anchor_id: a.id, name: a.name, file: a.file, line_start: a.lines[0], line_end: a.lines[1] },
    })),
  });
}

const diagnosticOf = (a: Anchor, ds: Diagnostic[]) => diagnosticOfAnchor(a.id, ds);

describe('language server: git-aware anchor mapping (real repository)', function () {
  this.timeout(60_000);
  let dir: string;
  let repo: GitRepo;
  let server: AnchorServer | undefined;
  let client: LspClient;
  let scanned: string;

  async function hoverAt(c: LspClient, file: string, line: number, character = 1): Promise<string> {
    return hoverText(
      await c.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri: c.fileUri(file) },
        position: { line, character },
      }),
    );
  }
  async function definitionPaths(c: LspClient, file: string, line: number): Promise<string[]> {
    const defs = ((await c.conn.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: c.fileUri(file) },
      position: { line, character: 1 },
    })) ?? []) as Location[];
    return defs.map((l) => P.parsePathDocumentUri(l.uri)?.pathId ?? '');
  }
  /** Hover, definition and lens all find the anchor's path on `first`..`last` (0-based). */
  async function landsOn(c: LspClient, a: Anchor, file: string, first: number, last: number): Promise<void> {
    const i = ANCHORS.indexOf(a);
    assert.match(
      await hoverAt(c, file, first),
      new RegExp(`sink\\\\?\\.p${i}\\b`),
      `hover on line ${first + 1}`,
    );
    assert.match(
      await hoverAt(c, file, last),
      new RegExp(`sink\\\\?\\.p${i}\\b`),
      `hover on line ${last + 1}`,
    );
    assert.ok((await definitionPaths(c, file, first)).includes(pathId(a)), 'definition');
    assert.ok((await lensLines(c, c.fileUri(file))).includes(first), `a lens on line ${first + 1}`);
  }

  before(async () => {
    ({ dir, repo, scanned } = await scannedRepository('lineage-git-', {
      'go/orders.go': GO_SCANNED,
      'py/orders.py': PY_SCANNED,
      'ts/orders.ts': TS_SCANNED,
    }));
    // Several commits past the scan.
    await repo.write('go/orders.go', text(GO_NOW));
    repo.commit('audit, cache validation; CancelOrder removed');
    repo.git('mv', 'py/orders.py', 'py/order_store.py');
    await repo.write('py/order_store.py', text(PY_NOW));
    repo.commit('order store');
    await repo.write('ts/orders.ts', text(TS_COMMITTED));
    repo.commit('basket; createOrder below the cart');
    // A feature branch where CancelOrder came back (switched to later).
    repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('go/orders.go', text(GO_FEATURE));
    repo.commit('CancelOrder is back');
    repo.git('checkout', '-q', 'main');
    // Uncommitted edits.
    await repo.write('ts/orders.ts', text(TS_NOW));

    server = await startAnchorServer({
      dir,
      workspace: repo.root,
      dataset: dataset(scanned),
      component: COMPONENT,
      namespace: 'git',
      anchorCount: ANCHORS.length,
    });
    client = server.client;
  });
  after(async () => {
    if (server) await server.stop();
    else if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('Go: functions pushed down by commits land on their current lines', async () => {
    // Handle's lines are unchanged since the scan: git alone places it, without a diagnostic.
    const handle = anchor('handle');
    const h = lineOf(GO_NOW, 'func Handle');
    await landsOn(client, handle, 'go/orders.go', h, h + 5);
    assert.equal(diagnosticOf(handle, client.diagnostics(client.fileUri('go/orders.go'))), undefined);
    // git's diff pairs ShipOrder's old lines with the new Audit function above it (a minimal diff
    // does not know functions): the name check fails there and the definition is found instead.
    const ship = anchor('ship');
    const first = lineOf(GO_NOW, 'func ShipOrder');
    await landsOn(client, ship, 'go/orders.go', first, first + 3);
    const d = diagnosticOf(ship, client.diagnostics(client.fileUri('go/orders.go')));
    assert.deepEqual(
      [d?.code, d?.range.start.line, d?.range.end.line],
      ['anchor-relocated', first, first + 3],
    );
  });

  it('Go duplicates: git keeps the anchor on its own Validate, not the new one above', async () => {
    const v = anchor('validate');
    const mine = lineOf(GO_NOW, 'func (s *Store) Validate');
    const other = lineOf(GO_NOW, 'func (c *Cache) Validate');
    await landsOn(client, v, 'go/orders.go', mine, mine);
    assert.doesNotMatch(await hoverAt(client, 'go/orders.go', other, 6), /sink\\?\.p2\b/);
  });

  it('Go: a function deleted since the scan is stale; its call site serves nothing', async () => {
    const cancel = anchor('cancel');
    const uri = client.fileUri('go/orders.go');
    const d = diagnosticOf(
      cancel,
      await client.waitForDiagnostics(uri, (ds) => diagnosticOf(cancel, ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-stale');
    assert.match(d.message, /no function, method, class or type named "CancelOrder"/);
    const call = lineOf(GO_NOW, 'return CancelOrder');
    assert.doesNotMatch(await hoverAt(client, 'go/orders.go', call, 10), /sink\\?\.p1\b/);
    assert.ok(!(await lensLines(client, client.fileUri('go/orders.go'))).includes(call));
  });

  it('Python: a file renamed since the scan is found under its new name; a rewritten body says so', async () => {
    const rows = anchor('rows');
    const r = lineOf(PY_NOW, 'def load_rows');
    await landsOn(client, rows, 'py/order_store.py', r, r + 1);
    const place = anchor('place');
    const p = lineOf(PY_NOW, 'def place');
    await landsOn(client, place, 'py/order_store.py', p, p + 2);
    const hover = await hoverAt(client, 'py/order_store.py', p);
    assert.match(hover, /Changed since the scan: the code at lines 8–10 in py\\?\/orders\\?\.py of commit/);
    assert.match(hover, new RegExp(scanned.slice(0, 12)));
    assert.doesNotMatch(await hoverAt(client, 'py/order_store.py', r), /Changed since the scan/);
  });

  it('TypeScript: a function moved below a class is relocated to its definition (uncommitted lines counted)', async () => {
    const create = anchor('create');
    const uri = client.fileUri('ts/orders.ts');
    const first = lineOf(TS_NOW, 'export function createOrder');
    const d = diagnosticOf(
      create,
      await client.waitForDiagnostics(uri, (ds) => diagnosticOf(create, ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-relocated');
    assert.deepEqual([d.range.start.line, d.range.end.line], [first, first + 2]);
    await landsOn(client, create, 'ts/orders.ts', first, first + 2);
  });

  it('TypeScript duplicates: Cart.render stays on Cart, not on the new Basket.render above', async () => {
    const render = anchor('render');
    const cart = lineOf(TS_NOW, 'render()', lineOf(TS_NOW, 'class Cart'));
    const basket = lineOf(TS_NOW, 'render()');
    await landsOn(client, render, 'ts/orders.ts', cart, cart + 2);
    assert.doesNotMatch(await hoverAt(client, 'ts/orders.ts', basket + 1), /sink\\?\.p7\b/);
    assert.equal(diagnosticOf(render, client.diagnostics(client.fileUri('ts/orders.ts'))), undefined);
  });

  it('unsaved edits move the git-mapped range on (git mapping, then unsaved edits)', async () => {
    const uri = client.fileUri('go/orders.go');
    await client.open(uri, text(GO_NOW), 'go');
    await client.change(uri, [
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        text: '// one\n// two\n',
      },
    ]);
    const first = lineOf(GO_NOW, 'func ShipOrder') + 2;
    await landsOn(client, anchor('ship'), 'go/orders.go', first, first + 3);
    await client.close(uri);
  });

  it('a branch switch re-maps: CancelOrder, back on the feature branch, is found again', async () => {
    const cancel = anchor('cancel');
    const uri = client.fileUri('go/orders.go');
    const mark = client.mark();
    repo.git('checkout', '-q', 'feature');
    // The state the switch leads to (a build that ran while git was still writing the files may
    // publish another first).
    const ds = await client.waitForDiagnostics(
      uri,
      (d) => diagnosticOf(cancel, d)?.code === 'anchor-relocated',
      mark,
    );
    const first = lineOf(GO_FEATURE, 'func CancelOrder');
    const d = diagnosticOf(cancel, ds);
    assert.equal(d?.code, 'anchor-relocated');
    assert.deepEqual([d.range.start.line, d.range.end.line], [first, first + 2]);
    await landsOn(client, cancel, 'go/orders.go', first, first + 2);
    const back = client.mark();
    repo.git('checkout', '-q', 'main');
    await client.waitForDiagnostics(uri, (x) => diagnosticOf(cancel, x)?.code === 'anchor-stale', back);
  });

  it('a checkout that deletes an anchored file reports its anchors not found on their paths; back, they are placed', async () => {
    const rows = anchor('rows');
    let mark = client.mark();
    repo.git('checkout', '-q', '-b', 'no-store');
    repo.git('rm', '-q', 'py/order_store.py');
    repo.commit('order store removed');
    const problem = await client.waitFor<PublishDiagnosticsParams>(
      'textDocument/publishDiagnostics',
      (p) => diagnosticOf(rows, p.diagnostics)?.code === 'anchor-unresolved',
      mark,
    );
    assert.match(diagnosticOf(rows, problem.diagnostics)!.message, /was not found in the workspace folders/);
    mark = client.mark();
    repo.git('checkout', '-q', 'main');
    await client.waitFor<PublishDiagnosticsParams>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === problem.uri && diagnosticOf(rows, p.diagnostics) === undefined,
      mark,
    );
    assert.ok((await lensLines(client, client.fileUri('py/order_store.py'))).length > 0);
  });

  it('a shallow clone without the scanned commit: recorded lines and name rules, the reason logged once', async () => {
    const clone = join(dir, 'clone');
    repo.git('clone', '-q', '--depth', '1', `file://${repo.root}`, clone);
    const c = await startClient(server!.service, clone, { component: COMPONENT, namespace: 'git' });
    try {
      await c.waitForStatus((s) => s.state === 'connected' && s.anchorCount === ANCHORS.length);
      const logs = c.received
        .filter((r) => r.method === 'window/logMessage')
        .map((r) => (r.params as { message: string }).message)
        .filter((m) => m.includes(scanned));
      assert.equal(logs.length, 1, JSON.stringify(logs));
      assert.match(logs[0]!, /is not in this shallow clone/);
      // Without git, Handle (two lines below its record, which its name is still within) lands on its
      // definition's lines, reported relocated (not kept on the recorded lines)…
      const handle = anchor('handle');
      const def = lineOf(GO_NOW, 'func Handle');
      assert.equal(def, handle.lines[0] - 1 + 2);
      await landsOn(c, handle, 'go/orders.go', def, def + 5);
      // …and the deleted CancelOrder is found stale by the syntax rules, not by git.
      const cancel = anchor('cancel');
      const uri = c.fileUri('go/orders.go');
      const d = diagnosticOf(
        cancel,
        await c.waitForDiagnostics(uri, (ds) => diagnosticOf(cancel, ds) !== undefined),
      )!;
      assert.equal(d.code, 'anchor-stale');
      assert.doesNotMatch(d.message, /since the scanned commit/);
    } finally {
      await c.stop();
    }
  });

  it('a repository nested inside a workspace folder that is in none: found per file, and it maps', async () => {
    // The folder holds the repository (and the shallow clone) but is not one; the project is repo/.
    const c = await startClient(server!.service, dir, {
      component: COMPONENT,
      namespace: 'git',
      projectRoot: 'repo',
    });
    try {
      await c.waitForStatus((s) => s.state === 'connected' && s.anchorCount === ANCHORS.length);
      // Handle's recorded lines still name it, but git maps it to where it is now, without a diagnostic.
      const handle = anchor('handle');
      const h = lineOf(GO_NOW, 'func Handle');
      assert.notEqual(h, handle.lines[0] - 1);
      await landsOn(c, handle, 'repo/go/orders.go', h, h + 5);
      assert.equal(diagnosticOf(handle, c.diagnostics(c.fileUri('repo/go/orders.go'))), undefined);
      // The deleted CancelOrder is stale there too, never kept on its call.
      const cancel = anchor('cancel');
      const uri = c.fileUri('repo/go/orders.go');
      const d = diagnosticOf(
        cancel,
        await c.waitForDiagnostics(uri, (ds) => diagnosticOf(cancel, ds) !== undefined),
      )!;
      assert.equal(d.code, 'anchor-stale');
    } finally {
      await c.stop();
    }
  });
});
