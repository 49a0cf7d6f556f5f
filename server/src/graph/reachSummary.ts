// What an impact counts, for many starts at once: per start set, how many fields lie downstream, how
// many in each component and at how few crossings, and which data-store fields are reached. Change
// impact asks this for every touched path; a walk each re-read most of the graph every time (a path's
// downstream is often half of it). Here up to 32 start sets walk together, one bit each, level by level
// of crossings as traverse.ts walks (a mapping or a hub costs 0, a crossing 1), so each start set's
// fields are reached at the same least crossings as its own walk would reach them.
import { ARC_CROSSING } from './arcs';
import type { LineageModel } from './lineageModel';

export interface ReachSummary {
  /** Fields downstream, the starts not counted. */
  fieldCount: number;
  /** Per component (model.componentList's order): fields reached there. */
  fieldsIn: Int32Array;
  /** Per component: the least crossings to a field reached there, -1 where none is. */
  nearest: Int32Array;
  /** Per DATA_STORE component index: the names of its fields reached. */
  storeFields: Map<number, Set<string>>;
}

const LANES = 32;

/**
 * Per DATA_STORE component reached (`nearest` not -1), the names of its fields `reached` says were
 * reached (starts not counted): what the contracts on it are told.
 */
export function storeFieldsReached(
  model: LineageModel,
  nearest: Int32Array,
  reached: (field: number) => boolean,
): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (let c = 0; c < nearest.length; c++) {
    const cm = model.componentList[c]!;
    if (nearest[c] === -1 || cm.detail.type !== 'DATA_STORE') continue;
    const names = new Set<string>();
    for (const b of cm.boundaries)
      for (let v = b.firstField; v < b.firstField + b.fieldCount; v++)
        if (reached(v)) names.add(model.fields.name(v));
    out.set(c, names);
  }
  return out;
}

/** One summary per start set, in order (downstream, unfiltered). */
export function reachSummaries(
  model: LineageModel,
  startSets: readonly (readonly number[])[],
): ReachSummary[] {
  const out: ReachSummary[] = [];
  if (!startSets.length) return out;
  const lanes = new Lanes(model);
  for (let i = 0; i < startSets.length; i += LANES) out.push(...lanes.run(startSets.slice(i, i + LANES)));
  return out;
}

/**
 * The order nodes are expanded in within a level: along the free arcs (mappings, hubs) a node's rank is
 * above every node leading to it, so a node is expanded once all its lanes of the level have come (a
 * lane arriving after its expansion would expand it again). Nodes on a cycle of free arcs, and after
 * one, share the last rank, taken as a stack. Worked out once per model.
 */
interface Ranks {
  rank: Uint8Array;
  /** Nodes per rank (each bucket's room: a node is in at most one, once, at a time). */
  sizes: Int32Array;
}
const ranksOf = new WeakMap<LineageModel, Ranks>();
/** Ranks above this share the last bucket, the stack (a free path this long is rare). */
const MAX_RANK = 15;

