// Every LSP handler runs through one of these wrappers: a failure becomes an LSP error (requests the
// client asked for) or a degraded result (editor features), is logged once, and the server goes on.
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { CancelledError } from './errors';
import type { RequestOptions } from './apiClient';
import type { OnceLogger } from '../util/log';
import { serviceErrorData, toResponseError, UserInputError } from './serviceErrors';

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

/**
 * The first way `params` fails `schema`, as a sentence for the client ("position.line: Expected
 * number"), or undefined when they match. Params come from another process: checked, not trusted.
 */
export function paramsProblem(schema: TSchema, params: unknown): string | undefined {
  const first = Value.Errors(schema, params).First();
  if (!first) return undefined;
  const member = first.path.replace(/^\//, '').replace(/\//g, '.') || 'params';
  return `${member}: ${first.message}.`;
}

/**
 * A custom request whose params are checked against a TypeBox schema where it is registered: params
 * that do not match are refused as bad input (InvalidParams) before `fn` sees them.
 */
export function checkedRequest<S extends TSchema, R>(
  log: OnceLogger,
  name: string,
  schema: S,
  fn: (params: Static<S>, opts: RequestOptions) => Promise<R> | R,
) {
  return request<unknown, R>(log, name, (params, opts) => {
    const problem = paramsProblem(schema, params);
    if (problem) throw new UserInputError(`${name}: ${problem}`);
    return fn(params as Static<S>, opts);
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
