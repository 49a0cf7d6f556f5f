// The anchor index's two events: anchors moved in some files, and a build completed.
import type { Disposable } from './types';

type ChangeListener = (uris: string[], unprompted: boolean) => void;

export class IndexEvents {
  private readonly changed = new Set<ChangeListener>();
  private readonly rebuilt = new Set<() => void>();

  constructor(private readonly onError: (err: unknown) => void) {}

  /**
   * Anchors moved in these files. `unprompted`: placed again in the background (git's mapping renewed,
   * a reload or a closed file read from disk), not by an edit the editor made and will ask lenses for.
   */
  onDidChange(listener: ChangeListener): Disposable {
    this.changed.add(listener);
    return { dispose: () => this.changed.delete(listener) };
  }

  /** After every completed build, whatever started it. */
  onDidRebuild(listener: () => void): Disposable {
    this.rebuilt.add(listener);
    return { dispose: () => this.rebuilt.delete(listener) };
  }

  emitChanged(uris: string[], unprompted = false): void {
    if (uris.length === 0) return;
    this.notify(this.changed, uris, unprompted);
  }

  emitRebuilt(): void {
    this.notify(this.rebuilt);
  }

  clear(): void {
    this.changed.clear();
    this.rebuilt.clear();
  }

  /** Calls each listener (a copy of the set: one may unsubscribe); one that throws does not stop the rest. */
  private notify<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, ...args: A): void {
    for (const l of [...listeners]) {
      try {
        l(...args);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
