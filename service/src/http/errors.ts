// Errors a handler throws; the server turns each into an ErrorResponse with its status.
import { ERROR_STATUS } from '../../../common/src/api/choices';
import type { ErrorResponse } from '../../../common/src/api/admin';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(ERROR_STATUS.badRequest, message);
export const notFound = (message: string) => new HttpError(ERROR_STATUS.notFound, message);

export function errorBody(status: number, message: string): ErrorResponse {
  return { message, title: TITLES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request') };
}
