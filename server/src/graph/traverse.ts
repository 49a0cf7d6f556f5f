// Walks the field graph upstream or downstream of some fields, level by level of component crossings
// (a mapping inside a component costs 0, a crossing 1), so every field is reached at its least number
// of crossings — the `hops` the impact and the graph show, counted as the service counts nearest_hops.
// The walk runs over the model's compact arc arrays (LineageModel.arcs) and answers in typed arrays:
// the widest impact reaches more than 100,000 fields, and a Map entry and an object per field made it
// take seconds (docs/performance.md).
import type { GraphFilters, MappingKind } from '../../../common/src/protocol';
import { ARC_CROSSING, ARC_HUB, arcKindCode, KIND_CODES, type ArcArrays, type WalkScratch } from './arcs';
import type { LineageModel } from './lineageModel';

export type Direction = 'down' | 'up';

/**
 * A walk's answer. It lives in arrays the model reuses: valid until the next walk in the same direction
 * on the same model (the server answers one request at a time, synchronously, so a request's walks never
 * overlap).
 */
export interface Reach {
  /** How many fields were reached (the starts included). */
  readonly count: number;
  /** The reached fields in walking order: nearest first, each after the field it was reached from. */
  readonly order: Int32Array;
  /** Least number of crossings per field node, -1 where not reached. */
  readonly hops: Int32Array;
  /** The mapping kinds met on the way to each field, in order, as a code that kindsOf reads. */
  readonly kinds: Uint8Array;
}

// A sequence of distinct mapping kinds (at most 3) is coded in base 4, the first kind met lowest:
// 0 is none; appending a kind not yet in it is a table look-up.
const APPEND = new Uint8Array(64 * 4);
const DECODED: MappingKind[][] = [];
for (let code = 0; code < 64; code++) {
  const seq: MappingKind[] = [];
  for (let c = code; c > 0; c >>= 2) {
    const k = (c & 3) - 1;
    if (k >= 0) seq.push(KIND_CODES[k]!);
  }
  DECODED.push(seq);
  for (let k = 1; k <= 3; k++) {
    const has = seq.includes(KIND_CODES[k - 1]!);
    APPEND[code * 4 + k] = has || seq.length >= 3 ? code : code | (k << (2 * seq.length));
  }
}

/** The mapping kinds a Reach code stands for (a shared array: do not change it). */
export function kindsOf(code: number): MappingKind[] {
  return DECODED[code] ?? [];
}

export function walk(
  model: LineageModel,
  starts: readonly number[],
  direction: Direction,
  filters: GraphFilters = {},
  maxHops = Number.POSITIVE_INFINITY,
  /**
   * Stop once this many fields are reached (the starts included): the nearest ones, each at its final
   * hops and kinds, as a whole walk would put them first in `order`.
   */
  maxCount = Number.POSITIVE_INFINITY,
): Reach {
  const arcs = model.arcs(direction);
  let kindMask = (1 << (ARC_HUB + 1)) - 1;
  if (filters.kinds) {
    kindMask = (1 << ARC_CROSSING) | (1 << ARC_HUB);
    for (const k of filters.kinds) kindMask |= 1 << arcKindCode(k);
  }
  const allowed = allowedFields(model, filters);
  // The walk's arrays are the model's, reused: a widest walk would otherwise allocate megabytes per
  // request, and in a server holding hundreds of MB that brought full garbage collections of seconds.
  const w = model.walkScratch(direction);
  const { hops, order, queued, hubs } = w;
  const previous = w.count;
  for (let i = 0; i < previous; i++) hops[order[i]!] = -1;
  for (let i = 0; i < w.hubCount; i++) hops[hubs[i]!] = -1;
  w.count = 0;
  w.hubCount = 0;
  const frontier = w.levels[0];
  let nFrontier = 0;
  for (const s of starts) {
    if (queued[s] === 1) continue;
    queued[s] = 1;
    frontier[nFrontier++] = s;
    w.codes[s] = 0;
  }
  // Whole numbers only in the loop (Infinity would be a double compared with small integers).
  const depth = Math.min(maxHops, MAX_DEPTH);
  const cap = Math.min(maxCount, MAX_DEPTH);
  const count = walkLevels(arcs, w, nFrontier, kindMask, allowed, depth, model.fields.length, cap);
  w.count = count;
  return { count, order: order.subarray(0, count), hops, kinds: w.kinds };
}

function* allNodes(n: number): Iterable<number> {
  for (let i = 0; i < n; i++) yield i;
}

/** More crossings than any walk makes (a field graph has fewer fields than this). */
const MAX_DEPTH = 0x3fffffff;

