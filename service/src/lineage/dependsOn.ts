// Tags a field depends on through lineage (spec "field_depends_on_tags"), derived by walking
// downstream from every directly tagged field over the whole cross-service graph.
//
// Nodes are (boundary coordinates, field path) of CODE components and (DATA_STORE, schema field).
// Arcs: inside a component, ingress field -> egress field along the field mappings of its effective,
// unsuppressed paths (weight 0); across an edge source -> destination, an egress field to the field
// with the same path on an ingress boundary of the destination addressing the same payload (same
// payload name, or the same DATA_STORE), or into/out of a DATA_STORE's schema fields (weight 1).
// One BFS per tag, by levels of crossings, gives `nearest_hops`, the least number of component crossings.
// The result is cached until the next write (the store's version changes).
import type { DependsOnTagRef, FieldDependsOnTagEntry } from '../../../common/src/api/tags';
import { flattenSchema } from '../../../common/src/api/fields';
import type { Store } from '../model/store';
import { type Boundary, type Component, coordinateKey } from '../model/types';
import { effectiveTagsAt } from './fieldTags';
import { effectivePaths } from './projection';

const SEP = '\u0002';

interface Graph {
  ids: Map<string, number>;
  /** For each node, the coordinate key and field (CODE nodes) or undefined (DATA_STORE nodes). */
  nodes: Array<{ key: string; field: string } | undefined>;
  out0: number[][];
  out1: number[][];
}

export class DependsOnIndex {
  private builtFor = -1;
  /** coordinate key -> field -> entries. */
  private result = new Map<string, Map<string, DependsOnTagRef[]>>();

  constructor(private readonly store: Store) {}

  entriesFor(b: Boundary): FieldDependsOnTagEntry[] {
    this.refresh();
    const fields = this.result.get(coordinateKey(b.componentId, b.coords));
    if (!fields) return [];
    return [...fields.entries()]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([field_path, refs]) => ({ field_path, depends_on: refs.map((r) => ({ ...r })) }));
  }

  /** Builds the index now if a write made it stale (called when the service is otherwise idle). */
  warm(): void {
    this.refresh();
  }

  private refresh(): void {
    if (this.builtFor === this.store.version) return;
    this.result = derive(this.store, buildGraph(this.store));
    this.builtFor = this.store.version;
  }
}

function buildGraph(store: Store): Graph {
  const g: Graph = { ids: new Map(), nodes: [], out0: [], out1: [] };
  const node = (name: string, info?: { key: string; field: string }): number => {
    let id = g.ids.get(name);
    if (id === undefined) {
      id = g.nodes.length;
      g.ids.set(name, id);
      g.nodes.push(info);
      g.out0.push([]);
      g.out1.push([]);
    }
    return id;
  };
  const codeNode = (key: string, field: string) => node(key + SEP + field, { key, field });
  const storeNode = (componentId: string, field: string) => node(`ds${SEP}${componentId}${SEP}${field}`);

  // Per CODE component: its effective, unsuppressed paths, and the fields each boundary exposes.
  const live = new Map<string, { ingress: Boundary[]; egress: Boundary[] }>();
  const fieldsOf = new Map<string, Set<string>>(); // coordinate key -> fields
  const addFields = (key: string, fields: Iterable<string>) => {
    let s = fieldsOf.get(key);
    if (!s) fieldsOf.set(key, (s = new Set()));
    for (const f of fields) s.add(f);
  };
  for (const c of store.components.values()) {
    if (c.type !== 'CODE') continue;
    const sides = { ingress: [] as Boundary[], egress: [] as Boundary[] };
    for (const p of effectivePaths(c)) {
      if (p.suppressed) continue;
      const i = store.boundaries.get(p.ingressId);
      const e = store.boundaries.get(p.egressId);
      if (!i || !e) continue;
      const ik = keyOf(i);
      const ek = keyOf(e);
      sides.ingress.push(i);
      sides.egress.push(e);
      addFields(
        ik,
        flattenSchema(i.schema).map((f) => f.path),
      );
      addFields(
        ek,
        flattenSchema(e.schema).map((f) => f.path),
      );
      for (const m of p.field_mappings ?? []) {
        addFields(ik, [m.ingress_field]);
        addFields(ek, [m.egress_field]);
        g.out0[codeNode(ik, m.ingress_field)]!.push(codeNode(ek, m.egress_field));
      }
    }
    live.set(c.id, sides);
  }

  for (const edge of store.edges) {
    const src = store.components.get(edge.sourceComponentId);
    const dst = store.components.get(edge.destinationComponentId);
    if (!src || !dst) continue;
    if (src.type === 'CODE' && dst.type === 'DATA_STORE') {
      const columns = storeFields(dst);
      for (const b of unique(live.get(src.id)?.egress ?? [])) {
        if (b.data_store_id !== dst.id) continue;
        for (const f of fieldsOf.get(keyOf(b)) ?? [])
          if (columns.has(f)) g.out1[codeNode(keyOf(b), f)]!.push(storeNode(dst.id, f));
      }
    } else if (src.type === 'DATA_STORE' && dst.type === 'CODE') {
      const columns = storeFields(src);
      for (const b of unique(live.get(dst.id)?.ingress ?? [])) {
        if (b.data_store_id !== src.id) continue;
        for (const f of fieldsOf.get(keyOf(b)) ?? [])
          if (columns.has(f)) g.out1[storeNode(src.id, f)]!.push(codeNode(keyOf(b), f));
      }
    } else if (src.type === 'CODE' && dst.type === 'CODE') {
      const ins = unique(live.get(dst.id)?.ingress ?? []);
      for (const e of unique(live.get(src.id)?.egress ?? [])) {
        const eFields = fieldsOf.get(keyOf(e));
        if (!eFields) continue;
        for (const i of ins) {
          if (!samePayload(e, i)) continue;
          const iFields = fieldsOf.get(keyOf(i));
          if (!iFields) continue;
          for (const f of eFields)
            if (iFields.has(f)) g.out1[codeNode(keyOf(e), f)]!.push(codeNode(keyOf(i), f));
        }
      }
    }
  }
  return g;
}

