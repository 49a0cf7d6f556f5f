// Hovers carry links to our own commands (open the path in the tree, edit it). VS Code only runs a
// `command:` link from a MarkdownString that trusts that command, so the client must mark hovers as
// trusted for exactly our commands — and for nothing else, with HTML off.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../common/src/protocol';
import { demoDataset, inState, lineageApi, signIn, waitForStatus } from './helpers';

describe('hover links', () => {
  it('trusts exactly the Lineage Lens commands in hovers on anchored code, with HTML off', async () => {
    const api = await lineageApi();
    await signIn(api);
    await waitForStatus(api, inState('connected'));
    const dataset = demoDataset() as unknown as {
      components: Array<{
        paths?: Array<{
          code_anchors?: Array<{ file?: string; line_start?: number; column_start?: number }>;
        }>;
      }>;
    };
    const anchor = dataset.components
      .flatMap((c) => c.paths ?? [])
      .flatMap((p) => p.code_anchors ?? [])
      .find((a) => a.file && a.line_start)!;
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, anchor.file!);
    await vscode.window.showTextDocument(uri, { preview: true });
    const at = new vscode.Position(anchor.line_start! - 1, Math.max(0, (anchor.column_start ?? 1) - 1));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      at,
    );
    const ours = hovers
      .flatMap((h) => h.contents)
      .filter(
        (c): c is vscode.MarkdownString =>
          c instanceof vscode.MarkdownString && /\[Reveal in Lineage view\]\(command:/.test(c.value),
      );
    assert.ok(ours.length > 0, 'a lineage hover is shown on the anchor');
    for (const m of ours) {
      assert.match(
        m.value,
        /\(command:lineageLens\.(revealPath|editPath)\?/,
        'the hover links to our commands',
      );
      assert.deepEqual(m.isTrusted, { enabledCommands: Object.values(COMMANDS) });
      assert.notEqual(m.supportHtml, true);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
