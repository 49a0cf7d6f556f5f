// One classification of failed service calls: the server uses it for its status and messages, the
// client for the actions it offers, so a failure means the same on both sides.
import type { ServiceErrorData } from './protocol';

/** The service refused the key (401) or what it may do (403): either way the user signs in again. */
export function isKeyRejectedStatus(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

/** Whether signing in is what fixes the failure: signed out, or the key was rejected. */
export function needsSignIn(data: ServiceErrorData | undefined): boolean {
  return data?.kind === 'signedOut' || (data?.kind === 'http' && isKeyRejectedStatus(data.status));
}
