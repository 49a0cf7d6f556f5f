// The lineage model's arcs in compact form: kinds as small codes, the list the build appends to, and
// the compressed rows (per direction) a walk reads, with the arrays it works in.
import { MAPPING_KINDS, type MappingKind } from '../../../common/src/protocol';

/** Arc kinds in the compact arrays: 0 a crossing, then MAPPING_KINDS' order plus one. */
export const ARC_CROSSING = 0;
export const KIND_CODES: readonly MappingKind[] = MAPPING_KINDS;

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

/**
 * The arcs as the build makes them, in typed arrays that grow: an object and two array slots per arc
 * would hold most of the model's memory (docs/performance.md); packed into ArcArrays once the build has them all.
 */
export class ArcList {
  length = 0;
  from = new Int32Array(1024);
  to = new Int32Array(1024);
  kind = new Uint8Array(1024);
  path = new Int32Array(1024);

  push(from: number, to: number, kind: number, path: number): void {
    if (this.length === this.from.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.from = grow(this.from);
      this.to = grow(this.to);
      this.kind = grow(this.kind);
      this.path = grow(this.path);
    }
    const a = this.length++;
    this.from[a] = from;
    this.to[a] = to;
    this.kind[a] = kind;
    this.path[a] = path;
  }
}

/** The arrays a walk works in (traverse.ts), one set per direction, kept with the model. */
export interface WalkScratch {
  /** Least crossings per field, -1 where not reached (reset before each walk from `order`). */
  hops: Int32Array;
  kinds: Uint8Array;
  order: Int32Array;
  /** How many fields the last walk reached. */
  count: number;
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
