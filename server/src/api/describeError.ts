// One clear sentence for the user per failure of a service call (for messages and the status bar):
// the wording of each classification is common/src/serviceErrors.ts's, the client's too.
import { describeFailure } from '../../../common/src/serviceErrors';
import { ApiError } from './errors';

export function describeError(err: unknown): string {
  if (err instanceof ApiError) return describeFailure(err.failure, err.message);
  if (err instanceof Error) return `Unexpected error: ${err.message}`;
  return `Unexpected error: ${String(err)}`;
}
