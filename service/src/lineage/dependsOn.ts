// Tags a field depends on through lineage (spec "field_depends_on_tags"), derived by walking
// downstream from every directly tagged field over the whole cross-service field graph
// (fieldGraph.ts), `nearest_hops` being the least number of component crossings.
//
// One walk serves every tag: each node carries a bit set of the tags reached so far, and the walk
// goes level by level (a level = one more crossing), so a (node, tag) is settled once, at its least
// level. Tags beyond 32 take further walks of 32 each. The result is a compact list per node of
// (tag, hops), from which a read builds its entries.
//
// A path write marks its component; the next read (or the idle warm-up after the write) replaces
// that component's part of the graph and walks again: no rebuild of the whole graph. Direct tags
// and tag definitions are read once: no operation of the service writes them.
import type { DependsOnTagRef, FieldDependsOnTagEntry } from '../../../common/src/api/tags';
import type { Store } from '../model/store';
import { type Boundary, coordinateKey, type TagDefinition } from '../model/types';
import { type Adjacency, FieldGraph } from './fieldGraph';
import { effectiveTagsAt } from './fieldTags';
import { compareText } from '../../../common/src/textOrder';

/** Hops are below this (a crossing per component); a rank and hops share one number. */
const HOPS_SPAN = 1 << 20;

/** For each node v, its (tag index, hops) pairs are pairs[2*start[v] .. 2*start[v+1]). */
interface Reached {
  start: Int32Array;
  pairs: Int32Array;
}

export class DependsOnIndex {
  private graph: FieldGraph | undefined;
  private reached: Reached | undefined;
  private readonly changed = new Set<string>();
  /** Tag ids applied directly somewhere, sorted; a tag's index is its bit. */
  private tags: string[] = [];
  /** coordinate key -> field -> indexes of the tags applied directly to that field. */
  private directAt = new Map<string, Map<string, number[]>>();
  /**
   * Tag index -> its place in the shown order (by name, equal names by tag id), -1 when the tag
   * has no definition; ranked once, as tag definitions never change while the service runs.
   */
  private rank = new Int32Array(0);
  private byRank: TagDefinition[] = [];
  /** node id -> indexes of its direct tags (sources of the walk). */
  private readonly direct = new Map<number, number[]>();

  constructor(private readonly store: Store) {
    store.onPathsChanged((componentId) => {
      this.changed.add(componentId);
      this.reached = undefined;
    });
  }

  entriesFor(b: Boundary): FieldDependsOnTagEntry[] {
    const reached = this.refresh();
    const fields = this.graph!.byKey.get(coordinateKey(b.componentId, b.coords));
    if (!fields) return [];
    const out: FieldDependsOnTagEntry[] = [];
    const found: number[] = [];
    for (const [field_path, v] of fields) {
      // (rank, hops) packed in one number: a numeric sort puts the refs in their shown order.
      found.length = 0;
      for (let k = reached.start[v]!; k < reached.start[v + 1]!; k++) {
        const rank = this.rank[reached.pairs[2 * k]!]!;
        if (rank >= 0) found.push(rank * HOPS_SPAN + reached.pairs[2 * k + 1]!);
      }
      if (found.length === 0) continue;
      found.sort((x, y) => x - y);
      out.push({
        field_path,
        depends_on: found.map((packed) => {
          const def = this.byRank[Math.floor(packed / HOPS_SPAN)]!;
          const ref: DependsOnTagRef = {
            tag_id: def.id,
            name: def.name,
            kind: def.kind,
            nearest_hops: packed % HOPS_SPAN,
          };
          if (def.color !== undefined) ref.color = def.color;
          return ref;
        }),
      });
    }
    return out.sort((x, y) => compareText(x.field_path, y.field_path));
  }

  /** Brings the index up to date now (called when the service is otherwise idle). */
  warm(): void {
    this.refresh();
  }

  private refresh(): Reached {
    if (!this.graph) {
      this.readDirectTags();
      this.graph = new FieldGraph(this.store, (id, key, field) => {
        const tags = key === undefined ? undefined : this.directAt.get(key)?.get(field);
        if (tags) this.direct.set(id, tags);
      });
      this.changed.clear();
    }
    for (const id of this.changed) this.graph.update(id);
    this.changed.clear();
    return (this.reached ??= walk(this.graph.arcs(), this.graph.size, this.tags.length, this.direct));
  }

  private readDirectTags(): void {
    const byTag = new Map<string, Array<[string, string]>>();
    for (const key of this.store.tagApplications.keys()) {
      for (const [field, refs] of effectiveTagsAt(this.store, key)) {
        for (const tagId of refs.keys()) {
          let list = byTag.get(tagId);
          if (!list) byTag.set(tagId, (list = []));
          list.push([key, field]);
        }
      }
    }
    this.tags = [...byTag.keys()].sort(compareText);
    const defs = this.tags.map((id) => this.store.tagDefinitions.get(id));
    const ranked = defs
      .map((def, index) => ({ def, index }))
      .filter((x): x is { def: TagDefinition; index: number } => x.def !== undefined)
      .sort((x, y) => compareText(x.def.name, y.def.name) || x.index - y.index);
    this.rank = new Int32Array(this.tags.length).fill(-1);
    ranked.forEach((x, r) => (this.rank[x.index] = r));
    this.byRank = ranked.map((x) => x.def);
    this.directAt = new Map();
    this.tags.forEach((tagId, index) => {
      for (const [key, field] of byTag.get(tagId)!) {
        let fields = this.directAt.get(key);
        if (!fields) this.directAt.set(key, (fields = new Map<string, number[]>()));
        let list = fields.get(field);
        if (!list) fields.set(field, (list = []));
        list.push(index);
      }
    });
  }
}

