// The connection state shown to the user, with the times that make "stale since 10:42" possible.
import type { ConnectionState, ServiceStatus } from '../../../common/src/protocol';
import { formatClock } from '../../../common/src/moments';

export class StatusTracker {
  state: ConnectionState = 'signedOut';
  lastLoadedAt: Date | undefined;
  unreachableSince: Date | undefined;
  /** Short reason of the last failure (never contains the key). */
  detail: string | undefined;
  /** What made the last load incomplete while connected (see ServiceStatus.warning). */
  warning: string | undefined;

  signedOut(): void {
    this.state = 'signedOut';
    this.lastLoadedAt = undefined;
    this.unreachableSince = undefined;
    this.detail = undefined;
    this.warning = undefined;
  }

  /** Signed in, but nothing may be sent to the service: `why` is the whole message. */
  blocked(why: string): void {
    this.signedOut();
    this.detail = why;
  }

  connecting(): void {
    if (this.state === 'signedOut' || this.state === 'keyRejected') this.state = 'connecting';
  }

  loaded(problems: readonly string[] = [], now = new Date()): void {
    this.state = 'connected';
    this.lastLoadedAt = now;
    this.unreachableSince = undefined;
    this.detail = undefined;
    this.warning = problems.length ? problems.join(' ') : undefined;
  }

  unreachable(hasData: boolean, detail: string, now = new Date()): void {
    this.state = hasData ? 'stale' : 'unreachable';
    this.unreachableSince ??= now;
    this.detail = detail;
  }

  keyRejected(detail: string): void {
    this.state = 'keyRejected';
    this.detail = detail;
  }

  message(): string {
    switch (this.state) {
      case 'signedOut':
        return this.detail ?? 'Not signed in to the lineage service.';
      case 'connecting':
        return 'Connecting to the lineage service…';
      case 'connected':
        return `Connected; data loaded at ${clock(this.lastLoadedAt)}.${this.warning ? ` ${this.warning}` : ''}`;
      case 'keyRejected':
        return 'The lineage service rejected the API key; sign in again.';
      case 'unreachable':
        return `Lineage service unreachable since ${clock(this.unreachableSince)}.`;
      case 'stale':
        return `Lineage service unreachable since ${clock(this.unreachableSince)}; showing data loaded at ${clock(this.lastLoadedAt)}.`;
    }
  }

  snapshot(componentCount: number, anchorCount: number): ServiceStatus {
    return {
      state: this.state,
      message: this.message(),
      lastLoadedAt: this.lastLoadedAt?.toISOString(),
      unreachableSince: this.unreachableSince?.toISOString(),
      componentCount,
      anchorCount,
      ...(this.state === 'connected' && this.warning ? { warning: this.warning } : {}),
    };
  }
}

/** HH:MM:SS in UTC, with the date when not today (common/src/moments.ts): unambiguous in logs and hovers. */
export const clock = (d: Date | undefined): string => formatClock(d);
