// "Update the anchor on the service": the drifted anchors of a scope (what the client shows before
// anything is written), the quick fix on an anchor's diagnostic, and the write itself — the path as
// the service holds it now, with only the repaired anchors' coordinates changed, through operation 1
// with a reason like "anchor moved from 369–377 to 374–382".
import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver';
import type { LineagePath, PathCodeAnchor } from '../../../common/src/api';
import {
  COMMANDS,
  type AnchorLines,
  type AnchorRepair,
  type AnchorRepairResult,
  type AnchorScope,
} from '../../../common/src/protocol';
import {
  coordinatesOf,
  driftReason,
  DIAGNOSTIC_SOURCE,
  REPAIR_TITLE,
  pickCandidateTitle,
  type AnchorDiagnosticData,
  type AnchorDrift,
} from '../anchors';
import { describeAnchorLines } from '../../../common/src/anchorLines';
import type { RequestOptions } from '../api/apiClient';
import { describeError } from '../api/describeError';
import type { AnchorReader, AnchorRepairIndex, ComponentReader, ComponentWriter } from '../session/parts';
import type { OnceLogger } from '../util/log';
import { UserInputError } from '../api/serviceErrors';
import { shortPathLabel } from '../domain/pathSummary';
import { componentLabel } from '../../../common/src/componentLabel';

/** What listing repairs reads: the drifted anchors, and the cache for their component and path names. */
type RepairSources = { index: AnchorReader; store: ComponentReader };

function toRepair(session: RepairSources, d: AnchorDrift): AnchorRepair {
  const e = d.anchor.entry;
  const component = session.store.get(e.componentId);
  const path = session.store.findPath(e.componentId, e.pathId);
  return {
    componentId: e.componentId,
    pathId: e.pathId,
    anchorId: e.anchor.anchor_id,
    label: e.anchor.name?.trim() || e.anchor.anchor_id,
    componentName: component ? componentLabel(component) : e.componentId,
    pathLabel: path ? shortPathLabel(path) : e.pathId,
    file: e.anchor.file ?? '',
    uri: d.anchor.uri!,
    range: d.anchor.range!,
    recorded: d.recorded,
    current: d.current,
    reason: driftReason(d),
    ...(d.rebasedFrom !== undefined && d.commit !== undefined ? { commit: d.commit } : {}),
  };
}

/** The drifted anchors of a scope (empty scope: the workspace), in file and line order. */
export function anchorRepairs(session: RepairSources, scope: AnchorScope): { repairs: AnchorRepair[] } {
  const filter = {
    componentId: scope.componentId,
    pathId: scope.pathId,
    anchorId: scope.anchorId,
  };
  if (scope.candidate !== undefined) {
    const { componentId, pathId, anchorId } = filter;
    if (!componentId || !pathId || !anchorId)
      throw new UserInputError('A candidate needs the anchor it is for (componentId, pathId, anchorId).');
    const chosen = session.index.chooseCandidate(componentId, pathId, anchorId, scope.candidate);
    if (!chosen)
      throw new UserInputError(
        'That definition is no longer a candidate for this anchor (the code changed since): look at its diagnostic again.',
      );
  }
  const repairs = session.index
    .drifts(filter)
    .map((d) => toRepair(session, d))
    .sort((a, b) => a.uri.localeCompare(b.uri) || a.range.start.line - b.range.start.line);
  return { repairs };
}

