// Review Changes: the user's edit of a path document beside the service's version, in VS Code's diff,
// before saving (the editor's title button, the palette, the save prompt's row). The left side is what
// the service holds now, read again, so a change made meanwhile by someone else shows too.
import * as vscode from 'vscode';
import { Commands } from '../../../common/src/commands.generated';
import {
  PathDocumentRequest,
  parsePathDocumentUri,
  PATH_DOCUMENT_SCHEME,
} from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { describeError, safePickText, showRequestError } from '../serviceErrors';
import { remoteDocuments } from './remoteDocuments';

/** The path's name as its document's URI carries it ("createOrder → insertOrder"), else its id. */
export function pathLabelOfUri(uri: vscode.Uri, pathId: string): string {
  const base = decodeURIComponent(uri.path.split('/').pop() ?? '').replace(/\.lineage-path\.json$/, '');
  return safePickText(base && base !== pathId ? base : pathId);
}

export async function reviewPathChanges(
  ctx: LineageContext,
  uri: vscode.Uri,
  resolve: (uri: vscode.Uri) => { componentId: string; pathId: string },
): Promise<void> {
  if (uri.scheme !== PATH_DOCUMENT_SCHEME || !parsePathDocumentUri(uri.toString(true)))
    return void vscode.window.showInformationMessage(
      vscode.l10n.t('Review Changes compares a path document (Edit Path) with the service.'),
    );
  const { componentId, pathId } = resolve(uri);
  const label = pathLabelOfUri(uri, pathId);
  try {
    const current = await ctx.request(PathDocumentRequest, { componentId, pathId });
    const remote = remoteDocuments().put(componentId, pathId, current.text, label);
    await vscode.commands.executeCommand(
      'vscode.diff',
      remote,
      uri,
      vscode.l10n.t('{0} (Service ↔ Your Edit)', label),
      { preview: true },
    );
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not read the service’s version of the path'), err);
    ctx.log.warn(`Review of path ${pathId}: ${describeError(err)}`);
  }
}

/** Review Changes on a path document: its editor's title button, or the palette on the active editor. */
export function registerReviewChanges(
  ctx: LineageContext,
  resolve: (uri: vscode.Uri) => { componentId: string; pathId: string },
): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.reviewPathChanges, (arg?: unknown) => {
      const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
      if (uri) return reviewPathChanges(ctx, uri, resolve);
    }),
  );
}
