// One classification of failed service calls and one wording per class: the server uses it for its
// status, messages and ResponseErrors, the client for the actions it offers and the text it shows, so
// a failure means and reads the same on both sides. Sentences go through @vscode/l10n: English where
// no bundle is loaded (the server, the CLI), the extension's bundle in the client (configured at
// activation), and `npm run l10n` extracts them with the client's strings.
import * as l10n from '@vscode/l10n';
import type { ServiceErrorData } from './protocol';
import { operationTitle } from './api/operations';

/** The service refused the key (401) or what it may do (403): either way the user signs in again. */
export function isKeyRejectedStatus(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

/** Whether signing in is what fixes the failure: signed out, or the key was rejected. */
export function needsSignIn(data: ServiceErrorData | undefined): boolean {
  return data?.kind === 'signedOut' || (data?.kind === 'http' && isKeyRejectedStatus(data.status));
}

/**
 * One sentence for a failed call. `detail` is the failure's own message: the sentence for the kinds
 * whose message is made where they happen (unreachable, timeout, invalid or too large answers, a
 * refused write, cancelled, a redirect), and the reason of an error status when the service gave none.
 * Service text in `data.reason`/`data.title` is untrusted: clean the result for where it is shown.
 */
export function describeFailure(data: ServiceErrorData, detail: string): string {
  switch (data.kind) {
    case 'signedOut':
      return l10n.t('Not signed in to the lineage service.');
    case 'http':
      return describeHttpFailure(data, detail);
    default:
      return detail;
  }
}

function describeHttpFailure(data: ServiceErrorData, detail: string): string {
  const status = data.status ?? 0;
  if (isKeyRejectedStatus(status)) return l10n.t('The service rejected the API key ({0}).', status);
  // Redirect messages are made by the API client and already say everything.
  if (status >= 300 && status < 400) return detail;
  const what = data.operation === undefined ? l10n.t('the request') : operationTitle(data.operation);
  const code = data.title ? `${status} ${data.title}` : String(status || '?');
  const text = data.reason ?? detail;
  const reason = text.endsWith('.') ? text : `${text}.`;
  return status >= 500
    ? l10n.t('The service failed on {0} ({1}): {2}', what, code, reason)
    : l10n.t('The service refused {0} ({1}): {2}', what, code, reason);
}
