// An answer read as it arrives, for the one answer that can be tens of MB: a component's detail
// (operation 4) with up to ~100,000 paths. Parsing such an answer at once (JSON.parse, then the schema
// check of every path) would block the server's event loop for a long while; here the paths are found
// in the bytes as they arrive (listSplitter.ts), each is parsed with JSON.parse and checked against its
// schema as soon as it is complete, and the work yields to the event loop every few milliseconds
// (TimeSlicer), so requests are answered while a large component loads. The rest of the answer (the
// component without its paths) is parsed and checked at the end, in one turn: an answer large outside
// its paths (a data store's schema of tens of MB) would block then, as a buffered one does. The limits
// and errors are those of a whole answer (responses.ts): nesting past MAX_JSON_DEPTH is refused as the
// brackets arrive, malformed JSON (invalid UTF-8 too) and a wrong shape name what is wrong, and the
// first problem ends the read (the transport then drops the connection).
// Answers below STREAM_FROM_BYTES (transport.ts) are parsed at once instead: short, and one parse.
import { isUtf8 } from 'node:buffer';
import type { TSchema } from '@sinclair/typebox';
import { ComponentDetailResponse } from '../../../common/src/api/components';
import { LineagePath } from '../../../common/src/api/paths';
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { problems } from '../../../common/src/api/validate';
import type { OperationName } from '../../../common/src/api/operations';
import { LOAD_SLICE_MS, TimeSlicer } from '../util/timeSlices';
import { ApiError } from './errors';
import { ListSplitter, SplitError } from './listSplitter';
import { notJson, schemaMismatch, tooDeep } from './responses';
import type { BodyReader, Context } from './transport';
import { isJsonObject } from '../../../common/src/api/jsonBytes';

/** Where an answer's long list is, and the schemas of its items and of the rest. */
export interface StreamedShape {
  /** Member names from the root to the list, e.g. ['component', 'paths']. */
  readonly list: readonly string[];
  readonly item: TSchema;
  /** The whole answer's schema; checked with the list emptied (its items are checked one by one). */
  readonly whole: TSchema;
}

/** The operations whose answers are streamed. */
export const STREAMED: Partial<Record<OperationName, StreamedShape>> = {
  getComponent: { list: ['component', 'paths'], item: LineagePath, whole: ComponentDetailResponse },
};

export class StreamedJsonReader implements BodyReader {
  private readonly splitter: ListSplitter;
  private readonly slicer = new TimeSlicer(LOAD_SLICE_MS);
  private readonly items: unknown[] = [];
  private readonly pointer: string;
  private bytes = 0;

  constructor(
    private readonly shape: StreamedShape,
    private readonly ctx: Context,
    private readonly apiKey: string,
  ) {
    this.splitter = new ListSplitter(shape.list, MAX_JSON_DEPTH);
    this.pointer = `/${shape.list.join('/')}/`;
  }

  async write(chunk: Uint8Array): Promise<void> {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    this.bytes += bytes.length;
    this.splitter.push(bytes);
    for (;;) {
      let item;
      try {
        item = this.splitter.next();
      } catch (err) {
        throw this.failure(err);
      }
      if (!item) return;
      const value = this.parse(item.bytes, item.at);
      const found = problems(this.shape.item, value, 3);
      if (found.length > 0)
        throw schemaMismatch(found, this.ctx, this.apiKey, this.pointer + String(this.items.length));
      this.items.push(value);
      if (this.slicer.tick()) await this.slicer.pause();
    }
  }

  end(): unknown {
    let rest: Buffer;
    try {
      rest = this.splitter.finish();
    } catch (err) {
      throw this.failure(err);
    }
    if (this.bytes === 0) throw notJson(this.ctx, true);
    const value = this.parse(rest, undefined);
    // The items were checked as they arrived; the rest holds the list empty.
    const found = problems(this.shape.whole, value, 3);
    if (found.length > 0) throw schemaMismatch(found, this.ctx, this.apiKey);
    if (this.splitter.found) {
      let holder: unknown = value;
      for (const name of this.shape.list.slice(0, -1))
        holder = isJsonObject(holder) ? holder[name] : undefined;
      if (isJsonObject(holder)) holder[this.shape.list[this.shape.list.length - 1]!] = this.items;
    }
    return value;
  }

  /** One item's or the rest's value; `at`: where the bytes start in the answer (undefined: the rest). */
  private parse(bytes: Buffer, at: number | undefined): unknown {
    try {
      if (isUtf8(bytes)) return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch (err) {
      // V8 names the character where the text breaks; the byte is near it.
      const within = /position (\d+)/.exec((err as Error).message);
      const near = at === undefined ? undefined : at + (within ? Number(within[1]) : 0);
      throw notJson(this.ctx, false, near === undefined ? undefined : nearByte(near));
    }
    throw notJson(this.ctx, false, at === undefined ? undefined : nearByte(at));
  }

  /** The splitter's findings become the answer's errors; ours pass through. */
  private failure(err: unknown): Error {
    if (err instanceof ApiError) return err;
    if (!(err instanceof SplitError)) return notJson(this.ctx, false);
    if (err.kind === 'tooDeep') return tooDeep(this.ctx);
    if (err.kind === 'repeated')
      return schemaMismatch(
        [{ path: err.member, message: 'is given more than once' }],
        this.ctx,
        this.apiKey,
      );
    return notJson(this.ctx, false, nearByte(err.at));
  }
}

const nearByte = (at: number) => `near byte ${at.toLocaleString('en')}`;
