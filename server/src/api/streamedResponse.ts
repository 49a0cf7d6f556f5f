// An answer read as it arrives, for the one answer that can be tens of MB: a component's detail
// (operation 4) with up to ~100,000 paths. Parsing such an answer at once (JSON.parse, then the schema
// check of every path) would block the server's event loop for a long while; here the body is tokenized chunk by
// chunk (@streamparser/json), each path is checked against its schema as soon as it is complete, and
// the work yields to the event loop every few milliseconds (TimeSlicer), so requests are answered
// while a large component loads. The limits and errors are those of a whole answer (responses.ts):
// nesting past MAX_JSON_DEPTH is refused as the brackets arrive (the parser itself keeps an explicit
// stack, and nothing nested that deep is ever built), malformed JSON and a wrong shape name what is
// wrong, and the first problem ends the read (the transport then drops the connection).
// Answers below STREAM_FROM_BYTES (transport.ts) are parsed at once instead: faster, and short.
import { TokenParser, Tokenizer, TokenType } from '@streamparser/json';
import type { TSchema } from '@sinclair/typebox';
import { ComponentDetailResponse } from '../../../common/src/api/components';
import { LineagePath } from '../../../common/src/api/paths';
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { problems } from '../../../common/src/api/validate';
import type { OperationName } from '../../../common/src/api/operations';
import { LOAD_SLICE_MS, TimeSlicer } from '../util/timeSlices';
import { ApiError } from './errors';
import { notJson, schemaMismatch, tooDeep } from './responses';
import type { BodyReader, Context } from './transport';
import { isJsonObject, type JsonObject } from '../../../common/src/api/jsonBytes';

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

/** Bytes tokenized between two looks at the clock (a few ms of work; undici's chunks can be larger). */
const PIECE = 16 * 1024;
/** Strings shared when repeated: short ones, and at most this many distinct ones at a time. */
const MAX_INTERNED_LENGTH = 64;
const MAX_INTERNED = 20_000;

export class StreamedJsonReader implements BodyReader {
  private readonly tokenizer = new Tokenizer();
  private readonly parser: TokenParser;
  private readonly slicer = new TimeSlicer(LOAD_SLICE_MS);
  private depth = 0;
  private bytes = 0;
  /** Where the last token started: locates a break in a long answer. */
  private lastOffset = 0;
  private root: { value: unknown } | undefined;
  private readonly strings = new Map<string, string>();

  constructor(
    private readonly shape: StreamedShape,
    private readonly ctx: Context,
    private readonly apiKey: string,
  ) {
    this.parser = new TokenParser({ paths: [`$.${shape.list.join('.')}.*`, '$'] });
    this.tokenizer.onToken = (t) => {
      this.lastOffset = t.offset;
      if (t.token === TokenType.STRING && typeof t.value === 'string') t.value = this.intern(t.value);
      else if (t.token === TokenType.LEFT_BRACE || t.token === TokenType.LEFT_BRACKET) {
        if (++this.depth > MAX_JSON_DEPTH) throw tooDeep(this.ctx);
      } else if (t.token === TokenType.RIGHT_BRACE || t.token === TokenType.RIGHT_BRACKET) this.depth--;
      this.parser.write(t);
    };
    const pointer = `/${shape.list.join('/')}/`;
    this.parser.onValue = ({ value, key, parent, stack }) => {
      if (stack.length === 0) {
        this.root = { value };
        return;
      }
      // Members of a list that is not an array: the check of the whole names the list itself.
      if (!Array.isArray(parent)) return;
      const found = problems(shape.item, value, 3);
      if (found.length > 0) throw schemaMismatch(found, this.ctx, this.apiKey, pointer + String(key));
    };
  }

  /**
   * One string for repeated short values (a path's type, a file name, a signature shared by many
   * paths, tag and field names): JSON.parse makes a copy of each occurrence. The table
   * starts afresh now and then, so unique values (ids) do not pile up in it.
   */
  private intern(value: string): string {
    if (value.length > MAX_INTERNED_LENGTH) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    if (this.strings.size >= MAX_INTERNED) this.strings.clear();
    this.strings.set(value, value);
    return value;
  }

  async write(chunk: Uint8Array): Promise<void> {
    for (let at = 0; at < chunk.length; at += PIECE) {
      const piece = chunk.subarray(at, at + PIECE);
      this.bytes += piece.length;
      try {
        this.tokenizer.write(piece);
      } catch (err) {
        throw this.failure(err);
      }
      if (this.slicer.due()) await this.slicer.pause();
    }
  }

  end(): unknown {
    try {
      if (!this.tokenizer.isEnded) this.tokenizer.end();
    } catch (err) {
      throw this.failure(err);
    }
    if (!this.root) throw notJson(this.ctx, this.bytes === 0, this.where());
    const value = this.root.value;
    // The list's items were checked as they arrived; the rest is checked with the list left empty.
    let rest: unknown = value;
    let holder: unknown = value;
    const path: JsonObject[] = [];
    for (const name of this.shape.list.slice(0, -1)) {
      if (!isJsonObject(holder)) break;
      path.push(holder);
      holder = holder[name];
    }
    const last = this.shape.list[this.shape.list.length - 1]!;
    if (path.length === this.shape.list.length - 1 && isJsonObject(holder) && Array.isArray(holder[last])) {
      // Shallow copies down to the list: the answer itself keeps its items.
      let copy: JsonObject = { ...holder, [last]: [] };
      for (let i = path.length - 1; i >= 0; i--) copy = { ...path[i], [this.shape.list[i]!]: copy };
      rest = copy;
    }
    const found = problems(this.shape.whole, rest, 3);
    if (found.length > 0) throw schemaMismatch(found, this.ctx, this.apiKey);
    return value;
  }

  /** Our own errors pass through; the parser's become "not valid JSON". */
  private failure(err: unknown): Error {
    if (err instanceof ApiError) return err;
    return notJson(this.ctx, false, this.where());
  }

  private where(): string | undefined {
    return this.bytes > 0 ? `near byte ${this.lastOffset.toLocaleString('en')}` : undefined;
  }
}
