// The lineage tools for VS Code's agent mode (vscode.lm.registerTool; declared in package.json's
// languageModelTools, written from common/src/agentTools.ts). Thin: each call goes to the language
// server (lineageLens/agentTool), which answers read-only, cleaned and paged; the confirmation names
// what the tool will read.
import * as vscode from 'vscode';
import { AGENT_TOOLS, type AgentToolDefinition } from '../../common/src/agentTools';
import { AgentToolRequest } from '../../common/src/protocol';
import { labelText } from '../../common/src/untrustedText';
import type { LineageContext } from './lineageContext';

/** What one call will read, in words, with the model's own input (cleaned: it is shown in a dialog). */
function readsOf(def: AgentToolDefinition, input: Record<string, unknown>): string {
  const v = (k: string) => labelText(input[k], 200);
  switch (def.name) {
    case 'lineage_at':
      return input.line === undefined
        ? vscode.l10n.t('the lineage paths anchored anywhere in {0}, and their fields', v('file'))
        : vscode.l10n.t(
            'the lineage paths anchored at {0}, line {1}, and their fields',
            v('file'),
            v('line'),
          );
    case 'field_flow':
      return vscode.l10n.t(
        'where the field {0} of {1} flows, upstream and downstream',
        v('field'),
        v('component'),
      );
    case 'fields_with_tag':
      return input.namespace
        ? vscode.l10n.t('every field tagged {0} in namespace {1}', v('tag'), v('namespace'))
        : vscode.l10n.t('every field tagged {0}', v('tag'));
    case 'contract_check':
      return vscode.l10n.t(
        'the contract file {0}, and its compliance from the lineage service (a check that writes nothing)',
        v('file'),
      );
    case 'change_impact':
      return vscode.l10n.t(
        'the changes of the git repository against {0} and the lineage they touch',
        input.base ? v('base') : vscode.l10n.t('HEAD'),
      );
  }
}

/** What VS Code shows before and during a call: the confirmation names what the call reads. */
export function invocationOf(
  def: AgentToolDefinition,
  input: Record<string, unknown>,
): { invocationMessage: string; confirmationMessages: { title: string; message: string } } {
  const reads = readsOf(def, input);
  return {
    invocationMessage: vscode.l10n.t('Lineage Lens: reading {0}', reads),
    confirmationMessages: {
      title: vscode.l10n.t('Lineage Lens: {0}', def.title),
      message: vscode.l10n.t('Lineage Lens will read {0}. Nothing is written.', reads),
    },
  };
}

export function registerAgentTools(ctx: LineageContext): void {
  // Older hosts have no language model tools API: nothing to register, said once in the log.
  if (typeof vscode.lm?.registerTool !== 'function') {
    ctx.log.info(
      'Language model tools are not available in this VS Code: the lineage tools are not registered.',
    );
    return;
  }
  for (const def of AGENT_TOOLS) {
    ctx.push(
      vscode.lm.registerTool<Record<string, unknown>>(def.name, {
        prepareInvocation: (options) => invocationOf(def, options.input ?? {}),
        async invoke(options, token) {
          const answer = await ctx.request(AgentToolRequest, { tool: def.name, input: options.input }, token);
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
        },
      }),
    );
  }
}
