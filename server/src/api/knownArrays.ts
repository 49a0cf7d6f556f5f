// Texts of flat JSON arrays (holding no arrays themselves) seen before in the service's answers, each
// with a value, recognised where they stand again without following their strings and brackets byte
// by byte. A component answer is mostly such arrays repeated (its fields' depends-on tags and applied
// tags), and that byte-by-byte walk was the largest part of reading one.
//
// The bytes from a `[` to the first `]` after it are hashed four at a time, and compared (natively)
// with the kept texts of that hash. When a kept text stands there, the array there is that text: a
// JSON array's end follows from its bytes alone, so nothing after it needs reading. A flat array's
// first `]` is its own end, so every kept text can be found this way. (`get` and `keep` take any text
// whose end is known: repeatedLists.ts keeps boundary schemas, objects, by their whole text too.)
import { CLOSE_ARRAY } from '../../../common/src/api/jsonBytes';

/** Texts kept; past it the table starts afresh (only the shortcut is lost). */
const MAX_KEPT = 20_000;

interface Kept<V> {
  text: Buffer;
  value: V;
}

export class KnownArrays<V> {
  private readonly kept = new Map<number, Array<Kept<V>>>();
  private size = 0;
  /** A view of the last text's memory, made once per text rather than once per array. */
  private words: { of: ArrayBufferLike; view: DataView } | undefined;

  /** The value of the kept text standing at `at` (a `[`), if one does. */
  at(b: Buffer, at: number): V | undefined {
    const close = b.indexOf(CLOSE_ARRAY, at);
    return close < 0 ? undefined : this.get(b, at, close + 1);
  }

  /** The value kept for exactly the text [start, end), if any. */
  get(b: Buffer, start: number, end: number): V | undefined {
    const bucket = this.kept.get(this.hash(b, start, end));
    if (bucket)
      for (const k of bucket)
        if (k.text.length === end - start && b.compare(k.text, 0, k.text.length, start, end) === 0)
          return k.value;
    return undefined;
  }

  /** Keeps the array text [start, end) with its value. */
  keep(b: Buffer, start: number, end: number, value: V): void {
    if (this.size >= MAX_KEPT) {
      this.kept.clear();
      this.size = 0;
    }
    const h = this.hash(b, start, end);
    const entry = { text: Buffer.from(b.subarray(start, end)), value };
    const bucket = this.kept.get(h);
    if (bucket) bucket.push(entry);
    else this.kept.set(h, [entry]);
    this.size++;
  }

  /** FNV-1a over the bytes [start, end), four at a time (then the last few one by one). */
  private hash(b: Buffer, start: number, end: number): number {
    let h = 0x811c9dc5 ^ (end - start);
    const view = this.viewOf(b);
    let at = b.byteOffset + start;
    const last = b.byteOffset + end;
    for (; at + 4 <= last; at += 4) h = Math.imul(h ^ view.getUint32(at, true), 0x01000193);
    for (; at < last; at++) h = Math.imul(h ^ view.getUint8(at), 0x01000193);
    return h >>> 0;
  }

  /** Lets go of the last text's memory (call once a text is read). */
  forget(): void {
    this.words = undefined;
  }

  private viewOf(b: Buffer): DataView {
    const memory = b.buffer;
    if (this.words?.of !== memory) this.words = { of: memory, view: new DataView(memory) };
    return this.words.view;
  }
}
