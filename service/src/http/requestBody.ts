// How the service reads request bodies: JSON only, at most MAX_REQUEST_BODY_BYTES, nested at most
// MAX_JSON_DEPTH levels, and an early answer (413, 401, 404…) only once the body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { ERROR_STATUS, MAX_JSON_DEPTH, MAX_REQUEST_BODY_BYTES } from '../../../common/src/api/choices';
import { jsonNestsDeeperThan } from '../../../common/src/api/jsonDepth';
import { HttpError } from './errors';

/**
 * Bytes of an unread body the service reads (and discards) before answering early. A client sending
 * a body does not read the answer until it has sent it all; closing the connection under it turns
 * the 413 into a connection reset. Beyond this the answer goes out, then a lingering close.
 */
const DRAIN_LIMIT_BYTES = 256 * 1_048_576;
/** How long the service waits for the rest of an unread body before closing the connection. */
const DRAIN_TIMEOUT_MS = 30_000;
/** How long a closing connection still reads (and drops) what the client sends after the answer. */
const LINGER_MS = 2_000;

/** Installs the JSON parser (size and depth limits) and the hook that reads a body before answering. */
export function installBodyHandling(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_REQUEST_BODY_BYTES },
    (request, body, done) => {
      const text = body as string;
      // Checked before parsing: everything after (validation, storage, rendering) walks the value
      // recursively, and a body nested thousands of levels deep would overflow the stack there.
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(
          new HttpError(
            ERROR_STATUS.badRequest,
            `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (the limit)`,
          ),
          undefined,
        );
        return;
      }
      void parseJson(request, text, done);
    },
  );
  app.addHook('onSend', finishReadingBody);
}

/**
 * onSend hook: an answer given before the body was read (too large, no key, unknown route) waits
 * until the rest of the body has arrived, so the client reads the answer rather than a reset.
 */
async function finishReadingBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return payload;
  const drained = await drain(raw);
  if (!drained) {
    // Node closes a `connection: close` answer's socket as soon as it is written; with the body
    // still arriving, that close is a reset, and the client's system drops the unread answer with it.
    reply.removeHeader('connection');
    const response = reply.raw;
    response.once('finish', () => lingeringClose(raw));
  }
  return payload;
}

/**
 * Ends the connection after the answer (a FIN the client reads after it) while reading and dropping
 * what the client still sends for LINGER_MS, then closes it.
 */
function lingeringClose(raw: IncomingMessage): void {
  const socket = raw.socket;
  raw.on('data', ignore);
  raw.resume();
  socket.on('error', ignore);
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once('close', () => clearTimeout(timer));
}

function ignore(): void {}

/** Reads and discards the rest of a request; false when it is too long or too slow to wait for. */
function drain(raw: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onEnd);
      raw.off('close', onEnd);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_LIMIT_BYTES) {
        raw.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onEnd);
    raw.once('close', onEnd);
    raw.resume();
  });
}