function ranks(model: LineageModel): Ranks {
  let r = ranksOf.get(model);
  if (r) return r;
  const n = model.nodeCount;
  const { start, to, kind } = model.arcs('down');
  const indegree = new Int32Array(n);
  for (let a = 0; a < to.length; a++) if (kind[a] !== ARC_CROSSING) indegree[to[a]!]!++;
  const rank = new Uint8Array(n).fill(MAX_RANK + 1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const depth = new Uint8Array(n);
  for (let v = 0; v < n; v++) if (indegree[v] === 0) queue[tail++] = v;
  while (head < tail) {
    const u = queue[head++]!;
    // Deeper than MAX_RANK: with the cycles (a bucket may then take a node again in the level).
    rank[u] = depth[u]! <= MAX_RANK ? depth[u]! : MAX_RANK + 1;
    for (let a = start[u]!; a < start[u + 1]!; a++) {
      if (kind[a] === ARC_CROSSING) continue;
      const v = to[a]!;
      if (depth[v]! < depth[u]! + 1) depth[v] = Math.min(depth[u]! + 1, 255);
      if (--indegree[v]! === 0) queue[tail++] = v;
    }
  }
  const sizes = new Int32Array(MAX_RANK + 2);
  for (let v = 0; v < n; v++) sizes[rank[v]!]!++;
  ranksOf.set(model, (r = { rank, sizes }));
  return r;
}

/** The arrays of one batch, reused by the next. */
class Lanes {
  private readonly seen: Int32Array;
  private readonly started: Int32Array;
  private readonly pending: Int32Array;
  private readonly crossing: Int32Array;
  private readonly queued: Uint8Array;
  private readonly listed: Uint8Array;
  private readonly next: Int32Array;
  private readonly compOf: Int32Array;
  private readonly rank: Uint8Array;
  /** Per rank, the nodes to expand in this level, and how many. */
  private readonly buckets: Int32Array[];
  private readonly fill: Int32Array;

  constructor(private readonly model: LineageModel) {
    const n = model.nodeCount;
    this.seen = new Int32Array(n);
    this.started = new Int32Array(n);
    this.pending = new Int32Array(n);
    this.crossing = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.listed = new Uint8Array(n);
    this.next = new Int32Array(n);
    this.compOf = model.componentIndexes();
    const r = ranks(model);
    this.rank = r.rank;
    this.buckets = Array.from(r.sizes, (size) => new Int32Array(size));
    this.fill = new Int32Array(r.sizes.length);
  }

  run(sets: readonly (readonly number[])[]): ReachSummary[] {
    const { seen, started, pending, crossing, queued, listed, next, compOf, rank, buckets, fill } = this;
    seen.fill(0);
    started.fill(0);
    const fieldTotal = this.model.fields.length;
    const nComponents = this.model.componentList.length;
    const counts = new Int32Array(sets.length);
    const fieldsIn = new Int32Array(sets.length * nComponents);
    const nearest = new Int32Array(sets.length * nComponents).fill(-1);
    const { start, to, kind } = this.model.arcs('down');
    const last = buckets.length - 1;
    const queue = (v: number) => {
      if (queued[v] === 1) return;
      queued[v] = 1;
      const r = rank[v]!;
      buckets[r]![fill[r]!++] = v;
    };
    sets.forEach((set, lane) => {
      const bit = 1 << lane;
      for (const v of set) {
        seen[v]! |= bit;
        started[v]! |= bit;
        pending[v]! |= bit;
        queue(v);
      }
    });
    /** Lanes `bits` reach field v at `d` crossings (first time: its least). */
    const reached = (v: number, bits: number, d: number) => {
      if (v >= fieldTotal) return;
      let b = bits & ~started[v]!;
      const c = compOf[v]!;
      while (b !== 0) {
        const low = b & -b;
        const lane = 31 - Math.clz32(low);
        b ^= low;
        counts[lane]!++;
        const k = lane * nComponents + c;
        fieldsIn[k]!++;
        if (nearest[k] === -1) nearest[k] = d;
      }
    };
    let nNext = 0;
    /** Expands u with the lanes it gathered: free arcs within the level, crossings into the next. */
    const expand = (u: number, d: number) => {
      queued[u] = 0;
      const bits = pending[u]!;
      pending[u] = 0;
      for (let a = start[u]!; a < start[u + 1]!; a++) {
        const v = to[a]!;
        const fresh = bits & ~seen[v]!;
        if (fresh === 0) continue;
        if (kind[a] === ARC_CROSSING) {
          crossing[v]! |= fresh;
          if (listed[v] === 0) {
            listed[v] = 1;
            next[nNext++] = v;
          }
          continue;
        }
        seen[v]! |= fresh;
        reached(v, fresh, d);
        pending[v]! |= fresh;
        queue(v);
      }
    };
    for (let d = 0; ; d++) {
      // Within the level, rank by rank (a node's lanes all gathered before it is expanded); the last
      // rank, nodes on free cycles, as a stack until none is left.
      for (let r = 0; r < last; r++) {
        const bucket = buckets[r]!;
        for (let i = 0; i < fill[r]!; i++) expand(bucket[i]!, d);
        fill[r] = 0;
      }
      const cyclic = buckets[last]!;
      while (fill[last]! > 0) expand(cyclic[--fill[last]!]!, d);
      if (nNext === 0) break;
      // The next level starts from what crossed, less what this level reached meanwhile.
      const n = nNext;
      nNext = 0;
      for (let i = 0; i < n; i++) {
        const v = next[i]!;
        listed[v] = 0;
        const fresh = crossing[v]! & ~seen[v]!;
        crossing[v] = 0;
        if (fresh === 0) continue;
        seen[v]! |= fresh;
        reached(v, fresh, d + 1);
        pending[v]! |= fresh;
        queue(v);
      }
    }
    return sets.map((_, lane) => {
      const bit = 1 << lane;
      const own = nearest.slice(lane * nComponents, (lane + 1) * nComponents);
      return {
        fieldCount: counts[lane]!,
        fieldsIn: fieldsIn.slice(lane * nComponents, (lane + 1) * nComponents),
        nearest: own,
        storeFields: storeFieldsReached(
          this.model,
          own,
          (v) => (seen[v]! & bit) !== 0 && (started[v]! & bit) === 0,
        ),
      };
    });
  }
}
