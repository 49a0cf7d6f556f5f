// Read-only documents of a path's past versions (lineage-version:), for Open Version and the diffs of
// Path History: lineage-version:/<title>.lineage-path.json?component=…&path=…&version=…. The title
// names the tab; the ids ride in the query (VS Code decodes the path, and ids are untrusted text). The
// text comes from the language server, which reads the service.
import * as vscode from 'vscode';
import { PathVersionDocumentRequest } from '../../../common/src/protocol';
import { fileNameSegment } from '../../../common/src/untrustedText';
import type { LineageContext } from '../lineageContext';

export const PATH_VERSION_SCHEME = 'lineage-version';

export function pathVersionUri(
  componentId: string,
  pathId: string,
  versionPathId: string,
  title: string,
): vscode.Uri {
  const query = new URLSearchParams({ component: componentId, path: pathId, version: versionPathId });
  return vscode.Uri.from({
    scheme: PATH_VERSION_SCHEME,
    path: `/${fileNameSegment(title, 100) || 'version'}.lineage-path.json`,
    query: query.toString(),
  });
}

function parsePathVersionUri(
  uri: vscode.Uri,
): { componentId: string; pathId: string; versionPathId: string } | undefined {
  const q = new URLSearchParams(uri.query);
  const componentId = q.get('component');
  const pathId = q.get('path');
  const versionPathId = q.get('version');
  return componentId && pathId && versionPathId ? { componentId, pathId, versionPathId } : undefined;
}

export class PathVersionDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly ctx: LineageContext) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const ref = parsePathVersionUri(uri);
    if (!ref) throw new Error(vscode.l10n.t('Not a path version: {0}', uri.toString()));
    return (await this.ctx.request(PathVersionDocumentRequest, ref, token)).text;
  }
}

export function registerPathVersionDocuments(ctx: LineageContext): void {
  ctx.push(
    vscode.workspace.registerTextDocumentContentProvider(PATH_VERSION_SCHEME, new PathVersionDocuments(ctx)),
  );
}
