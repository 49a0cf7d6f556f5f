// The sentences users read about anchors: which anchor, of which path and component, what is wrong
// and what to do, naming the path and component as users know them (ids only when no name is known).
// Service text is cleaned for a one-line plain label (untrustedText.ts), quoted and shortened;
// diagnostics are plain text (no markup).
import type { Range } from 'vscode-languageserver';
import type { AnchorEntry } from './types';
import type { Resolution } from './fileResolver';
import { describeLines } from './coordinates';
import { labelText } from '../../../common/src/untrustedText';

const RESCAN = 're-scan the project or edit the code anchor of the path';
/** The quick fix's title (anchorRepair.ts offers it on drifted anchors' diagnostics). */
export const REPAIR_TITLE = 'Update the anchor on the service';

/** Service text as one quoted line: no control or invisible characters, at most `max` characters. */
export function quote(s: string, max = 120): string {
  const one = labelText(s, Number.MAX_SAFE_INTEGER).replace(/\s+/g, ' ');
  return `"${labelText(one, max)}"`;
}

export function subject(e: AnchorEntry): string {
  const label = e.anchor.name?.trim() ? e.anchor.name : e.anchor.anchor_id;
  const names = e.names;
  const of = names
    ? `path ${quote(names.path)} of ${quote(names.component, 80)}`
    : `path ${quote(e.pathId)} of component ${quote(e.componentId)}`;
  return `Lineage anchor ${quote(label)} (${of})`;
}

/** Why an anchor has no file in the workspace. */
export function unresolvedMessage(
  e: AnchorEntry,
  r: Exclude<Resolution, { kind: 'file' }> | { kind: 'unreadable' },
): string {
  const file = quote(e.anchor.file ?? '');
  const s = subject(e);
  switch (r.kind) {
    case 'noFile':
      return `${s} has no file, so it cannot be shown in the code. Add the file by editing the path, or re-scan the project.`;
    case 'invalid':
      return `${s} has an unusable file ${file}. Correct it by editing the path, or re-scan the project.`;
    case 'missing':
      return `${s}: file ${file} was not found in the workspace folders. Open the scanned project, or set lineageLens.projectRoot to where it lives in this workspace.`;
    case 'ambiguous':
      return `${s}: file ${file} matches several workspace files (${r.candidates.slice(0, 5).join(', ')}${r.candidates.length > 5 ? ', …' : ''}). Set lineageLens.projectRoot to the scanned project's folder so the path is exact.`;
    case 'unreadable':
      return `${s}: file ${file} could not be read. Check that it exists and is readable.`;
    case 'outside': {
      const why =
        r.why === 'absolute'
          ? 'is an absolute path'
          : r.why === 'symlink'
            ? 'is a link to a place outside the workspace folders'
            : "leads outside the workspace folders ('..')";
      return `${s}: file ${file} ${why}, so it was not opened; Lineage Lens only reads files inside the workspace folders. Make the anchor's file relative to the project root (${RESCAN}), or add its folder to the workspace.`;
    }
  }
}

const names = (ns: readonly string[]) => ns.map((n) => quote(n, 60)).join(' or ');

export function staleMessage(
  e: AnchorEntry,
  why:
    | { kind: 'missing'; references?: number }
    | { kind: 'ambiguous'; name: string; count: number }
    | { kind: 'deleted' }
    | { kind: 'removedSinceScan'; commit: string },
  expected: readonly string[],
): string {
  const s = subject(e);
  const where = describeLines(e.anchor);
  switch (why.kind) {
    case 'deleted':
      return `${s} is stale: the anchored code was deleted. Undo the deletion, or ${RESCAN}.`;
    case 'removedSinceScan':
      return `${s} is stale: the code at the recorded ${where} was removed since the scanned commit ${why.commit.slice(0, 12)}${expected.length ? `, and ${names(expected)} was not found elsewhere in this file` : ''}. ${capital(RESCAN)}.`;
    case 'missing':
      if (why.references !== undefined)
        return `${s} is stale: no function, method, class or type named ${names(expected)} is left in this file${
          why.references > 0
            ? ` (the name still appears ${times(why.references)}, as a call, import, comment or other use, which never stands for the anchored code)`
            : ''
        }. ${capital(RESCAN)}.`;
      return `${s} is stale: ${names(expected)} appears neither near the recorded ${where} nor anywhere else in this file. ${capital(RESCAN)}.`;
    case 'ambiguous':
      return `${s} is stale: ${quote(why.name, 60)} is not near the recorded ${where} and appears ${why.count} times elsewhere in this file, so its new place is unclear. ${capital(RESCAN)}.`;
  }
}

export function relocatedMessage(
  e: AnchorEntry,
  from: Range,
  to: Range,
  name: string,
  others: readonly Range[] = [],
): string {
  const also = others.length
    ? ` ${quote(name, 60)} is also defined at ${others.length === 1 ? 'line' : 'lines'} ${listLines(others)}; the definition nearest to the recorded place was taken.`
    : '';
  // The quick fix on this diagnostic writes the new place (requests/anchorRepair.ts): say so first.
  return `${subject(e)} moved from line ${from.start.line + 1} to line ${to.start.line + 1} (${quote(name, 60)} is there now); Lineage Lens uses the new place.${also} To record it, use the quick fix "${REPAIR_TITLE}", or ${RESCAN}.`;
}

/** Its definition moved to another file since the scan (git added it there): followed, not repairable here. */
export function movedToFileMessage(e: AnchorEntry, fromFile: string, to: Range): string {
  return `${subject(e)} moved here from ${quote(fromFile, 120)}: the definition it was scanned on is now at line ${to.start.line + 1} of this file, and Lineage Lens uses this place. To record it, ${RESCAN}.`;
}

/** Quick fix title on an ambiguous anchor's diagnostic, one per candidate. */
export function pickCandidateTitle(line: number): string {
  return `Anchor it to the definition at line ${line + 1}`;
}

export function ambiguousMessage(e: AnchorEntry, name: string, candidates: readonly Range[]): string {
  const where = describeLines(e.anchor);
  const which =
    candidates.length === 1
      ? `the only definition in reach is ${quote(name, 60)} at line ${candidates[0]!.start.line + 1}, which does not match it clearly (another height, or the name of the path's other end)`
      : `${quote(name, 60)} is defined at lines ${listLines(candidates)}`;
  return `${subject(e)} is ambiguous: the recorded ${where} no longer hold its code, and without the scanned commit ${which}. It is not shown until you choose: use a quick fix to anchor it to one of them, or ${RESCAN}.`;
}

function listLines(ranges: readonly Range[]): string {
  const ls = ranges.slice(0, 5).map((r) => String(r.start.line + 1));
  const more = ranges.length > 5 ? ` and ${ranges.length - 5} more` : '';
  return ls.length > 1 && !more
    ? `${ls.slice(0, -1).join(', ')} and ${ls[ls.length - 1]}`
    : ls.join(', ') + more;
}

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

export function clampedMessage(e: AnchorEntry, note: string): string {
  return `${subject(e)}: the recorded position does not fit this file (${note}), so it is shown clamped. If the file changed since the scan, ${RESCAN}.`;
}

function capital(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}
