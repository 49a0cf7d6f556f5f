// The part of the lineage graph the panel draws: the neighbourhood of a component, path or field up to
// a depth of component crossings, or a whole namespace collapsed to component level with counts.
// Bounded so the webview can always lay it out: past the limits the farthest components are left out
// (said in `truncated`), and large scopes are drawn as components with counts instead of fields.
import type {
  GraphBoundary,
  GraphEdge,
  GraphField,
  GraphFilters,
  GraphNode,
  GraphParams,
  GraphResult,
  MappingKind,
} from '../../../common/src/protocol';
import { MAPPING_KINDS, fieldId } from '../../../common/src/graphIds';
import { UserInputError } from '../api/serviceErrors';
import { componentEdgeId } from './impact';
import type { BoundaryModel, ComponentModel, LineageModel } from './lineageModel';
import { arcEdgeId, walk } from './traverse';
import { componentLabel } from '../../../common/src/componentLabel';

/** Components drawn at most (nearest first). */
export const MAX_COMPONENTS = 100;
/** Components a namespace view draws at most (component level). */
export const MAX_NAMESPACE_COMPONENTS = 400;
/** Up to this many components in scope, all are expanded to boundaries and fields. */
const AUTO_EXPAND = 8;
/** A field-centred scope expands every component on the flow up to this many. */
const AUTO_EXPAND_FLOW = 30;
const MAX_ROWS = 20;
const DEFAULT_DEPTH = 2;

/**
 * The filters with their defaults, in one canonical form. Their ranges (whole depths from 0 to 6, known
 * mapping kinds) are the params schema's rule (common/src/graphSchemas.ts), checked where the request
 * is registered: not checked again here.
 */
export function normalizeFilters(f: GraphFilters | undefined): GraphFilters {
  const out: GraphFilters = {
    depthUp: f?.depthUp ?? DEFAULT_DEPTH,
    depthDown: f?.depthDown ?? DEFAULT_DEPTH,
  };
  if (f?.namespaces?.length) out.namespaces = f.namespaces;
  if (f?.tag) out.tag = f.tag;
  if (f?.kinds) out.kinds = MAPPING_KINDS.filter((k) => f.kinds!.includes(k));
  return out;
}

