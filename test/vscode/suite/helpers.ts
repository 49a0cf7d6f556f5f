// Shared helpers of the extension-host suite (bundled into each test file; keep them stateless).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LineageLensApi } from '../../../client/src/api';
import type { ConnectionState, ServiceStatus } from '../../../common/src/protocol';
import { nextEvent } from '../../helpers/nextEvent';

export const EXTENSION_ID = 'lineage-lens.lineage-lens';
/** The repository (dist/test/vscode/suite → four levels up). */
export const REPO_ROOT = process.env.LINEAGE_REPO_ROOT ?? path.resolve(__dirname, '..', '..', '..', '..');

export function env(name: string): string {
  const v = process.env[name];
  assert.ok(v, `${name} must be set by the runner (scripts/vscode/run-extension-tests.mjs)`);
  return v;
}

export async function lineageApi(): Promise<LineageLensApi> {
  const ext = vscode.extensions.getExtension<LineageLensApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  const api = await ext.activate();
  await api.ready;
  return api;
}

/** Resolves with the first status (current or next) that satisfies `pred`; fails after timeoutMs. */
export function waitForStatus(
  api: LineageLensApi,
  pred: (s: ServiceStatus) => boolean,
  timeoutMs = 20_000,
): Promise<ServiceStatus> {
  if (pred(api.status())) return Promise.resolve(api.status());
  return nextEvent(api.onDidChangeStatus, pred, {
    timeoutMs,
    what: () => `status did not match; last: ${JSON.stringify(api.status())}`,
  });
}

export const inState =
  (...states: ConnectionState[]) =>
  (s: ServiceStatus) =>
    states.includes(s.state);

/** Signs in with the runner's key (the command accepts a key only when called from code). */
export async function signIn(api: LineageLensApi): Promise<void> {
  if (api.status().state === 'connected') return;
  await vscode.commands.executeCommand('lineageLens.signIn', {
    apiKey: env('LINEAGE_API_KEY'),
    serviceUrl: env('LINEAGE_SERVICE_URL'),
  });
  await waitForStatus(api, inState('connected'));
}

/** Resolves with the diagnostics of `uri` once `pred` holds for them (now or on a later change). */
export function diagnosticsWhere(
  uri: vscode.Uri,
  pred: (d: vscode.Diagnostic[]) => boolean,
  timeoutMs = 20_000,
): Promise<vscode.Diagnostic[]> {
  const now = vscode.languages.getDiagnostics(uri);
  if (pred(now)) return Promise.resolve(now);
  const ofUri = (e: vscode.DiagnosticChangeEvent) =>
    e.uris.some((u) => u.toString() === uri.toString()) && pred(vscode.languages.getDiagnostics(uri));
  return nextEvent(vscode.languages.onDidChangeDiagnostics, ofUri, {
    timeoutMs,
    what: () => {
      const got = vscode.languages.getDiagnostics(uri).map((d) => [d.source, d.code, d.message]);
      return `diagnostics of ${uri.toString()} not as expected: ${JSON.stringify(got)}`;
    },
  }).then(() => vscode.languages.getDiagnostics(uri));
}

/** Fires when diagnostics of `uri` change to a non-empty list (or are already non-empty). */
export function waitForDiagnostics(uri: vscode.Uri, timeoutMs = 20_000): Promise<vscode.Diagnostic[]> {
  return diagnosticsWhere(uri, (d) => d.length > 0, timeoutMs);
}

/** The demo dataset the runner seeded the service with. */
export interface DemoDataset {
  components: Array<{
    id: string;
    name: string;
    friendly_name?: string;
    namespace: string;
    type: string;
    approval?: { status: string };
    paths?: Array<{
      path_id: string;
      path_type: string;
      replaces_path_id?: string;
      ingress: { id: string };
      egress: { id: string };
    }>;
  }>;
  tagDefinitions?: Array<{ id: string; name: string }>;
  tagApplications?: Array<{ boundary_id: string; field_path: string; tag: string }>;
  contracts?: Array<{ id: string; dataAssetResourceName: string }>;
}

