// "Update the anchor on the service" in the real VS Code, against the real local service:
// - the quick fix on a relocated anchor (the anchored function moved lower since the scan, and a call
//   of it was added): a modal names the anchor, its path and component (ids only at the end of its
//   details) and the old → new lines; Cancel writes nothing, Update writes the path (operation 1) and
//   the service records the update and its two events; the diagnostic then goes away;
// - Update Drifted Anchors on the Service lists every drifted anchor in a multi-select quick pick
//   (name, old → new lines, file, path and component; no ids);
// - the Components view's action on a drifted path row (the row is marked as the code moves);
// - a bulk write of a component with one anchor deselected, from a file with unsaved changes: asked
//   Save and Update / Update Anyway; Update Anyway writes only the selected anchors, the file stays
//   unsaved (Save and Update in this workspace without git: see the save-participant test);
// - a write the service refuses (the path changed there meanwhile) loses nothing and says why.
// Runs in any order: it takes the paths as the service has them now (another suite may have edited
// one, giving it a new id), and puts back what it changed for the suites after it: the workspace's files
// and the dataset's anchor coordinates (support/liveService.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PathCodeAnchor, VersionEntry } from '../../../common/src/api';
import type { TreeNode } from '../../../client/src/views/treeNode';
import {
  componentLabel,
  demoDataset,
  diagnosticsWhere,
  lineageApi,
  REPO_ROOT,
  serviceGet,
  signIn,
  waitForStatus,
} from './helpers';
import {
  onePrompt,
  scriptDialogs,
  skipWhenInstalledFromVsix,
  type ScriptedDialogs,
} from './support/scriptedDialogs';
import { serviceCall } from './support/serviceHttp';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { untilFound } from '../../helpers/nextEvent';
import { livePathId, restoreDatasetAnchors, snapshotWorkspaceFiles } from './support/liveService';

const FILE = 'checkout-api/src/handlers/health.ts';

const relocated = (ds: vscode.Diagnostic[]) =>
  ds.find((d) => d.source === 'Lineage Lens' && codeOf(d) === 'anchor-relocated');
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? d.code.value : d.code);

type DemoAnchor = PathCodeAnchor;
type DemoPath = {
  path_id: string;
  replaces_path_id?: string;
  ingress: { signature_name?: string };
  egress: { signature_name?: string };
  code_anchors?: DemoAnchor[];
};
type DemoComponent = { id: string; name: string; friendly_name?: string; paths?: unknown[] };

const workspaceUri = (file: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, file);
const lines = (a: DemoAnchor, shift = 0) =>
  `${a.line_start! + shift}:${a.column_start}–${a.line_end! + shift}:${a.column_end}`;
/** A diagnostic's range in the service's coordinates (1-based, columns inclusive). */
const linesOfRange = (r: vscode.Range) =>
  `${r.start.line + 1}:${r.start.character + 1}–${r.end.line + 1}:${r.end.character}`;

async function versionsOf(componentId: string): Promise<VersionEntry[]> {
  return (
    await serviceGet<{ versions: VersionEntry[] }>(
      `/v0/experimental/components/${encodeURIComponent(componentId)}/versions`,
    )
  ).versions;
}

/** Versions recorded after `before` (the service lists newest first). */
async function newVersions(componentId: string, before: VersionEntry[]): Promise<VersionEntry[]> {
  const seen = new Set(before.map((v) => JSON.stringify(v)));
  return (await versionsOf(componentId)).filter((v) => !seen.has(JSON.stringify(v)));
}

type Row = { node: TreeNode; item: vscode.TreeItem };

/** The Components view's row of a component (by its label), as the view has it now. */
async function componentRow(c: DemoComponent): Promise<Row> {
  const tree = (await lineageApi()).trees.components;
  for (const ns of await tree.getChildren())
    for (const node of await tree.getChildren(ns)) {
      const item = tree.getTreeItem(node);
      const label = typeof item.label === 'string' ? item.label : item.label?.label;
      if (label === componentLabel(c)) return { node, item };
    }
  assert.fail(`${componentLabel(c)} is not in the Components view`);
}

