// A column that grows by whole chunks: the lineage model's per-field columns reach a hundred thousand
// entries and more, and an array grown by push copies itself each time it fills (every copy a large
// object that only a full collection frees, tens of MB over a build); chunks are allocated once each,
// stay under V8's large-object size, and are never copied.

/** Entries per chunk: 4,096 slots of 8 bytes, well under V8's large-object threshold. */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;

export class ChunkedColumn<T> {
  private readonly chunks: T[][] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(value: T): void {
    const at = this.size & MASK;
    if (at === 0) this.chunks.push(new Array<T>(CHUNK));
    this.chunks[this.chunks.length - 1]![at] = value;
    this.size++;
  }

  /** The entry at `i` (0 ≤ i < length). */
  get(i: number): T {
    return this.chunks[i >>> CHUNK_BITS]![i & MASK]!;
  }

  /** Replaces the entry at `i` (0 ≤ i < length). */
  set(i: number, value: T): void {
    this.chunks[i >>> CHUNK_BITS]![i & MASK] = value;
  }

  /** Entries from … to (exclusive), as a new array. */
  slice(from: number, to: number): T[] {
    const out = new Array<T>(Math.max(0, to - from));
    for (let i = from; i < to; i++) out[i - from] = this.get(i);
    return out;
  }

  /** The last chunk cut to the entries it holds (once nothing more is pushed). */
  trim(): void {
    const used = this.size & MASK;
    if (used !== 0) this.chunks[this.chunks.length - 1] = this.chunks[this.chunks.length - 1]!.slice(0, used);
  }
}
