// The cross-service field graph the depends-on tags are derived from, kept up to date piece by piece:
// a path write to one component replaces that component's part and the arcs of its edges only.
//
// Nodes are (boundary coordinates, field path) of CODE components and (DATA_STORE, schema field).
// Arcs: inside a component, ingress field -> egress field along the field mappings of its effective,
// unsuppressed paths (weight 0); across an edge source -> destination, an egress field to the field
// with the same path on an ingress boundary of the destination addressing the same payload (same
// payload name, or the same DATA_STORE), or into/out of a DATA_STORE's schema fields (weight 1).
// Node ids only grow: a node no arc reaches any more stays, unreached, which changes no result.
import { flattenSchema } from '../../../common/src/api/fields';
import type { Store } from '../model/store';
import { type Boundary, type Component, type EdgeRecord, coordinateKey } from '../model/types';
import { effectivePaths } from './projection';

const SEP = '\u0002';

/** What the edges of a CODE component need from it: its live boundaries and the fields they expose. */
interface Part {
  ingress: Boundary[];
  egress: Boundary[];
  /** coordinate key -> fields */
  fields: Map<string, Set<string>>;
}

/** Arcs as a compressed adjacency (CSR) per weight: node u's heads are adj[off[u]..off[u+1]). */
export interface Adjacency {
  off0: Int32Array;
  adj0: Int32Array;
  off1: Int32Array;
  adj1: Int32Array;
}

export class FieldGraph {
  private readonly ids = new Map<string, number>();
  /** coordinate key -> field -> node id, for the CODE nodes (what a read looks up). */
  readonly byKey = new Map<string, Map<string, number>>();
  private readonly parts = new Map<string, Part>();
  /** Weight-0 arcs owned by each CODE component, as [tail, head, tail, head, …]. */
  private readonly inner = new Map<string, Int32Array>();
  /** Weight-1 arcs owned by each edge (by its index in store.edges). */
  private readonly crossing = new Map<number, Int32Array>();
  private readonly edgesOf = new Map<string, number[]>();
  private readonly storeColumns = new Map<string, Set<string>>();
  private adjacency: Adjacency | undefined;

  constructor(
    private readonly store: Store,
    /** Called for every new node with its coordinate key and field (undefined for DATA_STORE nodes). */
    private readonly onNode: (id: number, key: string | undefined, field: string) => void,
  ) {
    store.edges.forEach((e, i) => {
      for (const c of new Set([e.sourceComponentId, e.destinationComponentId])) {
        let list = this.edgesOf.get(c);
        if (!list) this.edgesOf.set(c, (list = []));
        list.push(i);
      }
    });
    for (const c of store.components.values()) if (c.type === 'CODE') this.setPart(c);
    store.edges.forEach((e, i) => this.setEdge(i, e));
  }

  get size(): number {
    return this.ids.size;
  }

  /** Rebuilds what one component contributes (after a write to its paths), and the arcs of its edges. */
  update(componentId: string): void {
    const c = this.store.components.get(componentId);
    if (!c || c.type !== 'CODE') return;
    this.setPart(c);
    for (const i of this.edgesOf.get(componentId) ?? []) this.setEdge(i, this.store.edges[i]!);
    this.adjacency = undefined;
  }

  /** The arcs, compacted; rebuilt after an update (a counting pass over every part's arcs). */
  arcs(): Adjacency {
    if (this.adjacency) return this.adjacency;
    const n = this.ids.size;
    const [off0, adj0] = compact(n, this.inner.values());
    const [off1, adj1] = compact(n, this.crossing.values());
    return (this.adjacency = { off0, adj0, off1, adj1 });
  }

