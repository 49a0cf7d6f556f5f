// The HTTP server: Fastify, routes registered from the shared operation table, TypeBox validation
// with messages naming the member, X-API-KEY on every request, and an ErrorResponse for every error.
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { OPERATIONS, routePath, type OperationName } from '../../../common/src/api/operations';
import { ERROR_STATUS, MAX_REQUEST_BODY_BYTES } from '../../../common/src/api/choices';
import { problems } from '../../../common/src/api/validate';
import { stripReadOnly } from '../../../common/src/api/readWrite';
import type { Store } from '../model/store';
import { HttpError, errorBody } from './errors';
import { createHandlers, type Handler } from './handlers';
import { JsonBytes } from './answerCache';
import { installBodyHandling } from './requestBody';
import { hostCheck } from './hostCheck';

/** Request line plus headers; 1 MiB holds thousands of DARNs in operation 5's query. */
const MAX_REQUEST_HEADER_BYTES = 1024 * 1024;

export async function buildServer(store: Store, opts: { host: string }): Promise<FastifyInstance> {
  // No logger: request logs could carry headers, and the API key must never reach a log.
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    forceCloseConnections: true,
    // Operation 5 carries its DARN list in the query (one `darn=` per DARN, up to 1,000 a page and more
    // in total): such a request line is far over Node's 16 KB header default, which would answer 431.
    http: { maxHeaderSize: MAX_REQUEST_HEADER_BYTES },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are validated by TypeBox (the same checks the client and tests use), after read-only
  // members are dropped: a client may send back what it read, and those members are ignored.
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const value = stripReadOnly(schema as TSchema, data);
    const found = problems(schema as TSchema, value, 3);
    if (found.length === 0) return { value };
    const err = new Error(
      `invalid request body: ${found.map((p) => `${p.path === '/' ? 'body' : `body${p.path}`}: ${p.message}`).join('; ')}`,
    );
    return { error: err };
  });

  // JSON only: other bodies are a 415 rather than a string that fails validation.
  app.removeContentTypeParser('text/plain');
  installBodyHandling(app);

  const acceptedHost = hostCheck(opts.host);
  app.addHook('onRequest', async (request, reply) => {
    // Before the key: a web page that rebinds its own name to 127.0.0.1 reaches the service with
    // that name in Host; it gets nothing, whatever key it guessed (DNS rebinding).
    const host = request.headers.host;
    if (!acceptedHost(host)) {
      return reply
        .code(ERROR_STATUS.forbiddenHost)
        .send(
          errorBody(
            ERROR_STATUS.forbiddenHost,
            `the Host header ${JSON.stringify((host ?? '').slice(0, 100))} is not this machine: the local service answers only requests addressed to 127.0.0.1, localhost or [::1]`,
          ),
        );
    }
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key === '') {
      return reply
        .code(ERROR_STATUS.unauthorized)
        .send(errorBody(ERROR_STATUS.unauthorized, 'missing X-API-KEY header'));
    }
    if (keyName(store, key) === undefined) {
      return reply
        .code(ERROR_STATUS.unauthorized)
        .send(errorBody(ERROR_STATUS.unauthorized, 'the X-API-KEY header does not hold a known API key'));
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    reply
      .code(ERROR_STATUS.notFound)
      .send(errorBody(ERROR_STATUS.notFound, `no operation ${request.method} ${path.slice(0, 200)}`));
  });

  app.setErrorHandler((error: FastifyError | HttpError, _request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.status).send(errorBody(error.status, error.message));
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      // The details go to stderr for the developer; the caller gets no stack trace.
      process.stderr.write(`internal error: ${error.stack ?? error.message}\n`);
      return reply.code(500).send(errorBody(500, 'internal error in the local service'));
    }
    return reply.code(status).send(errorBody(status, describeClientError(error)));
  });

  const handlers = createHandlers(store);
  for (const [name, op] of Object.entries(OPERATIONS) as [
    OperationName,
    (typeof OPERATIONS)[OperationName],
  ][]) {
    const handler: Handler = handlers[name];
    app.route({
      method: op.method,
      url: routePath(op.path),
      schema: 'body' in op ? { body: op.body } : {},
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params as Record<string, string>,
          query: request.query as Record<string, string | string[] | undefined>,
          body: request.body,
          caller: keyName(store, request.headers['x-api-key']),
        });
        reply.code(op.successStatus);
        if (result instanceof JsonBytes)
          return reply.type('application/json; charset=utf-8').send(result.bytes);
        return op.successStatus === 204 ? reply.send() : reply.send(result);
      },
    });
  }
  await app.ready();
  return app;
}

function describeClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'the request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the request body is empty; a JSON body is required';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `the request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'the request body must be application/json';
    default:
      return error.message;
  }
}

/** The name of the API key `key` is, compared in constant time; undefined for an unknown key. */
function keyName(store: Store, key: unknown): string | undefined {
  if (typeof key !== 'string' || key === '') return undefined;
  const given = Buffer.from(key);
  let found: string | undefined;
  for (const k of store.apiKeys) {
    const stored = Buffer.from(k.value);
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = k.name;
  }
  return found;
}
