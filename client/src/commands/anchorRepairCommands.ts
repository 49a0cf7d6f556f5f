// "Update the anchor on the service" (quick fix on a drifted anchor's diagnostic, and on a path or
// anchor in the Components view) and "Update Drifted Anchors on the Service" (a component, or the whole
// workspace): show what changes (old → new lines), write only after the user confirms, say per path
// what was written and what was refused and why. The server finds the drift and does the writing.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  AnchorRepairsRequest,
  COMMANDS,
  RepairAnchorsRequest,
  type AnchorRepair,
  type AnchorScope,
} from '../../../common/src/protocol';
import { describeAnchorLines } from '../../../common/src/anchorLines';
import type { LineageContext } from '../lineageContext';
import { withNotificationProgress } from '../notificationProgress';
import { safeMessage, showRequestError } from '../serviceErrors';
import { AnchorNode, ComponentNode, PathNode } from '../views/componentNodes';

/** Drifted anchors listed one per line in the confirmation; the rest are counted. */
const LISTED = 12;

function scopeOf(arg: unknown): AnchorScope {
  if (arg instanceof AnchorNode)
    return { componentId: arg.path.componentId, pathId: arg.path.pathId, anchorId: arg.anchor.anchorId };
  if (arg instanceof PathNode) return { componentId: arg.componentId, pathId: arg.pathId };
  if (arg instanceof ComponentNode) return { componentId: arg.id };
  const a = (arg ?? {}) as Record<string, unknown>;
  const pick = (k: string) => (typeof a[k] === 'string' && a[k] ? a[k] : undefined);
  return { componentId: pick('componentId'), pathId: pick('pathId'), anchorId: pick('anchorId') };
}

export function registerAnchorRepairCommands(ctx: LineageContext): void {
  ctx.push(
    vscode.commands.registerCommand(COMMANDS.repairAnchor, (arg?: unknown) => repair(ctx, scopeOf(arg))),
    vscode.commands.registerCommand(Commands.repairDriftedAnchors, (arg?: unknown) =>
      repair(ctx, arg instanceof ComponentNode ? { componentId: arg.id } : {}),
    ),
  );
}

function describe(r: AnchorRepair): string {
  return vscode.l10n.t(
    '"{0}" in {1}: lines {2} → {3}',
    safeMessage(r.label, 80),
    safeMessage(r.file || vscode.workspace.asRelativePath(vscode.Uri.parse(r.uri)), 120),
    describeAnchorLines(r.recorded),
    describeAnchorLines(r.current),
  );
}

/** Lists the drifted anchors of a scope, confirms, writes; returns what happened (for tests). */
async function repair(ctx: LineageContext, scope: AnchorScope): Promise<unknown> {
  let repairs: AnchorRepair[];
  try {
    repairs = (await ctx.request(AnchorRepairsRequest, scope)).repairs;
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not check the anchors'), err);
    return undefined;
  }
  if (repairs.length === 0) {
    void vscode.window.showInformationMessage(
      scope.anchorId
        ? vscode.l10n.t('This anchor is where the service records it: nothing to update.')
        : vscode.l10n.t('No drifted anchors: every anchor here is where the service records it.'),
    );
    return { results: [] };
  }
  if (!(await confirm(repairs))) return undefined;
  let results;
  try {
    ({ results } = await withNotificationProgress(
      { title: vscode.l10n.t('Updating anchors on the service…') },
      () => ctx.request(RepairAnchorsRequest, { repairs }),
    ));
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not update the anchors'), err);
    return undefined;
  }
  const saved = results.filter((r) => r.kind === 'saved');
  const refused = results.flatMap((r) => (r.kind === 'refused' ? [r] : []));
  for (const r of saved) ctx.log.info(`Updated path ${r.pathId} of ${r.componentId}: ${r.reason}`);
  for (const r of refused) ctx.log.warn(`Path ${r.pathId} of ${r.componentId} not updated: ${r.message}`);
  const anchors = saved.reduce((n, r) => n + r.anchorIds.length, 0);
  if (refused.length === 0) {
    void vscode.window.showInformationMessage(
      anchors === 1
        ? vscode.l10n.t('Updated the anchor on the service.')
        : vscode.l10n.t('Updated {0} anchors on the service.', anchors),
    );
  } else {
    // Nothing is lost: the anchors stay drifted (and marked) until updated or re-scanned.
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        '{0} of {1} paths not updated: {2}',
        refused.length,
        results.length,
        safeMessage(refused[0]!.message, 400),
      ),
    );
  }
  return { results };
}

async function confirm(repairs: AnchorRepair[]): Promise<boolean> {
  const first = repairs[0]!;
  const paths = new Set(repairs.map((r) => `${r.componentId}\0${r.pathId}`)).size;
  const update =
    repairs.length === 1 ? vscode.l10n.t('Update') : vscode.l10n.t('Update {0} Anchors', repairs.length);
  const message =
    repairs.length === 1
      ? vscode.l10n.t('Update the anchor "{0}" on the service?', safeMessage(first.label, 80))
      : vscode.l10n.t('Update {0} drifted anchors on the service?', repairs.length);
  const listed = repairs.slice(0, LISTED).map(describe);
  if (repairs.length > LISTED) listed.push(vscode.l10n.t('and {0} more', repairs.length - LISTED));
  const how =
    repairs.length === 1
      ? vscode.l10n.t(
          'Path {0} of component {1} is written with the reason "{2}".',
          safeMessage(first.pathId, 80),
          safeMessage(first.componentId, 80),
          first.reason,
        )
      : vscode.l10n.t('{0} paths are written, each with the reasons of its anchors.', paths);
  const sure = await vscode.window.showWarningMessage(
    message,
    { modal: true, detail: [...listed, '', how].join('\n') },
    update,
  );
  return sure === update;
}
