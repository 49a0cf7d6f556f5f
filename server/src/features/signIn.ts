// What follows credentials the client sets (at start and on every sign-in, switch or sign-out): the
// credentials recorded as in use, compliance results of other credentials dropped, and the session
// signed in with them.
import type { Credentials } from '../../../common/src/protocol';
import type { CredentialsInUse } from '../session/credentialsInUse';
import type { Session } from '../session/session';
import type { DiagnosticsHub } from './diagnosticsHub';

export interface SignInParts {
  credentials: CredentialsInUse;
  hub: DiagnosticsHub;
  session: Pick<Session, 'setCredentials'>;
}

export async function applyCredentials(parts: SignInParts, next: Credentials | undefined): Promise<void> {
  // Compliance results are the answer of the service (and key) they were checked with: after a
  // sign-out or a switch they would be another service's problems.
  if (parts.credentials.set(next)) parts.hub.replaceAll('compliance', new Map());
  await parts.session.setCredentials(next);
}
