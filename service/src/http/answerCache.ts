// Rendered answers of the two reads every client load repeats for each component: the detail
// (operation 4) and its versions (operation 9). Rendering a detail walks its paths, tags and depends-on
// tags and serialises hundreds of KB; between writes the answer cannot change, so it is kept as bytes
// until the next write (every change goes through Store.write) and sent as it is.
import { LRUCache } from 'lru-cache';
import type { Store } from '../model/store';
import type { Request } from './handlers/request';

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

  /** The cached answer to `req` for `operation`, else `render`'s, serialised and kept. */
  answer(operation: string, req: Request, render: (req: Request) => unknown): JsonBytes {
    const key = cacheKey(operation, req);
    let bytes = this.answers.get(key);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(render(req)), 'utf8');
      this.answers.set(key, bytes);
    }
    return new JsonBytes(bytes);
  }
}

/** Operation, path parameters and query, each in a fixed order: equal requests share an answer. */
function cacheKey(operation: string, req: Request): string {
  const sorted = (o: Record<string, unknown>) =>
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]);
  return JSON.stringify([operation, sorted(req.params), sorted(req.query)]);
}
