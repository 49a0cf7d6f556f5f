// "Update the anchor on the service" (quick fix on a drifted anchor's diagnostic, and on a path or
// anchor in the Components view) and "Update Drifted Anchors on the Service" (a component, or the whole
// workspace): show what changes (old → new lines; anchorRepairPrompts.ts), save the files first when
// the user asks to, write only what was confirmed, say what was written and what was refused and why.
// The server finds the drift and does the writing.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  AnchorRepairsRequest,
  COMMANDS,
  FetchScannedCommitsRequest,
  RepairAnchorsRequest,
  type AnchorRepair,
  type AnchorRepairResult,
  type AnchorScope,
} from '../../../common/src/protocol';
import { count } from '../counts';
import type { LineageContext } from '../lineageContext';
import { withNotificationProgress } from '../notificationProgress';
import { safeMessage, showRequestError } from '../serviceErrors';
import { AnchorNode, ComponentNode, PathNode } from '../views/componentNodes';
import { chooseMany, confirmOne, type ConfirmedRepairs } from './anchorRepairPrompts';

function scopeOf(arg: unknown): AnchorScope {
  if (arg instanceof AnchorNode)
    return { componentId: arg.path.componentId, pathId: arg.path.pathId, anchorId: arg.anchor.anchorId };
  if (arg instanceof PathNode) return { componentId: arg.componentId, pathId: arg.pathId };
  if (arg instanceof ComponentNode) return { componentId: arg.id };
  const a = (arg ?? {}) as Record<string, unknown>;
  const pick = (k: string) => (typeof a[k] === 'string' && a[k] ? a[k] : undefined);
  const scope: AnchorScope = {
    componentId: pick('componentId'),
    pathId: pick('pathId'),
    anchorId: pick('anchorId'),
  };
  // An ambiguous anchor's quick fix names the definition picked; the server checks it is a candidate.
  if (a.candidate && typeof a.candidate === 'object')
    scope.candidate = a.candidate as AnchorScope['candidate'];
  return scope;
}

export function registerAnchorRepairCommands(ctx: LineageContext): void {
  ctx.push(
    vscode.commands.registerCommand(COMMANDS.repairAnchor, (arg?: unknown) => repair(ctx, scopeOf(arg))),
    vscode.commands.registerCommand(Commands.repairDriftedAnchors, (arg?: unknown) =>
      repair(ctx, arg instanceof ComponentNode ? { componentId: arg.id } : {}),
    ),
    vscode.commands.registerCommand(COMMANDS.fetchScannedCommits, () => fetchScannedCommits(ctx)),
  );
}

/**
 * Unverified anchors were placed by their names because this clone lacks their scanned commits: fetch
 * them (the server runs git) and place the anchors again. Returns the outcome (for tests).
 */
async function fetchScannedCommits(ctx: LineageContext): Promise<unknown> {
  try {
    const r = await withNotificationProgress({ title: vscode.l10n.t('Fetching the scanned commits…') }, () =>
      ctx.request(FetchScannedCommitsRequest),
    );
    if (r.fetched > 0)
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Fetched {0} scanned commits: the anchors were placed again from the code they were scanned on.',
          r.fetched,
        ),
      );
    else if (r.missing === 0)
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Every scanned commit is already in this clone.'),
      );
    if (r.missing > 0)
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          '{0} scanned commits could not be fetched: {1}',
          r.missing,
          safeMessage(r.failures.join('; ')),
        ),
      );
    return r;
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not fetch the scanned commits'), err);
    return undefined;
  }
}

/** The drifted anchors of a scope, or undefined when the server could not say (shown). */
async function listRepairs(ctx: LineageContext, scope: AnchorScope): Promise<AnchorRepair[] | undefined> {
  try {
    return (await ctx.request(AnchorRepairsRequest, scope)).repairs;
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not check the anchors'), err);
    return undefined;
  }
}

/** Saves the documents; on a failure says which one and that nothing was written. */
async function saveDocuments(docs: readonly vscode.TextDocument[]): Promise<boolean> {
  for (const d of docs) {
    if (!d.isDirty || (await d.save())) continue;
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Could not save {0}: no anchor was updated.', vscode.workspace.asRelativePath(d.uri)),
    );
    return false;
  }
  return true;
}

/** Lists the drifted anchors of a scope, confirms, writes; returns what happened (for tests). */
async function repair(ctx: LineageContext, scope: AnchorScope): Promise<unknown> {
  const listed = await listRepairs(ctx, scope);
  if (!listed) return undefined;
  if (listed.length === 0) {
    void vscode.window.showInformationMessage(
      scope.anchorId
        ? vscode.l10n.t('This anchor is where the service records it: nothing to update.')
        : vscode.l10n.t('No drifted anchors: every anchor here is where the service records it.'),
    );
    return { results: [] };
  }
  const confirmed: ConfirmedRepairs | undefined =
    listed.length === 1 ? await confirmOne(listed[0]!) : await chooseMany(listed);
  if (!confirmed) return undefined;
  const repairs = confirmed.repairs;
  if (confirmed.save.length) {
    // The lines the user confirmed are those of the text being saved, so the write goes ahead (the
    // server takes each place from its index again and refuses one that moved since it was shown). A
    // save participant (a formatter) that changed the text may have moved the code: write nothing.
    const texts = confirmed.save.map((d) => d.getText());
    if (!(await saveDocuments(confirmed.save))) return undefined;
    const changed = confirmed.save.filter((d, i) => d.getText() !== texts[i]);
    if (changed.length) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Saving changed {0} (a formatter or another extension edited it), so the new lines may no longer be right: no anchor was updated. Run the update again to see where the anchors are now.',
          vscode.workspace.asRelativePath(changed[0]!.uri),
        ),
      );
      return { results: [] };
    }
  }
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
  report(ctx, repairs, results);
  return { results };
}

/** Says what was written and, for a path the service refused, why (every refusal is in the log). */
function report(ctx: LineageContext, repairs: readonly AnchorRepair[], results: AnchorRepairResult[]): void {
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
    return;
  }
  // Nothing is lost: the anchors stay drifted (and marked) until updated or re-scanned.
  const first = refused[0]!;
  const of = repairs.find((r) => r.componentId === first.componentId && r.pathId === first.pathId);
  const named = vscode.l10n.t(
    '{0} of {1}',
    safeMessage(of?.pathLabel || first.pathId, 160),
    safeMessage(of?.componentName || first.componentId, 80),
  );
  const why = safeMessage(first.message, 400);
  const message =
    results.length === 1
      ? repairs.length === 1
        ? vscode.l10n.t('The anchor "{0}" was not updated: {1}', safeMessage(repairs[0]!.label, 80), why)
        : vscode.l10n.t('The anchors of {0} were not updated: {1}', named, why)
      : vscode.l10n.t(
          'Updated {0} on the service; {1} not updated. {2}: {3}',
          count(anchors, 'anchor'),
          count(refused.length, 'path'),
          named,
          why,
        );
  const output = vscode.l10n.t('Show Output');
  void vscode.window.showWarningMessage(message, output).then((choice) => {
    if (choice === output) void vscode.commands.executeCommand(Commands.showOutput);
  });
}
