// A path's impact, walked once per model and contract list and shared by whoever asks: the code lens
// (its counts), change impact (its downstream), an agent tool. A path's downstream starts from its
// egress fields alone, so paths writing through the same egress (several handlers calling one
// repository function) share one walk; and a file whose lenses were counted has its paths' walks done
// before the user's first save there is analysed.
import type { ImpactResult } from '../../../common/src/protocol';
import type { ContractEntry } from './contractCatalog';
import { impactOf, impactsOf } from './impact';
import type { LineageModel } from './lineageModel';

/** Downstream fields a shared path impact lists (change impact shows this many per touched path). */
export const LISTED_PER_PATH = 50;
const MAX_KEPT = 5_000;

const kept = new WeakMap<LineageModel, { contracts: string; byEgress: Map<string, ImpactResult> }>();

/**
 * The impact of one path, at most `LISTED_PER_PATH` fields listed (counts cover all). Only its counts,
 * components and contracts are the path's own: its label is that of the first path walked from the
 * same egress. Throws (UserInputError) for a path the model does not hold, as impactOf does.
 */
export function pathImpact(
  model: LineageModel,
  componentId: string,
  pathId: string,
  contracts: readonly ContractEntry[],
): ImpactResult {
  const cache = cacheOf(model, contracts);
  const egress = model.components.get(componentId)?.pathById.get(pathId)?.egress;
  let r = egress === undefined ? undefined : cache.byEgress.get(egress);
  if (!r) {
    r = impactOf(model, { kind: 'path', componentId, pathId }, contracts, () => undefined, LISTED_PER_PATH);
    if (egress !== undefined) {
      if (cache.byEgress.size >= MAX_KEPT) cache.byEgress.clear();
      cache.byEgress.set(egress, r);
    }
  }
  return r;
}

/**
 * Walks, together, the paths of these whose egress has no impact kept yet (change impact's touched
 * paths), so that pathImpact answers each from what is kept. Paths the model does not hold are left to
 * pathImpact (which says so).
 */
export function preparePathImpacts(
  model: LineageModel,
  paths: readonly { componentId: string; pathId: string }[],
  contracts: readonly ContractEntry[],
): void {
  const cache = cacheOf(model, contracts);
  const wanted = new Map<string, { componentId: string; pathId: string }>();
  for (const p of paths) {
    const egress = model.components.get(p.componentId)?.pathById.get(p.pathId)?.egress;
    if (egress !== undefined && !cache.byEgress.has(egress) && !wanted.has(egress)) wanted.set(egress, p);
  }
  if (!wanted.size) return;
  const targets = [...wanted.values()].map((p) => ({ kind: 'path' as const, ...p }));
  const results = impactsOf(model, targets, contracts, () => undefined, LISTED_PER_PATH);
  if (cache.byEgress.size + results.length > MAX_KEPT) cache.byEgress.clear();
  [...wanted.keys()].forEach((egress, i) => cache.byEgress.set(egress, results[i]!));
}

function cacheOf(model: LineageModel, contracts: readonly ContractEntry[]) {
  const contractsKey = contracts.map((c) => `${c.uri}\0${c.darn}\0${c.name}`).join('\n');
  let cache = kept.get(model);
  if (!cache || cache.contracts !== contractsKey) {
    cache = { contracts: contractsKey, byEgress: new Map() };
    kept.set(model, cache);
  }
  return cache;
}
