// The change impact in the editor, through the real language server over stdio: lineageLens/changeImpact
// on the demo as a git repository (test/helpers/demoRepo.ts) against the real local service. An unsaved
// edit of anchored code is analysed as typed (open documents stand for their files), published as an
// Information diagnostic on the changed code (Warning when asked) with the "Show Change Impact" code
// action, and a breaking edit of a contract file is a diagnostic on its line; every recomputation is
// announced with lineageLens/changeImpactChanged.
import { strict as assert } from 'node:assert';
import {
  CodeActionRequest,
  CodeLensRequest,
  type CodeLens,
  type Diagnostic,
} from 'vscode-languageserver-protocol';
import {
  CHANGE_IMPACT_DIAGNOSTIC_SOURCE,
  ChangeImpactChangedNotification,
  ChangeImpactBaseTextRequest,
  ChangeImpactRequest,
} from '../../common/src/protocol';
import { demoSuite } from '../helpers/demoRepo';

const CREATE_ORDER = 'checkout-api/src/handlers/createOrder.ts';
const ORDERS_CONTRACT = 'contracts/orders.contract.yaml';
const INSERT_PATH = '47a929b9-9665-5e75-91a5-ff793b7c1e4c';

describe('change impact in the editor (language server)', function () {
  this.timeout(90_000);
  const suite = demoSuite();
  const mine = (d: Diagnostic[]) => d.filter((x) => x.source === CHANGE_IMPACT_DIAGNOSTIC_SOURCE);

  it('follows an unsaved edit of anchored code: report, diagnostic, code action', async () => {
    const uri = suite.client.fileUri(CREATE_ORDER);
    const text = await suite.demo.repo.read(CREATE_ORDER);
    await suite.client.open(uri, text);
    const clean = await suite.client.conn.sendRequest(ChangeImpactRequest, {});
    assert.equal(clean.folders.length, 1);
    assert.equal(clean.folders[0]!.report.summary.touched, 0);

    const line = text.split('\n').findIndex((l) => l.includes('customerEmail: body.email,'));
    const at = text.split('\n')[line]!.indexOf('body.email') + 'body.email'.length;
    const from = suite.client.mark();
    await suite.client.change(uri, [
      { range: { start: { line, character: at }, end: { line, character: at } }, text: '.trim()' },
    ]);
    // Typing settles, the server computes again and says so.
    await suite.client.waitFor(
      ChangeImpactChangedNotification.method,
      (p: { touched: number }) => p.touched > 0,
      from,
    );
    const diags = mine(await suite.client.waitForDiagnostics(uri, (d) => mine(d).length > 0, from));
    assert.equal(diags.length, 1);
    assert.equal(diags[0]!.severity, 3, 'Information by default');
    assert.match(
      diags[0]!.message,
      /^This change touches createOrder → insertOrder \(Checkout API\): 7 downstream fields in 1 component; contract Orders table \(orders\.contract\.yaml, compliant now\)\.$/,
    );
    const r = await suite.client.conn.sendRequest(ChangeImpactRequest, {});
    const t = r.folders[0]!.report.touched.find((x) => x.path.id === INSERT_PATH);
    assert.equal(t?.change, 'modified');
    // Named as its code lens names it (handler → callee), not by the boundaries' payloads.
    const lenses = ((await suite.client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ??
      []) as CodeLens[];
    const titles = lenses.map((l) => l.command?.title ?? '');
    assert.ok(
      titles.some((title) => title.replace(/^≈ /, '').startsWith(`${t.path.label} `)),
      `a lens reads "${t.path.label}": ${titles.join(' | ')}`,
    );
    // The disk still has the old text: the open document stood for the file.
    assert.equal(await suite.demo.repo.read(CREATE_ORDER), text);

    const actions = (await suite.client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diags[0]!.range,
      context: { diagnostics: diags },
    })) as Array<{ title: string; command?: { command: string } }>;
    assert.ok(
      actions.some(
        (a) => a.title === 'Show Change Impact' && a.command?.command === 'lineageLens.showChangeImpact',
      ),
    );

    const before = suite.client.mark();
    await suite.client.conn.sendRequest(ChangeImpactRequest, { severity: 'warning' });
    const warned = mine(
      await suite.client.waitForDiagnostics(uri, (d) => mine(d).some((x) => x.severity === 2), before),
    );
    assert.equal(warned.length, 1);

    // Undone: nothing is touched, the diagnostic goes.
    const undo = suite.client.mark();
    await suite.client.change(uri, [{ text }]);
    await suite.client.waitForDiagnostics(uri, (d) => mine(d).length === 0, undo);
    await suite.client.close(uri);
  });

  it('serves a touched file at the base for the diff a row opens, and only files the report names', async () => {
    const uri = suite.client.fileUri(CREATE_ORDER);
    const text = await suite.demo.repo.read(CREATE_ORDER);
    const edited = text.replace('customerEmail: body.email,', 'customerEmail: body.email.trim(),');
    assert.notEqual(edited, text);
    await suite.client.open(uri, edited);
    const r = await suite.client.conn.sendRequest(ChangeImpactRequest, {});
    const folder = r.folders[0]!;
    const t = folder.report.touched.find((x) => x.path.id === INSERT_PATH)!;
    const base = await suite.client.conn.sendRequest(ChangeImpactBaseTextRequest, {
      folderUri: folder.uri,
      file: t.anchor.file,
    });
    assert.equal(base.ref, 'HEAD');
    assert.equal(base.text, text, 'the committed text, not the open document');
    await assert.rejects(
      suite.client.conn.sendRequest(ChangeImpactBaseTextRequest, {
        folderUri: folder.uri,
        file: '../../etc/passwd',
      }),
      /not part of the last change impact/,
    );
    await assert.rejects(
      suite.client.conn.sendRequest(ChangeImpactBaseTextRequest, {
        folderUri: 'file:///elsewhere',
        file: t.anchor.file,
      }),
      /No change impact has been computed for this folder/,
    );
    await suite.client.change(uri, [{ text }]);
    await suite.client.close(uri);
  });

  it('puts breaking edits of a contract file on their lines', async () => {
    const uri = suite.client.fileUri(ORDERS_CONTRACT);
    const text = await suite.demo.repo.read(ORDERS_CONTRACT);
    const edited = text.replace(/name: total_cents\n {4}type: long/, 'name: total_cents\n    type: string');
    assert.notEqual(edited, text);
    const from = suite.client.mark();
    await suite.client.open(uri, edited, 'yaml');
    await suite.client.conn.sendRequest(ChangeImpactRequest, {});
    const diags = mine(await suite.client.waitForDiagnostics(uri, (d) => mine(d).length > 0, from));
    assert.equal(diags.length, 1);
    assert.equal(diags[0]!.code, 'contract-typeChanged');
    assert.match(edited.split('\n')[diags[0]!.range.start.line]!, /name: total_cents/);
    assert.match(
      diags[0]!.message,
      /^Breaking against HEAD: total_cents changed from long to string: string and number values do not convert\.$/,
    );
    await suite.client.close(uri);
  });
});