/** The path rows of a component, as the view shows them now. */
async function pathRows(c: DemoComponent): Promise<Array<Row & { pathId: string }>> {
  const tree = (await lineageApi()).trees.components;
  const kids = await tree.getChildren((await componentRow(c)).node);
  return kids.flatMap((node) => {
    const item = tree.getTreeItem(node);
    const pathId = (node as { pathId?: unknown }).pathId;
    return item.contextValue?.startsWith('path') && typeof pathId === 'string'
      ? [{ node, item, pathId }]
      : [];
  });
}

/** Resolves once `find` finds something in the Components view (now, or after the view changes). */
async function inView<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const tree = (await lineageApi()).trees.components;
  return untilFound(tree.onDidChangeTreeData, find, {
    timeoutMs,
    what: `${what}: not in the Components view`,
  });
}

/** Shows a workspace file and types `text` into it, unsaved: at its top, or at its end. */
async function typeUnsaved(
  file: string,
  text: string,
  at: 'top' | 'end' = 'top',
): Promise<vscode.TextDocument> {
  const uri = workspaceUri(file);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, at === 'top' ? new vscode.Position(0, 0) : new vscode.Position(doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  return doc;
}

/** Writes `lines` into a workspace file on disk, above the first line starting with `before`. */
async function insertAbove(
  file: string,
  before: string,
  lines: string[],
): Promise<{ uri: vscode.Uri; at: number }> {
  const uri = workspaceUri(file);
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).split('\n');
  const at = text.findIndex((l) => l.startsWith(before));
  assert.ok(at >= 0, `${before} in ${file}`);
  const now = [...text.slice(0, at), ...lines, ...text.slice(at)];
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(now.join('\n')));
  return { uri, at };
}

/** Whether a path row holds an anchor (anchor ids survive path updates, which give paths new ids). */
const holds = (r: Row, anchorId: string) =>
  ((r.node as { anchors?: Array<{ anchorId: string }> }).anchors ?? []).some((a) => a.anchorId === anchorId);

const drifted = (r: Row) => /drifted/.test(r.item.contextValue ?? '');

/** The `when` clause that shows the repair action on a Components view row (package.json). */
function repairMenuShows(contextValue: string): boolean {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: { menus: Record<string, Array<{ command: string; when?: string }>> };
  };
  const entry = pkg.contributes.menus['view/item/context']!.find(
    (m) => m.command === 'lineageLens.repairAnchor',
  )!;
  assert.match(entry.when!, /view == lineageLens\.components/);
  const re = /viewItem =~ \/(.*)\/$/.exec(entry.when!)![1]!;
  return new RegExp(re.replace(/\\\\/g, '\\')).test(contextValue);
}