export function graphFor(model: LineageModel, params: GraphParams): GraphResult {
  const filters = normalizeFilters(params?.filters);
  const focus = params?.focus;
  const expandAsked = new Set(
    Array.isArray(params?.expand) ? params.expand.filter((x) => typeof x === 'string') : [],
  );
  const collapseAsked = new Set(
    Array.isArray(params?.collapse) ? params.collapse.filter((x) => typeof x === 'string') : [],
  );
  let scope: string[];
  let centre: string[];
  let flow: Set<number> | undefined;
  let beyond = new Map<string, { up: number; down: number }>();
  let truncated: string | undefined;
  let collapsed = false;
  const expanded = new Set<string>();

  if (focus?.kind === 'namespace') {
    const all = [...model.components.values()].filter((c) => (c.detail.namespace ?? '') === focus.namespace);
    if (all.length === 0)
      throw new UserInputError(`No loaded component is in the namespace ${focus.namespace}.`);
    scope = all.map((c) => c.detail.id);
    if (scope.length > MAX_NAMESPACE_COMPONENTS) {
      const degree = (id: string) => (model.compOut.get(id)?.size ?? 0) + (model.compIn.get(id)?.size ?? 0);
      scope = scope.sort((a, b) => degree(b) - degree(a)).slice(0, MAX_NAMESPACE_COMPONENTS);
      truncated = `${MAX_NAMESPACE_COMPONENTS} of ${all.length} components shown (the most connected).`;
    }
    centre = [];
    collapsed = true;
    for (const id of expandAsked) if (scope.includes(id)) expanded.add(id);
  } else if (focus?.kind === 'field') {
    const i = model.fieldIndexOf(fieldId(focus.field));
    if (i === undefined)
      throw new UserInputError(`The field ${focus.field?.field ?? '?'} is not in the loaded lineage.`);
    const up = walk(model, [i], 'up', filters, filters.depthUp);
    const down = walk(model, [i], 'down', filters, filters.depthDown);
    flow = new Set([...up.order, ...down.order]);
    const hops = new Map<string, number>();
    for (const r of [up, down])
      for (const v of r.order) {
        const c = model.fields.componentId(v);
        hops.set(c, Math.min(hops.get(c) ?? Infinity, r.hops[v]!));
      }
    scope = [...hops.keys()].sort((a, b) => hops.get(a)! - hops.get(b)!);
    ({ scope, truncated } = cap(scope));
    centre = [model.fields.id(i)];
    const auto = scope.length <= AUTO_EXPAND_FLOW;
    for (const id of scope)
      if (auto || id === model.fields.componentId(i) || expandAsked.has(id)) expanded.add(id);
  } else if (focus?.kind === 'component' || focus?.kind === 'path') {
    const c = model.components.get(focus.componentId);
    if (!c)
      throw new UserInputError(`The component ${focus.componentId ?? '?'} is not in the loaded lineage.`);
    ({ order: scope, beyond } = neighbourhood(model, c.detail.id, filters));
    ({ scope, truncated } = cap(scope));
    if (focus.kind === 'path') {
      const p = c.pathById.get(focus.pathId);
      if (!p) throw new UserInputError(`The path ${focus.pathId ?? '?'} is not in the loaded lineage.`);
      centre = [p.ingress, p.egress];
    } else centre = [c.detail.id];
    const auto = scope.length <= AUTO_EXPAND;
    for (const id of scope) if (auto || id === c.detail.id || expandAsked.has(id)) expanded.add(id);
  } else {
    throw new UserInputError('A graph is centred on a component, a path, a field or a namespace.');
  }

  for (const id of collapseAsked) expanded.delete(id);
  const inScope = new Set(scope);
  const nodes: GraphNode[] = [];
  const shownBoundaries = new Map<string, BoundaryModel>();
  const shownFields = new Set<number>();
  for (const id of scope) {
    const c = model.components.get(id)!;
    const node = nodeOf(model, c, expanded.has(id), flow, filters);
    let hidden = 0;
    for (const n of [...(model.compOut.get(id) ?? []), ...(model.compIn.get(id) ?? [])])
      if (!inScope.has(n)) hidden++;
    node.hiddenNeighbours = hidden;
    const cut = beyond.get(id);
    if (cut) node.beyondDepth = cut;
    nodes.push(node);
    for (const b of node.boundaries) {
      const bm = model.boundaries.get(b.id)!;
      shownBoundaries.set(b.id, bm);
      for (const f of b.fields) shownFields.add(model.fields.find(bm, f.name)!);
    }
  }
  const edges = edgesOf(model, inScope, shownBoundaries, shownFields, filters, flow);
  return {
    focus,
    centre,
    nodes,
    edges,
    namespaces: [...new Set([...model.components.values()].map((c) => c.detail.namespace ?? ''))].sort(),
    tags: [...model.fieldsByTag.keys()].sort(),
    ...(truncated ? { truncated } : {}),
    collapsed,
  };
}

function cap(scope: string[]): { scope: string[]; truncated: string | undefined } {
  if (scope.length <= MAX_COMPONENTS) return { scope, truncated: undefined };
  return {
    scope: scope.slice(0, MAX_COMPONENTS),
    truncated: `${MAX_COMPONENTS} of ${scope.length} components shown (the nearest); lower the depth or filter to see the rest.`,
  };
}

/**
 * Components within depthUp/depthDown crossings of a component, nearest first; and for the components
 * where the depth stopped the walk, how many more it would have reached one crossing further.
 */
