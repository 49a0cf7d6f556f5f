// The DARNs the workspace already knows, for Look Up Data Assets: those of the workspace's contract
// files, and those of the lineage's data stores (listed in their metadata, else read off a store named
// `<source>.<path>` with a store kind, as graph/matching.ts matches contracts to stores).
import type { ComponentDetail } from '../../../common/src/api';
import type { KnownDarn } from '../../../common/src/protocol';
import type { ContractEntry } from './contractCatalog';
import { parseDarn } from './matching';
import { componentLabel } from '../../../common/src/componentLabel';

/** At most this many are offered (a pick list, not a catalogue). */
const MAX_KNOWN = 500;

function storeDarns(store: ComponentDetail): string[] {
  const meta = store.metadata as Record<string, unknown> | undefined;
  const listed = meta?.dataAssetResourceNames;
  const named = [
    ...(Array.isArray(listed) ? (listed as unknown[]) : []),
    ...(typeof meta?.darn === 'string' ? [meta.darn] : []),
  ].filter((d): d is string => typeof d === 'string' && parseDarn(d) !== undefined);
  if (named.length) return named;
  const dot = store.name.indexOf('.');
  if (!store.store_kind || dot <= 0 || dot === store.name.length - 1) return [];
  return [`${store.store_kind}://${store.name.slice(0, dot)}:${store.name.slice(dot + 1)}`];
}

export function knownDarns(
  contracts: readonly ContractEntry[],
  components: readonly ComponentDetail[],
): KnownDarn[] {
  const out = new Map<string, KnownDarn>();
  const add = (darn: string, source: KnownDarn['sources'][number]) => {
    const known = out.get(darn) ?? { darn, sources: [] };
    if (!known.sources.some((s) => s.kind === source.kind && s.name === source.name))
      known.sources.push(source);
    out.set(darn, known);
  };
  for (const c of contracts)
    if (parseDarn(c.darn)) add(c.darn, { kind: 'contract', name: c.name, uri: c.uri });
  for (const s of components)
    if (s.type === 'DATA_STORE')
      for (const d of storeDarns(s)) add(d, { kind: 'dataStore', name: componentLabel(s) });
  return [...out.values()]
    .sort((a, b) => (a.darn < b.darn ? -1 : a.darn > b.darn ? 1 : 0))
    .slice(0, MAX_KNOWN);
}
