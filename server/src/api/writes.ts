// Bodies of writes are checked before anything is sent, so a malformed write never reaches the
// service and the caller learns which member is wrong.
import { isDotSegment } from '../../../common/src/api/ids';
import type { TSchema } from '@sinclair/typebox';
import { MAX_REQUEST_BODY_BYTES } from '../../../common/src/api/choices';
import { type LineagePath } from '../../../common/src/api/paths';
import { stripReadOnly } from '../../../common/src/api/readWrite';
import { problems } from '../../../common/src/api/validate';
import { InvalidRequestError } from './errors';
import type { Context } from './transport';
import { logText } from '../../../common/src/untrustedText';

/** The JSON text to send: `value` validated against `schema` and within the service's size limit. */
export function checkedBody(schema: TSchema, value: unknown, ctx: Context, apiKey: string): string {
  const found = problems(schema, value, 3);
  if (found.length > 0) {
    const detail = found.map((p) => `${p.path}: ${p.message}`).join('; ');
    throw new InvalidRequestError(
      logText(`The ${ctx.title} request was not sent: ${detail}.`, [apiKey], 500),
      ctx.number,
      logText(found[0]!.path, [apiKey], 120),
    );
  }
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_REQUEST_BODY_BYTES) {
    throw new InvalidRequestError(
      `The ${ctx.title} request was not sent: its body is ${bytes} bytes, over the ${MAX_REQUEST_BODY_BYTES}-byte limit.`,
      ctx.number,
      '/',
    );
  }
  return text;
}

/** Operation 1's body: read-only members (path_id, path_type, is_suppressed, boundary
 *  coordinates and tags) dropped, write-only `reason` and `effective_since_commit_sha` kept. */
export function pathUpdateBody(schema: TSchema, path: LineagePath, ctx: Context, apiKey: string): string {
  if (path === null || typeof path !== 'object') return checkedBody(schema, path, ctx, apiKey);
  return checkedBody(schema, stripReadOnly(schema, path), ctx, apiKey);
}

/** A path parameter: non-empty text, not "." or ".." (expandPath encodes it so it cannot add path segments). */
export function requireId(value: unknown, member: string, ctx: Context): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidRequestError(
      `The ${ctx.title} request was not sent: ${member} is empty.`,
      ctx.number,
      member,
    );
  }
  // Anything else is percent-encoded into one segment by expandPath; dot-segments would survive it.
  if (isDotSegment(value)) {
    throw new InvalidRequestError(
      `The ${ctx.title} request was not sent: ${member} "${value}" would address another resource.`,
      ctx.number,
      member,
    );
  }
  return value;
}
