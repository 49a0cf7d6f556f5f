// One anchor's live state in the index, and how it is placed in a file's text and (re)verified.
import type { AnchorEntry, TrackedAnchor } from './types';
import type { LineTable } from './lineTable';
import { toLspRange } from './coordinates';
import { cleanNames, verify } from './verification';
import { relocatedMessage, staleMessage } from './messages';
import type { DefinitionTable } from './syntax/definitions';

/** The file's definitions, computed at most once per text and only if asked (see verify). */
export type Definitions = () => DefinitionTable | undefined;

export interface Slot {
  /** The caller's live view (same object for the anchor's lifetime in one index build). */
  t: TrackedAnchor;
  /** Normalized fsPath of the resolved file. */
  fileKey?: string;
  names: string[];
  /** The whole anchored text was deleted by an edit. */
  deleted: boolean;
  /** Needs re-verification before it is next read. */
  dirty: boolean;
  /** The recorded coordinates did not fit the file. */
  clamped?: string;
}

export function newSlot(entry: AnchorEntry): Slot {
  return {
    t: { entry, state: 'unresolved' },
    names: cleanNames(entry.expectedNames ?? []),
    deleted: false,
    dirty: false,
  };
}

/** Places the anchor from its recorded coordinates (fresh text: open, reopened, reloaded) and verifies it. */
export function place(slot: Slot, uri: string, lines: LineTable, definitions?: Definitions): void {
  const { range, clamped } = toLspRange(slot.t.entry.anchor, lines);
  const t = slot.t;
  t.uri = uri;
  t.range = range;
  t.state = 'resolved';
  t.relocatedFrom = undefined;
  t.otherDefinitions = undefined;
  t.problem = undefined;
  slot.clamped = clamped;
  slot.deleted = false;
  slot.dirty = false;
  reverify(slot, lines, definitions);
}

export function reverify(slot: Slot, lines: LineTable, definitions?: Definitions): void {
  slot.dirty = false;
  const t = slot.t;
  if (!t.range) return;
  const v = verify(t.range, slot.names, lines, !slot.deleted, definitions);
  switch (v.kind) {
    case 'unchecked':
    case 'confirmed':
      if (t.state !== 'relocated') t.state = 'resolved';
      if (t.state === 'resolved') t.problem = undefined;
      if (slot.deleted && v.kind === 'unchecked') markDeleted(slot);
      return;
    case 'moved':
      t.relocatedFrom = t.range;
      t.range = v.range;
      t.state = 'relocated';
      t.otherDefinitions = v.others?.length ? v.others : undefined;
      t.problem = relocatedMessage(t.entry, t.relocatedFrom, v.range, v.name, v.others);
      slot.deleted = false;
      return;
    case 'missing':
    case 'ambiguous':
      t.state = 'stale';
      t.otherDefinitions = undefined;
      t.problem = slot.deleted
        ? staleMessage(t.entry, { kind: 'deleted' }, slot.names)
        : staleMessage(t.entry, v, slot.names);
      return;
  }
}

export function markDeleted(slot: Slot): void {
  slot.deleted = true;
  slot.t.state = 'stale';
  slot.t.relocatedFrom = undefined;
  slot.t.otherDefinitions = undefined;
  slot.t.problem = staleMessage(slot.t.entry, { kind: 'deleted' }, slot.names);
}