/** Quick fixes for the anchors of the diagnostics VS Code sends (and any drifted anchor at the range). */
export function anchorRepairCodeActions(
  session: { index: AnchorReader },
  uri: string,
  range: Range,
  diagnostics: readonly Diagnostic[],
): CodeAction[] {
  const out: CodeAction[] = [];
  const seen = new Set<string>();
  const offer = (d: AnchorDrift, diagnostic?: Diagnostic) => {
    const e = d.anchor.entry;
    const key = JSON.stringify([e.componentId, e.pathId, e.anchor.anchor_id]);
    if (seen.has(key)) return;
    seen.add(key);
    const scope: AnchorScope = { componentId: e.componentId, pathId: e.pathId, anchorId: e.anchor.anchor_id };
    out.push({
      title: `${REPAIR_TITLE} (lines ${describeAnchorLines(d.recorded)} → ${describeAnchorLines(d.current)})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: diagnostic ? [diagnostic] : undefined,
      isPreferred: diagnostic !== undefined,
      command: {
        title: REPAIR_TITLE,
        command: COMMANDS.repairAnchor,
        arguments: [scope],
      },
    });
  };
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    const data = diagnostic.data as Partial<AnchorDiagnosticData> | undefined;
    if (
      typeof data?.componentId !== 'string' ||
      typeof data.pathId !== 'string' ||
      typeof data.anchorId !== 'string'
    )
      continue;
    if (diagnostic.code === 'anchor-ambiguous') {
      // One fix per candidate: the anchor is placed there and its repair records it.
      const t = session.index.anchor(data.componentId, data.pathId, data.anchorId);
      for (const [i, candidate] of (t?.state === 'ambiguous' ? (t.candidates ?? []) : []).entries())
        out.push({
          title: pickCandidateTitle(candidate.start.line),
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: i === 0 && t!.candidates!.length === 1,
          command: {
            title: pickCandidateTitle(candidate.start.line),
            command: COMMANDS.repairAnchor,
            arguments: [
              { componentId: data.componentId, pathId: data.pathId, anchorId: data.anchorId, candidate },
            ],
          },
        });
      continue;
    }
    const [d] = session.index.drifts({
      componentId: data.componentId,
      pathId: data.pathId,
      anchorId: data.anchorId,
    });
    if (d) offer(d, diagnostic);
  }
  for (const t of session.index.anchorsAt(uri, range.start)) {
    const e = t.entry;
    const [d] = session.index.drifts({
      componentId: e.componentId,
      pathId: e.pathId,
      anchorId: e.anchor.anchor_id,
    });
    if (d) offer(d);
  }
  return out;
}

/**
 * Writes confirmed repairs, one operation 1 per path; each path's result says what happened. Each
 * anchor is written in the lines of the commit its path is recorded at (git's mapping of its file
 * renewed first), with that commit as `effective_since_commit_sha`, so git maps it back to where the
 * user saw it (anchors/README.md, "Repairs").
 */
export async function repairAnchors(
  session: ComponentWriter & { index: AnchorRepairIndex },
  log: OnceLogger,
  p: { repairs: readonly SentRepair[] },
  opts: RequestOptions,
): Promise<{ results: AnchorRepairResult[] }> {
  const repairs = takenRepairs(p.repairs);
  const api = session.api();
  const byPath = new Map<string, AnchorRepair[]>();
  for (const r of repairs) {
    const key = JSON.stringify([r.componentId, r.pathId]);
    byPath.set(key, [...(byPath.get(key) ?? []), r]);
  }
  const results: AnchorRepairResult[] = [];
  const changed = new Set<string>();
  // Components whose cached paths are behind the service (a refusal said so): read again too, so the
  // views and diagnostics show what the service holds now.
  const stale = new Set<string>();
  for (const group of byPath.values()) {
    const { componentId, pathId } = group[0]!;
    const anchorIds = group.map((r) => r.anchorId);
    const refuse = (message: string) =>
      results.push({ kind: 'refused', componentId, pathId, anchorIds, message });
    try {
      // What the service holds now, not the cache: a repair must not undo someone else's change. The
      // effective paths (collapsed): a scan path stays after an update, beside the override that
      // replaces it, and writing it again would supersede (delete) that newer override.
      const { component } = await api.getComponent(componentId, { projection: 'collapsed' }, opts);
      const path = component.paths?.find((x) => x.path_id === pathId);
      if (!path) {
        const named = group[0]!.pathLabel || pathId;
        stale.add(componentId);
        refuse(
          `Path ${named} is no longer on the service as it was (it changed or was removed since it was checked); nothing was written. Refresh and look again.`,
        );
        continue;
      }
      const placed = await recordedPlaces(session.index, path, group);
      if (typeof placed === 'string') {
        refuse(placed);
        continue;
      }
      const updated = withRepairedAnchors(path, group, placed.written);
      if (typeof updated === 'string') {
        stale.add(componentId);
        refuse(updated);
        continue;
      }
      const reasons = group.map((r) =>
        driftReason({
          recorded: r.recorded,
          written: placed.written.get(r.anchorId)!,
          ...(placed.rebasedFrom !== undefined ? { rebasedFrom: placed.rebasedFrom } : {}),
          ...(placed.commit !== undefined ? { commit: placed.commit } : {}),
        }),
      );
      const reason = group
        .map((r, i) => (group.length > 1 ? `${r.label}: ${reasons[i]}` : reasons[i]))
        .join('; ');
      const body = {
        ...updated,
        reason,
        ...(placed.commit !== undefined ? { effective_since_commit_sha: placed.commit } : {}),
      };
      const { path: saved } = await api.updatePath(componentId, pathId, body, opts);
      // Lines of an unsaved file git does not map are those the file will have once saved: the index
      // places these records in the buffer as it is, not through its unsaved changes again.
      for (const [anchorId, c] of placed.written)
        session.index.noteWrittenFromBuffer(componentId, pathId, anchorId, c);
      results.push({
        kind: 'saved',
        componentId,
        pathId,
        newPathId: saved.path_id ?? pathId,
        anchorIds,
        reason,
      });
      changed.add(componentId);
    } catch (err) {
      refuse(describeError(err));
    }
  }
  // The index then holds the new records, so the repaired anchors are no longer drifted.
  for (const id of new Set([...changed, ...stale])) {
    try {
      await session.store.reloadOne(api, id, session.settings);
      await session.componentChanged(id);
    } catch (err) {
      log.warnOnce(`Re-reading component ${id} after updating its anchors failed: ${describeError(err)}`);
    }
  }
  return { results };
}

/**
 * Where each repaired anchor is now, in the lines of its path's commit, from the index (git's mapping
 * of the files renewed first: a save since the list was shown moves lines), or why not. Lines added
 * since that commit are recorded at another scanned commit that has them (the newest scan, or HEAD
 * when scanned): then the whole path is recorded there, every other anchor of it carried to that
 * commit's lines too.
 */
async function recordedPlaces(
  index: AnchorRepairIndex,
  path: LineagePath,
  group: readonly AnchorRepair[],
): Promise<{ written: Map<string, AnchorLines>; commit?: string; rebasedFrom?: string } | string> {
  await index.refreshFiles(group.map((r) => r.uri).filter((u) => u.length > 0));
  const drifts: AnchorDrift[] = [];
  for (const r of group) {
    const d = index.drift(r.componentId, r.pathId, r.anchorId);
    if (!d) {
      const newer = await index.unrecordable(r.componentId, r.pathId, r.anchorId);
      return newer
        ? unrecordableMessage(r, newer)
        : `Anchor ${r.label} is where the service records it now, or no longer placed in the workspace; nothing was written. Look again.`;
    }
    if (!sameLines(d.current, r.current))
      return `Anchor ${r.label} moved since it was shown (it is at lines ${describeAnchorLines(d.current)} now); nothing was written. Look again.`;
    drifts.push(d);
  }
  const rebased = drifts.find((d) => d.rebasedFrom !== undefined);
  if (!rebased) {
    const written = new Map(group.map((r, i) => [r.anchorId, drifts[i]!.written]));
    return { written, ...(drifts[0]!.commit !== undefined ? { commit: drifts[0]!.commit } : {}) };
  }
  // Recorded at another commit: every anchor of the path in that commit's lines.
  const commit = rebased.commit!;
  const short = commit.slice(0, 12);
  const written = new Map<string, AnchorLines>();
  for (const a of path.code_anchors ?? []) {
    const i = group.findIndex((r) => r.anchorId === a.anchor_id);
    if (i >= 0 && drifts[i]!.commit === commit) {
      written.set(a.anchor_id, drifts[i]!.written);
      continue;
    }
    const label = a.name?.trim() || a.anchor_id;
    const there = index.placeAt(group[0]!.componentId, group[0]!.pathId, a.anchor_id, commit);
    if (typeof there === 'string')
      return `Lines ${describeAnchorLines(rebased.current)} of anchor ${rebased.anchor.entry.anchor.name?.trim() || rebased.anchor.entry.anchor.anchor_id} exist only since commit ${short}, so the path would be recorded there, but its anchor ${label} ${there}; nothing was written. Scan the project again to record both.`;
    if (i < 0 && !sameLines(coordinatesOf(a), there.recorded))
      return `Anchor ${label} of this path changed on the service since it was checked; nothing was written. Refresh and look again.`;
    written.set(a.anchor_id, there.at);
  }
  return { written, commit, rebasedFrom: rebased.rebasedFrom! };
}

/** Why lines added since the path's commit cannot be recorded at any scanned commit. */
function unrecordableMessage(
  r: AnchorRepair,
  u: { commit: string; head?: string; headScanned: boolean },
): string {
  const lines = describeAnchorLines(r.current);
  const at = `commit ${u.commit.slice(0, 12)}, which its path is recorded at`;
  if (u.head && u.headScanned)
    return `Anchor ${r.label}: lines ${lines} are in neither HEAD ${u.head.slice(0, 12)} (they are unsaved or not committed) nor ${at}, and the service records a path only at a scanned commit; nothing was written. Save and commit the change, have that commit scanned, then update the anchor.`;
  if (u.head)
    return `Anchor ${r.label}: lines ${lines} did not exist at ${at}, and HEAD ${u.head.slice(0, 12)} is not a scanned commit of the component (the service records a path only at a scanned commit); nothing was written. Scan the project again to record code added since, then update the anchor if it still differs.`;
  return `Anchor ${r.label}: lines ${lines} did not exist at ${at}, so no lines there can stand for them; nothing was written. Scan the project again to record code added since.`;
}

/** The path with the repaired anchors' coordinates (`written`, by anchor id), or why it cannot be written. */
function withRepairedAnchors(
  path: LineagePath,
  repairs: readonly AnchorRepair[],
  written: ReadonlyMap<string, AnchorLines>,
): LineagePath | string {
  const anchors = [...(path.code_anchors ?? [])];
  for (const r of repairs) {
    const i = anchors.findIndex((a) => a.anchor_id === r.anchorId);
    if (i < 0)
      return `Anchor ${r.label} is no longer on path ${r.pathLabel || r.pathId}; nothing was written. Refresh and look again.`;
    const now = anchors[i]!;
    if (!sameLines(coordinatesOf(now), r.recorded))
      return `Anchor ${r.label} changed on the service since it was checked (it now says lines ${describeAnchorLines(coordinatesOf(now))}); nothing was written. Refresh and look again.`;
  }
  return {
    ...path,
    code_anchors: anchors.map((a) => {
      const c = written.get(a.anchor_id);
      return c ? withCoordinates(a, c) : a;
    }),
  };
}

function withCoordinates(a: PathCodeAnchor, c: AnchorLines): PathCodeAnchor {
  const { line_start: _ls, line_end: _le, column_start: _cs, column_end: _ce, ...rest } = a;
  return { ...rest, ...c };
}

function sameLines(a: AnchorLines, b: AnchorLines): boolean {
  return (
    a.line_start === b.line_start &&
    a.line_end === b.line_end &&
    a.column_start === b.column_start &&
    a.column_end === b.column_end
  );
}

/** A repair as the client sends it back: what a write uses, the members only shown optional. */
type SentRepair = Pick<AnchorRepair, 'componentId' | 'pathId' | 'anchorId' | 'recorded' | 'current'> &
  Partial<AnchorRepair>;

/**
 * The client sends back what it showed (its shape checked against the schema where the request is
 * registered); only the members a write uses are taken.
 */
function takenRepairs(repairs: readonly SentRepair[]): AnchorRepair[] {
  return repairs.map((r) => ({
    componentId: r.componentId,
    pathId: r.pathId,
    anchorId: r.anchorId,
    label: r.label || r.anchorId,
    componentName: r.componentName ?? '',
    pathLabel: r.pathLabel ?? '',
    file: r.file ?? '',
    uri: r.uri ?? '',
    range: r.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    recorded: r.recorded,
    current: r.current,
    // The reason is rebuilt from the index when written, never taken from the message.
    reason: '',
  }));
}
