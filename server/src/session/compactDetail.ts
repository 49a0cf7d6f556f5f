// Shares the repeated parts of cached component details. Most of a component's JSON is the
// depends-on tags of every field (the same few tags at a few hop counts, over and over) and the
// applied tags; JSON.parse makes a fresh object for each. Identical tag references are replaced by
// one shared object, and field paths by one shared string, so the cache holds each once. So are the
// strings JSON.parse copies for every path though they repeat: across all components the few values
// of kinds, path types and completeness and the mapped field names; within one component its
// boundaries' names and payloads (each path names both of its boundaries), its anchors' files (a file
// anchors many paths) and its field mappings — those through tables kept only while the component is
// compacted, since they rarely repeat across components and a lasting table would hold an entry for
// each. Small objects of primitives are shared like tag references: schema leaves, completeness. The
// data is unchanged (JSON.stringify gives the same text, so path revisions are unaffected); cached
// details are read-only, which makes the sharing safe.
import type { ComponentDetail, Edge, LineagePath, PathBoundary } from '../../../common/src/api';
import type { TimeSlicer } from '../util/timeSlices';
import { isSharedSchema } from '../api/repeatedLists';

type TagRef = { tag_id: string } & Record<string, unknown>;

/** A canonical ref with its own keys, listed once (comparing against it then allocates nothing). */
interface Canonical {
  ref: TagRef;
  keys: string[];
}

/**
 * Whether `r` has the canonical's own keys in the same order with identical values (JSON.stringify
 * would then match). Both passed isPrimitiveRef, so an identical value is never a shared object.
 */
function sameRef(c: Canonical, r: TagRef): boolean {
  const keys = c.keys;
  let i = 0;
  for (const k in r) {
    if (k !== keys[i] || r[k] !== c.ref[k]) return false;
    i++;
  }
  return i === keys.length;
}

const isPrimitiveRef = (r: unknown): r is TagRef => {
  if (r === null || typeof r !== 'object' || typeof (r as TagRef).tag_id !== 'string') return false;
  for (const k in r as TagRef) {
    const v = (r as TagRef)[k];
    if (v !== null && typeof v === 'object') return false;
  }
  return true;
};

/** How deep a boundary schema is walked for shared members. */
const MAX_SCHEMA_DEPTH = 64;
/**
 * Leaf objects compared against per first member's value: a few kinds repeat ({"type": "string"}); past
 * this, a bucket of objects that differ (descriptions) would cost a comparison each for no sharing.
 */
const MAX_LEAVES_PER_BUCKET = 16;

/** Hop counts kept in an array per tag (a JSON answer's are small integers); others by string key. */
const MAX_INDEXED_HOPS = 64;

/** One per cache: shared objects outlive the component they first came from (they are small). */
export class DetailCompactor {
  /**
   * Canonical refs by tag id, then by hop count + 1 (0: no hop count, as applied tags have); refs
   * whose hop count is not a small integer are found by a string key in `otherRefs`.
   */
  private readonly refs = new Map<string, Array<Canonical[] | undefined>>();
  private readonly otherRefs = new Map<string, Canonical[]>();
  private readonly strings = new Map<string, string>();
  /** Canonical small objects of primitives (schema leaves, completeness) by their first member's value. */
  private readonly leaves = new Map<unknown, Canonical[]>();
  /**
   * Lists already made of canonical refs, and shared schemas already walked: answers share repeated
   * depends-on lists and boundary schemas (repeatedLists.ts).
   */
  private compacted = new WeakSet<object>();
  /** Bounds the tables: an unusual dataset cannot make the sharing itself grow without limit. */
  private static readonly MAX_ENTRIES = 200_000;
  private entries = 0;

  /** In slices that yield to the event loop: a component can have 100,000 paths. */
  async compact(detail: ComponentDetail, slicer: TimeSlicer): Promise<ComponentDetail> {
    if (!Array.isArray(detail.paths)) return detail;
    const local: ComponentTables = { strings: new Map(), leaves: new Map() };
    for (const path of detail.paths) {
      if (!path || typeof path !== 'object') continue;
      this.path(path, local);
      if (slicer.tick()) await slicer.pause();
    }
    return detail;
  }

