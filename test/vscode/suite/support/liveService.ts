// What the local service holds now, for suites that must not assume another suite left the demo's
// paths as the dataset has them: an edit or an anchor repair gives a path a new id (the new version
// replaces the old), and a suite may run before or after the ones that write. Each suite finds the
// live version of the dataset path it needs, and the writing suites put back what they changed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LineagePath, PathCodeAnchor, VersionsResponse } from '../../../../common/src/api';
import { VERSIONS_PAGE } from '../../../../common/src/api/choices';
import { demoDataset, inState, lineageApi, serviceGet, waitForStatus } from '../helpers';
import { serviceCall } from './serviceHttp';

const componentPath = (componentId: string) =>
  `/v0/experimental/components/${encodeURIComponent(componentId)}`;

/** Each path id that an edit retired → the id of the version that replaced it (operation 9). */
async function replacements(componentId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let offset = 0; ; offset += VERSIONS_PAGE.max) {
    const page = await serviceGet<VersionsResponse>(
      `${componentPath(componentId)}/versions?limit=${VERSIONS_PAGE.max}&offset=${offset}`,
    );
    for (const v of page.versions)
      if (v.kind === 'BYO_PATH_ADDED' && v.replaces_path_id && v.path_id)
        out.set(v.replaces_path_id, v.path_id);
    if (page.versions.length < VERSIONS_PAGE.max) return out;
  }
}

/** The id a dataset path has now: the dataset's, or that of the last version that replaced it. */
export async function livePathId(componentId: string, pathId: string): Promise<string> {
  const next = await replacements(componentId);
  const seen = new Set<string>();
  let id = pathId;
  while (next.has(id) && !seen.has(id)) {
    seen.add(id);
    id = next.get(id)!;
  }
  return id;
}

/** A component's paths as the service has them now (`all`: replaced scan paths too). */
export async function livePaths(
  componentId: string,
  projection: 'collapsed' | 'all',
): Promise<LineagePath[]> {
  const detail = await serviceGet<{ component: { paths?: LineagePath[] } }>(
    `${componentPath(componentId)}?projection=${projection}`,
  );
  return detail.component.paths ?? [];
}

/** The live version of a dataset path (found through livePathId). */
export async function livePath(componentId: string, pathId: string): Promise<LineagePath> {
  const id = await livePathId(componentId, pathId);
  const found = (await livePaths(componentId, 'all')).find((p) => p.path_id === id);
  assert.ok(found, `the live version ${id} of path ${pathId} of ${componentId}`);
  return found;
}

/** The live anchor says what the dataset's does (place, name, names): every member the dataset gives. */
const asRecorded = (live: PathCodeAnchor, recorded: PathCodeAnchor) =>
  Object.entries(recorded).every(
    ([k, v]) => JSON.stringify((live as Record<string, unknown>)[k]) === JSON.stringify(v),
  );

/**
 * Records the dataset's anchor again for every live anchor of these components that a repair moved or a
 * test renamed (one path update each), then has the extension load them: later suites find the anchors
 * where the dataset (and the restored files) have them.
 */
export async function restoreDatasetAnchors(componentIds: readonly string[]): Promise<void> {
  const recorded = new Map<string, PathCodeAnchor>();
  for (const c of demoDataset().components as unknown as Array<{
    paths?: Array<{ code_anchors?: PathCodeAnchor[] }>;
  }>)
    for (const p of c.paths ?? []) for (const a of p.code_anchors ?? []) recorded.set(a.anchor_id, a);
  let wrote = false;
  for (const componentId of componentIds) {
    for (const p of await livePaths(componentId, 'collapsed')) {
      const anchors = p.code_anchors ?? [];
      if (!anchors.some((a) => recorded.has(a.anchor_id) && !asRecorded(a, recorded.get(a.anchor_id)!)))
        continue;
      // The path as it is (payload, completeness, mappings kept), its anchors where the dataset has them.
      const { path_id: id, path_type: _type, is_suppressed: _suppressed, ...writable } = p;
      const r = await serviceCall('PUT', `${componentPath(componentId)}/paths/${encodeURIComponent(id!)}`, {
        ...writable,
        code_anchors: anchors.map((a) => recorded.get(a.anchor_id) ?? a),
        reason: 'test: the dataset’s anchors restored',
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      wrote = true;
    }
  }
  if (wrote) await loadServiceNow();
}

/** Has the extension load what the service holds now (the refresh command resolves once loaded). */
export async function loadServiceNow(): Promise<void> {
  await vscode.commands.executeCommand('lineageLens.refresh');
  await waitForStatus(await lineageApi(), inState('connected'));
}

/**
 * Keeps the text of the workspace's files (not .git) now; the returned function writes back each file
 * that changed since and deletes each file created since, through VS Code's file system (so the
 * editor and the language server see it as any change on disk).
 */
export async function snapshotWorkspaceFiles(): Promise<() => Promise<void>> {
  const root = vscode.workspace.workspaceFolders![0]!.uri;
  const list = async (dir: vscode.Uri): Promise<vscode.Uri[]> => {
    const out: vscode.Uri[] = [];
    for (const [name, type] of await vscode.workspace.fs.readDirectory(dir)) {
      if (name === '.git') continue;
      const uri = vscode.Uri.joinPath(dir, name);
      if (type === vscode.FileType.Directory) out.push(...(await list(uri)));
      else if (type === vscode.FileType.File) out.push(uri);
    }
    return out;
  };
  const kept = new Map<string, Uint8Array>();
  for (const uri of await list(root)) kept.set(uri.toString(), await vscode.workspace.fs.readFile(uri));
  return async () => {
    for (const uri of await list(root)) {
      const was = kept.get(uri.toString());
      if (was === undefined) await vscode.workspace.fs.delete(uri);
      else if (Buffer.compare(Buffer.from(await vscode.workspace.fs.readFile(uri)), Buffer.from(was)) !== 0)
        await vscode.workspace.fs.writeFile(uri, was);
    }
  };
}
