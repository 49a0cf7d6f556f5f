// Asking the client to show code lenses again: when data or anchors changed without an edit the editor
// would ask lenses for itself (a load, a rebuild, a contract file, anchors moved in the background).
// Only when the client said it can be asked.
export class LensRefresh {
  /** Set from the client's capabilities at initialize. */
  supported = false;

  constructor(private readonly send: () => Promise<unknown>) {}

  refresh(): void {
    if (this.supported) void this.send().catch(() => undefined);
  }
}
