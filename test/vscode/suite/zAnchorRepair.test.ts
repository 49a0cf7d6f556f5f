// "Update the anchor on the service", the quick fix on a relocated anchor, in the real VS Code: the
// anchored function moved lower since the scan (and a call of it was added); the server relocates
// its anchor to the definition (tree-sitter, shipped beside the server) and reports it; the quick fix asks first (old →
// new lines), Cancel writes nothing, Update writes the path (operation 1) and the service records
// the update and its two events; the diagnostic then goes away.
// Named to run late (before zVersionPages): the update replaces the demo's health-check path with a
// new id, and the suites before it (Components view, Reveal Path) read the demo's paths as the
// dataset has them. Then Update Drifted Anchors on the Service lists drifted anchors before writing.
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

  it('relocates the moved function, asks before writing, and records the update on the service', async function () {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FILE);
    // Known gap (issue 9's note): a document an earlier test left open, then changed on disk, is not
    // re-placed by the server, so no relocation is reported. Run alone (--grep), this test runs whole.
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) this.skip();
    const api = await lineageApi();
    await waitForStatus(api, (s) => s.state === 'connected' && s.anchorCount > 0);
    // The code moved since the scan (changed on disk before it is opened, as after a pull): the
    // function, with its comment, now sits lower, above new code that calls it.
    const scanned = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).split('\n');
    const start = scanned.findIndex((l) => l.startsWith('/** GET /healthz'));
    const end = scanned.findIndex((l, i) => i > start && l === '}');
    const moved = [
      ...scanned.slice(0, start),
      ...scanned.slice(end + 1),
      // Far enough down that the name is not near the recorded lines (the name check looks ±3 lines).
      ...Array<string>(10).fill(''),
      ...scanned.slice(start, end + 1),
      '',
      'export async function probe(req: FastifyRequest, reply: FastifyReply) {',
      '  return ping(req, reply);',
      '}',
      '',
    ];
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(moved.join('\n')));
    await vscode.window.showTextDocument(uri, { preview: false });
    const defLine = moved.findIndex((l) => l.startsWith('export async function ping'));
    const closeLine = moved.findIndex((l, i) => i > defLine && l === '}');

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

  it('Update Drifted Anchors on the Service lists every drifted anchor first; Cancel writes nothing', async () => {
    // Ten new lines above every anchor of a file (unsaved): each anchor there is 10 lines off its record.
    const file = 'checkout-api/src/handlers/createOrder.ts';
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, file);
    await vscode.window.showTextDocument(uri, { preview: false });
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), '// new\n'.repeat(10));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const before = (
      await serviceGet<{ versions: VersionEntry[] }>(
        `/v0/experimental/components/${encodeURIComponent(comp.id)}/versions`,
      )
    ).versions;

    dialogs = scriptDialogs().answer('warning', undefined, /drifted anchors/);
    assert.equal(await vscode.commands.executeCommand('lineageLens.repairDriftedAnchors'), undefined);
    const asked = onePrompt(dialogs, 'warning', /^Update \d+ drifted anchors on the service\?$/);
    assert.equal(asked.modal, true);
    const create = demoDataset()
      .components.flatMap((c) => (c.paths ?? []) as DemoPath[])
      .flatMap((p) => p.code_anchors ?? [])
      .find((a) => a.file === file && (a as { name?: string }).name === 'createOrder')!;
    assert.match(
      asked.detail ?? '',
      new RegExp(
        `"createOrder" in ${file}: lines ${create.line_start}(:\\d+)?–${create.line_end}(:\\d+)? → ${create.line_start! + 10}(:\\d+)?–${create.line_end! + 10}`,
      ),
    );
    assert.match(asked.detail ?? '', /paths are written, each with the reasons of its anchors/);
    const after = (
      await serviceGet<{ versions: VersionEntry[] }>(
        `/v0/experimental/components/${encodeURIComponent(comp.id)}/versions`,
      )
    ).versions;
    assert.deepEqual(after, before);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
