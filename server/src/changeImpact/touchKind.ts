// What a diff did to one anchored definition, decided in one place from what the diff says about its
// lines. The evidence is the anchor's place in the head (the index's, on the definition the anchor is)
// and that same definition in the base version of the file (touchedAnchors.ts).
import type { TouchKind } from '../../../common/src/changeImpact';

export interface TouchEvidence {
  /** The anchor has a place in the head (resolved or relocated, not stale). */
  placed: boolean;
  /** The diff changed lines inside that place (or removed lines between two of them). */
  headChanged: boolean;
  /** Every line of that place is new in this diff, in another hunk than the one that removed `baseRemoved`. */
  headAllAdded: boolean;
  /** The anchor's definition (or, without one, its lines) at the base: some lines changed by the diff. */
  baseChanged: boolean;
  /** …all of them removed (the file deleted counts). */
  baseRemoved: boolean;
  /** Not placed: a definition of its name on lines this diff added in another file (or elsewhere in its own). */
  foundElsewhere: boolean;
}

/**
 * `deleted`: the definition's lines at the base are gone and it is nowhere else; `moved`: it is gone
 * from where it was and found on new lines elsewhere, in the same file or another; `modified`: the diff
 * changed lines of its place. Undefined: the diff does not touch it.
 */
export function touchKind(e: TouchEvidence): TouchKind | undefined {
  if (!e.placed) {
    if (!e.baseChanged && !e.baseRemoved) return undefined;
    return e.foundElsewhere ? 'moved' : 'deleted';
  }
  if (e.headAllAdded && e.baseRemoved) return 'moved';
  if (e.headChanged) return 'modified';
  return undefined;
}
