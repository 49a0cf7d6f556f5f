// LSP conversation over stdio: hovers, field-tag hovers, lenses, definitions, symbols and anchor
// diagnostics on source files, against the real local service and the fixture workspace.
import { strict as assert } from 'node:assert';
import {
  CodeLensRequest,
  DefinitionRequest,
  HoverRequest,
  WorkspaceSymbolRequest,
  DiagnosticSeverity,
  type CodeLens,
  type Location,
  type SymbolInformation,
} from 'vscode-languageserver-protocol';
import { COMMANDS, PathDocumentRequest, pathDocumentUri } from '../../common/src/protocol';
import {
  ORDERS,
  P_CREATE,
  P_OUTSIDE,
  commandLinks,
  hoverText,
  startHarness,
  stopHarness,
  workspaceText,
  type Harness,
} from './setup';

describe('language server: source features', function () {
  let h: Harness;
  let ordersUri: string;
  let mailerUri: string;

  before(async function () {
    h = await startHarness();
    ordersUri = h.client.fileUri('src/orders.ts');
    mailerUri = h.client.fileUri('src/mailer.ts');
    await h.client.open(ordersUri, workspaceText('src/orders.ts'));
    await h.client.open(mailerUri, workspaceText('src/mailer.ts'));
  });
  after(async () => stopHarness(h));

  const hover = (uri: string, line: number, character: number) =>
    h.client.conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });

  it('reports the loaded components and anchors in its status', async () => {
    const s = await h.client.waitForStatus((x) => x.state === 'connected');
    assert.equal(s.componentCount, 2, 'the configured component plus the one discovered through the edge');
    assert.equal(s.anchorCount, 4);
    assert.ok(s.lastLoadedAt);
  });

  it('logs the index ready with the closed files it left for the background, then when they are placed', async () => {
    // The harness waits for the load before opening anything: both anchored files were closed.
    const placed = await h.client.waitFor<{ message: string }>('window/logMessage', (m) =>
      /^Placed the anchors of \d+ closed files in the background, \d+ ms after the index was ready\.$/.test(
        m.message,
      ),
    );
    const indexed = h.client.logMessages().find((m) => /^Indexed 4 code anchors in /.test(m));
    const left = /; (\d+) closed files left to place in the background\.$/.exec(indexed ?? '')?.[1];
    assert.ok(left, indexed);
    assert.equal(/^Placed the anchors of (\d+) /.exec(placed.message)?.[1], left);
  });

  it('hovers a path: short label, sides, completeness on one line, tagged fields in plain words, links', async () => {
    const text = hoverText(await hover(ordersUri, 4, 3));
    const lines = text.split('\n');
    // Leads with the path and where it lives.
    assert.equal(lines[0], '**createOrder → insertOrder** · Orders API · from the scan  ');
    // Short signatures; the full one is the link's title.
    assert.match(
      text,
      /\[api\\\.createOrder\]\(command:lineageLens\.revealPath\?[^ )]+ "orders\\\.api\\\.createOrder"\) \(http\) → /,
    );
    assert.match(text, /\[db\\\.insertOrder\]\(command:[^ )]+ "orders\\\.db\\\.insertOrder"\) \(postgres\)/);
    assert.match(text, /^✓ ingress ✓ ingress schema ◐ egress \? egress schema ✓ field mappings /m);
    assert.doesNotMatch(text, /KNOWN_|kind SYSTEM|source system/, 'no raw enum values');
    // The tagged mapping in words; the derived pii on its egress end is not repeated.
    assert.match(text, /^- customerEmail → customer\\_email: ● \*\*pii\*\*, detected: email address$/m);
    assert.match(text, /^Untagged: totalCents \(key value bridge\)/m);
    // No git here: the anchor is only probably there, and the hover says so with the way to know.
    assert.match(
      text,
      /^≈ \*Probably here: its scanned commit [0-9a-f]{7,12} is not in this clone\.\* \[Fetch it\]\(command:lineageLens\.fetchScannedCommits/m,
    );
    const links = commandLinks(text).filter((l) => l.command !== COMMANDS.fetchScannedCommits);
    assert.deepEqual(
      links.map((l) => l.command),
      [
        COMMANDS.revealPath,
        COMMANDS.revealPath,
        COMMANDS.revealPath,
        COMMANDS.editPath,
        COMMANDS.showGraph,
        COMMANDS.showImpact,
      ],
    );
    for (const l of links.slice(0, 5)) assert.deepEqual(l.args, [{ componentId: ORDERS, pathId: P_CREATE }]);
    // Impact of a path is the impact of what it writes (its egress fields).
    assert.deepEqual(links[5]!.args, [{ kind: 'path', componentId: ORDERS, pathId: P_CREATE }]);
    assert.match(text, /\[Open in code host\]\(https:\/\/git\.example\/orders\/src\/orders\.ts#L3\)/);
  });

  it('escapes hostile service text in hovers', async () => {
    const text = hoverText(await hover(ordersUri, 4, 3));
    const summary = /^\*(.*<img.*)\*$/m.exec(text)?.[1] ?? '';
    assert.ok(summary.length > 0, 'the summary is shown');
    assert.ok(!/(^|[^\\])</.test(summary), 'no raw HTML');
    assert.ok(!/\]\(javascript:/.test(summary), 'no link forms');
    assert.ok(!/(^|[^\\])`/.test(summary), 'no code span');
    assert.match(summary, /\\<img src\\=x onerror\\=alert\\\(1\\\)\\>/);
  });

  it("shows a field's applied and depends-on tags on an identifier naming it", async () => {
    const applied = hoverText(await hover(ordersUri, 2, 30)); // customerEmail parameter
    assert.match(applied, /^\*\*customerEmail\*\* \(ingress\): ● \*\*pii\*\*, detected: email address {2}$/m);
    assert.match(
      applied,
      /^\*\*customer\\_email\*\* \(egress\): ◌ \*pii\*, from another field of this service$/m,
    );
    assert.match(applied, /^on \*\*createOrder → insertOrder\*\* in Orders API$/m);

    const derived = hoverText(await hover(mailerUri, 1, 14)); // customer_email in the mailer
    assert.match(derived, /\*\*customer\\_email\*\* \(ingress\): ◌ \*pii\*, from 1 service upstream/);
    assert.ok(!/●/.test(derived), 'a derived tag is not shown as applied');

    const untagged = hoverText(await hover(ordersUri, 2, 55)); // totalCents
    assert.match(untagged, /\*\*totalCents\*\* \(ingress\): \*no tags\*/);
  });

  it('puts a lens above each anchored range naming its path and the tags that path carries', async () => {
    const all = (await h.client.conn.sendRequest(CodeLensRequest.type, {
      textDocument: { uri: ordersUri },
    })) as CodeLens[];
    // Impact lenses ("N downstream fields · M contracts") are covered by graph.test.ts.
    const lenses = all.filter((l) => l.command?.command !== COMMANDS.showImpact);
    const byLine = new Map(lenses.map((l) => [l.range.start.line, l]));
    // Quieter and distinct: no git here, so each anchor is only probably there (≈).
    assert.equal(byLine.get(2)?.command?.title, '≈ createOrder → insertOrder · pii');
    assert.equal(byLine.get(2)?.command?.command, COMMANDS.revealPath);
    assert.deepEqual(byLine.get(2)?.command?.arguments, [{ componentId: ORDERS, pathId: P_CREATE }]);
    // The shipOrder anchor was relocated from the recorded lines 10-12 to where the function is now.
    assert.equal(byLine.get(18)?.command?.title, '≈ shipOrder → publishShipment');
    assert.equal(lenses.length, 2);
  });

  it('relocates a moved anchor and says so in an information diagnostic', async () => {
    const diags = await h.client.waitForDiagnostics(ordersUri, (d) =>
      d.some((x) => x.code === 'anchor-relocated'),
    );
    const d = diags.find((x) => x.code === 'anchor-relocated')!;
    assert.equal(d.severity, DiagnosticSeverity.Information);
    assert.equal(d.range.start.line, 18);
    assert.match(d.message, /from line 10 to line 19/);
    const text = hoverText(await hover(ordersUri, 19, 3));
    assert.match(text, /orders\\\.api\\\.shipOrder/);
    assert.match(text, /relocated from line 10 to line 19/);
  });

  it('refuses an anchor leading outside the workspace and reports it on its path document', async () => {
    // Named by its component and the path's short name (orders.secret.readKeys → orders.secret.leak).
    const uri = pathDocumentUri(ORDERS, P_OUTSIDE, 'readKeys → leak', 'Orders API');
    assert.match(uri, /^lineage:\/Orders%20API\/readKeys%20%E2%86%92%20leak\.lineage-path\.json\?/);
    const diags = await h.client.waitForDiagnostics(uri, (d) => d.length > 0);
    assert.equal(diags[0]!.code, 'anchor-outside-workspace');
    assert.equal(diags[0]!.severity, DiagnosticSeverity.Error);
    assert.match(diags[0]!.message, /outside the workspace/);
  });

  it('moves anchor problems onto a path document open under another URI (a tab from an older session), and back on close', async () => {
    const labelled = pathDocumentUri(ORDERS, P_OUTSIDE, 'readKeys → leak', 'Orders API');
    const old = pathDocumentUri(ORDERS, P_OUTSIDE);
    const mark = h.client.mark();
    await h.client.open(old, '{}', 'lineage-path');
    const onOld = await h.client.waitForDiagnostics(
      old,
      (d) => d.some((x) => x.code === 'anchor-outside-workspace'),
      mark,
    );
    assert.equal(onOld.filter((x) => x.code === 'anchor-outside-workspace').length, 1);
    await h.client.waitForDiagnostics(labelled, (d) => d.length === 0, mark);
    const closing = h.client.mark();
    await h.client.close(old);
    await h.client.waitForDiagnostics(
      labelled,
      (d) => d.some((x) => x.code === 'anchor-outside-workspace'),
      closing,
    );
    await h.client.waitForDiagnostics(old, (d) => d.length === 0, closing);
  });

  it('goes from code to the path documents anchored there', async () => {
    const locs = (await h.client.conn.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: ordersUri },
      position: { line: 3, character: 4 },
    })) as Location[];
    // Labelled for the tab: orders.api.createOrder → orders.db.insertOrder.
    assert.deepEqual(
      locs.map((l) => l.uri),
      [pathDocumentUri(ORDERS, P_CREATE, 'createOrder → insertOrder', 'Orders API')],
    );
    // It lands on the anchor's own entry of the document the editor will be given, not on line 1.
    const doc = await h.client.conn.sendRequest(PathDocumentRequest, {
      componentId: ORDERS,
      pathId: P_CREATE,
    });
    const lines = doc.text.split('\n');
    const { start, end } = locs[0]!.range;
    assert.ok(start.line > 0);
    assert.equal(lines[start.line]!.slice(start.character, end.character), '"anc-create"');
    assert.match(lines[start.line]!, /^\s+"anchor_id": "anc-create",$/);
    const none = await h.client.conn.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: ordersUri },
      position: { line: 7, character: 2 },
    });
    assert.equal(none, null);
  });

  it('goes from code to the tab already open for a path, whatever its URI', async () => {
    const old = pathDocumentUri(ORDERS, P_CREATE);
    await h.client.open(old, '{}', 'lineage-path');
    try {
      const locs = (await h.client.conn.sendRequest(DefinitionRequest.type, {
        textDocument: { uri: ordersUri },
        position: { line: 3, character: 4 },
      })) as Location[];
      assert.deepEqual(
        locs.map((l) => l.uri),
        [old],
      );
      // An open document without the entry: its top.
      assert.deepEqual(locs[0]!.range.start, { line: 0, character: 0 });
    } finally {
      await h.client.close(old);
    }
  });

  it('lists components, paths, boundaries and fields as workspace symbols leading to their anchors', async () => {
    const all = (await h.client.conn.sendRequest(WorkspaceSymbolRequest.type, {
      query: '',
    })) as SymbolInformation[];
    const names = all.map((s) => s.name);
    assert.ok(names.includes('Orders API'));
    assert.ok(names.includes('mailer'));
    assert.ok(names.includes('orders.api.createOrder → orders.db.insertOrder'));
    assert.ok(names.includes('mailer.smtp.sendReceipt'));
    const field = all.find((s) => s.name === 'customerEmail')!;
    assert.equal(field.location.uri, ordersUri);
    assert.equal(field.location.range.start.line, 2);
    const q = (await h.client.conn.sendRequest(WorkspaceSymbolRequest.type, {
      query: 'sendreceipt',
    })) as SymbolInformation[];
    assert.ok(
      q.length > 0 &&
        q.every((s) => /sendreceipt/i.test(s.name.replace(/[^a-z]/gi, '')) || /s.*e.*n.*d/i.test(s.name)),
    );
    assert.ok(q.every((s) => s.location.uri === mailerUri));
  });
});