  /**
   * One copy of each component id and namespace in an edge list (JSON.parse makes one per edge end,
   * and a component has many edges); the list is kept as long as the cache.
   */
  compactEdges(edges: readonly Edge[]): void {
    const local = new Map<string, string>();
    for (const e of edges) {
      const r = e as unknown as Record<string, unknown>;
      this.share(r, 'sourceComponentId', local);
      this.share(r, 'destinationComponentId', local);
      this.share(r, 'namespace', local);
    }
  }

  /** Forgets the tables (e.g. on sign-out); objects already shared stay valid. */
  clear(): void {
    this.refs.clear();
    this.otherRefs.clear();
    this.strings.clear();
    this.leaves.clear();
    this.compacted = new WeakSet();
    this.entries = 0;
  }

  private path(path: LineagePath, local: ComponentTables): void {
    const p = path as unknown as Record<string, unknown>;
    this.share(p, 'path_type');
    this.share(p, 'payload_name', local.strings);
    this.share(p, 'transformation_summary', local.strings);
    const completeness = p.completeness;
    if (completeness && typeof completeness === 'object') {
      for (const k in completeness) this.share(completeness as Record<string, unknown>, k);
      p.completeness = this.leaf(completeness as Record<string, unknown>);
    }
    const mappings = path.field_mappings;
    if (Array.isArray(mappings))
      for (let i = 0; i < mappings.length; i++) {
        const m = mappings[i];
        if (!m || typeof m !== 'object') continue;
        const r = m as unknown as Record<string, unknown>;
        this.share(r, 'ingress_field');
        this.share(r, 'egress_field');
        this.share(r, 'kind');
        // Paths through the same boundaries map the same fields: one object per mapping in a component.
        const shared = this.leaf(r, local.leaves);
        if (shared !== r) mappings[i] = shared as unknown as typeof m;
      }
    if (Array.isArray(path.code_anchors))
      for (const a of path.code_anchors) {
        if (!a || typeof a !== 'object') continue;
        // Not its name: a function anchors few paths, and the lookups cost more than they share.
        this.share(a as unknown as Record<string, unknown>, 'file', local.strings);
      }
    this.boundary(path.ingress, local);
    this.boundary(path.egress, local);
  }

  private boundary(b: PathBoundary | undefined, local: ComponentTables): void {
    if (!b || typeof b !== 'object') return;
    const r = b as unknown as Record<string, unknown>;
    this.share(r, 'kind');
    this.share(r, 'id', local.strings);
    this.share(r, 'signature_name', local.strings);
    this.share(r, 'payload_name', local.strings);
    const schema = r.schema;
    if (schema && typeof schema === 'object' && (!isSharedSchema(schema) || this.firstSight(schema)))
      this.schema(schema as Record<string, unknown>, 0);
    const coordinates = r.boundary_coordinates;
    if (coordinates && typeof coordinates === 'object') {
      // Nearly always the boundary's own names, made shared just above: taken from there unlooked-up.
      const c = coordinates as Record<string, unknown>;
      if (c.payload_name === r.payload_name) c.payload_name = r.payload_name;
      else this.share(c, 'payload_name', local.strings);
      if (c.signature_name === r.signature_name) c.signature_name = r.signature_name;
      else this.share(c, 'signature_name', local.strings);
    }
    for (const e of b.field_depends_on_tags ?? []) {
      this.share(e as unknown as Record<string, unknown>, 'field_path');
      this.refList(e.depends_on);
    }
    for (const e of b.field_tags ?? []) {
      this.share(e as unknown as Record<string, unknown>, 'field_path');
      this.refList(e.tags);
    }
  }

  private refList(list: unknown[] | undefined): void {
    if (!Array.isArray(list) || !this.firstSight(list)) return;
    for (let i = 0; i < list.length; i++) {
      const r = list[i];
      if (isPrimitiveRef(r)) list[i] = this.ref(r);
    }
  }

