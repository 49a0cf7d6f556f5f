// The agent tools' one entry: checks the input against the tool's schema and its cursor, runs the tool,
// and turns any failure into an answer that says why (service text and all, cleaned; never the key).
// The language server (a custom request) and `lineage-lens mcp` both call runAgentTool.
import {
  agentTool,
  agentToolInputProblem,
  decodeCursor,
  type AgentToolAnswer,
  type AgentToolName,
} from '../../../../common/src/agentTools';
import { serviceErrorData, UserInputError } from '../../api/serviceErrors';
import { failedAnswer } from './answer';
import { changeImpact } from './changeImpact';
import { contractCheck } from './contractCheck';
import { fieldFlowTool } from './fieldFlow';
import { fieldsWithTag } from './fieldsWithTag';
import { lineageAt } from './lineageAt';
import type { AgentToolSources } from './sources';

export type { AgentToolSources } from './sources';
export { changeImpactRequest, type ChangeImpactRequest, type ChangeImpactSource } from './changeImpact';

export async function runAgentTool(
  s: AgentToolSources,
  name: string,
  input: unknown,
  signal?: AbortSignal,
): Promise<AgentToolAnswer> {
  const tool = agentTool(name);
  if (!tool) throw new UserInputError(`There is no lineage tool named ${JSON.stringify(name)}.`);
  const n: AgentToolName = tool.name;
  const problem = agentToolInputProblem(n, input);
  if (problem) return failedAnswer(n, problem, s.secrets());
  const args = input as Record<string, unknown>;
  const cursor = decodeCursor(n, args);
  if ('error' in cursor) return failedAnswer(n, cursor.error, s.secrets());
  try {
    switch (n) {
      case 'lineage_at':
        return await lineageAt(s, input as never, cursor.offset);
      case 'field_flow':
        return await fieldFlowTool(s, input as never, cursor.offset);
      case 'fields_with_tag':
        return await fieldsWithTag(s, input as never, cursor.offset);
      case 'contract_check':
        return await contractCheck(s, input as never, cursor.offset, signal);
      case 'change_impact':
        return await changeImpact(s, input as never, cursor.offset, signal);
    }
  } catch (err) {
    // Bad input and the service's refusals are answers for the model; anything else is a bug, said plainly.
    const known = err instanceof UserInputError || serviceErrorData(err) !== undefined;
    let message = known
      ? (err as Error).message
      : `The tool failed: ${(err as Error)?.message ?? String(err)}`;
    const state = s.status().state;
    if (state !== 'connected')
      message += ` (The lineage service connection is ${state}: its data may be missing.)`;
    return failedAnswer(n, message, s.secrets());
  }
}
