// Tags in the Components view in the words the hover uses: ● an applied tag, ◌ a tag a field depends
// on through lineage, with how far upstream its source is (nearest_hops: service boundaries crossed).
import * as vscode from 'vscode';

export function hopsWords(hops: number): string {
  if (!Number.isInteger(hops) || hops < 0) return vscode.l10n.t('upstream');
  if (hops === 0) return vscode.l10n.t('from this service');
  return hops === 1
    ? vscode.l10n.t('from 1 service upstream')
    : vscode.l10n.t('from {0} services upstream', hops);
}

/** The short form for a row's description: "this service", "1 service up", "3 services up". */
export function hopsBadge(hops: number): string {
  if (!Number.isInteger(hops) || hops < 0) return vscode.l10n.t('upstream');
  if (hops === 0) return vscode.l10n.t('this service');
  return hops === 1 ? vscode.l10n.t('1 service up') : vscode.l10n.t('{0} services up', hops);
}
