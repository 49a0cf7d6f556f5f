// "1 violation", "3 violations": counted nouns with the singular and the plural each a string of its
// own, so every language can word both (vscode.l10n has no plural rules).
import * as vscode from 'vscode';

export type CountedNoun = 'violation' | 'component' | 'anchor' | 'path';

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
  }
}
