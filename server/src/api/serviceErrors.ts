// What a failure of a service call is: signed out, the service's own ServiceErrorData, bad input, or
// unreachable. The editor's side (LSP ResponseErrors) is responseErrors.ts; the command line uses these
// alone, without the language server's runtime.
import type { ServiceErrorData } from '../../../common/src/protocol';
import { describeFailure } from '../../../common/src/serviceErrors';
import { ApiError, ServiceError } from './errors';

export class SignedOutError extends Error {
  constructor() {
    super(describeFailure({ kind: 'signedOut' }, ''));
  }
}

/** A request the user made with bad input (e.g. an unparsable file): shown as is. */
export class UserInputError extends Error {}

export function serviceErrorData(err: unknown): ServiceErrorData | undefined {
  if (err instanceof SignedOutError) return { kind: 'signedOut' };
  if (err instanceof ApiError) return err.failure;
  return undefined;
}

/** True for failures that mean "the service cannot be reached" rather than "it said no". */
export function isConnectivityError(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'unreachable' || err.kind === 'timeout');
}

export function isKeyRejected(err: unknown): boolean {
  return err instanceof ServiceError && err.unauthorized;
}
