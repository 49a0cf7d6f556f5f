// A path's impact, walked once per model and contract list and shared by whoever asks: the code lens
// (its counts), change impact (its downstream), an agent tool. A path's downstream starts from its
// egress fields alone, so paths writing through the same egress (several handlers calling one
// repository function) share one walk; and a file whose lenses were counted has its paths' walks done
// before the user's first save there is analysed.
import type { ImpactResult } from '../../../common/src/protocol';
import type { ContractEntry } from './contractCatalog';
import { impactOf } from './impact';
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
  const contractsKey = contracts.map((c) => `${c.uri}\0${c.darn}\0${c.name}`).join('\n');
  let cache = kept.get(model);
  if (!cache || cache.contracts !== contractsKey) {
    cache = { contracts: contractsKey, byEgress: new Map() };
    kept.set(model, cache);
  }
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
