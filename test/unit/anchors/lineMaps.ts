// A git line map written as its hunks ([oldStart, oldCount, newStart, newCount], as `git diff -U0`
// prints them), for tests of what reads one.
import type { FileLineMap } from '../../../server/src/anchors/git/lineMap';

export const lineMap = (...hunks: Array<[number, number, number, number]>): FileLineMap => ({
  hunks: hunks.map(([oldStart, oldCount, newStart, newCount]) => ({
    oldStart,
    oldCount,
    newStart,
    newCount,
  })),
});
