// Syntax-aware relocation and anchor repair over stdio: the real local service seeded with a dataset
// this test writes (anchors recorded at the lines of a "scanned" version of each file), the real
// language server on a workspace holding the files as they are now, where functions were moved,
// renamed, deleted and duplicated (Go, Python, TypeScript, Java). No git repository: this is the
// relocation step, where git cannot map. Hover, definition, lens and diagnostics must land on the
// definition's current lines; a deleted function is stale, never its call. Then the quick fix: the
// code action, the repair list, the write (operation 1) and its two events (operation 9).
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import {
  CodeActionRequest,
  DefinitionRequest,
  DiagnosticSeverity,
  HoverRequest,
  type CodeAction,
  type Diagnostic,
  type Location,
} from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import type { LspClient } from '../helpers/lspClient';
import { hoverText } from './setup';
import {
  anchorDataset,
  diagnosticOfAnchor,
  lensLines,
  lineOf,
  plainWorkspace,
  startAnchorServer,
  type AnchorServer,
} from './anchorWorkspace';

const COMPONENT = '33333333-3333-4333-8333-333333333333';

/** Each file as scanned (where the anchors were recorded) and as it is now. */
const FILES: Record<string, { scanned: string[]; now: string[] }> = {
  'go/orders.go': {
    scanned: [
      'package orders',
      '',
      'import "fmt"',
      '',
      'func shipOrder(o Order) error {',
      '\tfmt.Println(o)',
      '\treturn nil',
      '}',
      '',
      'func cancelOrder(o Order) error {',
      '\treturn nil',
      '}',
      '',
      'func (s *Store) Validate(o Order) bool { return true }',
      '',
      'func handle(o Order) error {',
      '\tif err := shipOrder(o); err != nil {',
      '\t\treturn cancelOrder(o)',
      '\t}',
      '\treturn nil',
      '}',
    ],
    now: [
      'package orders',
      '',
      'import "fmt"',
      '',
      '// Validate on the cache is new since the scan.',
      'func (c *Cache) Validate(o Order) bool { return false }',
      ...Array<string>(11).fill(''),
      'func (s *Store) Validate(o Order) bool { return true }',
      '',
      'func handle(o Order) error {',
      '\tif err := shipOrder(o); err != nil {',
      '\t\treturn cancelOrder(o) // cancelOrder itself was deleted',
      '\t}',
      '\treturn nil',
      '}',
      '',
      'func shipOrder(o Order) error {',
      '\tfmt.Println(o)',
      '\treturn nil',
      '}',
    ],
  },
  'py/orders.py': {
    scanned: [
      'import db',
      '',
      '',
      'def load_rows(conn):',
      '    return db.query(conn)',
      '',
      '',
      'def place(order):',
      '    return db.insert(order)',
    ],
    now: [
      'import db',
      '',
      '',
      'def _connect():',
      '    return db.connect()',
      '',
      '',
      'def _close(conn):',
      '    conn.close()',
      '',
      '',
      'def load_rows(conn):',
      '    return db.query(conn)',
      '',
      '',
      'def place_order(order):',
      '    return db.insert(order)',
    ],
  },
  'ts/orders.ts': {
    scanned: [
      "import { send } from './send';",
      '',
      'export function createOrder(input: Input) {',
      '  return send(input);',
      '}',
      ...Array<string>(6).fill(''),
      'export class Cart {',
      '  render(): string {',
      "    return 'cart';",
      '  }',
      '}',
    ],
    now: [
      "import { send } from './send';",
      '',
      '// Basket is new since the scan.',
      'export class Basket {',
      '  render(): string {',
      "    return 'basket';",
      '  }',
      '}',
      '',
      'export function submit(input: Input) {',
      '  return createOrder(input);',
      '}',
      ...Array<string>(5).fill(''),
      'export class Cart {',
      '  render(): string {',
      "    return 'cart';",
      '  }',
      '}',
      '',
      'export function createOrder(input: Input) {',
      '  return send(input);',
      '}',
    ],
  },
  // refund was deleted; what called it stays, its call now within the recorded lines.
  'go/refunds.go': {
    scanned: [
      'package refunds',
      '',
      'func refund(o Order) error {',
      '\treturn nil',
      '}',
      '',
      'func handleRefund(o Order) error {',
      '\treturn refund(o)',
      '}',
    ],
    now: ['package refunds', '', 'func handleRefund(o Order) error {', '\treturn refund(o)', '}'],
  },
  'java/Orders.java': {
    scanned: ['class Orders {', '  void checkout() {', '    System.out.println(1);', '  }', '}'],
    now: [
      'class Orders {',
      '  Orders() {',
      '    init();',
      '  }',
      '',
      '  void init() {',
      '  }',
      '',
      '  void checkout() {',
      '    System.out.println(1);',
      '  }',
      '  void run() { checkout(); }',
      '}',
    ],
  },
};

