// One clear sentence for the user per failure of a service call (for messages and the status bar).
import { operationTitle } from '../../../common/src/api/operations';
import { ApiError, ServiceError } from './errors';

export function describeError(err: unknown): string {
  if (err instanceof ServiceError) return describeServiceError(err);
  // Every other ApiError's message is already a full sentence naming the service and operation.
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return `Unexpected error: ${err.message}`;
  return `Unexpected error: ${String(err)}`;
}

function describeServiceError(err: ServiceError): string {
  if (err.unauthorized) return `The service rejected the API key (${err.status}).`;
  // Redirect messages are built by the client and already say everything.
  if (err.status >= 300 && err.status < 400) return err.message;
  const what = err.operation === undefined ? 'the request' : operationTitle(err.operation);
  const title = err.title ? ` ${err.title}` : '';
  const reason = err.message.endsWith('.') ? err.message : `${err.message}.`;
  const verb = err.status >= 500 ? 'failed on' : 'refused';
  return `The service ${verb} ${what} (${err.status}${title}): ${reason}`;
}
