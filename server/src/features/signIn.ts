// What follows credentials the client sets (at start and on every sign-in, switch or sign-out): the
// credentials recorded as in use, compliance results of other credentials dropped (diagnostics and
// lenses), and the session
// signed in with them.
import type { Credentials } from '../../../common/src/protocol';
import type { CredentialsInUse } from '../session/credentialsInUse';
import type { Session } from '../session/session';
import type { ComplianceResults } from './complianceResults';

export interface SignInParts {
  credentials: CredentialsInUse;
  compliance: Pick<ComplianceResults, 'clear'>;
  session: Pick<Session, 'setCredentials'>;
}

export async function applyCredentials(parts: SignInParts, next: Credentials | undefined): Promise<void> {
  // Compliance results are the answer of the service (and key) they were checked with: after a
  // sign-out or a switch they would be another service's problems.
  if (parts.credentials.set(next)) parts.compliance.clear();
  await parts.session.setCredentials(next);
}