function neighbourhood(
  model: LineageModel,
  start: string,
  filters: GraphFilters,
): { order: string[]; beyond: Map<string, { up: number; down: number }> } {
  const ns = filters.namespaces ? new Set(filters.namespaces) : undefined;
  const tagged = filters.tag ? componentsWithTag(model, filters.tag) : undefined;
  const ok = (id: string) => {
    const c = model.components.get(id);
    if (!c) return false;
    if (ns && !ns.has(c.detail.namespace ?? '')) return false;
    return !tagged || tagged.has(id);
  };
  const order = [start];
  const seen = new Set(order);
  const beyond = new Map<string, { up: number; down: number }>();
  for (const [adj, depth, side] of [
    [model.compOut, filters.depthDown ?? DEFAULT_DEPTH, 'down'],
    [model.compIn, filters.depthUp ?? DEFAULT_DEPTH, 'up'],
  ] as const) {
    let frontier = [start];
    for (let d = 0; d < depth && frontier.length; d++) {
      const next: string[] = [];
      for (const u of frontier)
        for (const v of adj.get(u) ?? []) {
          if (seen.has(v) || !ok(v)) continue;
          seen.add(v);
          order.push(v);
          next.push(v);
        }
      frontier = next;
    }
    for (const u of frontier) {
      let more = 0;
      for (const v of adj.get(u) ?? []) if (!seen.has(v) && ok(v)) more++;
      if (!more) continue;
      const cut = beyond.get(u) ?? { up: 0, down: 0 };
      cut[side] += more;
      beyond.set(u, cut);
    }
  }
  return { order, beyond };
}

function componentsWithTag(model: LineageModel, tag: string): Set<string> {
  const out = new Set<string>();
  for (const i of model.fieldsByTag.get(tag) ?? []) out.add(model.fields.componentId(i));
  return out;
}

function fieldOf(model: LineageModel, i: number): GraphField {
  return {
    id: model.fields.id(i),
    name: model.fields.name(i),
    tags: model.fields.tags(i) as GraphField['tags'],
    dependsOn: model.fields.dependsOn(i) as GraphField['dependsOn'],
  };
}

function nodeOf(
  model: LineageModel,
  c: ComponentModel,
  expanded: boolean,
  flow: Set<number> | undefined,
  filters: GraphFilters,
): GraphNode {
  const d = c.detail;
  let fieldCount = 0;
  let tagged = 0;
  for (const b of c.boundaries) {
    fieldCount += b.fieldCount;
    for (let i = b.firstField; i < b.firstField + b.fieldCount; i++)
      if (model.fields.tags(i).length > 0) tagged++;
  }
  const node: GraphNode = {
    id: d.id,
    type: d.type,
    label: componentLabel(d),
    namespace: d.namespace ?? '',
    expanded,
    counts: {
      paths: c.paths.length,
      boundaries: c.boundaries.length,
      fields: fieldCount,
      taggedFields: tagged,
    },
    boundaries: [],
    paths: [],
    moreBoundaries: 0,
    hiddenNeighbours: 0,
  };
  if (d.store_kind) node.storeKind = d.store_kind;
  if (!expanded) return node;
  const tagSet = filters.tag ? model.fieldsByTag.get(filters.tag) : undefined;
  const onFlow = (b: BoundaryModel) => {
    if (!flow) return true;
    for (let i = b.firstField; i < b.firstField + b.fieldCount; i++) if (flow.has(i)) return true;
    return false;
  };
  for (const b of c.boundaries) {
    if (!onFlow(b)) {
      node.moreBoundaries++;
      continue;
    }
    // Flow fields first, then tagged ones, then the rest, up to the row limit.
    const rank = (i: number) => {
      if (flow?.has(i)) return 0;
      if (tagSet?.has(i) || model.fields.tags(i).length > 0) return 1;
      return 2;
    };
    const nodes = model.fields.nodesOf(b);
    const candidates = nodes.filter((i) => !tagSet || tagSet.has(i) || flow?.has(i));
    const chosen = new Set(candidates.sort((x, y) => rank(x) - rank(y)).slice(0, MAX_ROWS));
    const gb: GraphBoundary = {
      id: b.id,
      label: b.label,
      roles: [...b.roles],
      fields: nodes.filter((i) => chosen.has(i)).map((i) => fieldOf(model, i)),
      moreFields: b.fieldCount - chosen.size,
    };
    if (b.signature) gb.signature = b.signature;
    if (b.payload) gb.payload = b.payload;
    if (b.kind) gb.kind = b.kind;
    node.boundaries.push(gb);
  }
  const shown = new Set(node.boundaries.map((b) => b.id));
  for (const p of c.paths) {
    if (!shown.has(p.ingress) || !shown.has(p.egress)) continue;
    node.paths.push({
      id: p.id,
      label: p.label,
      ingress: p.ingress,
      egress: p.egress,
      suppressed: p.suppressed,
      anchored: p.anchored,
    });
  }
  return node;
}

