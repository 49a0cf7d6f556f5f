// An anchored file changed on disk while it is not open (a formatter, a checkout, another editor): the
// server registered a watcher for the anchored files' names, VS Code reports the change, and the anchor
// is placed again without the file being opened (its diagnostic appears in the Problems panel). Then the
// file is put back and the diagnostic goes. The demo's email sender: no other suite touches it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { nextEvent } from '../../helpers/nextEvent';
import { diagnosticsWhere, inState, lineageApi, signIn, waitForStatus } from './helpers';

const FILE = 'notifications/internal/email/sender.go';
const DEF = 'func (s SMTPSender) Send(';

const relocated = (ds: vscode.Diagnostic[]) =>
  ds.find(
    (d) =>
      d.source === 'Lineage Lens' &&
      (typeof d.code === 'object' ? d.code.value : d.code) === 'anchor-relocated',
  );

describe('anchored files changed on disk', () => {
  it('a closed anchored file changed on disk is placed again without opening it, and again when put back', async () => {
    const api = await lineageApi();
    await signIn(api);
    await waitForStatus(api, inState('connected'));
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FILE);
    // An earlier suite may have left it open (a suite that types in it): closed first, then checked.
    const isOpen = () => vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
    if (isOpen()) {
      const closed = nextEvent(
        vscode.workspace.onDidCloseTextDocument,
        (d) => d.uri.toString() === uri.toString(),
        {
          timeoutMs: 20_000,
          what: `${FILE} closed (a document an extension opened may stay open for minutes after its editor closes)`,
        },
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await closed;
    }
    assert.ok(!isOpen(), `${FILE} is not open`);
    const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const lines = original.split('\n');
    const at = lines.findIndex((l) => l.startsWith(DEF));
    assert.ok(at >= 0);
    // Send moved 10 lines lower since the scan: new code above it.
    const moved = [
      ...lines.slice(0, at),
      '// retryLimit bounds the relay attempts.',
      'const retryLimit = 3',
      ...Array<string>(8).fill(''),
      ...lines.slice(at),
    ];
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(moved.join('\n')));
    const d = relocated(await diagnosticsWhere(uri, (ds) => relocated(ds) !== undefined))!;
    assert.equal(d.range.start.line, at + 10);
    assert.match(d.message, /moved from line \d+ to line \d+/);
    assert.ok(
      !vscode.workspace.textDocuments.some((x) => x.uri.toString() === uri.toString()),
      'placed without opening the file',
    );

    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(original));
    await diagnosticsWhere(uri, (ds) => relocated(ds) === undefined);
  });
});
