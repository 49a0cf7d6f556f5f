// Hovers carry links to our own commands (open the path in the tree, edit it). VS Code only runs a
// `command:` link from a MarkdownString that trusts that command, so the client must mark hovers as
// trusted for exactly our commands — and for nothing else, with HTML off.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../common/src/protocol';
import { hoversAtFirstDemoAnchor, inState, lineageApi, signIn, waitForStatus } from './helpers';

describe('hover links', () => {
  it('trusts exactly the Lineage Lens commands in hovers on anchored code, with HTML off', async () => {
    const api = await lineageApi();
    await signIn(api);
    await waitForStatus(api, inState('connected'));
    const hovers = await hoversAtFirstDemoAnchor();
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
