// Commands of the Components view and of the server's hovers and lenses: Edit Path, Reveal Path, Go
// to Anchor, Show Versions, Copy ID and the projection toggle.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import {
  ComponentDetailRequest,
  PATH_DOCUMENT_LANGUAGE,
  PATH_DOCUMENT_SCHEME,
  PathDetailRequest,
  parsePathDocumentUri,
  pathDocumentUri,
  type ResolvedAnchor,
} from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { describeError, safeMessage, safePickText, showRequestError } from '../serviceErrors';
import { AnchorNode, ComponentNode, PathNode, type PathTarget } from '../views/componentNodes';
import type { ComponentsView } from '../views/componentsView';
import { pickVersion, versionsPage } from './versionPages';
import { versionItems } from './versionItems';
import { showPathHistory } from './pathHistory';
import { componentLabel, summaryLabel } from '../../../common/src/componentLabel';

function asPathTarget(arg: unknown): PathTarget | undefined {
  if (arg instanceof PathNode) return { componentId: arg.componentId, pathId: arg.pathId };
  if (arg instanceof AnchorNode) return { componentId: arg.path.componentId, pathId: arg.path.pathId };
  const a = arg as Partial<PathTarget> | undefined;
  if (a && typeof a.componentId === 'string' && typeof a.pathId === 'string')
    return { componentId: a.componentId, pathId: a.pathId };
  return undefined;
}

/** The path of a path document (editor title menu: its URI; palette: the active editor's). */
function pathOfDocument(arg: unknown): PathTarget | undefined {
  const uri =
    arg instanceof vscode.Uri
      ? arg
      : arg === undefined
        ? vscode.window.activeTextEditor?.document.uri
        : undefined;
  if (uri?.scheme !== PATH_DOCUMENT_SCHEME) return undefined;
  return (
    parsePathDocumentUri(uri.toString(true)) ?? parsePathDocumentUri(`${PATH_DOCUMENT_SCHEME}:${uri.path}`)
  );
}

function componentIdOf(arg: unknown): string | undefined {
  if (arg instanceof ComponentNode) return arg.id;
  if (arg instanceof PathNode) return arg.componentId;
  const a = arg as { componentId?: unknown } | undefined;
  return typeof a?.componentId === 'string' ? a.componentId : undefined;
}

export function registerComponentCommands(ctx: LineageContext, components: ComponentsView): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.editPath, async (arg?: unknown) => {
      const target = asPathTarget(arg);
      if (!target)
        return void vscode.window.showInformationMessage(
          vscode.l10n.t('Choose a path in the Components view to edit it.'),
        );
      const names = await labelOf(ctx, arg, target);
      return openPathDocument(target, names.label, names.componentName);
    }),
    vscode.commands.registerCommand(Commands.revealPath, async (arg?: unknown) => {
      const target = asPathTarget(arg);
      if (!target) return;
      const node = await components.findPath(target);
      if (node) await components.view.reveal(node, { select: true, focus: true, expand: true });
      else
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Path {0} is not in the Components view.', target.pathId),
        );
    }),
    vscode.commands.registerCommand(Commands.goToAnchor, (arg?: unknown) => goToAnchor(ctx, arg)),
    vscode.commands.registerCommand(Commands.showVersions, (arg?: unknown) => {
      // On a path (its row, an anchor, its document): that path's history; on a component: all of it.
      const path = asPathTarget(arg) ?? pathOfDocument(arg);
      return path ? showPathHistory(ctx, path) : showVersions(ctx, componentIdOf(arg), arg);
    }),
    vscode.commands.registerCommand(Commands.showAllPaths, () => components.setProjection('all')),
    vscode.commands.registerCommand(Commands.showCollapsedPaths, () => components.setProjection('collapsed')),
  );
}

/** The names of a path's document (tab and breadcrumb): from its tree node when there is one, else from the server's copy. */
async function labelOf(
  ctx: LineageContext,
  arg: unknown,
  target: PathTarget,
): Promise<{ label?: string; componentName?: string }> {
  const node = arg instanceof PathNode ? arg : arg instanceof AnchorNode ? arg.path : undefined;
  if (node) return { label: pathDocumentLabel(node.view.path), componentName: node.componentName };
  try {
    const view = await ctx.request(PathDetailRequest, target);
    return { label: pathDocumentLabel(view.path), componentName: view.componentName };
  } catch (err) {
    ctx.log.warn(`Label of path ${target.pathId}: ${describeError(err)}`);
    return {}; // the document still opens, named by its ids
  }
}

