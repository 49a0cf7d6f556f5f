// What change impact asks of the lineage model: for the touched paths, their label, fields and
// downstream; for a changed contract's data asset, the paths that write it. Answered here from a model
// in the same thread (the language server, agents); `lineage-lens impact` answers it from a worker
// thread that loads and builds its own model while the main thread places the anchors
// (cli/modelThread.ts). Answers are plain data, so they cross threads as they are.
import { componentLabel } from '../../../common/src/componentLabel';
import type { DownstreamField, TouchedPath } from '../../../common/src/changeImpact';
import type { ImpactContract } from '../../../common/src/protocol';
import type { ContractEntry } from '../graph/contractCatalog';
import type { LineageModel } from '../graph/lineageModel';
import { contractMatchesStore } from '../graph/matching';
import { LISTED_PER_PATH, pathImpact, preparePathImpacts } from '../graph/pathImpacts';
import { walk } from '../graph/traverse';

export interface PathKey {
  componentId: string;
  pathId: string;
}

/** A touched path as the model knows it (unknown paths: no label, no fields, nothing downstream). */
export interface PathLineage {
  label?: string;
  ingress: string[];
  egress: string[];
  egressBoundary?: string;
  downstream: DownstreamField[];
  downstreamCounts: TouchedPath['downstreamCounts'];
  /** The contracts reached, as the model matched them (the caller adds what the service says). */
  contracts: ImpactContract[];
}

/** A path upstream of a data asset, nearest first. */
export interface Producer {
  componentId: string;
  componentName: string;
  pathId: string;
  pathLabel: string;
  hops: number;
}

export interface ImpactLineage {
  /** Resolves once the model is built (rejects with why it could not be). */
  ready(): Promise<void>;
  /** One answer per key, in order; at most `maxDownstream` (≤ LISTED_PER_PATH) fields listed each. */
  paths(keys: readonly PathKey[], maxDownstream: number): Promise<PathLineage[]>;
  /** Paths upstream of the data asset's store (of the named fields when the store has them). */
  producers(darn: string, fieldNames: readonly string[]): Promise<Producer[]>;
}

/** The model and the workspace's contracts as GraphService gives them. */
export interface ModelSource {
  ready(): Promise<LineageModel>;
  contracts: { list(): Promise<ContractEntry[]> };
}

const MAX_PRODUCERS = 20;
const NOTHING_DOWNSTREAM: TouchedPath['downstreamCounts'] = { fields: 0, components: 0, dataStores: 0 };
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The lineage of a model in this thread; the build starts now (it overlaps the caller's own work). */
export function modelLineage(source: ModelSource): ImpactLineage {
  const both = Promise.all([source.ready(), source.contracts.list()]);
  // Awaited by the caller through ready(); this keeps an early failure from going unhandled meanwhile.
  both.catch(() => undefined);
  return {
    ready: async () => void (await both),
    async paths(keys, maxDownstream) {
      const [model, contracts] = await both;
      return pathLineages(model, contracts, keys, maxDownstream);
    },
    async producers(darn, fieldNames) {
      const [model] = await both;
      return producersOf(model, darn, fieldNames);
    },
  };
}

export function pathLineages(
  model: LineageModel,
  contracts: readonly ContractEntry[],
  keys: readonly PathKey[],
  maxDownstream: number,
): PathLineage[] {
  // Every touched path's downstream walked together (one pass per 32 egresses, not one walk each).
  preparePathImpacts(model, keys, contracts);
  const max = Math.min(maxDownstream, LISTED_PER_PATH);
  return keys.map(({ componentId, pathId }) => {
    const pm = model.components.get(componentId)?.pathById.get(pathId);
    const fieldsOf = (b: string | undefined) =>
      b ? [...(model.boundaries.get(b)?.fields ?? [])].sort() : [];
    const own = {
      ...(pm?.label !== undefined ? { label: pm.label } : {}),
      ingress: fieldsOf(pm?.ingress),
      egress: fieldsOf(pm?.egress),
      ...(pm?.egress ? { egressBoundary: pm.egress } : {}),
    };
    if (!pm) return { ...own, downstream: [], downstreamCounts: { ...NOTHING_DOWNSTREAM }, contracts: [] };
    const r = pathImpact(model, componentId, pathId, contracts);
    const downstream = r.components
      .flatMap((c) =>
        c.fields.map((f) => ({
          component: { id: c.id, name: c.label, type: c.type },
          field: f.field,
          hops: f.hops,
        })),
      )
      .sort((a, b) => a.hops - b.hops || cmp(a.component.name, b.component.name) || cmp(a.field, b.field))
      .slice(0, max);
    return {
      ...own,
      downstream,
      downstreamCounts: {
        fields: r.counts.fields,
        components: r.counts.components,
        dataStores: r.counts.dataStores,
      },
      contracts: r.contracts,
    };
  });
}

export function producersOf(model: LineageModel, darn: string, fieldNames: readonly string[]): Producer[] {
  if (!darn) return [];
  const starts: number[] = [];
  for (const cm of model.componentList) {
    if (cm.detail.type !== 'DATA_STORE' || !contractMatchesStore(darn, cm.detail)) continue;
    const all: number[] = [];
    const named: number[] = [];
    for (const b of cm.boundaries)
      for (const [name, i] of b.fieldIndex) {
        all.push(i);
        if (fieldNames.includes(name)) named.push(i);
      }
    starts.push(...(named.length ? named : all));
  }
  if (starts.length === 0) return [];
  const reach = walk(model, starts, 'up');
  const best = new Map<string, PathKey & { hops: number }>();
  for (let i = 0; i < reach.count; i++) {
    const v = reach.order[i]!;
    const pathId = model.pathOfField.get(v);
    if (!pathId) continue;
    const componentId = model.fields[v]!.componentId;
    const key = `${componentId}\0${pathId}`;
    const hops = reach.hops[v]!;
    const had = best.get(key);
    if (!had || hops < had.hops) best.set(key, { componentId, pathId, hops });
  }
  return [...best.values()]
    .sort((a, b) => a.hops - b.hops || cmp(a.pathId, b.pathId))
    .slice(0, MAX_PRODUCERS)
    .map(({ componentId, pathId, hops }) => {
      const cm = model.components.get(componentId);
      return {
        componentId,
        componentName: cm ? componentLabel(cm.detail) : componentId,
        pathId,
        pathLabel: cm?.pathById.get(pathId)?.label ?? pathId,
        hops,
      };
    });
}
