// didChange sequences through the whole server: anchored ranges move with inserted lines, grow with
// edits inside, go stale when deleted, and come back from disk when the document is closed. The client
// hears when a component's drifted anchors change (the Components view marks them and offers repair).
import { strict as assert } from 'node:assert';
import {
  CodeLensRequest,
  DiagnosticSeverity,
  HoverRequest,
  type CodeLens,
} from 'vscode-languageserver-protocol';
import { AnchorDriftChangedNotification } from '../../common/src/protocol';
import { hoverText, MAILER, startHarness, stopHarness, workspaceText, type Harness } from './setup';

describe('language server: anchors tracked through edits', function () {
  let h: Harness;
  let uri: string;

  before(async function () {
    h = await startHarness();
    uri = h.client.fileUri('src/mailer.ts');
    await h.client.open(uri, workspaceText('src/mailer.ts'));
  });
  after(async () => stopHarness(h));

  const hover = (line: number, character: number) =>
    h.client.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line, character },
    });
  const lensLines = async () =>
    ((await h.client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[]).map(
      (l) => l.range.start.line,
    );

  it('starts on the recorded lines', async () => {
    assert.deepEqual(await lensLines(), [0]);
    const hv = await hover(2, 4);
    assert.deepEqual(hv?.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 1 } });
  });

  const driftChanged = (from: number) =>
    h.client.waitFor<{ componentIds: string[] }>(
      AnchorDriftChangedNotification.method,
      (p) => p.componentIds.includes(MAILER),
      from,
    );

  it('moves the range down when lines are inserted above it', async () => {
    const from = h.client.mark();
    await h.client.change(uri, [
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        text: '// one\n// two\n',
      },
    ]);
    assert.deepEqual(await lensLines(), [2]);
    assert.equal(await hover(0, 3), null, 'nothing is anchored on the inserted lines');
    const hv = await hover(3, 4);
    assert.match(hoverText(hv), /^\*\*readOrder → sendReceipt\*\*/);
    assert.deepEqual(hv?.range, { start: { line: 2, character: 0 }, end: { line: 5, character: 1 } });
    // Now two lines below its record: drifted, and the client is told.
    await driftChanged(from);
  });

  it('grows the range with an edit inside it', async () => {
    await h.client.change(uri, [
      {
        range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } },
        text: '  audit(to);\n  audit(to);\n',
      },
    ]);
    const hv = await hover(3, 4);
    assert.deepEqual(hv?.range, { start: { line: 2, character: 0 }, end: { line: 7, character: 1 } });
  });

  it('shrinks it when lines inside are deleted', async () => {
    await h.client.change(uri, [
      { range: { start: { line: 4, character: 0 }, end: { line: 6, character: 0 } }, text: '' },
    ]);
    const hv = await hover(3, 4);
    assert.deepEqual(hv?.range, { start: { line: 2, character: 0 }, end: { line: 5, character: 1 } });
  });

  it('marks the anchor stale when the whole range is deleted, and the hover says so', async () => {
    const from = h.client.mark();
    await h.client.change(uri, [
      { range: { start: { line: 2, character: 0 }, end: { line: 6, character: 0 } }, text: '' },
    ]);
    assert.deepEqual(await lensLines(), [], 'no lens on a stale anchor');
    const text = hoverText(await hover(2, 0));
    assert.match(text, /Anchor stale/);
    const diags = await h.client.waitForDiagnostics(
      uri,
      (d) => d.some((x) => x.code === 'anchor-stale'),
      from,
    );
    assert.equal(diags.find((x) => x.code === 'anchor-stale')!.severity, DiagnosticSeverity.Warning);
    // A stale anchor has no better place to record: no longer drifted.
    await driftChanged(from);
  });

  it('places the anchor from disk again when the document is closed', async () => {
    const from = h.client.mark();
    await h.client.close(uri);
    await h.client.waitForDiagnostics(uri, (d) => d.length === 0, from);
    assert.deepEqual(await lensLines(), [0]);
  });
});
