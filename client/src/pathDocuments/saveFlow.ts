// Saving a path document: optional reason (and optionally a commit other than the default), the
// update with progress, and the outcomes. Any failure throws a FileSystemError, so VS Code keeps the
// document dirty and nothing typed is lost.
import * as vscode from 'vscode';
import type { VersionEntry } from '../../../common/src/api';
import { SavePathRequest, type PathDocument, type SavePathParams } from '../../../common/src/protocol';
import { promptForSaveReason } from '../config';
import type { LineageContext } from '../lineageContext';
import { describeError, isCancelled, safeMessage, safePickText } from '../serviceErrors';
import { remoteDocuments } from './remoteDocuments';
import { pathLabelOfUri, reviewPathChanges } from './reviewChanges';
import { withNotificationProgress } from '../notificationProgress';
import { pickVersion } from '../commands/versionPages';
import { versionWords } from '../commands/versionItems';
import { formatMoment } from '../../../common/src/moments';

export interface SaveOptions {
  reason?: string;
  effectiveSinceCommitSha?: string;
}

type SaveInput = Pick<SavePathParams, 'componentId' | 'pathId' | 'text' | 'baseRevision'>;

function failed(message: string): vscode.FileSystemError {
  return vscode.FileSystemError.Unavailable(message);
}

export async function savePathDocument(
  ctx: LineageContext,
  uri: vscode.Uri,
  input: SaveInput,
): Promise<{ pathId: string; document: PathDocument }> {
  const review = () => reviewPathChanges(ctx, uri, () => input);
  const options = promptForSaveReason() ? await askSaveOptions(ctx, input.componentId, review) : {};
  if (!options) throw failed(vscode.l10n.t('Save cancelled; your changes are kept in the editor.'));
  let overwrite = false;
  for (;;) {
    const result = await sendSave(ctx, { ...input, ...options, overwrite });
    if (result.kind === 'saved') {
      ctx.log.info(`Saved path ${input.pathId} of ${input.componentId}; new path id ${result.pathId}`);
      ctx.notePathSaved({
        componentId: input.componentId,
        fromPathId: input.pathId,
        toPathId: result.pathId,
      });
      void vscode.window.setStatusBarMessage(
        vscode.l10n.t('$(check) Lineage Lens: path saved to the service'),
        5000,
      );
      return { pathId: result.pathId, document: result.document };
    }
    if (result.kind === 'invalid') {
      const message = safeMessage(result.message);
      ctx.log.warn(`Save of path ${input.pathId} refused: ${message}`);
      throw failed(vscode.l10n.t('The path was not saved: {0}', message));
    }
    // Conflict: the path changed on the service since the editor read it.
    const compare = vscode.l10n.t('Compare');
    const overwriteLabel = vscode.l10n.t('Overwrite');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('This path changed on the service since you opened it.'),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Compare your version with the service, overwrite the service version, or cancel.',
        ),
      },
      compare,
      overwriteLabel,
    );
    if (choice === overwriteLabel) {
      overwrite = true;
      continue;
    }
    if (choice === compare) {
      const label = pathLabelOfUri(uri, input.pathId);
      const remote = remoteDocuments().put(input.componentId, input.pathId, result.current.text, label);
      await vscode.commands.executeCommand(
        'vscode.diff',
        remote,
        uri,
        vscode.l10n.t('{0} (Service ↔ Your Edit)', label),
      );
    }
    throw failed(
      vscode.l10n.t('Not saved: the path changed on the service. Your changes are kept in the editor.'),
    );
  }
}

async function sendSave(ctx: LineageContext, params: SavePathParams) {
  return withNotificationProgress(
    { title: vscode.l10n.t('Saving path to the service…'), cancellable: true },
    async (_progress, token) => {
      try {
        return await ctx.request(SavePathRequest, params, token);
      } catch (err) {
        ctx.log.error(`Saving path ${params.pathId} of ${params.componentId}`, err);
        if (isCancelled(err) || token.isCancellationRequested)
          throw failed(vscode.l10n.t('Save cancelled; your changes are kept in the editor.'));
        throw failed(vscode.l10n.t('The path was not saved: {0}', describeError(err)));
      }
    },
  );
}

