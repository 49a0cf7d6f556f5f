// "1 violation", "3 violations": counted nouns with the singular and the plural each a string of its
// own, so every language can word both (vscode.l10n has no plural rules).
import * as vscode from 'vscode';

export type CountedNoun =
  | 'violation'
  | 'component'
  | 'anchor'
  | 'path'
  | 'field'
  | 'downstreamField'
  | 'dataStore'
  | 'contract'
  | 'contractAtRisk'
  | 'breakingChange'
  | 'touchedPath';

export function count(n: number, noun: CountedNoun): string {
  switch (noun) {
    case 'violation':
      return n === 1 ? vscode.l10n.t('1 violation') : vscode.l10n.t('{0} violations', n);
    case 'component':
      return n === 1 ? vscode.l10n.t('1 component') : vscode.l10n.t('{0} components', n);
    case 'anchor':
      return n === 1 ? vscode.l10n.t('1 anchor') : vscode.l10n.t('{0} anchors', n);
    case 'path':
      return n === 1 ? vscode.l10n.t('1 path') : vscode.l10n.t('{0} paths', n);
    case 'field':
      return n === 1 ? vscode.l10n.t('1 field') : vscode.l10n.t('{0} fields', n);
    case 'downstreamField':
      return n === 1 ? vscode.l10n.t('1 downstream field') : vscode.l10n.t('{0} downstream fields', n);
    case 'dataStore':
      return n === 1 ? vscode.l10n.t('1 data store') : vscode.l10n.t('{0} data stores', n);
    case 'contract':
      return n === 1 ? vscode.l10n.t('1 contract') : vscode.l10n.t('{0} contracts', n);
    case 'contractAtRisk':
      return n === 1 ? vscode.l10n.t('1 contract at risk') : vscode.l10n.t('{0} contracts at risk', n);
    case 'breakingChange':
      return n === 1
        ? vscode.l10n.t('1 breaking contract change')
        : vscode.l10n.t('{0} breaking contract changes', n);
    case 'touchedPath':
      return n === 1 ? vscode.l10n.t('1 touched path') : vscode.l10n.t('{0} touched paths', n);
  }
}
