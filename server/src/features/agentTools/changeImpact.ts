// change_impact: the impact of the working tree's changes (or of a branch). Answered by the
// change-impact engine where the build has one (a ChangeImpactSource handed in); otherwise the tool
// stays listed and says plainly that this build cannot answer it.
import type { AgentToolAnswer, AgentToolInput } from '../../../../common/src/agentTools';
import { failedAnswer, pagedAnswer } from './answer';
import type { AgentToolSources } from './sources';

/** The engine's answer as the tool pages it: a summary and a list of entries (touched paths, contract changes). */
export interface ChangeImpactSummary {
  summary: Record<string, unknown>;
  items: Record<string, unknown>[];
}
export type ChangeImpactSource = (
  base: string | undefined,
  signal?: AbortSignal,
) => Promise<ChangeImpactSummary>;

export const CHANGE_IMPACT_UNAVAILABLE =
  'change_impact is not available in this build of Lineage Lens: it has no change-impact engine yet. lineage_at and field_flow on the changed lines answer part of the question.';

export async function changeImpact(
  s: AgentToolSources,
  input: AgentToolInput<'change_impact'>,
  offset: number,
  signal?: AbortSignal,
): Promise<AgentToolAnswer> {
  if (!s.changeImpact) return failedAnswer('change_impact', CHANGE_IMPACT_UNAVAILABLE, s.secrets());
  const result = await s.changeImpact(input.base?.trim() || undefined, signal);
  return pagedAnswer({
    tool: 'change_impact',
    input,
    offset,
    itemsName: 'entries',
    summary: result.summary,
    items: result.items,
    secrets: s.secrets(),
  });
}
