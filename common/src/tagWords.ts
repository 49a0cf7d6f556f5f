// How far upstream a tag's source is, and how tags are marked, in the same words for the Components
// view, hovers, the Impact view and the graph: ● an applied tag, ◌ a tag a field depends on through
// lineage (nearest_hops: service boundaries crossed). Words go through @vscode/l10n: English where no
// bundle is loaded (the server, the webview), the extension's bundle in the client.
import * as l10n from '@vscode/l10n';

export const APPLIED_TAG_MARK = '●';
export const DERIVED_TAG_MARK = '◌';

/** nearest_hops in words: "from this service", "from 1 service upstream", "from 3 services upstream". */
export function hopsWords(hops: number | undefined): string {
  if (!Number.isInteger(hops) || hops! < 0) return l10n.t('upstream');
  if (hops === 0) return l10n.t('from this service');
  return hops === 1 ? l10n.t('from 1 service upstream') : l10n.t('from {0} services upstream', hops!);
}

/** The short form for a row's description: "this service", "1 service up", "3 services up". */
export function hopsBadge(hops: number | undefined): string {
  if (!Number.isInteger(hops) || hops! < 0) return l10n.t('upstream');
  if (hops === 0) return l10n.t('this service');
  return hops === 1 ? l10n.t('1 service up') : l10n.t('{0} services up', hops!);
}

/** Crossings on the way to an impacted field: "1 hop", "3 hops". */
export function hopCount(hops: number): string {
  return hops === 1 ? l10n.t('1 hop') : l10n.t('{0} hops', hops);
}

/** A field's tags on one line (a graph row): "● pii  ◌ email ·1". */
export function tagLine(f: {
  readonly tags: readonly { readonly name: string }[];
  readonly dependsOn: readonly { readonly name: string; readonly hops?: number }[];
}): string {
  const applied = f.tags.map((t) => `${APPLIED_TAG_MARK} ${t.name}`);
  const derived = f.dependsOn.map(
    (t) => `${DERIVED_TAG_MARK} ${t.name}${t.hops !== undefined ? ` ·${t.hops}` : ''}`,
  );
  return [...applied, ...derived].join('  ');
}
