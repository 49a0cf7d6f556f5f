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
import { fieldId } from '../../../common/src/graphIds';
import { UserInputError } from '../api/serviceErrors';
import type { ContractEntry } from './contractCatalog';
import { ARC_CROSSING, arcKindCode } from './arcs';
import type { LineageModel } from './lineageModel';
import { contractMatchesStore } from './matching';
import { arcEdgeId, kindsOf, walk, type Reach } from './traverse';
import { reachSummaries, storeFieldsReached, type ReachSummary } from './reachSummary';
import { compareText } from '../../../common/src/textOrder';
import { componentLabel } from '../../../common/src/componentLabel';

/**
 * Fields listed at most in one answer (nearest first); the counts always cover all of them. The widest
 * impacts reach every field of thousands of components, and serialising an answer listing them all in
 * a server holding a large cache brings full garbage collections that stall it (docs/performance.md). When the list is cut, only components with a listed field are.
 */
export const MAX_LISTED_FIELDS = 500;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Where a path's first resolved anchor is, if it is. */
export type AnchorLookup = (componentId: string, pathId: string) => ImpactLocation | undefined;

export function startFields(model: LineageModel, target: ImpactTarget): { starts: number[]; label: string } {
  if (target?.kind === 'field') {
    const i = model.fieldIndexOf(fieldId(target.field));
    if (i === undefined)
      throw new UserInputError(`The field ${target.field?.field ?? '?'} is not in the loaded lineage.`);
    return { starts: [i], label: `${model.fields.name(i)} on ${model.fields.boundary(i).label}` };
  }
  if (target?.kind === 'path' || target?.kind === 'paths') {
    const refs = target.kind === 'path' ? [target] : Array.isArray(target.paths) ? target.paths : [];
    const starts: number[] = [];
    const labels: string[] = [];
    for (const ref of refs) {
      const p = model.components.get(ref?.componentId)?.pathById.get(ref?.pathId);
      if (!p) throw new UserInputError(`The path ${ref?.pathId ?? '?'} is not in the loaded lineage.`);
      starts.push(...model.fields.nodesOf(model.boundaries.get(p.egress)!));
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
  maxListed = MAX_LISTED_FIELDS,
): ImpactResult {
  const { starts, label } = startFields(model, target);
  const reach = walk(model, starts, 'down');
  return assemble(
    model,
    target,
    label,
    starts,
    reach,
    summaryOf(model, reach, starts),
    contracts,
    anchorOf,
    maxListed,
  );
}

/**
 * The impacts of many targets at once, the same as impactOf gives each: what they count is found for
 * all of them together (reachSummary.ts), and only the nearest fields each lists are walked to.
 */
export function impactsOf(
  model: LineageModel,
  targets: readonly ImpactTarget[],
  contracts: readonly ContractEntry[],
  anchorOf: AnchorLookup,
  maxListed = MAX_LISTED_FIELDS,
): ImpactResult[] {
  const found = targets.map((t) => startFields(model, t));
  const summaries = reachSummaries(
    model,
    found.map((f) => f.starts),
  );
  return found.map(({ starts, label }, i) => {
    const listed = Math.max(0, maxListed);
    const reach = walk(model, starts, 'down', {}, Number.POSITIVE_INFINITY, new Set(starts).size + listed);
    return assemble(model, targets[i]!, label, starts, reach, summaries[i]!, contracts, anchorOf, maxListed);
  });
}

/** What one walk reached, counted as reachSummary.ts counts it. */
function summaryOf(model: LineageModel, reach: Reach, starts: readonly number[]): ReachSummary {
  // Per component, in arrays indexed like model.componentList, counted by a loop over typed arrays
  // alone: a Map entry per reached field was the cost of the widest impacts (100,000+ fields), and a
  // loop that also read each field's objects lost its optimised code on new shapes (docs/performance.md).
  const compOf = model.componentIndexes();
  const nComponents = model.componentList.length;
  const fieldsIn = new Int32Array(nComponents);
  const nearest = new Int32Array(nComponents).fill(-1);
  // The walk puts the starts first; what follows them is downstream.
  const first = new Set(starts).size;
  countByComponent(reach.order, first, reach.count, reach.hops, compOf, fieldsIn, nearest);
  // The store fields reached (named in the contracts they touch).
  const isStart = new Set(starts);
  const storeFields = storeFieldsReached(model, nearest, (v) => reach.hops[v] !== -1 && !isStart.has(v));
  return { fieldCount: reach.count - first, fieldsIn, nearest, storeFields };
}

/** The answer from a summary and a walk whose `order` holds at least the fields to list, nearest first. */
function assemble(
  model: LineageModel,
  target: ImpactTarget,
  label: string,
  starts: readonly number[],
  reach: Reach,
  summary: ReachSummary,
  contracts: readonly ContractEntry[],
  anchorOf: AnchorLookup,
  maxListed: number,
): ImpactResult {
  const { fieldCount, fieldsIn, nearest, storeFields } = summary;
  const compOf = model.componentIndexes();
  const nComponents = model.componentList.length;
  const first = new Set(starts).size;
  const touched: number[] = [];
  for (let c = 0; c < nComponents; c++) if (nearest[c] !== -1) touched.push(c);
  // The walk meets fields nearest first, so the listed ones are the nearest.
  const listedIn = new Map<number, ImpactField[]>();
  const listed = Math.min(fieldCount, Math.max(0, maxListed));
  for (let i = first; i < first + listed; i++) {
    const v = reach.order[i]!;
    const c = compOf[v]!;
    const f = model.fields.node(v);
    const entry: ImpactField = {
      id: f.id,
      field: f.name,
      boundaryLabel: f.boundary.label,
      hops: reach.hops[v]!,
      kinds: [...kindsOf(reach.kinds[v]!)],
    };
    const pathId = model.pathOfField(v);
    if (pathId) {
      entry.path = { componentId: f.componentId, pathId };
      const anchor = anchorOf(f.componentId, pathId);
      if (anchor) entry.anchor = anchor;
    }
    let list = listedIn.get(c);
    if (!list) listedIn.set(c, (list = []));
    list.push(entry);
  }
  const truncated = fieldCount > listed;
  const shown = truncated ? touched.filter((c) => listedIn.has(c)) : touched;
  const components: ImpactComponent[] = shown.map((c) => {
    const d = model.componentList[c]!.detail;
    return {
      id: d.id,
      label: componentLabel(d),
      type: d.type,
      namespace: d.namespace ?? '',
      hops: nearest[c]!,
      fieldCount: fieldsIn[c]!,
      fields: (listedIn.get(c) ?? []).sort((a, b) => a.hops - b.hops || byText(a.field, b.field)),
    };
  });
  components.sort((a, b) => a.hops - b.hops || byText(a.label, b.label));

  const matched: ImpactContract[] = [];
  for (const contract of contracts) {
    for (const [c, fields] of storeFields) {
      const store = model.componentList[c]!.detail;
      if (!contractMatchesStore(contract.darn, store)) continue;
      matched.push({
        darn: contract.darn,
        name: contract.name,
        ...(contract.unnamed ? { unnamed: true as const } : {}),
        uri: contract.uri,
        storeId: store.id,
        storeLabel: componentLabel(store),
        hops: nearest[c]!,
        fields: [...fields].sort(),
      });
    }
  }
  matched.sort((a, b) => a.hops - b.hops || compareText(a.name, b.name));
  return {
    target,
    label,
    roots: starts.map((i) => model.fields.id(i)),
    components,
    contracts: matched,
    counts: {
      fields: fieldCount,
      components: touched.filter((c) => model.componentList[c]!.detail.type !== 'DATA_STORE').length,
      dataStores: storeFields.size,
      contracts: matched.length,
    },
    ...(truncated
      ? {
          truncated: `The nearest ${listed} of ${fieldCount} downstream fields are listed, in ${shown.length} of ${touched.length} components and data stores.`,
        }
      : {}),
  };
}

/** Per component: how many of the reached fields `order[from..to)` it holds, and the least hops to them. */
function countByComponent(
  order: Int32Array,
  from: number,
  to: number,
  hops: Int32Array,
  compOf: Int32Array,
  fieldsIn: Int32Array,
  nearest: Int32Array,
): void {
  for (let i = from; i < to; i++) {
    const v = order[i]!;
    const c = compOf[v]!;
    const h = hops[v]!;
    const n = nearest[c]!;
    if (n === -1 || h < n) nearest[c] = h;
    fieldsIn[c]!++;
  }
}

/** Upstream and downstream of one field, with the graph edges on the way (field mode). */
export function fieldFlow(model: LineageModel, id: string, filters: GraphFilters = {}): FieldFlowResult {
  const i = model.fieldIndexOf(id);
  if (i === undefined) throw new UserInputError(`The field ${id} is not in the loaded lineage.`);
  const up = walk(model, [i], 'up', filters, filters.depthUp ?? Number.POSITIVE_INFINITY);
  const down = walk(model, [i], 'down', filters, filters.depthDown ?? Number.POSITIVE_INFINITY);
  const edges = new Set<string>();
  // Every arc between fields on the flow (not only the walk's tree), drawn in its own direction.
  const addEdges = (reach: Reach, downward: boolean) => {
    const kinds = filters.kinds?.map(arcKindCode);
    for (const u of reach.order)
      model.forEachFieldArc(u, downward ? 'down' : 'up', (v, k) => {
        if (reach.hops[v] === -1) return;
        if (k !== ARC_CROSSING && kinds && !kinds.includes(k)) return;
        const [from, to] = downward ? [u, v] : [v, u];
        edges.add(arcEdgeId(model, from, to));
        const x = model.fields.componentId(from);
        const y = model.fields.componentId(to);
        if (x !== y) edges.add(componentEdgeId(x, y));
      });
  };
  addEdges(up, false);
  addEdges(down, true);
  const list = (reach: Reach) =>
    [...reach.order].filter((v) => v !== i).map((v) => ({ id: model.fields.id(v), hops: reach.hops[v]! }));
  const result: FieldFlowResult = {
    field: id,
    upstream: list(up),
    downstream: list(down),
    edges: [...edges],
  };
  // What the depth hid: the same walk without it (only when a depth was given).
  const more = (reach: Reach, direction: 'up' | 'down', depth: number | undefined) =>
    depth === undefined ? 0 : walk(model, [i], direction, filters).order.length - reach.order.length;
  const upstream = more(up, 'up', filters.depthUp);
  const downstream = more(down, 'down', filters.depthDown);
  if (upstream || downstream) result.beyondDepth = { upstream, downstream };
  return result;
}

export function componentEdgeId(a: string, b: string): string {
  return `${a}=>${b}`;
}
