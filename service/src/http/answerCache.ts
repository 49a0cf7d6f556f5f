// Rendered answers of the reads every client load repeats: the edge list it discovers components
// through (operation 12), then each component's detail (operation 4) and versions (operation 9).
// Rendering a detail walks its paths, tags and depends-on tags and serialises hundreds of KB, the edge
// list megabytes; between writes an answer cannot change, so it is kept as bytes until the next write
// (every change goes through Store.write) and sent as it is.
import { LRUCache } from 'lru-cache';
import type { Store } from '../model/store';

/** A success body already serialised as JSON. */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

/** Bytes kept across all cached answers; the least recently read go first. */
const MAX_CACHED_BYTES = 256 * 1024 * 1024;

export class AnswerCache {
  private readonly answers = new LRUCache<string, Buffer>({
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (b) => Math.max(1, b.length),
  });

  constructor(store: Pick<Store, 'onWrite'>) {
    store.onWrite(() => this.answers.clear());
  }

  /**
   * The cached answer for `ask` (the request's meaning, defaults applied, so that equal requests
   * written differently share one answer), else `render`'s, serialised and kept.
   */
  answer(ask: readonly unknown[], render: () => unknown): JsonBytes {
    const key = JSON.stringify(ask);
    let bytes = this.answers.get(key);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(render()), 'utf8');
      this.answers.set(key, bytes);
    }
    return new JsonBytes(bytes);
  }
}