type SaveStep = 'accept' | 'pickCommit' | 'review' | 'cancel';

/**
 * The save prompt: the reason is typed into a quick pick whose rows say what Enter does — Save
 * (effective from the latest scanned commit, or the one chosen), Choose Commit… and Review Changes
 * (the diff against the service's version; the prompt comes back with the reason kept) — so each
 * choice is a labelled row, not an icon. Undefined when the user cancels.
 */
async function askSaveOptions(
  ctx: LineageContext,
  componentId: string,
  review: () => Promise<void>,
): Promise<SaveOptions | undefined> {
  let reason = '';
  let commit: string | undefined;
  for (;;) {
    const step = await new Promise<SaveStep>((resolve) => {
      const box = vscode.window.createQuickPick();
      const save: vscode.QuickPickItem = {
        label: `$(cloud-upload) ${vscode.l10n.t('Save')}`,
        description: commit
          ? vscode.l10n.t('effective from commit {0}', commit.slice(0, 12))
          : vscode.l10n.t('effective from the latest scanned commit'),
        alwaysShow: true,
      };
      const choose: vscode.QuickPickItem = {
        label: `$(git-commit) ${vscode.l10n.t('Choose Commit…')}`,
        description: vscode.l10n.t('the commit the change is effective from'),
        alwaysShow: true,
      };
      const reviewRow: vscode.QuickPickItem = {
        label: `$(diff) ${vscode.l10n.t('Review Changes…')}`,
        description: vscode.l10n.t('your edit beside the service’s version'),
        alwaysShow: true,
      };
      box.title = vscode.l10n.t('Save Path to the Service');
      box.placeholder = vscode.l10n.t('Reason for the change (optional): type it, then Enter to save');
      box.items = [save, choose, reviewRow];
      // The typed text is the reason, not a filter: both rows always show, and Save stays the row Enter
      // accepts (a reason that happens to match "Choose Commit" must not move the choice there).
      box.matchOnDescription = false;
      box.value = reason;
      box.ignoreFocusOut = true;
      let settled = false;
      const done = (v: SaveStep): void => {
        if (settled) return;
        settled = true;
        reason = box.value;
        resolve(v);
        box.dispose();
      };
      box.onDidChangeValue(() => {
        if (box.activeItems[0] !== save) box.activeItems = [save];
      });
      box.onDidAccept(() =>
        done(
          box.activeItems[0] === choose
            ? 'pickCommit'
            : box.activeItems[0] === reviewRow
              ? 'review'
              : 'accept',
        ),
      );
      box.onDidHide(() => done('cancel'));
      box.show();
    });
    if (step === 'cancel') return undefined;
    if (step === 'accept') {
      return { reason: reason.trim() || undefined, effectiveSinceCommitSha: commit };
    }
    if (step === 'review') await review();
    else commit = await pickCommit(ctx, componentId, commit);
  }
}

async function pickCommit(
  ctx: LineageContext,
  componentId: string,
  current: string | undefined,
): Promise<string | undefined> {
  interface Item extends vscode.QuickPickItem {
    sha?: string;
  }
  const defaultItem: Item = { label: vscode.l10n.t('$(git-commit) Latest scanned commit (default)') };
  // One item per commit, across the pages read so far (a commit appears in several versions).
  const seen = new Set<string>();
  const toItems = (versions: VersionEntry[]): Item[] =>
    versions
      .filter((v) => !seen.has(v.commit_sha) && seen.add(v.commit_sha))
      .map((v) => ({
        label: safePickText(v.commit_sha.slice(0, 12)),
        description: safePickText([v.branch, formatMoment(v.committed_at)].filter(Boolean).join(' · ')),
        // The event in words, as Show Versions says it (its icon included).
        detail: `${versionWords(v.kind)}${v.reason ? ` — ${safePickText(v.reason)}` : ''}`,
        sha: v.commit_sha,
      }));
  const pick = await pickVersion(ctx, componentId, toItems, {
    head: [defaultItem],
    title: vscode.l10n.t('Effective Since Commit'),
    placeHolder: current ? vscode.l10n.t('Currently {0}', current.slice(0, 12)) : undefined,
  });
  if (!pick) return current;
  return pick.sha;
}
