// Walks the field graph upstream or downstream of some fields, level by level of component crossings
// (a mapping inside a component costs 0, a crossing 1), so every field is reached at its least number
// of crossings — the `hops` the impact and the graph show, counted as the service counts nearest_hops.
// The walk runs over the model's compact arc arrays (LineageModel.arcs) and answers in typed arrays:
// the widest impact reaches more than 100,000 fields, and a Map entry and an object per field made it
// take seconds (docs/performance.md).
import type { GraphFilters, MappingKind } from '../../../common/src/protocol';
import { ARC_CROSSING, KIND_CODES, type LineageModel } from './lineageModel';

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
): Reach {
  const { start, to, kind } = model.arcs(direction);
  let kindMask = 0b1111;
  if (filters.kinds) {
    kindMask = 1 << ARC_CROSSING;
    for (const k of filters.kinds) kindMask |= 1 << (KIND_CODES.indexOf(k) + 1);
  }
  const tagged = filters.tag ? (model.fieldsByTag.get(filters.tag) ?? new Set<number>()) : undefined;
  const namespaces = filters.namespaces?.length ? new Set(filters.namespaces) : undefined;
  const filtered = tagged !== undefined || namespaces !== undefined;
  const allowed = (v: number): boolean => {
    if (tagged && !tagged.has(v)) return false;
    if (namespaces && !namespaces.has(model.componentOfField(v)?.detail.namespace ?? '')) return false;
    return true;
  };

  // The walk's arrays are the model's, reused: a widest walk would otherwise allocate megabytes per
  // request, and in a server holding hundreds of MB that brought full garbage collections of seconds.
  const w = model.walkScratch(direction);
  const { hops, kinds, order, stack, queued } = w;
  for (let i = 0; i < w.count; i++) hops[order[i]!] = -1;
  w.count = 0;
  let count = 0;
  let sp = 0;
  // This level's fields met across a crossing, and the next level's, each with the kinds code it was
  // first met with (a field is queued once per level: the first wins, as it is the first marked).
  let frontier = w.levels[0];
  let next = w.levels[1];
  let nFrontier = 0;
  for (const s of starts) {
    if (queued[s] === 1) continue;
    queued[s] = 1;
    frontier[nFrontier++] = s;
    w.codes[s] = 0;
  }
  try {
    for (let d = 0; nFrontier > 0 && d <= maxHops; d++) {
      for (let i = 0; i < nFrontier; i++) {
        const v = frontier[i]!;
        queued[v] = 0;
        if (hops[v] !== -1) continue;
        hops[v] = d;
        kinds[v] = w.codes[v]!;
        order[count++] = v;
        stack[sp++] = v;
      }
      let nNext = 0;
      while (sp > 0) {
        const u = stack[--sp]!;
        const code = kinds[u]!;
        for (let a = start[u]!, end = start[u + 1]!; a < end; a++) {
          const v = to[a]!;
          if (hops[v] !== -1) continue;
          const k = kind[a]!;
          if (((kindMask >> k) & 1) === 0) continue;
          if (filtered && !allowed(v)) continue;
          if (k === ARC_CROSSING) {
            if (queued[v] === 1) continue;
            queued[v] = 1;
            w.codes[v] = code;
            next[nNext++] = v;
          } else {
            hops[v] = d;
            kinds[v] = APPEND[code * 4 + k]!;
            order[count++] = v;
            stack[sp++] = v;
          }
        }
      }
      [frontier, next] = [next, frontier];
      nFrontier = nNext;
    }
  } finally {
    // Fields still queued past maxHops (or when a filter threw) are not reached: unqueue them.
    for (let i = 0; i < nFrontier; i++) queued[frontier[i]!] = 0;
    w.count = count;
  }
  return { count, order: order.subarray(0, count), hops, kinds };
}

/** The id of a field arc as the graph names its edge. */
export function arcEdgeId(model: LineageModel, from: number, to: number): string {
  return `${model.fields[from]!.id}>${model.fields[to]!.id}`;
}
