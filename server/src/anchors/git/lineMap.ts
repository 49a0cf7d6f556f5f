// Carrying recorded line numbers from the scanned commit's version of a file to the working tree's,
// through the hunks of `git diff -U0`. A hunk replaces old lines [oldStart, oldStart+oldCount) with new
// lines [newStart, newStart+newCount) (1-based, as diff prints them; a count of 0 means an insertion
// after / deletion before that line). Lines outside every hunk are unchanged and only shift.

export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

/** One file's changes since the scanned commit. */
export interface FileLineMap {
  /** Sorted by oldStart, non-overlapping (as git prints them). Empty: the file is unchanged. */
  hunks: Hunk[];
  /** Repository-relative path at the scanned commit when the file was renamed since. */
  renamedFrom?: string;
  /** The file did not exist at the scanned commit under this path (added since). */
  added?: boolean;
}

export interface MappedLines {
  /** 0-based, inclusive, in the working tree's text. */
  start: number;
  end: number;
  /** `exact`: no line of the range changed; `changed`: some did; `removed`: all were deleted. */
  change: 'exact' | 'changed' | 'removed';
  /** The first / last recorded line itself is unchanged (its columns still hold). */
  startKept: boolean;
  endKept: boolean;
}

const UNCHANGED: FileLineMap = { hunks: [] };
export function unchangedFile(): FileLineMap {
  return UNCHANGED;
}

/** The last line a hunk removes (1-based), or oldStart - 1... for a pure insertion (it removes none). */
function oldEnd(h: Hunk): number {
  return h.oldStart + h.oldCount - 1;
}

/** Index of the first hunk that ends at or after `line` (1-based), by binary search. */
function firstHunkFrom(hunks: readonly Hunk[], line: number): number {
  let lo = 0;
  let hi = hunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const h = hunks[mid]!;
    // An insertion (oldCount 0) after line a lies before line a+1.
    const last = h.oldCount === 0 ? h.oldStart : oldEnd(h);
    if (last < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface LinePlace {
  /** 1-based new line. */
  line: number;
  /** The old line was removed or rewritten by this hunk. */
  hunk?: Hunk;
}

/** Where an old line (1-based) is in the new text. */
function placeLine(hunks: readonly Hunk[], line: number): LinePlace {
  const i = firstHunkFrom(hunks, line);
  const h = hunks[i];
  if (h && h.oldCount > 0 && h.oldStart <= line && line <= oldEnd(h)) return { line: h.newStart, hunk: h };
  // Unchanged: shifted by every hunk before it (the previous hunk's end fixes the offset).
  const prev = hunks[i - 1];
  if (!prev) return { line };
  const prevOldEnd = prev.oldCount === 0 ? prev.oldStart : oldEnd(prev);
  const prevNewEnd = prev.newCount === 0 ? prev.newStart : prev.newStart + prev.newCount - 1;
  return { line: prevNewEnd + (line - prevOldEnd) };
}

/**
 * Maps recorded lines `start..end` (0-based, inclusive) of the scanned commit's file to the working
 * tree's. A line that a hunk rewrote maps into the hunk's new lines; a range whose every line was
 * deleted (no new lines in their place) is `removed` and collapses to where they were.
 */
export function mapLines(map: FileLineMap, start: number, end: number): MappedLines {
  const hunks = map.hunks;
  const s = start + 1;
  const e = Math.max(end, start) + 1;
  if (hunks.length === 0) return { start, end: e - 1, change: 'exact', startKept: true, endKept: true };
  // How many recorded lines hunks touched, and whether any hunk put new lines in their place.
  let touched = 0;
  let replaced = false;
  for (let i = firstHunkFrom(hunks, s); i < hunks.length; i++) {
    const h = hunks[i]!;
    if (h.oldCount === 0) {
      if (h.oldStart >= e) break;
      continue; // an insertion inside the range changes it too, but removes nothing
    }
    if (h.oldStart > e) break;
    const from = Math.max(s, h.oldStart);
    const to = Math.min(e, oldEnd(h));
    if (to >= from) {
      touched += to - from + 1;
      if (h.newCount > 0) replaced = true;
    }
  }
  const inserted = hunks.some((h) => h.oldCount === 0 && h.oldStart >= s && h.oldStart < e);
  const first = placeLine(hunks, s);
  const last = placeLine(hunks, e);
  const total = e - s + 1;
  if (touched === total && !replaced && !inserted) {
    // Every line deleted: an empty place where they were (the next surviving line).
    const at = first.hunk ? first.hunk.newStart + (first.hunk.newCount === 0 ? 1 : 0) : first.line;
    return { start: at - 1, end: at - 1, change: 'removed', startKept: false, endKept: false };
  }
  let newStart = first.line;
  if (first.hunk && first.hunk.newCount === 0) newStart = first.hunk.newStart + 1; // starts after the deletion
  let newEnd = last.line;
  if (last.hunk)
    newEnd = last.hunk.newCount === 0 ? last.hunk.newStart : last.hunk.newStart + last.hunk.newCount - 1;
  if (newEnd < newStart) newEnd = newStart;
  return {
    start: newStart - 1,
    end: newEnd - 1,
    change: touched > 0 || inserted ? 'changed' : 'exact',
    startKept: !first.hunk,
    endKept: !last.hunk,
  };
}

/** The same changes seen from the other side (the working tree's file → the scanned commit's). */
export function invertMap(map: FileLineMap): FileLineMap {
  return {
    hunks: map.hunks.map((h) => ({
      oldStart: h.newStart,
      oldCount: h.newCount,
      newStart: h.oldStart,
      newCount: h.oldCount,
    })),
  };
}

/**
 * Carries lines `start..end` (0-based, inclusive) of the map's *new* text back to its old text, when
 * that is exact: the lines found there map forward to exactly `start..end` again, their first and last
 * lines unchanged (so columns hold too). Undefined when some of those lines did not exist in the old
 * text (code added since), so no old coordinates can stand for them.
 */
export function unmapLines(
  map: FileLineMap,
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  if (map.added) return undefined;
  const back = mapLines(invertMap(map), start, end);
  if (back.change === 'removed') return undefined;
  const again = mapLines(map, back.start, back.end);
  if (again.start !== start || again.end !== end || !again.startKept || !again.endKept) return undefined;
  return { start: back.start, end: back.end };
}
