// What a file's diff (hunks of `git diff -U0`, anchors/git/lineMap.ts) says about a run of lines:
// changed, all new, all removed, and which hunk did it. Lines here are 1-based and inclusive.
import type { FileLineMap, Hunk } from '../anchors/git/lineMap';

const newEnd = (h: Hunk) => h.newStart + h.newCount - 1;
const oldEnd = (h: Hunk) => h.oldStart + h.oldCount - 1;

/** The head's lines s..e were changed: a hunk put lines there, or removed lines between two of them. */
export function headLinesChanged(map: FileLineMap, s: number, e: number): boolean {
  if (map.added) return true;
  return map.hunks.some((h) =>
    h.newCount > 0 ? h.newStart <= e && newEnd(h) >= s : h.newStart >= s && h.newStart < e,
  );
}

/** Every head line s..e is new in this diff; the hunk that added the first one (-1: the file is new). */
export function headLinesAdded(map: FileLineMap, s: number, e: number): { all: boolean; hunk: number } {
  if (map.added) return { all: true, hunk: -1 };
  let covered = 0;
  let first = -2;
  map.hunks.forEach((h, i) => {
    if (h.newCount === 0) return;
    const from = Math.max(s, h.newStart);
    const to = Math.min(e, newEnd(h));
    if (to >= from) {
      covered += to - from + 1;
      if (first === -2) first = i;
    }
  });
  return { all: covered === e - s + 1, hunk: first };
}

/** The base's lines s..e: some changed, all removed, and the hunk that removed the first one. */
export function baseLinesChanged(
  map: FileLineMap | undefined,
  s: number,
  e: number,
): { changed: boolean; removed: boolean; hunk: number } {
  // No map: the file was deleted.
  if (!map) return { changed: true, removed: true, hunk: -1 };
  let covered = 0;
  let first = -2;
  map.hunks.forEach((h, i) => {
    if (h.oldCount === 0) return;
    const from = Math.max(s, h.oldStart);
    const to = Math.min(e, oldEnd(h));
    if (to >= from) {
      covered += to - from + 1;
      if (first === -2) first = i;
    }
  });
  return { changed: covered > 0, removed: covered === e - s + 1, hunk: first };
}