export function demoDataset(): DemoDataset {
  return JSON.parse(
    fs.readFileSync(process.env.LINEAGE_DATASET ?? path.join(REPO_ROOT, 'demo', 'dataset.json'), 'utf8'),
  ) as DemoDataset;
}

/**
 * Opens the source file of the demo dataset's first code anchor (of the component so named, if given)
 * and answers the hovers at the anchor's start (where the anchored name begins).
 */
export async function hoversAtFirstDemoAnchor(componentName?: string): Promise<vscode.Hover[]> {
  const dataset = demoDataset() as unknown as {
    components: Array<{ name: string; paths?: Array<{ code_anchors?: DemoAnchor[] }> }>;
  };
  const anchor = dataset.components
    .filter((c) => componentName === undefined || c.name === componentName)
    .flatMap((c) => c.paths ?? [])
    .flatMap((p) => p.code_anchors ?? [])
    .find((a) => a.file && a.line_start)!;
  return hoversAtDemoAnchor(anchor);
}

/** A code anchor of the demo dataset, as far as the hover helpers need it. */
export interface DemoAnchor {
  file?: string;
  line_start?: number;
  column_start?: number;
}

/** Opens the anchor's source file and answers the hovers at the anchor's start. */
export async function hoversAtDemoAnchor(anchor: DemoAnchor): Promise<vscode.Hover[]> {
  const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, anchor.file!);
  await vscode.window.showTextDocument(uri, { preview: true });
  const at = new vscode.Position(anchor.line_start! - 1, Math.max(0, (anchor.column_start ?? 1) - 1));
  return vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at);
}

/** A direct call to the service (to check what it recorded), with the runner's key. */
export async function serviceGet<T>(pathAndQuery: string): Promise<T> {
  const res = await fetch(new URL(pathAndQuery, env('LINEAGE_SERVICE_URL')), {
    headers: { 'X-API-KEY': env('LINEAGE_API_KEY') },
  });
  assert.equal(res.status, 200, `GET ${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Label text of a tree item. */
export function labelOf(item: vscode.TreeItem): string {
  const l = item.label;
  return typeof l === 'string' ? l : (l?.label ?? '');
}

/** The label the Components view gives a component of the dataset. */
export function componentLabel(c: { name: string; friendly_name?: string }): string {
  return c.friendly_name || c.name;
}

/**
 * Saves in tests ask no reason (a user setting). Set once for the whole (temporary) profile and never
 * reset, so tests cannot undo it under one another.
 */
export async function noSaveReasonPrompt(): Promise<void> {
  const cfg = vscode.workspace.getConfiguration('lineageLens', null);
  if (cfg.inspect<boolean>('promptForSaveReason')?.globalValue !== false) {
    await cfg.update('promptForSaveReason', false, vscode.ConfigurationTarget.Global);
  }
}

/** The .log files under a folder (the extension's log folder: api.logUri). */
export function logFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? logFiles(p) : e.name.endsWith('.log') ? [p] : [];
  });
}

/**
 * Resolves when a line matching `re` appears in the extension's log after `from` characters of it
 * (logText's length before the action); waits on the log files' changes, failing after timeoutMs.
 */
export function waitForLogLine(dir: string, re: RegExp, from: number, timeoutMs = 20_000): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const watchers: fs.FSWatcher[] = [];
    const done = (f: () => void) => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      f();
    };
    const check = (): boolean => {
      const m = re.exec(logText(dir).slice(from));
      if (m) done(() => resolve(m[0]));
      return m !== null;
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`no log line matching ${re} in ${timeoutMs} ms`))),
      timeoutMs,
    );
    if (check()) return;
    // The folder (a log file created) and each file (lines appended).
    for (const p of [dir, ...logFiles(dir)]) watchers.push(fs.watch(p, () => void check()));
  });
}

/** The extension's log files' text, in a stable order (for offsets across reads). */
export function logText(dir: string): string {
  return logFiles(dir)
    .sort()
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}
