// lineage_at: the lineage paths anchored at a line of a workspace file (as the hover finds them), or
// anywhere in it, each with its component, label, anchor, downstream counts (as the impact lens counts
// them), and the fields of those paths with their applied and depends-on tags (pathFields, as the hover
// lists them).
import type { AgentToolAnswer, AgentToolInput } from '../../../../common/src/agentTools';
import { pathDocumentLabel } from '../../../../common/src/pathLabels';
import type { TrackedAnchor } from '../../anchors/types';
import { pathFields } from '../../domain/pathFields';
import { pagedAnswer } from './answer';
import { serviceSummary, type AgentToolSources } from './sources';
import { workspaceFile } from './workspaceFile';
import { componentLabel } from '../../../../common/src/componentLabel';

/** Paths listed in the summary at most (their fields are all paged). */
const MAX_PATHS = 20;

/** Whether a 0-based line is inside an anchor's range (LSP ranges end exclusive). */
function covers(t: TrackedAnchor, line: number): boolean {
  const r = t.range;
  if (!r) return false;
  return r.start.line <= line && line + 1 <= lastLine(t);
}

export async function lineageAt(
  s: AgentToolSources,
  input: AgentToolInput<'lineage_at'>,
  offset: number,
): Promise<AgentToolAnswer> {
  const file = workspaceFile(s.folders(), input.file);
  await s.fileMayHaveChanged?.(file.fsPath);
  const inFile = s.index.anchorsInFile(file.uri);
  // At a line: the innermost anchor first (as the hover); in the whole file: top to bottom.
  const anchors =
    input.line === undefined
      ? inFile.filter((t) => t.range).sort((a, b) => a.range!.start.line - b.range!.start.line)
      : inFile.filter((t) => covers(t, input.line! - 1)).sort((a, b) => span(a) - span(b));
  const seen = new Set<string>();
  const paths: Record<string, unknown>[] = [];
  const fields: Record<string, unknown>[] = [];
  const model = anchors.length ? await s.graph.ready() : undefined;
  const contracts = model ? await s.graph.contracts.list() : [];
  for (const a of anchors) {
    const key = `${a.entry.componentId}/${a.entry.pathId}`;
    if (seen.has(key) || seen.size >= MAX_PATHS) continue;
    seen.add(key);
    const c = s.store.get(a.entry.componentId);
    const p = s.store.findPath(a.entry.componentId, a.entry.pathId);
    if (!c || !p) continue;
    const label = pathDocumentLabel(p);
    let downstream: Record<string, number> | null = null;
    try {
      if (model)
        downstream = s.graph.impactCounts(
          model,
          { kind: 'path', componentId: c.id, pathId: a.entry.pathId },
          contracts,
        ).counts;
    } catch {
      downstream = null; // a suppressed or unloaded path has no place in the graph
    }
    const all = pathFields(p);
    const tagged = all.filter((f) => f.applied.length || f.dependsOn.length);
    paths.push({
      component: { id: c.id, name: componentLabel(c), namespace: c.namespace ?? '' },
      path: {
        id: a.entry.pathId,
        label,
        ingress: p.ingress.signature_name,
        egress: p.egress.signature_name,
        ...(p.transformation_summary ? { transformation: p.transformation_summary } : {}),
      },
      anchor: {
        ...(a.entry.anchor.name ? { name: a.entry.anchor.name } : {}),
        lines: a.range ? [a.range.start.line + 1, lastLine(a)] : null,
        state: a.state,
        // Placed by its names only: an agent editing there should know the place is a guess, and why.
        ...(a.unverified ? { unverified: a.unverifiedWhy ?? 'commitMissing' } : {}),
      },
      fieldCount: all.length,
      taggedFieldCount: tagged.length,
      downstream,
    });
    // Tagged fields first: what an agent must not leak or break.
    const ordered = [...tagged, ...all.filter((f) => !f.applied.length && !f.dependsOn.length)];
    for (const f of ordered)
      fields.push({
        path: label,
        side: f.side,
        field: f.fieldPath,
        // Untagged fields without empty lists: most fields carry no tag.
        ...(f.applied.length
          ? {
              applied: f.applied.map((t) => ({
                tag: t.name,
                source: t.source,
                ...(t.detection_category ? { detected: t.detection_category } : {}),
              })),
            }
          : {}),
        ...(f.dependsOn.length
          ? { dependsOn: f.dependsOn.map((t) => ({ tag: t.name, hops: t.nearest_hops })) }
          : {}),
      });
  }
  return pagedAnswer({
    tool: 'lineage_at',
    input,
    offset,
    itemsName: 'fields',
    summary: {
      file: file.rel,
      ...(input.line === undefined ? {} : { line: input.line }),
      service: serviceSummary(s),
      paths,
      ...(paths.length === 0
        ? {
            note:
              input.line === undefined
                ? 'No lineage path is anchored in this file.'
                : 'No lineage path is anchored at this line.',
          }
        : seen.size >= MAX_PATHS && anchors.length > MAX_PATHS
          ? { note: `The first ${MAX_PATHS} paths are listed; ask for a line to see the others there.` }
          : {}),
    },
    items: fields,
    secrets: s.secrets(),
  });
}

function span(t: TrackedAnchor): number {
  return t.range ? t.range.end.line - t.range.start.line : Number.MAX_SAFE_INTEGER;
}

/** The 1-based last line of an anchor's range (an end at column 0 of a line is the line before). */
function lastLine(t: TrackedAnchor): number {
  const r = t.range!;
  return r.end.character === 0 && r.end.line > r.start.line ? r.end.line : r.end.line + 1;
}
