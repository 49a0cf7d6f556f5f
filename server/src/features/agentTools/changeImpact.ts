// change_impact: the impact of the working tree's changes (or against a branch or commit), from the
// change-impact engine (server/src/changeImpact/) that the caller hands in: contract files changed in a
// breaking way first, then each touched lineage path with its downstream and the contracts at risk.
// Without an engine (a build or host that has none) the tool stays listed and says so plainly.
import type { AgentToolAnswer, AgentToolInput } from '../../../../common/src/agentTools';
import type { ChangeImpactReport } from '../../../../common/src/changeImpact';
import { UserInputError } from '../../api/serviceErrors';
import { failedAnswer, pagedAnswer } from './answer';
import type { AgentToolSources } from './sources';

/** What the engine is asked: the working tree against `base` (default HEAD), or against the branch's merge-base. */
export interface ChangeImpactRequest {
  base?: string;
  branch?: boolean;
}
export type ChangeImpactSource = (
  req: ChangeImpactRequest,
  signal?: AbortSignal,
) => Promise<ChangeImpactReport>;

export const CHANGE_IMPACT_UNAVAILABLE =
  'change_impact is not available here: this host has no change-impact engine. lineage_at and field_flow on the changed lines answer part of the question.';

/** DOWNSTREAM fields listed per touched path (the counts cover all). */
const DOWNSTREAM_LISTED = 10;

/** "working tree" (or nothing): against HEAD; "branch": against the merge-base; else a commit-ish. */
export function changeImpactRequest(base: string | undefined): ChangeImpactRequest {
  const b = base?.trim() ?? '';
  if (b === '' || /^(working[ -]?tree|worktree|head)$/i.test(b)) return {};
  if (/^branch$/i.test(b)) return { branch: true };
  // A ref, never an option for git.
  if (b.startsWith('-') || /[\s\u0000-\u001f]/.test(b))
    throw new UserInputError('base is not a branch or commit name.');
  return { base: b };
}

export async function changeImpact(
  s: AgentToolSources,
  input: AgentToolInput<'change_impact'>,
  offset: number,
  signal?: AbortSignal,
): Promise<AgentToolAnswer> {
  if (!s.changeImpact) return failedAnswer('change_impact', CHANGE_IMPACT_UNAVAILABLE, s.secrets());
  const report = await s.changeImpact(changeImpactRequest(input.base), signal);
  const contractChanges = [...report.contractChanges]
    .sort((a, b) => Number(b.breaking) - Number(a.breaking))
    .map((c) => ({
      kind: 'contractChange',
      file: c.file,
      name: c.name,
      darn: c.darn,
      breaking: c.breaking,
      changes: c.changes.map((x) => ({
        field: x.field,
        kind: x.kind,
        breaking: x.breaking,
        detail: x.detail,
        ...(x.line ? { line: x.line } : {}),
      })),
      producers: c.producers
        .slice(0, 5)
        .map((p) => ({ component: p.component.name, path: p.path.label, hops: p.hops })),
    }));
  const touched = report.touched.map((t) => ({
    kind: 'touchedPath',
    component: t.component.name,
    path: t.path.label,
    anchor: { file: t.anchor.file, lines: [t.anchor.lineStart, t.anchor.lineEnd] },
    change: t.change,
    severity: t.severity,
    detail: t.detail,
    writes: t.egress,
    downstreamCounts: t.downstreamCounts,
    downstream: t.downstream
      .slice(0, DOWNSTREAM_LISTED)
      .map((d) => ({ component: d.component.name, field: d.field, hops: d.hops })),
    contractsAtRisk: t.contracts.map((c) => ({
      name: c.name,
      darn: c.darn,
      ...(c.file ? { file: c.file } : {}),
      hops: c.hops,
      fields: c.fields,
      ...(c.violationState ? { violationState: c.violationState } : {}),
    })),
  }));
  return pagedAnswer({
    tool: 'change_impact',
    input,
    offset,
    itemsName: 'entries',
    summary: {
      base: report.base,
      head: report.head,
      filesChanged: report.filesChanged,
      summary: report.summary,
      ...(report.warnings.length ? { warnings: report.warnings.slice(0, 20) } : {}),
      note: 'entries: contract files changed (breaking first), then lineage paths whose anchored code changed.',
    },
    items: [...contractChanges, ...touched],
    secrets: s.secrets(),
  });
}
