// What follows when the anchors of some files moved (edits, relocation, git, a load): each file's
// anchor diagnostics published as they are now, file by file in time slices (after a load every
// anchored file, 100,000 anchors, has moved); and, once the moves pause, one notification naming the
// components whose drifted anchors changed (features/anchorDriftChanges.ts). Typing moves a file's
// anchors at every keystroke: its squiggles follow each one, while the Components view's drift marks
// are compared once the typing stops, not for every anchor of the file at every keystroke.
import type { Diagnostic } from 'vscode-languageserver';
import { TimeSlicer, yieldToEventLoop } from '../util/timeSlices';
import type { AnchorDriftChanges } from './anchorDriftChanges';
import type { DiagnosticsHub } from './diagnosticsHub';

export interface AnchorMoveTargets {
  hub: Pick<DiagnosticsHub, 'set'>;
  index: { diagnosticsFor(uri: string): Diagnostic[] };
  driftChanges: Pick<AnchorDriftChanges, 'update'>;
  driftChanged(componentIds: string[]): void;
  /** A comparison of drifted anchors failed (the server's log). */
  report?(err: unknown): void;
}

/** How long the anchors must stay where they are before the drifted ones are compared again. */
export const DRIFT_QUIET_MS = 300;

/** Runs `run` after `ms`; the returned function cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

const timer: Schedule = (run, ms) => {
  const t = setTimeout(run, ms);
  // Never what keeps the process alive.
  t.unref();
  return () => clearTimeout(t);
};

export class AnchorMoves {
  private readonly pending = new Set<string>();
  private cancel: (() => void) | undefined;

  constructor(
    private readonly t: AnchorMoveTargets,
    private readonly quietMs = DRIFT_QUIET_MS,
    private readonly schedule: Schedule = timer,
  ) {}

  /**
   * The anchors of these files moved: their diagnostics are published (resolves when they are), and
   * their drifted anchors compared once no move has come for `quietMs`.
   */
  moved(uris: readonly string[]): Promise<void> {
    for (const uri of uris) this.pending.add(uri);
    this.cancel?.();
    this.cancel = this.schedule(() => void this.compareDrift(), this.quietMs);
    return publishDiagnostics(this.t, uris);
  }

  dispose(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.pending.clear();
  }

  private async compareDrift(): Promise<void> {
    this.cancel = undefined;
    const uris = [...this.pending];
    this.pending.clear();
    try {
      const ids = await this.t.driftChanges.update(uris);
      if (ids.length) this.t.driftChanged(ids);
    } catch (err) {
      this.t.report?.(err);
    }
  }
}

/** Each file's anchor diagnostics, as they are when its turn comes. */
async function publishDiagnostics(t: AnchorMoveTargets, uris: readonly string[]): Promise<void> {
  // Not in the turn that moved them: an index build ends there, and its last slice and this one's
  // first would make one long block.
  await yieldToEventLoop();
  const slicer = new TimeSlicer();
  for (const uri of uris) {
    // Read when its turn comes, so a file changed meanwhile is published as it is now.
    t.hub.set('anchors', uri, t.index.diagnosticsFor(uri));
    if (slicer.due()) await slicer.pause();
  }
}
