// The line changes between a file on disk and its open document (an editor buffer with unsaved edits
// when it was opened), as hunks in `git diff -U0`'s convention, so recorded coordinates go through
// git (scanned commit → disk) and then through this (disk → buffer) with the same line mapping.
// jsdiff's Myers diff (the `diff` package: well kept, no dependencies, typed) over line arrays split
// as LineTable splits them.
import { diffArrays } from 'diff';
import type { FileLineMap, Hunk } from './git/lineMap';

/** Beyond this many changed lines the buffer is not mapped (the caller treats it as unmapped). */
const MAX_EDIT_LINES = 2_000;

function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** disk → buffer line map; undefined when the texts differ too much to map line by line. */
export function bufferLineMap(disk: string, buffer: string): FileLineMap | undefined {
  const changes = diffArrays(splitLines(disk), splitLines(buffer), { maxEditLength: MAX_EDIT_LINES });
  if (!changes) return undefined;
  const hunks: Hunk[] = [];
  let oldLine = 1;
  let newLine = 1;
  let open: Hunk | undefined;
  const flush = () => {
    if (!open) return;
    // git's convention: a pure insertion names the old line it follows, a pure deletion the new one.
    if (open.oldCount === 0) open.oldStart--;
    if (open.newCount === 0) open.newStart--;
    hunks.push(open);
    open = undefined;
  };
  for (const c of changes) {
    const n = c.count ?? c.value.length;
    if (!c.added && !c.removed) {
      flush();
      oldLine += n;
      newLine += n;
      continue;
    }
    open ??= { oldStart: oldLine, oldCount: 0, newStart: newLine, newCount: 0 };
    if (c.removed) {
      open.oldCount += n;
      oldLine += n;
    } else {
      open.newCount += n;
      newLine += n;
    }
  }
  flush();
  return { hunks };
}
