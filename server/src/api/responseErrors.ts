// Turns failures of service calls into LSP ResponseErrors carrying ServiceErrorData, so the client can
// tell "sign in again" from "service down" from "bad input". Messages are the API errors' own (they
// never contain the key); anything else becomes a generic internal error.
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { SERVICE_ERROR_CODE, type ServiceErrorData } from '../../../common/src/protocol';
import { describeFailure } from '../../../common/src/serviceErrors';
import { serviceErrorData, UserInputError } from './serviceErrors';

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
