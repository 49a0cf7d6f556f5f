// Every LSP handler runs through one of these wrappers: a failure becomes an LSP error (requests the
// client asked for) or a degraded result (editor features), is logged once, and the server goes on.
import {
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type NotificationType,
  type RequestType,
} from 'vscode-languageserver';
import { paramsProblem, paramsSchemaOf } from '../../../common/src/protocolSchemas';
import { CancelledError } from './errors';
import type { RequestOptions } from './apiClient';
import type { OnceLogger } from '../util/log';
import { serviceErrorData, UserInputError } from './serviceErrors';
import { toResponseError } from './responseErrors';

export function optionsOf(token: CancellationToken | undefined): RequestOptions {
  if (!token) return {};
  const ac = new AbortController();
  if (token.isCancellationRequested) ac.abort();
  else token.onCancellationRequested(() => ac.abort());
  return { signal: ac.signal };
}

function logFailure(log: OnceLogger, name: string, err: unknown): void {
  // Service failures and bad input are the caller's to show; only our own faults are logged here.
  if (serviceErrorData(err) || err instanceof UserInputError || err instanceof ResponseError) return;
  const e = err as Error;
  log.errorOnce(`${name} failed: ${e?.stack ?? String(err)}`, `${name}:${e?.message}`);
}

/** A custom request: errors go back to the client as ResponseErrors (with ServiceErrorData when from the service). */
export function request<P, R>(
  log: OnceLogger,
  name: string,
  fn: (params: P, opts: RequestOptions) => Promise<R> | R,
) {
  return async (params: P, token?: CancellationToken): Promise<R | ResponseError<unknown>> => {
    try {
      return await fn(params, optionsOf(token));
    } catch (err) {
      if (err instanceof CancelledError || token?.isCancellationRequested) {
        return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled.');
      }
      logFailure(log, name, err);
      return toResponseError(err);
    }
  };
}

/** The request's or notification's short name, for errors and the log ("lineageLens/graph" → "graph"). */
function shortName(method: string): string {
  return method.replace(/^lineageLens\//, '');
}

/**
 * A custom request whose params are checked against their schema (common/src/protocolSchemas.ts)
 * where it is registered: params that do not match are refused as bad input (InvalidParams), with one
 * sentence naming the member, before `fn` sees them.
 */
export function checkedRequest<P, R>(
  log: OnceLogger,
  type: RequestType<P, R, void>,
  fn: (params: P, opts: RequestOptions) => Promise<R> | R,
) {
  const name = shortName(type.method);
  const schema = paramsSchemaOf(type.method);
  return request<unknown, R>(log, name, (params, opts) => {
    const problem = paramsProblem(schema, params);
    if (problem) throw new UserInputError(`${name}: ${problem}`);
    return fn(params as P, opts);
  });
}

/** An editor feature (hover, lens, …): on failure the editor gets `fallback`, never an error popup. */
export function feature<P, R>(
  log: OnceLogger,
  name: string,
  fallback: R,
  fn: (params: P, token?: CancellationToken) => R | Promise<R>,
) {
  return async (params: P, token?: CancellationToken): Promise<R> => {
    try {
      return await fn(params, token);
    } catch (err) {
      // Cancelled: the client no longer wants an answer; the fallback is as good as any.
      if (token?.isCancellationRequested) return fallback;
      const e = err as Error;
      log.errorOnce(`${name} failed: ${e?.stack ?? String(err)}`, `${name}:${e?.message}`);
      return fallback;
    }
  };
}

/**
 * A custom notification whose params are checked against their schema first: one that does not
 * match is dropped, and why is logged once (a notification has no answer to carry the error).
 */
export function checkedNotification<P>(
  log: OnceLogger,
  type: NotificationType<P>,
  fn: (params: P) => unknown,
) {
  const name = shortName(type.method);
  const schema = paramsSchemaOf(type.method);
  const handle = notification(log, name, fn);
  return (params: unknown): void => {
    const problem = paramsProblem(schema, params);
    if (problem) {
      log.errorOnce(`${name} ignored: ${problem}`, `${name}:params:${problem}`);
      return;
    }
    handle(params as P);
  };
}

/** A notification handler: failures are logged once. */
export function notification<P>(log: OnceLogger, name: string, fn: (params: P) => unknown) {
  return (params: P): void => {
    try {
      const r = fn(params);
      if (r && typeof (r as Promise<unknown>).catch === 'function') {
        (r as Promise<unknown>).catch((err: unknown) =>
          log.errorOnce(
            `${name} failed: ${(err as Error)?.stack ?? String(err)}`,
            `${name}:${(err as Error)?.message}`,
          ),
        );
      }
    } catch (err) {
      log.errorOnce(
        `${name} failed: ${(err as Error)?.stack ?? String(err)}`,
        `${name}:${(err as Error)?.message}`,
      );
    }
  };
}
