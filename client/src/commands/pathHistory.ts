// Show Versions on a path: its history like a file's history in a git client. One row per edit (who,
// why, when, commit) and the scan it came from; a row offers Open Version (read-only), Compare with
// Previous and Compare with Current (VS Code's diff of the two path documents, titled by the path's
// friendly name and the versions' commits). The server assembles the history; this only shows it.
import * as vscode from 'vscode';
import { formatMoment } from '../../../common/src/moments';
import {
  PathHistoryRequest,
  pathDocumentUri,
  type PathHistory,
  type PathHistoryEntry,
} from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { pathVersionUri } from '../pathDocuments/versionDocuments';
import { describeError, safePickText, showRequestError } from '../serviceErrors';
import type { PathTarget } from '../views/componentNodes';

interface EntryItem extends vscode.QuickPickItem {
  entry: PathHistoryEntry;
  index: number;
}

type Action = 'open' | 'previous' | 'current' | 'copy';
interface ActionItem extends vscode.QuickPickItem {
  action: Action;
}

const shortSha = (sha: string) => sha.slice(0, 12);

/** "createOrder → insertOrder · 2025-11-03 09:00 UTC · a1b2c3d4e5f6": how a version names its tab. */
export function versionTitle(label: string, e: PathHistoryEntry): string {
  return `${label} · ${formatMoment(e.recordedAt)} · ${shortSha(e.commitSha)}`;
}

export function historyItems(history: PathHistory): EntryItem[] {
  return history.entries.map((entry, index) => {
    const who = entry.recordedBy ? safePickText(entry.recordedBy) : undefined;
    const label =
      entry.kind === 'scan'
        ? `$(search) ${vscode.l10n.t('Scanned')}`
        : who
          ? `$(edit) ${vscode.l10n.t('Edited by {0}', who)}`
          : `$(edit) ${vscode.l10n.t('Edited')}`;
    return {
      label: index === 0 ? `${label}  ${vscode.l10n.t('(current)')}` : label,
      description: safePickText(`${shortSha(entry.commitSha)} · ${formatMoment(entry.recordedAt)}`),
      detail: safePickText(
        [
          entry.reason ? vscode.l10n.t('“{0}”', entry.reason) : '',
          entry.branch,
          entry.jobTrigger,
          entry.readable ? '' : vscode.l10n.t('text not kept by the service'),
        ]
          .filter(Boolean)
          .join(' · '),
      ),
      entry,
      index,
    };
  });
}

export async function showPathHistory(ctx: LineageContext, target: PathTarget): Promise<void> {
  let history: PathHistory;
  try {
    // In the status bar: a notification would linger over the list once it opens.
    history = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading the path’s history…') },
      () => ctx.request(PathHistoryRequest, target),
    );
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not read the path’s history'), err);
    ctx.log.warn(`History of path ${target.pathId}: ${describeError(err)}`);
    return;
  }
  const more: vscode.QuickPickItem = { label: `$(warning) ${vscode.l10n.t('Older versions were not read')}` };
  const rows = historyItems(history);
  for (;;) {
    const picked = await vscode.window.showQuickPick<EntryItem | vscode.QuickPickItem>(
      history.complete ? rows : [...rows, more],
      {
        title: vscode.l10n.t(
          'History of {0} in {1}',
          safePickText(history.label),
          safePickText(history.componentName),
        ),
        placeHolder: vscode.l10n.t('Select a version to open or compare it'),
        matchOnDescription: true,
        matchOnDetail: true,
      },
    );
    if (!picked || !('entry' in picked)) return;
    const action = await pickAction(history, picked.index);
    if (!action) continue; // Escape on the actions goes back to the list
    await run(ctx, target, history, picked.index, action);
    return;
  }
}

async function pickAction(history: PathHistory, index: number): Promise<Action | undefined> {
  const entry = history.entries[index]!;
  const previous = history.entries[index + 1];
  const items: ActionItem[] = [];
  if (entry.readable) items.push({ label: `$(go-to-file) ${vscode.l10n.t('Open Version')}`, action: 'open' });
  if (entry.readable && previous?.readable)
    items.push({
      label: `$(diff) ${vscode.l10n.t('Compare with Previous')}`,
      description: safePickText(`${shortSha(previous.commitSha)} · ${formatMoment(previous.recordedAt)}`),
      action: 'previous',
    });
  if (entry.readable && index > 0)
    items.push({ label: `$(compare-changes) ${vscode.l10n.t('Compare with Current')}`, action: 'current' });
  items.push({ label: `$(copy) ${vscode.l10n.t('Copy Commit SHA')}`, action: 'copy' });
  const pick = await vscode.window.showQuickPick(items, {
    title: versionTitle(safePickText(history.label), entry),
  });
  return pick?.action;
}

async function run(
  ctx: LineageContext,
  target: PathTarget,
  history: PathHistory,
  index: number,
  action: Action,
): Promise<void> {
  const entry = history.entries[index]!;
  const label = safePickText(history.label);
  const uriOf = (e: PathHistoryEntry) =>
    pathVersionUri(target.componentId, target.pathId, e.versionPathId, versionTitle(label, e));
  try {
    switch (action) {
      case 'open':
        await vscode.window.showTextDocument(uriOf(entry), { preview: true });
        return;
      case 'previous': {
        const previous = history.entries[index + 1]!;
        await vscode.commands.executeCommand(
          'vscode.diff',
          uriOf(previous),
          uriOf(entry),
          vscode.l10n.t(
            '{0} ({1} ↔ {2})',
            label,
            formatMoment(previous.recordedAt),
            formatMoment(entry.recordedAt),
          ),
        );
        return;
      }
      case 'current':
        await vscode.commands.executeCommand(
          'vscode.diff',
          uriOf(entry),
          vscode.Uri.parse(
            pathDocumentUri(target.componentId, target.pathId, history.label, history.componentName),
            true,
          ),
          vscode.l10n.t('{0} ({1} ↔ Current)', label, formatMoment(entry.recordedAt)),
        );
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(entry.commitSha);
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Commit SHA copied'), 3000);
        return;
    }
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not open the version'), err);
    ctx.log.warn(`Version ${entry.versionPathId} of path ${target.pathId}: ${describeError(err)}`);
  }
}
