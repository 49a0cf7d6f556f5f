// Records a repair wrote from an open document with unsaved changes, in a file git does not map: their
// lines are the buffer's (as they will be once saved), not the disk's. Placing such a record goes through
// the edits made since that text only, not through the unsaved changes a second time.
import type { AnchorEntry } from './types';
import { coordinatesOf, type AnchorCoordinates } from './drift';

/** One record of one anchor: its component, id and coordinates. */
export function recordKey(componentId: string, anchorId: string, c: AnchorCoordinates): string {
  return JSON.stringify([componentId, anchorId, c.line_start, c.line_end, c.column_start, c.column_end]);
}

export function recordKeyOf(e: AnchorEntry): string {
  return recordKey(e.componentId, e.anchor.anchor_id, coordinatesOf(e.anchor));
}

export class WrittenFromBuffer {
  /** File → record (recordKey) → the buffer's text when it was written. */
  private readonly notes = new Map<string, Map<string, string>>();

  /** A record was written for this anchor while the file's buffer held `text`. */
  note(key: string, componentId: string, anchorId: string, written: AnchorCoordinates, text: string): void {
    let notes = this.notes.get(key);
    if (!notes) this.notes.set(key, (notes = new Map<string, string>()));
    notes.set(recordKey(componentId, anchorId, written), text);
  }

  /** The buffer's text an entry's record was written from, per entry of this file; undefined: none noted. */
  forFile(key: string): ((e: AnchorEntry) => string | undefined) | undefined {
    const notes = this.notes.get(key);
    return notes && ((e) => notes.get(recordKeyOf(e)));
  }

  /** Saved (the disk holds those lines now) or closed (the unsaved text is gone): the notes go. */
  drop(key: string): void {
    this.notes.delete(key);
  }
}
