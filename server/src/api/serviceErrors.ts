// Turns failures of service calls into LSP ResponseErrors carrying ServiceErrorData, so the client can
// tell "sign in again" from "service down" from "bad input". Messages are the API errors' own (they
// never contain the key); anything else becomes a generic internal error.
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { SERVICE_ERROR_CODE, type ServiceErrorData } from '../../../common/src/protocol';
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

export function toResponseError(err: unknown): ResponseError<ServiceErrorData | undefined> {
  if (err instanceof ResponseError) return err as ResponseError<ServiceErrorData | undefined>;
  const data = serviceErrorData(err);
  if (data) return new ResponseError(SERVICE_ERROR_CODE, describeFailure(data, (err as Error).message), data);
  if (err instanceof UserInputError)
    return new ResponseError(ErrorCodes.InvalidParams, err.message, undefined);
  return new ResponseError(
    ErrorCodes.InternalError,
    `Lineage Lens internal error: ${(err as Error)?.message ?? String(err)}`,
    undefined,
  );
}

/** True for failures that mean "the service cannot be reached" rather than "it said no". */
export function isConnectivityError(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'unreachable' || err.kind === 'timeout');
}

export function isKeyRejected(err: unknown): boolean {
  return err instanceof ServiceError && err.unauthorized;
}