/** Walks from every source, 32 tags at a time, and lists per node the tags reached with their hops. */
function walk(g: Adjacency, n: number, tagCount: number, direct: Map<number, number[]>): Reached {
  log.reset();
  for (let base = 0; base < tagCount; base += 32) walkChunk(g, n, base, direct, log);
  // Counting sort of the log by node: one (tag, hops) pair per bit of each entry.
  const start = new Int32Array(n + 1);
  const entries = log.entries();
  for (let k = 0; k < entries.length; k += 4) {
    const v = entries[k]! + 1;
    start[v] = start[v]! + popcount(entries[k + 2]!);
  }
  for (let v = 0; v < n; v++) start[v + 1] = start[v + 1]! + start[v]!;
  const pairs = new Int32Array(2 * start[n]!);
  const fill = start.slice(0, n);
  for (let k = 0; k < entries.length; k += 4) {
    const v = entries[k]!;
    const level = entries[k + 1]!;
    let bits = entries[k + 2]!;
    const base = entries[k + 3]!;
    while (bits !== 0) {
      const bit = 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      const at = fill[v]!;
      pairs[2 * at] = base + bit;
      pairs[2 * at + 1] = level;
      fill[v] = at + 1;
    }
  }
  return { start, pairs };
}

/**
 * One level-by-level walk for tags base..base+31. Everything reachable over weight-0 arcs gets the
 * level's hops before any weight-1 arc is followed, so each (node, tag) is settled once, at its
 * least number of crossings. A node's direct tags are known from the start and never logged.
 */
function walkChunk(g: Adjacency, n: number, base: number, direct: Map<number, number[]>, log: GrowableLog) {
  const { known, pending, gained, next, inStack, stack, touched, arriving } = buffers(n);
  known.fill(0); // the others are all zero again when a walk ends
  let sp = 0;
  for (const [v, indexes] of direct) {
    let bits = 0;
    for (const i of indexes) if (i >= base && i < base + 32) bits |= 1 << (i - base);
    if (bits === 0) continue;
    known[v] = bits;
    pending[v] = bits;
    inStack[v] = 1;
    stack[sp++] = v;
  }
  const { off0, adj0, off1, adj1 } = g;
  for (let level = 0; sp > 0; level++) {
    let touchedCount = 0;
    while (sp > 0) {
      const u = stack[--sp]!;
      inStack[u] = 0;
      const bits = pending[u]!;
      pending[u] = 0;
      if (gained[u] === 0) touched[touchedCount++] = u;
      gained[u] = gained[u]! | bits;
      for (let k = off0[u]!; k < off0[u + 1]!; k++) {
        const v = adj0[k]!;
        const fresh = bits & ~known[v]!;
        if (fresh === 0) continue;
        known[v] = known[v]! | fresh;
        log.push(v, level, fresh, base);
        pending[v] = pending[v]! | fresh;
        if (inStack[v] === 0) {
          inStack[v] = 1;
          stack[sp++] = v;
        }
      }
    }
    let arrivingCount = 0;
    for (let t = 0; t < touchedCount; t++) {
      const u = touched[t]!;
      const bits = gained[u]!;
      gained[u] = 0;
      for (let k = off1[u]!; k < off1[u + 1]!; k++) {
        const v = adj1[k]!;
        const fresh = bits & ~known[v]!;
        if (fresh === 0) continue;
        if (next[v] === 0) arriving[arrivingCount++] = v;
        next[v] = next[v]! | fresh;
      }
    }
    for (let a = 0; a < arrivingCount; a++) {
      const v = arriving[a]!;
      const fresh = next[v]! & ~known[v]!;
      next[v] = 0;
      if (fresh === 0) continue;
      known[v] = known[v]! | fresh;
      log.push(v, level + 1, fresh, base);
      pending[v] = fresh;
      inStack[v] = 1;
      stack[sp++] = v;
    }
  }
}

/**
 * Work arrays of a walk, kept between walks (a walk after each write would otherwise allocate
 * eight arrays of the graph's size every time).
 */
interface WalkBuffers {
  size: number;
  known: Int32Array;
  pending: Int32Array; // bits gained and not yet passed on over weight-0 arcs
  gained: Int32Array; // bits gained this level, to pass on over weight-1 arcs
  next: Int32Array; // bits arriving at the next level
  inStack: Uint8Array;
  stack: Int32Array;
  touched: Int32Array;
  arriving: Int32Array;
}
let kept: WalkBuffers | undefined;

function buffers(n: number): WalkBuffers {
  if (kept && kept.size >= n) return kept;
  // Room to grow: writes add nodes a few at a time.
  const size = Math.ceil(n * 1.1) + 1024;
  const ints = () => new Int32Array(size);
  kept = {
    size,
    known: ints(),
    pending: ints(),
    gained: ints(),
    next: ints(),
    inStack: new Uint8Array(size),
    stack: ints(),
    touched: ints(),
    arriving: ints(),
  };
  return kept;
}

/** (node, level, bits, tag base) quadruples in one growing typed array. */
class GrowableLog {
  private data = new Int32Array(1 << 16);
  private length = 0;

  push(v: number, level: number, bits: number, base: number): void {
    if (this.length + 4 > this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
    this.data[this.length++] = level;
    this.data[this.length++] = bits;
    this.data[this.length++] = base;
  }

  entries(): Int32Array {
    return this.data.subarray(0, this.length);
  }

  reset(): void {
    this.length = 0;
  }
}
/** Kept between walks, like the work arrays. */
const log = new GrowableLog();

function popcount(x: number): number {
  let c = 0;
  for (let b = x; b !== 0; b &= b - 1) c++;
  return c;
}
