// What the features ask the anchor index: the anchors of a file or at a position, one anchor by its
// ids, their diagnostics and problems, and a user's pick among an ambiguous anchor's candidates. Each
// answer first re-verifies what edits touched in that file.
import type { Diagnostic, Position, Range } from 'vscode-languageserver';
import type { TrackedAnchor } from './types';
import { PositionIndex } from './positionIndex';
import { reverify, sameRange, choiceKey, type Slot } from './slot';
import { relocatedMessage } from './messages';
import { diagnosticsOf } from './diagnostics';
import { keyOf, type IndexState } from './indexState';
import type { Placement } from './placement';
import type { IndexEvents } from './indexEvents';

export class AnchorQueries {
  constructor(
    private readonly state: IndexState,
    private readonly placement: Placement,
    private readonly events: IndexEvents,
  ) {}

  anchorsInFile(uri: string): TrackedAnchor[] {
    const key = keyOf(uri);
    const fa = this.state.byFile.get(key);
    if (!fa) return [];
    this.placement.settle(key, fa);
    // A copy: the file's own list changes with the index.
    return fa.slots.slice();
  }

  /** Anchors whose range contains the position (ends inclusive), most specific (smallest) first. */
  anchorsAt(uri: string, position: Position): TrackedAnchor[] {
    const key = keyOf(uri);
    const fa = this.state.byFile.get(key);
    if (!fa) return [];
    this.placement.settle(key, fa);
    return (fa.positions ??= new PositionIndex(fa.slots)).at(position);
  }

  /** Diagnostics of one file (cheap: only that file's anchors). */
  diagnosticsFor(uri: string): Diagnostic[] {
    const key = keyOf(uri);
    const fa = this.state.byFile.get(key);
    if (!fa) return [];
    this.placement.settle(key, fa);
    return diagnosticsOf(fa.slots);
  }

  /**
   * Anchors without a place in the workspace (unresolved, outside the workspace): report them on the
   * path. A file left for later is not known to be unreadable until it is placed (the build says when).
   */
  problems(): TrackedAnchor[] {
    const byFile = this.state.byFile;
    return this.state.slots.filter(
      (s) =>
        s.state === 'outsideWorkspace' ||
        (s.state === 'unresolved' && !(s.fileKey !== undefined && byFile.get(s.fileKey)?.pending)),
    );
  }

  /** One anchor by its ids, re-verified if edits touched it; the same ids twice: the later entry wins. */
  settledSlot(componentId: string, pathId: string, anchorId: string): Slot | undefined {
    const found = this.state.byId.get(anchorId);
    const matches = (s: Slot) => s.entry.componentId === componentId && s.entry.pathId === pathId;
    const slot = Array.isArray(found)
      ? found.filter(matches).pop()
      : found && matches(found)
        ? found
        : undefined;
    if (slot) this.settleFileOf(slot);
    return slot;
  }

  /** Re-verifies what edits touched in the slot's file. */
  settleFileOf(slot: Slot): void {
    if (!slot.fileKey) return;
    const fa = this.state.byFile.get(slot.fileKey);
    if (fa) this.placement.settle(slot.fileKey, fa);
  }

  /**
   * The user picked one of an ambiguous anchor's candidates: it is placed there (relocated, so drifted
   * and repairable) until it is next placed from its record. False when it is not ambiguous or that is
   * not one of its candidates.
   */
  chooseCandidate(componentId: string, pathId: string, anchorId: string, range: Range): boolean {
    const slot = this.settledSlot(componentId, pathId, anchorId);
    const t = slot;
    if (!slot || !t?.uri || !t.range || t.state !== 'ambiguous') return false;
    const picked = t.candidates?.find((c) => sameRange(c, range));
    if (!picked) return false;
    // Kept (across builds too): the anchor is placed there while that is still one of its candidates.
    this.state.choices.set(choiceKey(t.entry), picked);
    const fa = slot.fileKey ? this.state.byFile.get(slot.fileKey) : undefined;
    if (fa) fa.positions = undefined;
    const lines = slot.fileKey ? (this.state.linesOf(slot.fileKey) ?? undefined) : undefined;
    if (fa && lines) {
      reverify(slot, lines, this.placement.definitionsOf(slot.fileKey!, lines));
    } else {
      t.relocatedFrom = t.range;
      t.range = picked;
      t.state = 'relocated';
      t.candidates = undefined;
      t.problem = relocatedMessage(t.entry, t.relocatedFrom, picked, t.entry.expectedNames[0] ?? '');
    }
    this.events.emitChanged([t.uri]);
    return true;
  }
}
