// The lineage model's arcs in compact form: kinds as small codes, the list the build appends to, and
// the compressed rows (per direction) a walk reads, with the arrays it works in.
import { MAPPING_KINDS, type MappingKind } from '../../../common/src/graphIds';
import { startsAfterFill, startsFromCounts } from '../util/compressedRows';

/** Arc kinds in the compact arrays: 0 a crossing, then MAPPING_KINDS' order plus one, then ARC_HUB. */
export const ARC_CROSSING = 0;
export const KIND_CODES: readonly MappingKind[] = MAPPING_KINDS;
/**
 * Between a crossing hub and the fields it joins on the far side of a crossing (free: the crossing into
 * the hub is the one counted). A hub stands for every egress field of a path, of any component with an
 * edge to a destination, × every ingress field of that path and payload in the destination: each side
 * linked to it once instead of to each other.
 */
export const ARC_HUB = KIND_CODES.length + 1;

/** An arc kind's code in the compact arrays. */
export function arcKindCode(kind: MappingKind | 'crossing'): number {
  return kind === 'crossing' ? ARC_CROSSING : KIND_CODES.indexOf(kind) + 1;
}

/** The arc kind a code in the compact arrays stands for. */
export function arcKindOf(code: number): MappingKind | 'crossing' {
  return code === ARC_CROSSING ? 'crossing' : KIND_CODES[code - 1]!;
}

/** Arcs of one direction in compressed rows: field v's arcs are start[v] ≤ a < start[v + 1]. */
export interface ArcArrays {
  start: Int32Array;
  to: Int32Array;
  kind: Uint8Array;
  /** The arc's path as an index for LineageModel.pathIdAt, -1 for a crossing. */
  path: Int32Array;
}

/** Arcs per chunk of an ArcList: 16,384 (208 KB of typed arrays). */
const ARC_CHUNK_BITS = 14;
const ARC_CHUNK = 1 << ARC_CHUNK_BITS;
const ARC_MASK = ARC_CHUNK - 1;

/** One chunk of an ArcList: ARC_CHUNK arcs' ends, kinds and paths. */
interface ArcChunk {
  from: Int32Array;
  to: Int32Array;
  kind: Uint8Array;
  path: Int32Array;
}

/**
 * The arcs as the build makes them, in typed arrays: an object and two array slots per arc would hold
 * most of the model's memory (docs/performance.md); packed into ArcArrays once the build has them all.
 * In chunks allocated once each: arrays that doubled as they filled left every smaller copy (several MB
 * over a large build) to the next full collection.
 */
export class ArcList {
  length = 0;
  private readonly chunks: ArcChunk[] = [];

  push(from: number, to: number, kind: number, path: number): void {
    const at = this.length & ARC_MASK;
    if (at === 0)
      this.chunks.push({
        from: new Int32Array(ARC_CHUNK),
        to: new Int32Array(ARC_CHUNK),
        kind: new Uint8Array(ARC_CHUNK),
        path: new Int32Array(ARC_CHUNK),
      });
    const c = this.chunks[this.chunks.length - 1]!;
    c.from[at] = from;
    c.to[at] = to;
    c.kind[at] = kind;
    c.path[at] = path;
    this.length++;
  }

  /** Every arc in the order made: each chunk and how many of its arcs are used. */
  *filled(): Generator<[ArcChunk, number]> {
    for (let i = 0; i < this.chunks.length; i++)
      yield [this.chunks[i]!, Math.min(ARC_CHUNK, this.length - i * ARC_CHUNK)];
  }
}

/**
 * Packs one direction's arcs into compressed rows over `nodes` nodes (fields, then hubs), each node's
 * arcs in the order they were made.
 */
export function packArcs(list: ArcList, nodes: number, direction: 'down' | 'up'): ArcArrays {
  const down = direction === 'down';
  const m = list.length;
  const start = new Int32Array(nodes + 1);
  for (const [c, n] of list.filled()) {
    const tail = down ? c.from : c.to;
    for (let a = 0; a < n; a++) start[tail[a]! + 1]!++;
  }
  startsFromCounts(start, nodes);
  const to = new Int32Array(m);
  const kind = new Uint8Array(m);
  const path = new Int32Array(m);
  for (const [c, n] of list.filled()) {
    const [tail, head] = down ? [c.from, c.to] : [c.to, c.from];
    for (let a = 0; a < n; a++) {
      const slot = start[tail[a]!]!++;
      to[slot] = head[a]!;
      kind[slot] = c.kind[a]!;
      path[slot] = c.path[a]!;
    }
  }
  startsAfterFill(start, nodes);
  return { start, to, kind, path };
}

/** The arrays a walk works in (traverse.ts), one set per direction, kept with the model. */
export interface WalkScratch {
  /** Least crossings per node, -1 where not reached (reset before each walk from `order` and `hubs`). */
  hops: Int32Array;
  kinds: Uint8Array;
  order: Int32Array;
  /** How many fields the last walk reached. */
  count: number;
  /** The hubs the last walk passed through (their hops are reset with the fields'), and how many. */
  hubs: Int32Array;
  hubCount: number;
  stack: Int32Array;
  /** Whether a field is queued for the next level (all 0 between walks). */
  queued: Uint8Array;
  /** The kinds code a queued field was first met with. */
  codes: Uint8Array;
  levels: [Int32Array, Int32Array];
}

export interface Arc {
  to: number;
  /** A mapping kind inside a component; `crossing` between components. */
  kind: MappingKind | 'crossing';
  pathId?: string;
}
