// Show Versions in words instead of the service's event kinds. A path update records BYO_PATH_DELETED
// for the old path and BYO_PATH_ADDED for the new one (service description, operation 1): one edit,
// so one row, "Path edited by …", when the ADDED event names the path it replaced; an event whose pair
// is not known reads "Path edited: new version" or "…: previous version retired".
import * as vscode from 'vscode';
import type { VersionEntry } from '../../../common/src/api';
import { formatMoment } from '../../../common/src/moments';
import { safePickText } from '../serviceErrors';

export interface VersionItem extends vscode.QuickPickItem {
  sha: string;
}

/** The event in words (l10n); a path update is two events, the new version and the retired one. */
export function versionWords(kind: VersionEntry['kind']): string {
  switch (kind) {
    case 'SCAN':
      return `$(search) ${vscode.l10n.t('Scanned')}`;
    case 'BYO_PATH_ADDED':
      return `$(edit) ${vscode.l10n.t('Path edited: new version')}`;
    case 'BYO_PATH_DELETED':
      return `$(history) ${vscode.l10n.t('Path edited: previous version retired')}`;
    default:
      return safePickText(String(kind));
  }
}

export function versionItems(versions: readonly VersionEntry[]): VersionItem[] {
  // The retired half of an edit whose new half is listed (same update: same moment, named replaced).
  const pairedRetired = new Set(
    versions
      .filter((v) => v.kind === 'BYO_PATH_ADDED' && v.replaces_path_id)
      .map((v) => `${v.replaces_path_id}\u0000${v.recorded_at}`),
  );
  const shown = versions.filter(
    (v) => !(v.kind === 'BYO_PATH_DELETED' && pairedRetired.has(`${v.path_id}\u0000${v.recorded_at}`)),
  );
  return shown.map((v) => {
    const scanned = v.kind === 'SCAN' ? v.path_ids?.length : undefined;
    const edit = v.kind === 'BYO_PATH_ADDED' && v.replaces_path_id !== undefined;
    return {
      label: edit
        ? v.recorded_by
          ? `$(edit) ${vscode.l10n.t('Path edited by {0}', safePickText(v.recorded_by))}`
          : `$(edit) ${vscode.l10n.t('Path edited')}`
        : versionWords(v.kind),
      description: safePickText(`${v.commit_sha.slice(0, 12)} · ${formatMoment(v.recorded_at)}`),
      detail: safePickText(
        [
          v.reason ? vscode.l10n.t('“{0}”', v.reason) : '',
          scanned !== undefined
            ? scanned === 1
              ? vscode.l10n.t('1 path')
              : vscode.l10n.t('{0} paths', scanned)
            : '',
          v.branch,
          v.job_trigger,
        ]
          .filter(Boolean)
          .join(' · '),
      ),
      sha: v.commit_sha,
    };
  });
}
