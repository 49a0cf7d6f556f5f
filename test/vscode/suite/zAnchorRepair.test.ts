// "Update the anchor on the service", the quick fix on a relocated anchor, in the real VS Code: the
// anchored function is moved in the editor (cut, pasted lower), the server relocates its anchor to the
// definition (tree-sitter, shipped beside the server) and reports it; the quick fix asks first (old →
// new lines), Cancel writes nothing, Update writes the path (operation 1) and the service records
// the update and its two events; the diagnostic then goes away.
// Named to run late (before zVersionPages): the update replaces the demo's health-check path with a
// new id, and the suites before it (Components view, Reveal Path) read the demo's paths as the
// dataset has them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { VersionEntry } from '../../../common/src/api';
import { demoDataset, diagnosticsWhere, lineageApi, serviceGet, signIn, waitForStatus } from './helpers';
import {
  onePrompt,
  scriptDialogs,
  skipWhenInstalledFromVsix,
  type ScriptedDialogs,
} from './support/scriptedDialogs';

const FILE = 'checkout-api/src/handlers/health.ts';

const relocated = (ds: vscode.Diagnostic[]) =>
  ds.find((d) => d.source === 'Lineage Lens' && codeOf(d) === 'anchor-relocated');
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? d.code.value : d.code);

describe('anchor repair (quick fix)', () => {
  type DemoPath = {
    path_id: string;
    code_anchors?: Array<{
      file?: string;
      line_start?: number;
      line_end?: number;
      column_start?: number;
      column_end?: number;
    }>;
  };
  const anchoredHere = (p: DemoPath) => (p.code_anchors ?? []).some((a) => a.file === FILE);
  const comp = demoDataset().components.find((c) => ((c.paths ?? []) as DemoPath[]).some(anchoredHere))!;
  const path = (comp.paths as DemoPath[]).find(anchoredHere)!;
  let dialogs: ScriptedDialogs | undefined;

  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  before(async () => signIn(await lineageApi()));
  afterEach(() => {
    dialogs?.restore();
    dialogs = undefined;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('relocates the moved function, asks before writing, and records the update on the service', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FILE);
    const api = await lineageApi();
    await waitForStatus(api, (s) => s.state === 'connected' && s.anchorCount > 0);
    const editor = await vscode.window.showTextDocument(uri, { preview: false });
    const doc = editor.document;
    /** The 0-based index of the first line (from `after`) that `pred` accepts. */
    const lineWhere = (pred: (l: string) => boolean, after = -1) =>
      doc
        .getText()
        .split('\n')
        .findIndex((l, i) => i > after && pred(l));
    // The anchor is known before the code moves: its lens is there.
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      uri,
    );
    assert.ok(lenses.length > 0, `a lens on ${FILE}; status ${JSON.stringify(api.status())}`);
    const start = lineWhere((l) => l.startsWith('/** GET /healthz'));
    const end = lineWhere((l) => l === '}', start);
    const fn = doc.getText(new vscode.Range(start, 0, end + 1, 0));
    // Move the function (with its comment) lower, above new code that calls it: paste a copy below,
    // then cut the original (pasting where code was just cut would refill the anchor, as an undo does).
    const paste = new vscode.WorkspaceEdit();
    paste.insert(
      uri,
      doc.lineAt(doc.lineCount - 1).range.end,
      // Far enough down that the name is not near the recorded lines (the name check looks ±3 lines).
      '\n'.repeat(10) +
        fn +
        '\nexport async function probe(req: FastifyRequest, reply: FastifyReply) {\n  return ping(req, reply);\n}\n',
    );
    assert.ok(await vscode.workspace.applyEdit(paste));
    const cut = new vscode.WorkspaceEdit();
    cut.delete(uri, new vscode.Range(start, 0, end + 1, 0));
    assert.ok(await vscode.workspace.applyEdit(cut));
    assert.ok(await doc.save());
    const defLine = lineWhere((l) => l.startsWith('export async function ping'));
    const closeLine = lineWhere((l) => l === '}', defLine);

    const d = relocated(await diagnosticsWhere(uri, (ds) => relocated(ds) !== undefined))!;
    assert.deepEqual([d.range.start.line, d.range.end.line], [defLine, closeLine]);
    const anchor = path.code_anchors!.find((a) => a.file === FILE)!;
    // The demo anchor has columns (from the name to the closing brace): the repair keeps that form,
    // now covering the whole definition, from its first column to the closing brace.
    assert.deepEqual([anchor.column_start, anchor.column_end], [23, 1]);
    const recorded = `${anchor.line_start}:23–${anchor.line_end}:1`;
    const now = `${defLine + 1}:1–${closeLine + 1}:1`;

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      d.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title.startsWith('Update the anchor on the service'));
    assert.ok(fix?.command, `quick fix offered: ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.equal(fix.title, `Update the anchor on the service (lines ${recorded} → ${now})`);
    const run = () => vscode.commands.executeCommand(fix.command!.command, ...(fix.command!.arguments ?? []));
    const versions = async () =>
      (
        await serviceGet<{ versions: VersionEntry[] }>(
          `/v0/experimental/components/${encodeURIComponent(comp.id)}/versions`,
        )
      ).versions;

    // Cancel: nothing is written.
    const before = await versions();
    dialogs = scriptDialogs().answer('warning', undefined, /Update the anchor/);
    assert.equal(await run(), undefined);
    const asked = onePrompt(dialogs, 'warning', /Update the anchor "ping" on the service\?/);
    assert.equal(asked.modal, true);
    assert.match(asked.detail ?? '', new RegExp(`"ping" in ${FILE}: lines ${recorded} → ${now}`));
    assert.match(asked.detail ?? '', new RegExp(`reason "anchor moved from ${recorded} to ${now}"`));
    assert.deepEqual(await versions(), before);
    dialogs.restore();

    // Update: the path is written with the reason; the service records its two events.
    dialogs = scriptDialogs().answer('warning', 'Update', /Update the anchor/);
    const result = (await run()) as { results: Array<{ kind: string; newPathId?: string; reason?: string }> };
    assert.equal(result.results.length, 1);
    assert.equal(result.results[0]!.kind, 'saved', JSON.stringify(result));
    const reason = `anchor moved from ${recorded} to ${now}`;
    const after = await versions();
    assert.ok(
      after.some(
        (v) =>
          v.kind === 'BYO_PATH_ADDED' && v.reason === reason && v.path_id === result.results[0]!.newPathId,
      ),
      JSON.stringify(after.slice(0, 4)),
    );
    assert.ok(after.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === path.path_id));
    onePrompt(dialogs, 'information', /Updated the anchor on the service/);

    // The record now holds the new lines: the anchor is where it is, nothing left to report.
    await diagnosticsWhere(uri, (ds) => relocated(ds) === undefined);
  });
});