describe('anchor repair', () => {
  const dataset = demoDataset();
  const components = dataset.components as unknown as DemoComponent[];
  const pathsOf = (c: DemoComponent) => (c.paths ?? []) as DemoPath[];
  const anchoredHere = (p: DemoPath) => (p.code_anchors ?? []).some((a) => a.file === FILE);
  const comp = components.find((c) => pathsOf(c).some(anchoredHere))!;
  const path0 = pathsOf(comp).find(anchoredHere)!;
  const billing = components.find((c) => c.name === 'billing-worker')!;
  /** The billing worker's path and anchor of a name in a file. */
  const billingAnchor = (name: string, file: string) => {
    const p = pathsOf(billing).find((x) => x.code_anchors?.some((a) => a.name === name && a.file === file))!;
    return { path: p, anchor: p.code_anchors!.find((a) => a.name === name && a.file === file)! };
  };
  let dialogs: ScriptedDialogs | undefined;

  before(function () {
    skipWhenInstalledFromVsix(this);
  });
  before(async () => signIn(await lineageApi()));
  // What this suite changes, put back after it: the files it moves code in, the anchors it repairs.
  let restoreFiles: (() => Promise<void>) | undefined;
  before(async () => {
    restoreFiles = await snapshotWorkspaceFiles();
  });
  /** path0's id now (an edit by another suite gives it a new one). */
  let path0Id = path0.path_id;
  before(async () => {
    path0Id = await livePathId(comp.id, path0.path_id);
  });
  // The browser VS Code saves edited files after a delay by default; these tests keep edits unsaved,
  // as the desktop default does.
  let autoSave: string | undefined;
  before(async () => {
    const files = vscode.workspace.getConfiguration('files', null);
    autoSave = files.inspect<string>('autoSave')?.globalValue;
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('files', null)
      .update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
  });
  afterEach(() => {
    dialogs?.restore();
    dialogs = undefined;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restoreFiles?.();
    const notifications = components.find((c) => c.name === 'notifications')!;
    await restoreDatasetAnchors([comp.id, billing.id, notifications.id]);
  });

  it('quick fix: relocates the moved function, asks before writing (by name), and records the update', async () => {
    const uri = workspaceUri(FILE);
    // In the full suite an earlier test left this file open (a preview VS Code keeps): VS Code then
    // reloads it from disk with one minimal edit, and the server places it afresh (anchors/README.md).
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
    const anchor = path0.code_anchors!.find((a) => a.file === FILE)!;
    // The demo anchor has columns (from the name to the closing brace): the repair keeps that form,
    // now covering the whole definition, from its first column to the closing brace.
    assert.deepEqual([anchor.column_start, anchor.column_end], [23, 1]);
    const recorded = lines(anchor);
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
    const run = () =>
      vscode.commands.executeCommand(fix.command!.command, ...((fix.command!.arguments ?? []) as unknown[]));

    // Cancel: nothing is written.
    const before = await versionsOf(comp.id);
    dialogs = scriptDialogs().answer('warning', undefined, /Update the anchor/);
    assert.equal(await run(), undefined);
    const asked = onePrompt(dialogs, 'warning', /^Update the anchor "ping" on the service\?$/);
    assert.equal(asked.modal, true);
    assert.deepEqual(asked.choices, ['Update']);
    // Names first (the path's short label, the component's name), ids only on the last line.
    const detail = (asked.detail ?? '').split('\n');
    assert.equal(detail[0], `Path ping → AccessLog of ${componentLabel(comp)}`);
    assert.equal(detail[1], `${FILE}: lines ${recorded} → ${now}`);
    assert.ok(
      detail.includes(`The path is written with the reason "anchor moved from ${recorded} to ${now}".`),
    );
    assert.equal(detail.at(-1), `Component ${comp.id} · path ${path0Id} · anchor ${anchor.anchor_id}`);
    for (const id of [comp.id, path0Id, anchor.anchor_id])
      assert.ok(
        !detail.slice(0, -1).join('\n').includes(id) && !asked.text.includes(id),
        `${id} only at the end`,
      );
    assert.deepEqual(await versionsOf(comp.id), before);
    dialogs.restore();

    // Update: the path is written with the reason; the service records its two events.
    dialogs = scriptDialogs().answer('warning', 'Update', /Update the anchor/);
    const result = (await run()) as { results: Array<{ kind: string; newPathId?: string; reason?: string }> };
    assert.equal(result.results.length, 1);
    assert.equal(result.results[0]!.kind, 'saved', JSON.stringify(result));
    const reason = `anchor moved from ${recorded} to ${now}`;
    const after = await newVersions(comp.id, before);
    assert.ok(
      after.some(
        (v) =>
          v.kind === 'BYO_PATH_ADDED' && v.reason === reason && v.path_id === result.results[0]!.newPathId,
      ),
      JSON.stringify(after),
    );
    assert.ok(after.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === path0Id));
    onePrompt(dialogs, 'information', /Updated the anchor on the service/);

    // The record now holds the new lines: the anchor is where it is, nothing left to report.
    await diagnosticsWhere(uri, (ds) => relocated(ds) === undefined);
  });

  it('Update Drifted Anchors on the Service lists every drifted anchor in a quick pick; dismissing it writes nothing', async () => {
    // Ten new lines above every anchor of a file (unsaved): each anchor there is 10 lines off its record.
    const file = 'checkout-api/src/handlers/createOrder.ts';
    await typeUnsaved(file, '// new\n'.repeat(10));
    const before = await versionsOf(comp.id);

    dialogs = scriptDialogs().answer('quickPick', undefined, /Update Drifted Anchors/);
    assert.equal(await vscode.commands.executeCommand('lineageLens.repairDriftedAnchors'), undefined);
    const [asked] = dialogs.ofKind('quickPick');
    assert.ok(asked, JSON.stringify(dialogs.shown));
    assert.match(asked.text, /^Update Drifted Anchors on the Service \(\d+ anchors\) — /);
    assert.equal((asked.options as vscode.QuickPickOptions).canPickMany, true);
    const items = asked.items!;
    // Every anchor of the file is listed, checked, with its old → new lines; its detail names the
    // unsaved file, the path's short label and the component.
    // (The view's collapsed projection: a scan path an override replaces is not loaded.)
    const replaced = new Set(pathsOf(comp).map((p) => p.replaces_path_id));
    const inFile = pathsOf(comp)
      .filter((p) => !replaced.has(p.path_id))
      .flatMap((p) => (p.code_anchors ?? []).filter((a) => a.file === file).map((a) => ({ p, a })));
    assert.ok(inFile.length > 1);
    for (const { p, a } of inFile) {
      const item = items.find(
        (i) => i.label === a.name && i.description === `lines ${lines(a)} → ${lines(a, 10)}`,
      );
      assert.ok(item, `${a.name} listed: ${JSON.stringify(items.map((i) => [i.label, i.description]))}`);
      assert.equal(item.picked, true);
      assert.equal(
        item.detail,
        `$(circle-filled) createOrder.ts (unsaved) · ${pathDocumentLabel({
          ingress: { ...p.ingress, signature_name: p.ingress.signature_name ?? '' },
          egress: { ...p.egress, signature_name: p.egress.signature_name ?? '' },
        })} · ${componentLabel(comp)}`,
      );
    }
    const shown = JSON.stringify(items.map((i) => [i.label, i.description, i.detail]));
    assert.ok(!shown.includes(comp.id), `no ids in the list: ${shown}`);
    assert.deepEqual(await versionsOf(comp.id), before);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('the Components view marks a path whose code moved, and its action updates the anchor on the service', async () => {
    const file = 'billing-worker/billing/payments/gateway.py';
    const { anchor } = billingAnchor('authorize', file);
    // The function moved 12 lines down since the scan (new code above it, changed on disk).
    const { uri, at } = await insertAbove(file, 'async def authorize(', [
      'RETRY_LIMIT = 3',
      '',
      '',
      'def _headers() -> dict:',
      '    return {"User-Agent": "billing"}',
      ...Array<string>(7).fill(''),
    ]);
    await vscode.window.showTextDocument(uri, { preview: false });
    const d = relocated(await diagnosticsWhere(uri, (ds) => relocated(ds) !== undefined))!;
    assert.equal(d.range.start.line, at + 12);

    // The row is marked (the view follows the drift without a refresh) and offers the action.
    let seen: string[] = [];
    const row = await inView('the drifted authorize path', async () => {
      const rows = await pathRows(billing);
      seen = rows.map((r) => `${r.pathId} ${r.item.contextValue}`);
      return rows.find((r) => holds(r, anchor.anchor_id) && drifted(r));
    }).catch((err: Error) => {
      throw new Error(`${err.message}; rows: ${JSON.stringify(seen)}`);
    });
    assert.ok(repairMenuShows(row.item.contextValue!), row.item.contextValue);
    const before = await versionsOf(billing.id);
    dialogs = scriptDialogs().answer('warning', 'Update', /Update the anchor "authorize"/);
    const result = (await vscode.commands.executeCommand('lineageLens.repairAnchor', row.node)) as {
      results: Array<{ kind: string; newPathId?: string }>;
    };
    const asked = onePrompt(dialogs, 'warning', /^Update the anchor "authorize" on the service\?$/);
    const moved = linesOfRange(d.range);
    assert.deepEqual((asked.detail ?? '').split('\n').slice(0, 2), [
      `Path create_charge → authorize of ${componentLabel(billing)}`,
      `${file}: lines ${lines(anchor)} → ${moved}`,
    ]);
    assert.equal(result.results[0]?.kind, 'saved', JSON.stringify(result));
    const added = await newVersions(billing.id, before);
    assert.ok(
      added.some(
        (v) =>
          v.kind === 'BYO_PATH_ADDED' &&
          v.path_id === result.results[0]!.newPathId &&
          v.reason === `anchor moved from ${lines(anchor)} to ${moved}`,
      ),
      JSON.stringify(added),
    );
    assert.ok(added.some((v) => v.kind === 'BYO_PATH_DELETED' && v.path_id === row.pathId));
    await diagnosticsWhere(uri, (ds) => relocated(ds) === undefined);
    // The view shows the new path, no longer drifted.
    await inView('the updated authorize path', async () =>
      (await pathRows(billing)).find((r) => r.pathId === result.results[0]!.newPathId && !drifted(r)),
    );
  });

  it('a bulk update of a component, one anchor deselected, from an unsaved file: asked to save first, Update Anyway writes only the selected anchors', async () => {
    const file = 'billing-worker/billing/api/charges.py';
    const doc = await typeUnsaved(file, '# Reviewed by payments.\n# Owner: billing.\n');
    const uri = doc.uri;
    assert.equal(doc.isDirty, true);
    const names = ['authorize', 'publish_payment_settled', 'tokenize_card'];
    // The rows of the three paths anchored in this file are marked drifted.
    const rows = await inView('three drifted paths', async () => {
      const drifting = (await pathRows(billing)).filter(drifted);
      return drifting.length === 3 ? drifting : undefined;
    });
    const skippedAnchor = billingAnchor('publish_payment_settled', file).anchor;
    const skipped = rows.find((r) => holds(r, skippedAnchor.anchor_id))!;

    const before = await versionsOf(billing.id);
    dialogs = scriptDialogs()
      .answer('quickPick', { pick: (i) => i.label !== 'publish_payment_settled' }, /Update Drifted Anchors/)
      .answer('warning', 'Update Anyway', /unsaved changes/);
    const result = (await vscode.commands.executeCommand(
      'lineageLens.repairDriftedAnchors',
      (await componentRow(billing)).node,
    )) as { results: Array<{ kind: string; pathId: string; newPathId?: string; reason?: string }> };

    const [pick] = dialogs.ofKind('quickPick');
    assert.deepEqual(pick!.items!.map((i) => i.label).sort(), names);
    const save = onePrompt(
      dialogs,
      'warning',
      new RegExp(`^${file} has unsaved changes\\. Save it before updating\\?$`),
    );
    assert.equal(save.modal, true);
    assert.deepEqual(save.choices, ['Save and Update', 'Update Anyway']);
    assert.match(save.detail ?? '', /^The new lines of the selected anchors refer to the unsaved text/);

    // Not saved (the user's choice), and the two selected anchors written, each path with its reason.
    assert.equal(doc.isDirty, true);
    assert.doesNotMatch(fs.readFileSync(uri.fsPath, 'utf8'), /^# Reviewed by payments\.\n/);
    assert.equal(result.results.length, 2, JSON.stringify(result));
    assert.ok(
      result.results.every((r) => r.kind === 'saved'),
      JSON.stringify(result),
    );
    const added = await newVersions(billing.id, before);
    for (const name of ['tokenize_card', 'authorize']) {
      const a = pathsOf(billing)
        .flatMap((x) => x.code_anchors ?? [])
        .find((x) => x.name === name && x.file === file)!;
      const reason = `anchor moved from ${lines(a)} to ${lines(a, 2)}`;
      assert.ok(
        added.some((v) => v.kind === 'BYO_PATH_ADDED' && v.reason === reason),
        `${name}: ${reason} in ${JSON.stringify(added)}`,
      );
    }
    assert.ok(!added.some((v) => v.path_id === skipped.pathId), 'the deselected path is not written');
    onePrompt(dialogs, 'information', /^Updated 2 anchors on the service\.$/);
    // The view shows the two new paths, not drifted while the file keeps its unsaved lines (their
    // records hold the lines the file will have once saved, placed in the buffer as it is).
    await inView('the two updated paths, not drifted', async () => {
      const rows = await pathRows(billing);
      const updated = result.results.map((r) => rows.find((x) => x.pathId === r.newPathId));
      return updated.every((r) => r && !drifted(r)) ? updated : undefined;
    });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a write the service refuses (the path changed there meanwhile) loses nothing and says why', async () => {
    const file = 'billing-worker/billing/storage/invoices.py';
    const { anchor } = billingAnchor('put_invoice', file);
    // The function moved down since the scan (changed on disk before it is opened) ...
    const { uri } = await insertAbove(file, 'def put_invoice(', [
      'MAX_RETRIES = 3',
      '',
      '',
      'def _key(invoice: dict) -> str:',
      '    return invoice["id"]',
      '',
      '',
    ]);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    const d = relocated(await diagnosticsWhere(uri, (ds) => relocated(ds) !== undefined))!;
    const now = linesOfRange(d.range);
    // ... and there is unsaved work in the editor, below it.
    await typeUnsaved(file, '\n# TODO: retry failed uploads.\n', 'end');
    const typed = doc.getText();
    const row = await inView('the drifted put_invoice path', async () =>
      (await pathRows(billing)).find((r) => holds(r, anchor.anchor_id) && drifted(r)),
    );

    // Someone else changes the path on the service (a new path id), behind the extension's back.
    const detail = await serviceGet<{ component: { paths: Array<Record<string, unknown>> } }>(
      `/v0/experimental/components/${encodeURIComponent(billing.id)}?projection=all`,
    );
    const current = detail.component.paths.find((x) => x.path_id === row.pathId)!;
    const put = await serviceCall<{ path: { path_id: string } }>(
      'PUT',
      `/v0/experimental/components/${encodeURIComponent(billing.id)}/paths/${encodeURIComponent(row.pathId)}`,
      { ...current, reason: 'edited on the service' },
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const before = await versionsOf(billing.id);

    dialogs = scriptDialogs().answer('warning', 'Update Anyway', /Update the anchor "put_invoice"/);
    const result = (await vscode.commands.executeCommand('lineageLens.repairAnchor', row.node)) as {
      results: Array<{ kind: string; message?: string }>;
    };
    const asked = onePrompt(dialogs, 'warning', /^Update the anchor "put_invoice" on the service\?$/);
    assert.deepEqual(asked.choices, ['Save and Update', 'Update Anyway']);
    assert.match(
      asked.detail ?? '',
      new RegExp(
        `\n${file} has unsaved changes: the new lines refer to the unsaved text\\. Save it so the file and the service agree\\.\n`,
      ),
    );
    assert.equal(result.results[0]?.kind, 'refused', JSON.stringify(result));
    const why = onePrompt(dialogs, 'warning', /was not updated/);
    assert.equal(why.modal, false);
    assert.equal(
      why.text,
      'The anchor "put_invoice" was not updated: Path handle_order_created → put_invoice is no longer on the service as it was (it changed or was removed since it was checked); nothing was written. Refresh and look again.',
    );
    assert.deepEqual(why.choices, ['Show Output']);

    // Nothing lost: the edits stay unsaved in the editor, nothing was written to the service.
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), typed);
    assert.deepEqual(await newVersions(billing.id, before), []);
    // The server read the component again: the path as the service has it now is offered for repair.
    const fresh = await inView('the path under its new id, drifted', async () =>
      (await pathRows(billing)).find((r) => r.pathId === put.body.path.path_id && drifted(r)),
    );
    dialogs.restore();
    dialogs = scriptDialogs().answer('warning', undefined, /Update the anchor "put_invoice"/);
    await vscode.commands.executeCommand('lineageLens.repairAnchor', fresh.node);
    assert.equal(
      (onePrompt(dialogs, 'warning', /^Update the anchor/).detail ?? '').split('\n')[1],
      `${file}: lines ${lines(anchor)} → ${now}`,
    );
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('service text in the confirmation is cleaned: no control or bidi characters, no link, no icon', async () => {
    const notifications = components.find((c) => c.name === 'notifications')!;
    // Not the first path: versionPages updates that one (before or after this file).
    const p = pathsOf(notifications).find((x) =>
      x.code_anchors?.some((a) => a.file?.endsWith('sms/sender.go')),
    )!;
    assert.notEqual(p, pathsOf(notifications)[0]);
    const hostile = 'Send\u202e [docs](https://evil.example) $(zap)\nnext';
    const sendId = p.code_anchors!.find((a) => a.file?.endsWith('sms/sender.go'))!.anchor_id;
    // The path as the service has it now (an earlier suite may have updated it: a new id).
    const { pathId } = await inView('the path of the SMS Send anchor', async () =>
      (await pathRows(notifications)).find((r) => holds(r, sendId)),
    );
    const detail = await serviceGet<{ component: { paths: Array<Record<string, unknown>> } }>(
      `/v0/experimental/components/${encodeURIComponent(notifications.id)}?projection=all`,
    );
    const current = detail.component.paths.find((x) => x.path_id === pathId)!;
    const put = await serviceCall<{ path: { path_id: string } }>(
      'PUT',
      `/v0/experimental/components/${encodeURIComponent(notifications.id)}/paths/${encodeURIComponent(pathId)}`,
      {
        ...current,
        code_anchors: (current.code_anchors as DemoAnchor[]).map((a) =>
          a.file?.endsWith('sms/sender.go') ? { ...a, name: hostile } : a,
        ),
        reason: 'a hostile anchor name',
      },
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    await vscode.commands.executeCommand('lineageLens.refresh');
    await inView('the path with the hostile anchor', async () =>
      (await pathRows(notifications)).find((r) => r.pathId === put.body.path.path_id),
    );
    // Both anchors of the path drift: two new lines above each (unsaved).
    for (const a of p.code_anchors!) await typeUnsaved(a.file!, '// one\n// two\n');
    const row = await inView('the drifted path', async () =>
      (await pathRows(notifications)).find((r) => r.pathId === put.body.path.path_id && drifted(r)),
    );
    const clean = (text: string) => {
      assert.ok(!/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/.test(text), JSON.stringify(text));
      assert.ok(!/(^|[^\\])\$\(zap\)/.test(text), `an icon would be drawn: ${JSON.stringify(text)}`);
    };

    // The quick pick (both anchors of the path): labels one line, the icon escaped as typed.
    dialogs = scriptDialogs().answer('quickPick', undefined, /Update Drifted Anchors/);
    await vscode.commands.executeCommand('lineageLens.repairAnchor', row.node);
    const item = dialogs.ofKind('quickPick')[0]!.items!.find((i) => i.label.startsWith('Send'))!;
    assert.ok(item, JSON.stringify(dialogs.shown));
    clean(item.label);
    assert.match(item.label, /\\\$\(zap\) next$/);
    dialogs.restore();

    // The modal (that anchor alone): one line, and the link syntax a notification would render is gone.
    dialogs = scriptDialogs().answer('warning', undefined, /Update the anchor/);
    await vscode.commands.executeCommand('lineageLens.repairAnchor', {
      componentId: notifications.id,
      pathId: put.body.path.path_id,
      anchorId: sendId,
    });
    const asked = onePrompt(dialogs, 'warning', /^Update the anchor "Send/);
    assert.ok(!/[[\]]/.test(asked.text), asked.text);
    for (const line of [asked.text, ...(asked.detail ?? '').split('\n')])
      assert.ok(!/[\u0000-\u001f\u202a-\u202e]/.test(line), JSON.stringify(line));
    for (const a of p.code_anchors!) {
      await vscode.window.showTextDocument(workspaceUri(a.file!), { preview: false });
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('Save and Update saves first; when saving changed the text (a save participant, as a formatter is), nothing is written', async () => {
    const notifications = components.find((c) => c.name === 'notifications')!;
    const file = 'notifications/internal/consumer/payment_settled.go';
    const p = pathsOf(notifications).find((x) => x.code_anchors?.some((a) => a.name === 'receipt'))!;
    const anchor = p.code_anchors!.find((a) => a.name === 'receipt')!;
    const doc = await typeUnsaved(file, '// one\n// two\n');
    const uri = doc.uri;
    // A save participant: it adds one more line at the top of this file.
    const participant = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document.uri.toString() === uri.toString())
        e.waitUntil(Promise.resolve([vscode.TextEdit.insert(new vscode.Position(0, 0), '// formatted\n')]));
    });
    try {
      const { pathId } = await inView('the path of the receipt anchor', async () =>
        (await pathRows(notifications)).find((r) => holds(r, anchor.anchor_id)),
      );
      const before = await versionsOf(notifications.id);
      dialogs = scriptDialogs().answer('warning', 'Save and Update', /Update the anchor "receipt"/);
      const result = (await vscode.commands.executeCommand('lineageLens.repairAnchor', {
        componentId: notifications.id,
        pathId,
        anchorId: anchor.anchor_id,
      })) as { results: unknown[] };
      const asked = onePrompt(dialogs, 'warning', /^Update the anchor "receipt"/);
      assert.equal(asked.detail?.split('\n')[1], `${file}: lines ${lines(anchor)} → ${lines(anchor, 2)}`);
      // Saved, with the participant's line: the confirmed lines may be wrong now, so nothing is written.
      assert.equal(doc.isDirty, false);
      assert.match(fs.readFileSync(uri.fsPath, 'utf8'), /^\/\/ formatted\n\/\/ one\n\/\/ two\n/);
      assert.deepEqual(result.results, []);
      onePrompt(
        dialogs,
        'warning',
        new RegExp(
          `^Saving changed ${file} \\(a formatter or another extension edited it\\).*no anchor was updated`,
        ),
      );
      assert.deepEqual(await newVersions(notifications.id, before), []);
    } finally {
      participant.dispose();
    }
  });
});