/** Fields a filtered walk may reach (1) by tag and namespace, or null when nothing is filtered. */
function allowedFields(model: LineageModel, filters: GraphFilters): Uint8Array | null {
  const tagged = filters.tag ? (model.fieldsByTag.get(filters.tag) ?? new Set<number>()) : undefined;
  const namespaces = filters.namespaces?.length ? new Set(filters.namespaces) : undefined;
  if (!tagged && !namespaces) return null;
  // Hubs (after the fields) are always passed through.
  const allowed = new Uint8Array(model.nodeCount).fill(1, model.fields.length);
  const inNamespace = namespaces
    ? model.componentList.map((c) => (namespaces.has(c.detail.namespace ?? '') ? 1 : 0))
    : undefined;
  const compOf = model.componentIndexes();
  const candidates: Iterable<number> = tagged ?? allNodes(model.fields.length);
  for (const v of candidates) if (!inNamespace || inNamespace[compOf[v]!] === 1) allowed[v] = 1;
  return allowed;
}

/**
 * The walk itself: a 0-1 breadth-first search by levels of crossings. It reads only typed arrays and
 * whole numbers, and takes everything as arguments: a loop that read properties or met a value of a
 * new type (a first crossing, a first filter, Infinity) lost its optimised code in the middle of a wide
 * walk, and the walks after it ran several times slower until it was optimised again
 * (docs/performance.md).
 */
function walkLevels(
  arcs: ArcArrays,
  w: WalkScratch,
  nStarts: number,
  kindMask: number,
  allowed: Uint8Array | null,
  maxHops: number,
  /** Nodes from here on are hubs: passed through, never reported. */
  fieldCount: number,
  maxCount: number,
): number {
  const start = arcs.start;
  const to = arcs.to;
  const kind = arcs.kind;
  const hops = w.hops;
  const kinds = w.kinds;
  const order = w.order;
  const stack = w.stack;
  const queued = w.queued;
  const codes = w.codes;
  const hubs = w.hubs;
  let nHubs = 0;
  // This level's fields met across a crossing, and the next level's, each with the kinds code it was
  // first met with (a field is queued once per level: the first wins, as it is the first marked).
  let frontier = w.levels[0];
  let next = w.levels[1];
  let nFrontier = nStarts;
  let count = 0;
  let sp = 0;
  let d = 0;
  for (; nFrontier > 0 && d <= maxHops && count < maxCount; d++) {
    for (let i = 0; i < nFrontier; i++) {
      const v = frontier[i]!;
      queued[v] = 0;
      if (hops[v] !== -1) continue;
      hops[v] = d;
      kinds[v] = codes[v]!;
      if (v >= fieldCount) hubs[nHubs++] = v;
      else order[count++] = v;
      stack[sp++] = v;
    }
    let nNext = 0;
    while (sp > 0 && count < maxCount) {
      const u = stack[--sp]!;
      const code = kinds[u]!;
      const end = start[u + 1]!;
      for (let a = start[u]!; a < end; a++) {
        const v = to[a]!;
        if (hops[v] !== -1) continue;
        const k = kind[a]!;
        if (((kindMask >> k) & 1) === 0) continue;
        if (allowed !== null && allowed[v] === 0) continue;
        if (k === ARC_CROSSING) {
          if (queued[v] === 1) continue;
          queued[v] = 1;
          codes[v] = code;
          next[nNext++] = v;
        } else if (k === ARC_HUB) {
          // Into a hub (upstream) or out of one (downstream): no mapping kind met.
          hops[v] = d;
          kinds[v] = code;
          if (v >= fieldCount) hubs[nHubs++] = v;
          else order[count++] = v;
          stack[sp++] = v;
        } else {
          hops[v] = d;
          kinds[v] = APPEND[code * 4 + k]!;
          order[count++] = v;
          stack[sp++] = v;
        }
      }
    }
    const swap = frontier;
    frontier = next;
    next = swap;
    nFrontier = nNext;
  }
  // Fields still queued past maxHops, or once maxCount were reached, are not reached: unqueue them.
  for (let i = 0; i < nFrontier; i++) queued[frontier[i]!] = 0;
  w.hubCount = nHubs;
  return count;
}

/** The id of a field arc as the graph names its edge. */
export function arcEdgeId(model: LineageModel, from: number, to: number): string {
  return `${model.fields.id(from)}>${model.fields.id(to)}`;
}

/**
 * One walk each way over the whole graph, from the fields nothing flows into (down) and out of (up):
 * run once when a model is built (in the background), so that the first impacts a user asks for run
 * the walk's optimised code instead of paying for its compilation (the first wide walks of a fresh
 * server took 3–4 times as long as the later ones; docs/performance.md).
 */
export function warmWalks(model: LineageModel): void {
  for (const direction of ['down', 'up'] as const) {
    const back = model.arcs(direction === 'down' ? 'up' : 'down').start;
    const sources: number[] = [];
    for (let v = 0; v < model.fields.length; v++) if (back[v] === back[v + 1]) sources.push(v);
    walk(model, sources, direction);
  }
}
