// One HTTP exchange with the service over a keep-alive undici Pool: the key in X-API-KEY only,
// one overall deadline, cancellation, a bounded body read, and network failures as typed errors.
// Retries and the meaning of statuses are the caller's business (httpClient.ts, responses.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';
import type { BodyBuffers } from './bodyBuffers';
import {
  ApiError,
  CancelledError,
  InvalidResponseError,
  ResponseTooLargeError,
  TimeoutError,
  UnreachableError,
} from './errors';
import { logText } from '../../../common/src/untrustedText';

export interface TransportConfig {
  /** `scheme://host:port`; the Pool only ever connects here, so the key cannot go elsewhere. */
  readonly origin: string;
  /** What error messages call the service: origin plus path prefix, never credentials. */
  readonly display: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly connections: number;
  /** See ApiClientConfig.streamFromBytes; default STREAM_FROM_BYTES. */
  readonly streamFromBytes?: number;
  /**
   * Where a buffered success's bytes are gathered (none: a new buffer each time); the caller gives the
   * buffer back with RawResponse.release once the body is read.
   */
  readonly bodies?: BodyBuffers;
}

export interface RawRequest {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Absolute path with query string, below the origin. */
  readonly path: string;
  readonly body?: string;
}

export type RawResponse =
  | {
      readonly status: number;
      readonly headers: IncomingHttpHeaders;
      readonly body: Buffer;
      /** Gives the body's buffer back for the next answer: call once nothing reads `body` any more. */
      readonly release?: () => void;
    }
  /** A success read by a BodyReader: its value (the body itself was not kept). */
  | { readonly status: number; readonly headers: IncomingHttpHeaders; readonly value: unknown };

/** Takes a success's body chunk by chunk as it arrives (streamedResponse.ts). */
export interface BodyReader {
  /** May yield to the event loop; throws an ApiError to refuse the answer (the rest is not read). */
  write(chunk: Uint8Array): Promise<void>;
  /** The value, once the whole body has been written. */
  end(): unknown;
}

/**
 * The size from which a success with a BodyReader is read as it arrives. Below it the answer is parsed
 * at once: JSON.parse of an answer that size blocks only briefly and is faster than tokenizing in
 * JavaScript. (`lineage-lens check`, with no requests to answer meanwhile, never streams.)
 */
export const STREAM_FROM_BYTES = 1024 * 1024;

/** Which operation a request belongs to, for error messages. */
export interface Context {
  readonly number: number;
  /** e.g. `'component detail' (operation 4)` */
  readonly title: string;
}

export class Transport {
  private readonly pool: Pool;

  constructor(private readonly config: TransportConfig) {
    this.pool = new Pool(config.origin, {
      connections: config.connections,
      connect: { timeout: config.timeoutMs },
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
    });
  }

