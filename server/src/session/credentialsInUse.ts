// The credentials the client set last (service URL and key), to tell a change from a repeat — what
// was checked with other credentials is another service's answer — and the key in use, which the
// agent tools keep out of their answers.
import type { Credentials } from '../../../common/src/protocol';

export class CredentialsInUse {
  private last: string | undefined;
  private key: string | undefined;

  /** Records `c` (undefined: signed out); true when they replace other credentials, not on the first or a repeat. */
  set(c: Credentials | undefined): boolean {
    const before = this.last;
    this.last = `${c?.serviceUrl ?? ''}\u0000${c?.apiKey ?? ''}`;
    this.key = c?.apiKey ?? undefined;
    return before !== undefined && before !== this.last;
  }

  get apiKey(): string | undefined {
    return this.key;
  }
}