  private node(name: string, key: string | undefined, field: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(name, id);
      if (key !== undefined) {
        let fields = this.byKey.get(key);
        if (!fields) this.byKey.set(key, (fields = new Map<string, number>()));
        fields.set(field, id);
      }
      this.onNode(id, key, field);
    }
    return id;
  }

  private codeNode(key: string, field: string): number {
    return this.node(key + SEP + field, key, field);
  }

  private storeNode(componentId: string, field: string): number {
    return this.node(`ds${SEP}${componentId}${SEP}${field}`, undefined, field);
  }

  private setPart(c: Component): void {
    const part: Part = { ingress: [], egress: [], fields: new Map() };
    const addFields = (key: string, fields: Iterable<string>) => {
      let s = part.fields.get(key);
      if (!s) part.fields.set(key, (s = new Set()));
      for (const f of fields) s.add(f);
    };
    const arcs: number[] = [];
    for (const p of effectivePaths(c)) {
      if (p.suppressed) continue;
      const i = this.store.boundaries.get(p.ingressId);
      const e = this.store.boundaries.get(p.egressId);
      if (!i || !e) continue;
      const ik = keyOf(i);
      const ek = keyOf(e);
      part.ingress.push(i);
      part.egress.push(e);
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
        arcs.push(this.codeNode(ik, m.ingress_field), this.codeNode(ek, m.egress_field));
      }
    }
    part.ingress = unique(part.ingress);
    part.egress = unique(part.egress);
    this.parts.set(c.id, part);
    this.inner.set(c.id, Int32Array.from(arcs));
  }

  private setEdge(index: number, edge: EdgeRecord): void {
    const src = this.store.components.get(edge.sourceComponentId);
    const dst = this.store.components.get(edge.destinationComponentId);
    const arcs: number[] = [];
    if (src && dst) {
      if (src.type === 'CODE' && dst.type === 'DATA_STORE') {
        const columns = this.columnsOf(dst);
        const part = this.parts.get(src.id);
        for (const b of part?.egress ?? []) {
          if (b.data_store_id !== dst.id) continue;
          for (const f of part!.fields.get(keyOf(b)) ?? [])
            if (columns.has(f)) arcs.push(this.codeNode(keyOf(b), f), this.storeNode(dst.id, f));
        }
      } else if (src.type === 'DATA_STORE' && dst.type === 'CODE') {
        const columns = this.columnsOf(src);
        const part = this.parts.get(dst.id);
        for (const b of part?.ingress ?? []) {
          if (b.data_store_id !== src.id) continue;
          for (const f of part!.fields.get(keyOf(b)) ?? [])
            if (columns.has(f)) arcs.push(this.storeNode(src.id, f), this.codeNode(keyOf(b), f));
        }
      } else if (src.type === 'CODE' && dst.type === 'CODE') {
        const from = this.parts.get(src.id);
        const to = this.parts.get(dst.id);
        for (const e of from?.egress ?? []) {
          const eFields = from!.fields.get(keyOf(e));
          if (!eFields) continue;
          for (const i of to?.ingress ?? []) {
            if (!samePayload(e, i)) continue;
            const iFields = to!.fields.get(keyOf(i));
            if (!iFields) continue;
            for (const f of eFields)
              if (iFields.has(f)) arcs.push(this.codeNode(keyOf(e), f), this.codeNode(keyOf(i), f));
          }
        }
      }
    }
    this.crossing.set(index, Int32Array.from(arcs));
  }

  /** A DATA_STORE's schema fields (no write changes them). */
  private columnsOf(c: Component): Set<string> {
    let s = this.storeColumns.get(c.id);
    if (!s) this.storeColumns.set(c.id, (s = new Set(flattenSchema(c.schema).map((f) => f.path))));
    return s;
  }
}

function compact(n: number, parts: Iterable<Int32Array>): [Int32Array, Int32Array] {
  const off = new Int32Array(n + 1);
  const lists = [...parts];
  for (const arcs of lists) {
    for (let k = 0; k < arcs.length; k += 2) {
      const u = arcs[k]! + 1;
      off[u] = off[u]! + 1;
    }
  }
  for (let u = 0; u < n; u++) off[u + 1] = off[u + 1]! + off[u]!;
  const adj = new Int32Array(off[n]!);
  const fill = off.slice(0, n);
  for (const arcs of lists) {
    for (let k = 0; k < arcs.length; k += 2) {
      const u = arcs[k]!;
      adj[fill[u]!] = arcs[k + 1]!;
      fill[u] = fill[u]! + 1;
    }
  }
  return [off, adj];
}

function keyOf(b: Boundary): string {
  return coordinateKey(b.componentId, b.coords);
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
