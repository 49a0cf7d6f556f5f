// What follows credentials the client sets (at start and on every sign-in, switch or sign-out): the
// credentials recorded as in use, compliance results of other credentials dropped, the grammars warmed
// once signed in, and the session signed in with them.
import type { Credentials } from '../../../common/src/protocol';
import type { CredentialsInUse } from '../session/credentialsInUse';
import type { GrammarWarmUp } from '../session/grammarWarmUp';
import type { Session } from '../session/session';
import type { DiagnosticsHub } from './diagnosticsHub';

export interface SignInParts {
  credentials: CredentialsInUse;
  hub: DiagnosticsHub;
  grammars: GrammarWarmUp;
  session: Pick<Session, 'setCredentials'>;
}

export async function applyCredentials(parts: SignInParts, next: Credentials | undefined): Promise<void> {
  // Compliance results are the answer of the service (and key) they were checked with: after a
  // sign-out or a switch they would be another service's problems.
  if (parts.credentials.set(next)) parts.hub.replaceAll('compliance', new Map());
  // Grammars compile while the components load, so the first relocation does not wait for them.
  if (next) void parts.grammars.start();
  await parts.session.setCredentials(next);
}