  /**
   * `reader`: a new BodyReader for a success's body past STREAM_FROM_BYTES (each attempt gets its own);
   * smaller answers, and every answer without a reader, are buffered.
   */
  async send(
    req: RawRequest,
    ctx: Context,
    signal?: AbortSignal,
    reader?: () => BodyReader,
  ): Promise<RawResponse> {
    if (signal?.aborted) throw this.cancelled(ctx);
    // One controller ends the exchange for either reason; `why` remembers which came first.
    const controller = new AbortController();
    let why: 'timeout' | 'cancel' | undefined;
    const timer = setTimeout(() => {
      why ??= 'timeout';
      controller.abort();
    }, this.config.timeoutMs);
    const onCancel = () => {
      why ??= 'cancel';
      controller.abort();
    };
    signal?.addEventListener('abort', onCancel, { once: true });
    try {
      const res = await this.pool.request({
        method: req.method,
        path: req.path,
        headers: {
          'x-api-key': this.config.apiKey,
          accept: 'application/json',
          'user-agent': 'lineage-lens',
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: req.body ?? null,
        signal: controller.signal,
      });
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      // A success is buffered up to STREAM_FROM_BYTES; past that, what came so far and the rest go to
      // the reader. Only an error's body, or a small answer, comes back as bytes.
      const streamFrom = this.config.streamFromBytes ?? STREAM_FROM_BYTES;
      let r: BodyReader | undefined;
      const chunks: Buffer[] = [];
      let buffered = 0;
      const total = await this.readBounded(res.headers, res.body, ctx, async (chunk) => {
        if (!r && (!ok || !reader || buffered + chunk.length <= streamFrom)) {
          chunks.push(chunk);
          buffered += chunk.length;
          return;
        }
        if (!r) {
          r = reader!();
          for (const c of chunks.splice(0)) await r.write(c);
        }
        await r.write(chunk);
      });
      if (r) return { status: res.statusCode, headers: res.headers, value: r.end() };
      const bodies = ok ? this.config.bodies : undefined;
      if (!bodies)
        return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks, total) };
      const into = bodies.take(total);
      let at = 0;
      for (const c of chunks) at += c.copy(into, at);
      return {
        status: res.statusCode,
        headers: res.headers,
        body: into.subarray(0, total),
        release: () => bodies.give(into),
      };
    } catch (e) {
      if (why === 'timeout') throw this.timeout(ctx);
      if (why === 'cancel') throw this.cancelled(ctx);
      if (e instanceof ApiError) throw e;
      throw this.classify(e, ctx);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    }
  }

  close(): Promise<void> {
    return this.pool.closed ? Promise.resolve() : this.pool.close();
  }

  /**
   * Hands the body to `take` chunk by chunk, refusing it (and dropping the connection) once it passes
   * the cap, or when `take` throws. Returns its length.
   */
  private async readBounded(
    headers: IncomingHttpHeaders,
    body: BodyStream,
    ctx: Context,
    take: (chunk: Buffer) => Promise<void> | void,
  ): Promise<number> {
    const max = this.config.maxResponseBytes;
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      discard(body);
      throw this.tooLarge(ctx);
    }
    let total = 0;
    try {
      for await (const chunk of body) {
        total += chunk.length;
        if (total > max) throw this.tooLarge(ctx);
        await take(chunk);
      }
    } catch (e) {
      discard(body);
      throw e;
    }
    return total;
  }

  /** A network-level failure as one of our typed errors. */
  private classify(e: unknown, ctx: Context): ApiError {
    const code = errorCode(e);
    const at = `The service at ${this.config.display}`;
    switch (code) {
      case 'UND_ERR_HEADERS_TIMEOUT':
      case 'UND_ERR_BODY_TIMEOUT':
      case 'UND_ERR_CONNECT_TIMEOUT':
      case 'ETIMEDOUT':
        return this.timeout(ctx);
      case 'UND_ERR_CLOSED':
      case 'UND_ERR_DESTROYED':
        return new CancelledError(
          `The ${ctx.title} request was cancelled because the client was closed.`,
          ctx.number,
        );
      case 'UND_ERR_HEADERS_OVERFLOW':
        return new ResponseTooLargeError(
          `${at} sent response headers over the size limit for ${ctx.title}.`,
          ctx.number,
        );
      case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
        return this.tooLarge(ctx);
    }
    if (code?.startsWith('HPE_') || (e instanceof Error && e.name === 'HTTPParserError')) {
      return new InvalidResponseError(`${at} did not answer ${ctx.title} with valid HTTP.`, ctx.number, '/');
    }
    return new UnreachableError(
      `${at} is unreachable (${networkReason(code, e, this.config.apiKey)}).`,
      ctx.number,
    );
  }

  private timeout(ctx: Context): TimeoutError {
    return new TimeoutError(
      `The service at ${this.config.display} did not answer ${ctx.title} within ${this.config.timeoutMs} ms.`,
      ctx.number,
    );
  }

  private cancelled(ctx: Context): CancelledError {
    return new CancelledError(`The ${ctx.title} request was cancelled.`, ctx.number);
  }

  private tooLarge(ctx: Context): ResponseTooLargeError {
    return new ResponseTooLargeError(
      `The service's answer to ${ctx.title} is larger than the limit of ${this.config.maxResponseBytes} bytes and was refused.`,
      ctx.number,
    );
  }
}

type BodyStream = AsyncIterable<Buffer> & {
  destroy(): void;
  on(event: 'error', listener: () => void): unknown;
};

/** Drops an unread body (and its connection); undici then emits an abort error nobody needs. */
function discard(body: BodyStream): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The error code, looking inside an AggregateError (Node tries IPv6 and IPv4 addresses in turn). */
function errorCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; errors?: unknown[]; cause?: unknown } | undefined;
  if (typeof err?.code === 'string') return err.code;
  if (Array.isArray(err?.errors) && err.errors.length > 0) return errorCode(err.errors[0]);
  if (err?.cause) return errorCode(err.cause);
  return undefined;
}

function networkReason(code: string | undefined, e: unknown, apiKey: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset';
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return 'the connection closed before the answer was complete';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'network unreachable';
  }
  if (code && /CERT|TLS|SSL/.test(code)) return `TLS failure ${code}`;
  const text = e instanceof Error ? logText(e.message, [apiKey], 120) : '';
  return code ? `${code}${text ? `: ${text}` : ''}` : text || 'network error';
}