/** Opens a path document; one already open for the path (under an older or unlabelled URI) is reused. */
export async function openPathDocument(
  target: PathTarget,
  label?: string,
  componentName?: string,
): Promise<vscode.TextEditor> {
  const open = vscode.workspace.textDocuments.find((d) => {
    if (d.uri.scheme !== PATH_DOCUMENT_SCHEME) return false;
    const ref = parsePathDocumentUri(d.uri.toString());
    return ref?.componentId === target.componentId && ref.pathId === target.pathId;
  });
  const uri =
    open?.uri ?? vscode.Uri.parse(pathDocumentUri(target.componentId, target.pathId, label, componentName));
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== PATH_DOCUMENT_LANGUAGE)
    doc = await vscode.languages.setTextDocumentLanguage(doc, PATH_DOCUMENT_LANGUAGE);
  return vscode.window.showTextDocument(doc, { preview: false });
}

async function goToAnchor(ctx: LineageContext, arg: unknown): Promise<void> {
  let anchors: ResolvedAnchor[];
  if (arg instanceof AnchorNode) anchors = [arg.anchor];
  else if (arg instanceof PathNode) anchors = arg.anchors;
  else {
    const target = asPathTarget(arg);
    if (!target)
      return void vscode.window.showInformationMessage(
        vscode.l10n.t('Choose a path or an anchor in the Components view.'),
      );
    try {
      anchors = (await ctx.request(PathDetailRequest, target)).anchors;
    } catch (err) {
      return showRequestError(vscode.l10n.t('Could not load the path'), err);
    }
    const wanted = (arg as { anchorId?: unknown }).anchorId;
    if (typeof wanted === 'string') anchors = anchors.filter((a) => a.anchorId === wanted);
  }
  if (anchors.length === 0)
    return void vscode.window.showInformationMessage(vscode.l10n.t('This path has no code anchors.'));
  let anchor = anchors[0]!;
  if (anchors.length > 1) {
    const pick = await vscode.window.showQuickPick(
      anchors.map((a) => ({
        label: safePickText(a.name || a.anchorId, 100),
        description: a.location ? vscode.workspace.asRelativePath(vscode.Uri.parse(a.location.uri)) : a.state,
        anchor: a,
      })),
      { title: vscode.l10n.t('Go to Anchor') },
    );
    if (!pick) return;
    anchor = pick.anchor;
  }
  await openAnchor(anchor);
}

async function openAnchor(a: ResolvedAnchor): Promise<void> {
  if (a.location) {
    const { start, end } = a.location.range;
    const range = new vscode.Range(start.line, start.character, end.line, end.character);
    await vscode.window.showTextDocument(vscode.Uri.parse(a.location.uri), {
      selection: range,
      preview: false,
    });
    return;
  }
  const problem = safeMessage(
    a.problem ?? vscode.l10n.t('The anchor could not be found in this workspace ({0}).', a.state),
  );
  const url = a.url && /^https?:\/\//i.test(a.url) ? a.url : undefined;
  const open = vscode.l10n.t('Open URL');
  const choice = await vscode.window.showWarningMessage(problem, ...(url ? [open] : []));
  if (choice === open && url) {
    const sure = await vscode.window.showWarningMessage(
      vscode.l10n.t('Open {0} in the browser?', safeMessage(url, 200)),
      { modal: true },
      open,
    );
    if (sure === open) await vscode.env.openExternal(vscode.Uri.parse(url, true));
  }
}

/** A component's display name: from its tree node, else from the server's copy, else its id. */
async function componentName(ctx: LineageContext, componentId: string, arg: unknown): Promise<string> {
  if (arg instanceof ComponentNode) return safePickText(summaryLabel(arg.summary));
  try {
    const { component } = await ctx.request(ComponentDetailRequest, { componentId });
    return safePickText(componentLabel(component));
  } catch {
    return componentId;
  }
}

async function showVersions(
  ctx: LineageContext,
  componentId: string | undefined,
  arg?: unknown,
): Promise<void> {
  if (!componentId)
    return void vscode.window.showInformationMessage(
      vscode.l10n.t('Choose a component in the Components view.'),
    );
  // In the status bar, as a path's history: a notification would linger over the list once it opens.
  const first = vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading versions…') },
    () => versionsPage(ctx, componentId, 0),
  );
  const toItems = versionItems;
  try {
    const page = await first;
    if (page.versions.length === 0)
      return void vscode.window.showInformationMessage(
        vscode.l10n.t('No versions recorded for this component.'),
      );
    const pick = await pickVersion(ctx, componentId, toItems, {
      first: page,
      title: vscode.l10n.t('Versions of {0}', await componentName(ctx, componentId, arg)),
      placeHolder: vscode.l10n.t('Select a version to copy its commit SHA'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (pick) {
      await vscode.env.clipboard.writeText(pick.sha);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Commit SHA copied'), 3000);
    }
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not load versions'), err);
    ctx.log.warn(`Versions of ${componentId}: ${describeError(err)}`);
  }
}