function edgesOf(
  model: LineageModel,
  inScope: Set<string>,
  boundaries: Map<string, BoundaryModel>,
  fields: Set<number>,
  filters: GraphFilters,
  flow: Set<number> | undefined,
): GraphEdge[] {
  const kinds = filters.kinds ? new Set<MappingKind>(filters.kinds) : undefined;
  const tagged = filters.tag ? (model.fieldsByTag.get(filters.tag) ?? new Set<number>()) : undefined;
  const endpoint = (i: number): string => {
    if (fields.has(i)) return model.fields.id(i);
    const b = model.fields.boundary(i);
    if (boundaries.has(b.id)) return b.id;
    return b.componentId;
  };
  const byId = new Map<string, GraphEdge>();
  const linked = new Set<string>();
  const pathsWithMappings = new Set<string>();
  const starts: number[] = [];
  for (const id of inScope)
    for (const b of model.components.get(id)!.boundaries) starts.push(...model.fields.nodesOf(b));
  for (const u of starts) {
    const cu = model.fields.componentId(u);
    if (flow && !flow.has(u)) continue;
    if (tagged && !tagged.has(u)) continue;
    for (const a of model.arcsOf(u, 'down')) {
      const v = a.to;
      const cv = model.fields.componentId(v);
      if (!inScope.has(cv)) continue;
      if (flow && !flow.has(v)) continue;
      if (tagged && !tagged.has(v)) continue;
      if (a.kind !== 'crossing' && kinds && !kinds.has(a.kind)) continue;
      if (cu !== cv) linked.add(componentEdgeId(cu, cv));
      const s = endpoint(u);
      const t = endpoint(v);
      if (s === t) continue;
      // An endpoint is the field's id only when the field is drawn (else its boundary's or component's).
      const bothFields = fields.has(u) && fields.has(v);
      const folded = s === cu || t === cv;
      const id = bothFields
        ? arcEdgeId(model, u, v)
        : folded && cu !== cv
          ? componentEdgeId(cu, cv)
          : `${s}>${t}`;
      const existing = byId.get(id);
      if (existing) {
        existing.count = (existing.count ?? 1) + 1;
        continue;
      }
      let e: GraphEdge;
      if (a.kind === 'crossing')
        e = { id, source: s, target: t, kind: folded ? 'component' : 'crossing', count: 1 };
      else {
        e = { id, source: s, target: t, kind: 'mapping', mapping: a.kind, count: 1 };
        if (a.pathId) {
          e.pathId = a.pathId;
          pathsWithMappings.add(a.pathId);
        }
      }
      byId.set(id, e);
    }
  }
  // Paths with no drawn mapping (or suppressed: they carry no flow) still join their boundaries.
  for (const b of boundaries.values()) {
    const c = model.components.get(b.componentId)!;
    for (const p of c.paths) {
      if (p.ingress !== b.id || pathsWithMappings.has(p.id)) continue;
      if (!boundaries.has(p.egress) || p.ingress === p.egress) continue;
      const id = `p:${p.id}`;
      if (byId.has(id)) continue;
      byId.set(id, {
        id,
        source: p.ingress,
        target: p.egress,
        kind: 'path',
        pathId: p.id,
        suppressed: p.suppressed,
      });
    }
  }
  // Edges of operation 12 between components in scope with no field flow drawn between them.
  if (!flow && !tagged) {
    for (const src of inScope)
      for (const dst of model.compOut.get(src) ?? []) {
        const id = componentEdgeId(src, dst);
        if (!inScope.has(dst) || linked.has(id) || byId.has(id)) continue;
        byId.set(id, { id, source: src, target: dst, kind: 'component', count: 0 });
      }
  }
  return [...byId.values()];
}