function derive(store: Store, g: Graph): Map<string, Map<string, DependsOnTagRef[]>> {
  // Sources per tag: every node carrying the tag directly.
  const sources = new Map<string, number[]>();
  const direct = new Map<number, Set<string>>();
  for (const key of store.tagApplications.keys()) {
    for (const [field, refs] of effectiveTagsAt(store, key)) {
      const id = g.ids.get(key + SEP + field);
      if (id === undefined) continue; // a tagged field nothing flows out of
      direct.set(id, new Set(refs.keys()));
      for (const tagId of refs.keys()) {
        let list = sources.get(tagId);
        if (!list) sources.set(tagId, (list = []));
        list.push(id);
      }
    }
  }

  const out = new Map<string, Map<string, DependsOnTagRef[]>>();
  const n = g.nodes.length;
  const dist = new Int32Array(n);
  for (const [tagId, starts] of [...sources.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const def = store.tagDefinitions.get(tagId);
    if (!def) continue;
    // Level by level: everything reachable over weight-0 arcs gets the level's distance before any
    // weight-1 arc is followed, so each node is settled once, at its least number of crossings.
    dist.fill(-1);
    let frontier = starts;
    for (let d = 0; frontier.length > 0; d++) {
      const stack: number[] = [];
      for (const s of frontier) {
        if (dist[s] === -1) {
          dist[s] = d;
          stack.push(s);
        }
      }
      const next: number[] = [];
      while (stack.length > 0) {
        const u = stack.pop()!;
        for (const v of g.out0[u]!) {
          if (dist[v] === -1) {
            dist[v] = d;
            stack.push(v);
          }
        }
        for (const v of g.out1[u]!) if (dist[v] === -1) next.push(v);
      }
      frontier = next;
    }
    for (let v = 0; v < n; v++) {
      const info = g.nodes[v];
      if (dist[v] === -1 || !info || direct.get(v)?.has(tagId)) continue;
      let fields = out.get(info.key);
      if (!fields) out.set(info.key, (fields = new Map()));
      let refs = fields.get(info.field);
      if (!refs) fields.set(info.field, (refs = []));
      const ref: DependsOnTagRef = { tag_id: def.id, name: def.name, kind: def.kind, nearest_hops: dist[v]! };
      if (def.color !== undefined) ref.color = def.color;
      refs.push(ref);
    }
  }
  for (const fields of out.values())
    for (const refs of fields.values()) refs.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

function keyOf(b: Boundary): string {
  return coordinateKey(b.componentId, b.coords);
}

function storeFields(c: Component): Set<string> {
  return new Set(flattenSchema(c.schema).map((f) => f.path));
}

function unique(list: Boundary[]): Boundary[] {
  const seen = new Set<string>();
  return list.filter((b) => {
    const k = keyOf(b);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function payloadOf(b: Boundary): string | undefined {
  return b.payload_name ?? b.coords.payload_name ?? undefined;
}

function samePayload(egress: Boundary, ingress: Boundary): boolean {
  const p = payloadOf(egress);
  if (p !== undefined && p === payloadOf(ingress)) return true;
  return egress.data_store_id !== undefined && egress.data_store_id === ingress.data_store_id;
}