  /** Whether a shared list or schema is met for the first time (it is compacted then, once). */
  private firstSight(o: object): boolean {
    if (this.compacted.has(o)) return false;
    this.compacted.add(o);
    return true;
  }

  private ref(r: TagRef): TagRef {
    const bucket = this.bucketOf(r);
    for (const c of bucket) if (sameRef(c, r)) return c.ref;
    if (this.entries >= DetailCompactor.MAX_ENTRIES) return r;
    this.entries++;
    bucket.push({ ref: r, keys: Object.keys(r) });
    return r;
  }

  private bucketOf(r: TagRef): Canonical[] {
    const hops = r.nearest_hops;
    const slot = hops === undefined ? 0 : typeof hops === 'number' ? hops + 1 : -1;
    if (Number.isInteger(slot) && slot >= 0 && slot <= MAX_INDEXED_HOPS) {
      let byHops = this.refs.get(r.tag_id);
      if (!byHops) this.refs.set(r.tag_id, (byHops = []));
      return (byHops[slot] ??= []);
    }
    const key = `${r.tag_id}\u0000${typeof hops}\u0000${String(hops)}`;
    let bucket = this.otherRefs.get(key);
    if (!bucket) this.otherRefs.set(key, (bucket = []));
    return bucket;
  }

  /**
   * A boundary schema's members that are small objects of primitives (`{"type": "string"}`, a field's
   * whole description) made shared copies; the objects holding fields walked. Nesting is bounded: the
   * answer's nesting was checked when it was parsed.
   */
  private schema(node: Record<string, unknown>, depth: number): void {
    if (depth > MAX_SCHEMA_DEPTH) return;
    for (const k in node) {
      const v = node[k];
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const shared = this.schemaMember(v[i], depth);
          if (shared !== v[i]) v[i] = shared;
        }
      } else {
        const shared = this.schemaMember(v, depth);
        if (shared !== v) node[k] = shared;
      }
    }
  }

  /** A schema member (or list item): its shared copy if it is a leaf, else itself, walked if an object. */
  private schemaMember(v: unknown, depth: number): unknown {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    const shared = this.leaf(o);
    if (shared === o) this.schema(o, depth + 1);
    return shared;
  }

  /**
   * `o`'s canonical copy when all its members are strings, numbers, booleans or null; else `o`. From the
   * lasting table (bounded), or a component's own.
   */
  private leaf(
    o: Record<string, unknown>,
    table: Map<unknown, Canonical[]> = this.leaves,
  ): Record<string, unknown> {
    let first: unknown;
    let n = 0;
    for (const k in o) {
      const v = o[k];
      if (v !== null && typeof v === 'object') return o;
      if (n++ === 0) first = v;
    }
    if (n === 0) return o;
    // Keyed by the value itself: a Map tells "1" from 1, and allocates nothing to ask.
    let bucket = table.get(first);
    if (!bucket) table.set(first, (bucket = []));
    for (const c of bucket) if (sameRef(c, o as TagRef)) return c.ref;
    if (bucket.length >= MAX_LEAVES_PER_BUCKET) return o;
    if (table === this.leaves) {
      if (this.entries >= DetailCompactor.MAX_ENTRIES) return o;
      this.entries++;
    }
    bucket.push({ ref: o as TagRef, keys: Object.keys(o) });
    return o;
  }

  /**
   * o[key] made the one copy of its string `table` holds: the lasting table (bounded), or a component's
   * own (kept while it is compacted).
   */
  private share(o: Record<string, unknown>, key: string, table: Map<string, string> = this.strings): void {
    const v = o[key];
    if (typeof v !== 'string') return;
    const known = table.get(v);
    if (known !== undefined) o[key] = known;
    else if (table !== this.strings) table.set(v, v);
    else if (this.entries < DetailCompactor.MAX_ENTRIES) {
      this.entries++;
      table.set(v, v);
    }
  }
}

/** What is shared within one component only: tables kept while it is compacted. */
interface ComponentTables {
  strings: Map<string, string>;
  leaves: Map<unknown, Canonical[]>;
}
