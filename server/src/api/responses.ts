// What an answer means: a validated success value, or a ServiceError / InvalidResponseError.
// Every body is untrusted: successes must match the operation's schema, error texts are cleaned.
import { STATUS_CODES } from 'node:http';
import type { TSchema } from '@sinclair/typebox';
import { ErrorResponse } from '../../../common/src/api/admin';
import { isValid, problems, type SchemaProblem } from '../../../common/src/api/validate';
import { MAX_JSON_DEPTH } from '../../../common/src/api/choices';
import { jsonNestsDeeperThan } from '../../../common/src/api/jsonDepth';
import { InvalidResponseError, ServiceError } from './errors';
import type { Context, RawResponse } from './transport';
import { logText } from '../../../common/src/untrustedText';

/** A body's value, or why there is none. */
export type ParsedBody =
  | {
      value: unknown;
      /** Puts in what was checked apart from the value, once the value has passed its schema. */
      complete?: () => void;
    }
  | 'tooDeep'
  | 'notJson';

/** How a success's body becomes its value (default: the nesting check, then JSON.parse). */
export type BodyParser = (body: Buffer) => ParsedBody;

/** The success value (validated against `schema`), or the typed error the answer amounts to. */
export function interpret(
  raw: RawResponse,
  schema: TSchema | undefined,
  ctx: Context,
  display: string,
  apiKey: string,
  parse: BodyParser = parseBody,
): unknown {
  const { status } = raw;
  if (status >= 300 && status < 400) {
    // Following a redirect could hand the key to another host, so a redirect is an error.
    throw new ServiceError(
      status,
      `The service at ${display} answered ${ctx.title} with a redirect (${status}), which is not followed.`,
      ctx.number,
    );
  }
  if (status < 200 || status >= 300) throw serviceError(raw, ctx, apiKey);
  if (!schema) return undefined;
  // A streamed answer (streamedResponse.ts) was parsed and validated as it arrived.
  if ('value' in raw) return raw.value;
  const parsed = parse(raw.body);
  if (parsed === 'tooDeep') throw tooDeep(ctx);
  if (parsed === 'notJson') throw notJson(ctx, raw.body.length === 0);
  const { value } = parsed;
  const found = problems(schema, value, 3);
  if (found.length > 0) throw schemaMismatch(found, ctx, apiKey);
  parsed.complete?.();
  return value;
}

export function tooDeep(ctx: Context): InvalidResponseError {
  return new InvalidResponseError(
    `The service's answer to ${ctx.title} nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep, so it was refused.`,
    ctx.number,
    '/',
  );
}

/** `where`: what locates the break in a long answer (e.g. "near byte 1,024"), if known. */
export function notJson(ctx: Context, empty: boolean, where?: string): InvalidResponseError {
  const what = empty ? 'was empty' : `was not valid JSON${where ? ` (${where})` : ''}`;
  return new InvalidResponseError(`The service's answer to ${ctx.title} ${what}.`, ctx.number, '/');
}

/** The answer's first problems, each member named by JSON pointer (under `prefix` for a part). */
export function schemaMismatch(
  found: readonly SchemaProblem[],
  ctx: Context,
  apiKey: string,
  prefix = '',
): InvalidResponseError {
  const at = (p: SchemaProblem) =>
    logText(prefix && p.path === '/' ? prefix : prefix + p.path, [apiKey], 120);
  const detail = found.map((p) => `${at(p)}: ${logText(p.message, [apiKey], 120)}`).join('; ');
  return new InvalidResponseError(
    `The service's answer to ${ctx.title} did not match the schema at ${detail}.`,
    ctx.number,
    at(found[0]!),
  );
}

function serviceError(raw: RawResponse, ctx: Context, apiKey: string): ServiceError {
  // Only successes are streamed: an error's body is always buffered.
  const parsed = 'body' in raw ? parseBody(raw.body) : 'notJson';
  const body = typeof parsed === 'object' ? parsed.value : undefined;
  if (isValid(ErrorResponse, body)) {
    const message = logText(body.message, [apiKey]) || `The service answered ${statusText(raw.status)}.`;
    const title = body.title === undefined ? undefined : logText(body.title, [apiKey], 120);
    const id = typeof body.id === 'number' && Number.isFinite(body.id) ? body.id : undefined;
    return new ServiceError(raw.status, message, ctx.number, title, id);
  }
  return new ServiceError(
    raw.status,
    `The service answered ${statusText(raw.status)} without an error message.`,
    ctx.number,
  );
}

function statusText(status: number): string {
  const text = STATUS_CODES[status];
  return text ? `${status} (${text})` : String(status);
}

/** The parsed body; bodies nested deeper than `limit` are never parsed (see jsonDepth.ts). */
export function parseBody(body: Buffer, limit: number = MAX_JSON_DEPTH): ParsedBody {
  // The nesting is read from the decoded text, which the parser needs anyway: its strings are skipped
  // by the engine's own search, not byte by byte (a load's first answer, the edge list, is megabytes,
  // read before the byte loop is optimised).
  const text = body.toString('utf8');
  return jsonNestsDeeperThan(text, limit) ? 'tooDeep' : parseText(text);
}

/** The parsed body of a text whose nesting was already checked (as it was read for another reason). */
export function parseNestingChecked(body: Buffer): ParsedBody {
  return parseText(body.toString('utf8'));
}

function parseText(text: string): ParsedBody {
  if (text.length === 0) return 'notJson';
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return 'notJson';
  }
}
