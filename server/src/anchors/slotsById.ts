// The slots of one build by anchor id (the service's own string: no per-anchor key is built and kept;
// rarely more than one slot per id). Only lookups by ids need it (a path's anchors for the graph, the
// views, repairs, Go to Definition from a path document), never a hover or a lens, so a build does not
// make it: it is filled in time slices once the build is done, and a lookup before that finishes it
// at once. Slots are added in the build's order, so of two slots with the same ids the later one is
// last in its list, as before.
import type { Slot } from './slot';
import { TimeSlicer } from '../util/timeSlices';

/** Slots added between two looks at the clock while filling in the background. */
const STEP = 256;

export class SlotsById {
  private readonly map = new Map<string, Slot | Slot[]>();
  /** How many of `slots` are in the map. */
  private filled = 0;
  private stopped = false;

  constructor(private readonly slots: readonly Slot[]) {}

  /** The slot (or slots) with this anchor id; fills whatever the background has not yet. */
  get(anchorId: string): Slot | Slot[] | undefined {
    this.fill(this.slots.length);
    return this.map.get(anchorId);
  }

  /** Whether every slot is in the map (tests). */
  get complete(): boolean {
    return this.filled === this.slots.length;
  }

  /** Fills the map in slices that yield to the event loop; stops early once `stop()` was called. */
  async fillInBackground(): Promise<void> {
    const slicer = new TimeSlicer();
    // Not in the build's own turn: the build's caller goes on first.
    await slicer.pause();
    while (!this.stopped && this.filled < this.slots.length) {
      this.fill(Math.min(this.slots.length, this.filled + STEP));
      if (slicer.due()) await slicer.pause();
    }
  }

  /** A newer build replaced these slots: the background fill stops (a lookup still fills it whole). */
  stop(): void {
    this.stopped = true;
  }

  private fill(to: number): void {
    const map = this.map;
    for (; this.filled < to; this.filled++) {
      const s = this.slots[this.filled]!;
      const id = s.entry.anchor.anchor_id;
      const had = map.get(id);
      if (had === undefined) map.set(id, s);
      else if (Array.isArray(had)) had.push(s);
      else map.set(id, [had, s]);
    }
  }
}
