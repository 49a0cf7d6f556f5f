// Impact of changing a field (or the egress fields a path writes): every field downstream of it, with
// the component crossings and mapping kinds on the way, the components and data stores they belong to,
// and the workspace contracts whose data asset is one of those data stores (matching.ts, rule 3).
import type {
  FieldFlowResult,
  GraphFilters,
  ImpactComponent,
  ImpactContract,
  ImpactField,
  ImpactLocation,
  ImpactResult,
  ImpactTarget,
} from '../../../common/src/protocol';
import { fieldId } from '../../../common/src/protocol';
import { UserInputError } from '../util/serviceErrors';
import type { ContractEntry } from './contractCatalog';
import type { LineageModel } from './lineageModel';
import { contractMatchesStore } from './matching';
import { arcEdgeId, kindsOnTheWay, walk, type Reached } from './traverse';
import { compareText } from '../../../common/src/textOrder';

/** Fields listed at most in one answer (nearest first); the counts always cover all of them. */
export const MAX_LISTED_FIELDS = 2000;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Where a path's first resolved anchor is, if it is. */
export type AnchorLookup = (componentId: string, pathId: string) => ImpactLocation | undefined;

export function startFields(model: LineageModel, target: ImpactTarget): { starts: number[]; label: string } {
  if (target?.kind === 'field') {
    const i = model.fieldIds.get(fieldId(target.field));
    if (i === undefined)
      throw new UserInputError(`The field ${target.field?.field ?? '?'} is not in the loaded lineage.`);
    const f = model.fields[i]!;
    return { starts: [i], label: `${f.name} on ${f.boundary.label}` };
  }
  if (target?.kind === 'path' || target?.kind === 'paths') {
    const refs = target.kind === 'path' ? [target] : Array.isArray(target.paths) ? target.paths : [];
    const starts: number[] = [];
    const labels: string[] = [];
    for (const ref of refs) {
      const p = model.components.get(ref?.componentId)?.pathById.get(ref?.pathId);
      if (!p) throw new UserInputError(`The path ${ref?.pathId ?? '?'} is not in the loaded lineage.`);
      starts.push(...model.boundaries.get(p.egress)!.fieldIndex.values());
      labels.push(p.label);
    }
    if (!labels.length) throw new UserInputError('No path to analyse.');
    return { starts, label: labels.length === 1 ? labels[0]! : `${labels[0]} and ${labels.length - 1} more` };
  }
  throw new UserInputError('An impact target is a field or a path.');
}

export function impactOf(
  model: LineageModel,
  target: ImpactTarget,
  contracts: readonly ContractEntry[],
  anchorOf: AnchorLookup,
): ImpactResult {
  const { starts, label } = startFields(model, target);
  const reached = walk(model, starts, 'down');
  const startSet = new Set(starts);
  const kinds = kindsOnTheWay(reached);
  const byComponent = new Map<string, ImpactComponent>();
  const storeFields = new Map<string, { hops: number; fields: Set<string> }>();
  let fieldCount = 0;
  let listed = 0;
  for (const [v, r] of reached) {
    if (startSet.has(v)) continue;
    const f = model.fields[v]!;
    const c = model.components.get(f.componentId)!;
    let ic = byComponent.get(c.detail.id);
    if (!ic) {
      ic = {
        id: c.detail.id,
        label: c.detail.friendly_name || c.detail.name,
        type: c.detail.type,
        namespace: c.detail.namespace ?? '',
        hops: r.hops,
        fieldCount: 0,
        fields: [],
      };
      byComponent.set(c.detail.id, ic);
    }
    ic.hops = Math.min(ic.hops, r.hops);
    ic.fieldCount++;
    fieldCount++;
    if (c.detail.type === 'DATA_STORE') {
      let s = storeFields.get(c.detail.id);
      if (!s) storeFields.set(c.detail.id, (s = { hops: r.hops, fields: new Set() }));
      s.hops = Math.min(s.hops, r.hops);
      s.fields.add(f.name);
    }
    // The walk meets fields nearest first, so the listed ones are the nearest.
    if (listed >= MAX_LISTED_FIELDS) continue;
    listed++;
    const entry: ImpactField = {
      id: f.id,
      field: f.name,
      boundaryLabel: f.boundary.label,
      hops: r.hops,
      kinds: kinds.get(v) ?? [],
    };
    const pathId = model.pathOfField.get(v);
    if (pathId) {
      entry.path = { componentId: f.componentId, pathId };
      const anchor = anchorOf(f.componentId, pathId);
      if (anchor) entry.anchor = anchor;
    }
    ic.fields.push(entry);
  }
  const components = [...byComponent.values()].sort((a, b) => a.hops - b.hops || byText(a.label, b.label));
  for (const c of components) c.fields.sort((a, b) => a.hops - b.hops || byText(a.field, b.field));

  const matched: ImpactContract[] = [];
  for (const contract of contracts) {
    for (const [storeId, s] of storeFields) {
      const store = model.components.get(storeId)!.detail;
      if (!contractMatchesStore(contract.darn, store)) continue;
      matched.push({
        darn: contract.darn,
        name: contract.name,
        uri: contract.uri,
        storeId,
        storeLabel: store.friendly_name || store.name,
        hops: s.hops,
        fields: [...s.fields].sort(),
      });
    }
  }
  matched.sort((a, b) => a.hops - b.hops || compareText(a.name, b.name));
  return {
    target,
    label,
    roots: starts.map((i) => model.fields[i]!.id),
    components,
    contracts: matched,
    counts: {
      fields: fieldCount,
      components: components.filter((c) => c.type !== 'DATA_STORE').length,
      dataStores: storeFields.size,
      contracts: matched.length,
    },
    ...(fieldCount > listed
      ? { truncated: `The nearest ${listed} of ${fieldCount} downstream fields are listed.` }
      : {}),
  };
}

/** Upstream and downstream of one field, with the graph edges on the way (field mode). */
export function fieldFlow(model: LineageModel, id: string, filters: GraphFilters = {}): FieldFlowResult {
  const i = model.fieldIds.get(id);
  if (i === undefined) throw new UserInputError(`The field ${id} is not in the loaded lineage.`);
  const up = walk(model, [i], 'up', filters, filters.depthUp ?? Number.POSITIVE_INFINITY);
  const down = walk(model, [i], 'down', filters, filters.depthDown ?? Number.POSITIVE_INFINITY);
  const edges = new Set<string>();
  // Every arc between fields on the flow (not only the walk's tree), drawn in its own direction.
  const addEdges = (reached: Map<number, Reached>, downward: boolean) => {
    const adj = downward ? model.out : model.in;
    for (const u of reached.keys()) {
      for (const a of adj[u]!) {
        if (!reached.has(a.to)) continue;
        if (a.kind !== 'crossing' && filters.kinds && !filters.kinds.includes(a.kind)) continue;
        const [from, to] = downward ? [u, a.to] : [a.to, u];
        edges.add(arcEdgeId(model, from, to));
        const x = model.fields[from]!.componentId;
        const y = model.fields[to]!.componentId;
        if (x !== y) edges.add(componentEdgeId(x, y));
      }
    }
  };
  addEdges(up, false);
  addEdges(down, true);
  const list = (reached: Map<number, Reached>) =>
    [...reached].filter(([v]) => v !== i).map(([v, r]) => ({ id: model.fields[v]!.id, hops: r.hops }));
  return { field: id, upstream: list(up), downstream: list(down), edges: [...edges] };
}

export function componentEdgeId(a: string, b: string): string {
  return `${a}=>${b}`;
}