/** The 0-based lines of the block a definition line opens: up to the next line closing it at its indent. */
function blockOf(lines: string[], first: number): [number, number] {
  const indent = /^\s*/.exec(lines[first]!)![0];
  if (lines[first]!.trimEnd().endsWith('}') || !/[{:]$/.test(lines[first]!.trimEnd())) return [first, first];
  if (lines[first]!.trimEnd().endsWith(':')) {
    let last = first + 1;
    while (last + 1 < lines.length && lines[last + 1]!.startsWith(indent + ' ')) last++;
    return [first, last];
  }
  const close = lines.findIndex((l, n) => n > first && l === `${indent}}`);
  return [first, close];
}

interface Anchored {
  name: string;
  file: string;
  /** How the definition line starts, in the scanned file and now (undefined: gone). */
  def: string;
  nowDef?: string;
  /** Which occurrence now (for duplicates: the one expected to win). */
  nowAfter?: number;
}

const ANCHORS: Anchored[] = [
  { name: 'shipOrder', file: 'go/orders.go', def: 'func shipOrder', nowDef: 'func shipOrder' },
  { name: 'cancelOrder', file: 'go/orders.go', def: 'func cancelOrder' },
  {
    name: 'Validate',
    file: 'go/orders.go',
    def: 'func (s *Store) Validate',
    nowDef: 'func (s *Store) Validate',
  },
  { name: 'load_rows', file: 'py/orders.py', def: 'def load_rows', nowDef: 'def load_rows' },
  { name: 'place', file: 'py/orders.py', def: 'def place' },
  {
    name: 'createOrder',
    file: 'ts/orders.ts',
    def: 'export function createOrder',
    nowDef: 'export function createOrder',
  },
  { name: 'render', file: 'ts/orders.ts', def: 'render()', nowDef: 'render()', nowAfter: 12 },
  { name: 'checkout', file: 'java/Orders.java', def: 'void checkout', nowDef: 'void checkout' },
  { name: 'refund', file: 'go/refunds.go', def: 'func refund' },
];

const pathId = (i: number) => `cccccccc-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;

function recordedLines(a: Anchored): [number, number] {
  const lines = FILES[a.file]!.scanned;
  return blockOf(lines, lineOf(lines, a.def));
}
function currentLines(a: Anchored): [number, number] {
  const lines = FILES[a.file]!.now;
  return blockOf(lines, lineOf(lines, a.nowDef!, a.nowAfter));
}

function dataset(): unknown {
  return anchorDataset({
    component: COMPONENT,
    name: 'orders',
    namespace: 'reloc',
    scanned: 'abcdef1',
    paths: ANCHORS.map((a, i) => {
      const [first, last] = recordedLines(a);
      return {
        pathId: pathId(i),
        anchor: {
          anchor_id: `anc-${a.name}`,
          name: a.name,
          file: a.file,
          line_start: first + 1,
          line_end: last + 1,
        },
      };
    }),
  });
}

describe('language server: syntax-aware relocation and anchor repair', function () {
  let dir: string;
  let server: AnchorServer | undefined;
  let client: LspClient;
  const uriOf = (file: string) => client.fileUri(file);
  const diagnosticOf = (a: Anchored, ds: Diagnostic[]) => diagnosticOfAnchor(`anc-${a.name}`, ds);

  before(async () => {
    let workspace: string;
    ({ dir, workspace } = plainWorkspace(
      'lineage-reloc-',
      Object.fromEntries(Object.entries(FILES).map(([file, { now }]) => [file, now])),
    ));
    server = await startAnchorServer({
      dir,
      workspace,
      dataset: dataset(),
      component: COMPONENT,
      namespace: 'reloc',
      anchorCount: ANCHORS.length,
    });
    client = server.client;
  });
  after(async () => {
    if (server) await server.stop();
    else rmSync(dir, { recursive: true, force: true });
  });

  /** Defined twice now: without history nothing tells which one is the anchor's (ambiguous, below). */
  const DUPLICATED = new Set(['Validate', 'render']);
  for (const a of ANCHORS.filter((x) => x.nowDef && !DUPLICATED.has(x.name))) {
    it(`${a.file}: "${a.name}" lands on its definition's current lines (diagnostic, hover, definition, lens)`, async () => {
      const uri = uriOf(a.file);
      const [first, last] = currentLines(a);
      const diags = await client.waitForDiagnostics(uri, (ds) => diagnosticOf(a, ds) !== undefined);
      const d = diagnosticOf(a, diags)!;
      assert.equal(d.code, 'anchor-relocated');
      assert.equal(d.severity, DiagnosticSeverity.Information);
      assert.deepEqual([d.range.start.line, d.range.end.line], [first, last]);
      assert.match(d.message, new RegExp(`moved from line ${recordedLines(a)[0] + 1} to line ${first + 1}`));

      const hover = hoverText(
        await client.conn.sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: { line: last, character: 0 },
        }),
      );
      assert.match(hover, new RegExp(`sink\\\\.p${ANCHORS.indexOf(a)}\\b`));
      const defs = (await client.conn.sendRequest(DefinitionRequest.type, {
        textDocument: { uri },
        position: { line: first, character: 1 },
      })) as Location[];
      assert.ok(
        defs.some((l) => P.parsePathDocumentUri(l.uri)?.pathId === pathId(ANCHORS.indexOf(a))),
        JSON.stringify(defs),
      );
      const lenses = await lensLines(client, uri);
      assert.ok(lenses.includes(first), `a lens on line ${first + 1}: ${JSON.stringify(lenses)}`);
    });
  }

  it('a deleted Go function is stale and its call site serves nothing', async () => {
    const a = ANCHORS.find((x) => x.name === 'cancelOrder')!;
    const uri = uriOf(a.file);
    const d = diagnosticOf(
      a,
      await client.waitForDiagnostics(uri, (ds) => diagnosticOf(a, ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-stale');
    assert.match(d.message, /no function, method, class or type named "cancelOrder"/);
    const call = lineOf(FILES[a.file]!.now, 'return cancelOrder');
    const hover = hoverText(
      await client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: call, character: 12 },
      }),
    );
    assert.doesNotMatch(hover, /sink\\\.p1\b/);
    assert.ok(!(await lensLines(client, uri)).includes(call));
  });

  it('no git: a deleted Go function whose call sits within its recorded lines is stale, not kept there', async () => {
    const a = ANCHORS.find((x) => x.name === 'refund')!;
    const uri = uriOf(a.file);
    const call = lineOf(FILES[a.file]!.now, 'return refund(');
    const [first, last] = recordedLines(a);
    assert.ok(call >= first - 3 && call <= last + 3, 'the call is near the recorded lines');
    const d = diagnosticOf(
      a,
      await client.waitForDiagnostics(uri, (ds) => diagnosticOf(a, ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-stale');
    assert.match(d.message, /no function, method, class or type named "refund"/);
    assert.deepEqual(await lensLines(client, uri), []);
  });

  it('a renamed Python function is stale (its new name is not the anchor’s)', async () => {
    const a = ANCHORS.find((x) => x.name === 'place')!;
    const d = diagnosticOf(
      a,
      await client.waitForDiagnostics(uriOf(a.file), (ds) => diagnosticOf(a, ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-stale');
    assert.match(d.message, /no function, method, class or type named "place"/);
  });

  it('duplicates without history: ambiguous and shown nowhere; a quick fix per candidate places it', async () => {
    const a = ANCHORS.find((x) => x.name === 'Validate')!;
    const uri = uriOf(a.file);
    const now = FILES[a.file]!.now;
    const mine = lineOf(now, 'func (s *Store) Validate');
    const other = lineOf(now, 'func (c *Cache) Validate');
    const d = diagnosticOf(
      a,
      await client.waitForDiagnostics(uri, (ds) => diagnosticOf(a, ds) !== undefined),
    )!;
    assert.equal(d.code, 'anchor-ambiguous');
    assert.equal(d.severity, DiagnosticSeverity.Warning);
    assert.match(d.message, /is ambiguous: .*"Validate" is defined at lines/);
    assert.deepEqual(
      d.relatedInformation!.map((r) => r.location.range.start.line).sort((x, y) => x - y),
      [other, mine].sort((x, y) => x - y),
    );
    // Shown live nowhere: no lens and no hover of its path on either definition.
    const lenses = await lensLines(client, uri);
    assert.ok(!lenses.includes(mine) && !lenses.includes(other), JSON.stringify(lenses));
    const hoverAt = async (line: number) =>
      hoverText(
        await client.conn.sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: { line, character: 20 },
        }),
      );
    const path = new RegExp(`sink\\\\.p${ANCHORS.indexOf(a)}\\b`);
    assert.doesNotMatch(await hoverAt(mine), path);

    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const picks = actions.filter((x) => x.title.startsWith('Anchor it to the definition at line'));
    assert.deepEqual(
      picks.map((x) => x.title).sort(),
      [
        `Anchor it to the definition at line ${mine + 1}`,
        `Anchor it to the definition at line ${other + 1}`,
      ].sort(),
    );
    const pick = picks.find((x) => x.title.endsWith(`line ${mine + 1}`))!;
    assert.equal(pick.command!.command, P.COMMANDS.repairAnchor);
    const scope = pick.command!.arguments![0] as P.AnchorScope;
    // Not a candidate (the code changed since the fix was offered): refused, nothing placed.
    await assert.rejects(
      client.conn.sendRequest(P.AnchorRepairsRequest, {
        ...scope,
        candidate: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
      }),
      /no longer a candidate/,
    );
    const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, scope);
    assert.equal(repairs.length, 1);
    assert.deepEqual(repairs[0]!.current, { line_start: mine + 1, line_end: mine + 1 });
    // Placed on the chosen definition now: its hover serves the path.
    assert.match(await hoverAt(mine), path);
  });

  it('quick fix: updates the anchor on the service (operation 1, two events) and the drift is gone', async () => {
    const a = ANCHORS.find((x) => x.name === 'shipOrder')!;
    const uri = uriOf(a.file);
    const [first, last] = currentLines(a);
    const [rFirst, rLast] = recordedLines(a);
    const d = diagnosticOf(a, client.diagnostics(uri))!;
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const fix = actions.find((x) => x.command?.command === P.COMMANDS.repairAnchor);
    assert.ok(fix, JSON.stringify(actions));
    assert.equal(fix.kind, 'quickfix');
    assert.equal(
      fix.title,
      `Update the anchor on the service (lines ${rFirst + 1}–${rLast + 1} → ${first + 1}–${last + 1})`,
    );
    assert.deepEqual(fix.diagnostics, [d]);
    const scope = fix.command!.arguments![0] as P.AnchorScope;
    assert.deepEqual(scope, { componentId: COMPONENT, pathId: pathId(0), anchorId: 'anc-shipOrder' });

    const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, scope);
    assert.equal(repairs.length, 1);
    const reason = `anchor moved from ${rFirst + 1}–${rLast + 1} to ${first + 1}–${last + 1}`;
    assert.equal(repairs[0]!.reason, reason);
    assert.deepEqual(repairs[0]!.current, { line_start: first + 1, line_end: last + 1 });
    // Named as the user knows them (the confirmation shows names; ids only in its details).
    assert.equal(repairs[0]!.componentName, 'orders');
    assert.equal(repairs[0]!.pathLabel, 'shipOrder → p0');

    // A repair made against an outdated record is refused, and nothing is written.
    const before = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
    const outdated = { ...repairs[0]!, recorded: { line_start: 90, line_end: 93 } };
    const refused = await client.conn.sendRequest(P.RepairAnchorsRequest, { repairs: [outdated] });
    assert.equal(refused.results[0]!.kind, 'refused');
    assert.match(
      (refused.results[0] as { message: string }).message,
      /changed on the service since it was checked/,
    );
    const unchanged = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT })).versions;
    assert.equal(unchanged.length, before.length);

    const mark = client.mark();
    const { results } = await client.conn.sendRequest(P.RepairAnchorsRequest, { repairs });
    assert.equal(results.length, 1);
    const saved = results[0]!;
    assert.equal(saved.kind, 'saved', JSON.stringify(saved));
    if (saved.kind !== 'saved') return;
    assert.equal(saved.reason, reason);

    // The service recorded the update: the old path deleted, the new one added, with the reason.
    const after = (await client.conn.sendRequest(P.VersionsRequest, { componentId: COMPONENT }))
      .versions as Array<{
      kind: string;
      path_id?: string;
      reason?: string;
    }>;
    const added = after.filter((v) => v.kind === 'BYO_PATH_ADDED');
    assert.ok(
      added.some((v) => v.path_id === saved.newPathId && v.reason === reason),
      JSON.stringify(after),
    );
    assert.ok(
      after.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === pathId(0)),
      JSON.stringify(after),
    );
    assert.equal(after.length, before.length + 2);

    // The new record holds the definition's lines: no drift, no diagnostic for it; the others stay.
    const now = await client.waitForDiagnostics(
      uri,
      (ds) => !ds.some((x) => (x.data as { anchorId?: string }).anchorId === 'anc-shipOrder'),
      mark,
    );
    assert.ok(now.some((x) => x.code === 'anchor-stale'));
    const { component } = await fetchComponent(saved.newPathId);
    const path = component.paths!.find((p) => p.path_id === saved.newPathId)!;
    assert.deepEqual(
      path.code_anchors!.map((x) => [x.anchor_id, x.line_start, x.line_end]),
      [['anc-shipOrder', first + 1, last + 1]],
    );
    assert.deepEqual((await client.conn.sendRequest(P.AnchorRepairsRequest, scope)).repairs, []);
  });

  it('lists every drifted anchor of the component, and refuses malformed repair requests', async () => {
    const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, {
      componentId: COMPONENT,
    });
    // Relocated ones (shipOrder is repaired already); stale ones have no better place to record.
    // Validate was placed on the definition picked for it (the pick outlives the reload the repair of
    // shipOrder caused); render is still ambiguous: no place to record.
    assert.deepEqual(repairs.map((r) => r.anchorId).sort(), [
      'anc-Validate',
      'anc-checkout',
      'anc-createOrder',
      'anc-load_rows',
    ]);
    // The Components view marks the same anchors (its "Update the Anchor on the Service" action).
    const detail = await client.conn.sendRequest(P.ComponentDetailRequest, { componentId: COMPONENT });
    const marked = detail.paths.flatMap((v) => v.anchors.filter((a) => a.drifted).map((a) => a.anchorId));
    assert.deepEqual(marked.sort(), repairs.map((r) => r.anchorId).sort());
    await assert.rejects(
      client.conn.sendRequest(P.RepairAnchorsRequest, { repairs: [{ ...repairs[0]!, current: {} }] }),
      /current\.line_start is required/,
    );
  });

  async function fetchComponent(_: string): Promise<{
    component: {
      paths?: Array<{
        path_id?: string;
        code_anchors?: Array<{ anchor_id: string; line_start?: number; line_end?: number }>;
      }>;
    };
  }> {
    const { service } = server!;
    const res = await fetch(`${service.url}/v0/experimental/components/${COMPONENT}?projection=all`, {
      headers: { 'X-API-KEY': service.apiKey },
    });
    assert.equal(res.status, 200);
    return (await res.json()) as never;
  }
});
