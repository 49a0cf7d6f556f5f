// How far upstream a tag's source is, and how tags are marked, in the same words for the Components
// view, hovers, the Impact view and the graph: ● an applied tag, ◌ a tag a field depends on through
// lineage (nearest_hops: service boundaries crossed). Words go through @vscode/l10n: English where no
// bundle is loaded (the server, the webview), the extension's bundle in the client.
import * as l10n from '@vscode/l10n';

export const APPLIED_TAG_MARK = '●';
export const DERIVED_TAG_MARK = '◌';

/**
 * nearest_hops in words: "from another field of this service" (0: the tagged field is in the same
 * service, e.g. the request a response is built from), "from 1 service upstream", "from 3 services
 * upstream".
 */
export function hopsWords(hops: number | undefined): string {
  if (!Number.isInteger(hops) || hops! < 0) return l10n.t('upstream');
  if (hops === 0) return l10n.t('from another field of this service');
  return hops === 1 ? l10n.t('from 1 service upstream') : l10n.t('from {0} services upstream', hops!);
}

/** The short form for a row's description: "same service", "1 service up", "3 services up". */
export function hopsBadge(hops: number | undefined): string {
  if (!Number.isInteger(hops) || hops! < 0) return l10n.t('upstream');
  if (hops === 0) return l10n.t('same service');
  return hops === 1 ? l10n.t('1 service up') : l10n.t('{0} services up', hops!);
}

/** Crossings on the way to an impacted field: "1 hop", "3 hops". */
export function hopCount(hops: number): string {
  return hops === 1 ? l10n.t('1 hop') : l10n.t('{0} hops', hops);
}

interface FieldTags {
  readonly tags: readonly { readonly name: string }[];
  readonly dependsOn: readonly { readonly name: string; readonly hops?: number }[];
}

/**
 * A field's tags on one line (a graph row): "● pii  ◌ email ↑1", ↑n for a tag n services upstream and
 * no number for one from the same service (a bare "·0" read as nothing).
 */
export function tagLine(f: FieldTags): string {
  const applied = f.tags.map((t) => `${APPLIED_TAG_MARK} ${t.name}`);
  const derived = f.dependsOn.map((t) => `${DERIVED_TAG_MARK} ${t.name}${t.hops ? ` ↑${t.hops}` : ''}`);
  return [...applied, ...derived].join('  ');
}

/** The same tags in words, one a line (the graph row's tooltip): "◌ email, from 1 service upstream". */
export function tagWords(f: FieldTags): string {
  return [
    ...f.tags.map((t) => `${APPLIED_TAG_MARK} ${t.name}, ${l10n.t('applied here')}`),
    ...f.dependsOn.map((t) => `${DERIVED_TAG_MARK} ${t.name}, ${hopsWords(t.hops)}`),
  ].join('\n');
}
