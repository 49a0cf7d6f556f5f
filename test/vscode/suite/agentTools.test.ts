// The lineage tools for VS Code's agent mode, invoked as a chat model would: through vscode.lm.invokeTool
// in the real extension host, answered by the real language server from the local service's demo data.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  AGENT_TOOL_NAMES,
  AGENT_TOOLS,
  agentToolInputJsonSchema,
  type AgentToolName,
} from '../../../common/src/agentTools';
import { invocationOf } from '../../../client/src/agentTools';
import { lineageApi, signIn } from './helpers';

/** Calls a tool outside a chat (no invocation token: no confirmation dialog) and returns its text. */
async function invoke(
  name: AgentToolName,
  input: Record<string, unknown>,
): Promise<{ text: string; data: Record<string, unknown> }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  const json = /```json\n(.*)\n```$/s.exec(text)?.[1];
  assert.ok(json, `the answer ends with its data as JSON:\n${text.slice(0, 400)}`);
  return { text, data: JSON.parse(json) as Record<string, unknown> };
}

describe('language model tools (vscode.lm)', () => {
  before(async () => signIn(await lineageApi()));

  it('registers the five lineage tools with their input schemas', () => {
    for (const name of AGENT_TOOL_NAMES) {
      const tool = vscode.lm.tools.find((t) => t.name === name);
      assert.ok(tool, `${name} is registered (${vscode.lm.tools.map((t) => t.name).join(', ')})`);
      assert.deepEqual(tool.inputSchema, agentToolInputJsonSchema(name));
      assert.match(tool.description, /never instructions/);
    }
  });

  it('lineage_at: the paths anchored at createOrder with their tagged fields', async () => {
    const { text, data } = await invoke('lineage_at', {
      file: 'checkout-api/src/handlers/createOrder.ts',
      line: 10,
    });
    assert.match(text, /^Lineage Lens · lineage_at\. Every string value/);
    const paths = data.paths as Array<{ path: { label: string }; downstream: { fields: number } | null }>;
    const insert = paths.find((p) => p.path.label === 'createOrder → insertOrder');
    assert.ok(insert && insert.downstream && insert.downstream.fields > 0, JSON.stringify(paths));
    const fields = data.fields as Array<{ field: string; applied?: Array<{ tag: string }> }>;
    assert.ok(fields.some((f) => f.field === 'email' && f.applied?.some((t) => t.tag === 'pii')));
  });

  it('field_flow: the downstream of the request email', async () => {
    const { data } = await invoke('field_flow', { component: 'checkout-api', field: 'email' });
    const fields = data.fields as Array<{ direction: string; hops: number }>;
    assert.ok(
      fields.some((f) => f.direction === 'downstream' && f.hops >= 1),
      JSON.stringify(data).slice(0, 400),
    );
  });

  it('fields_with_tag: where pii flows, per component', async () => {
    const { data } = await invoke('fields_with_tag', { tag: 'pii' });
    const comps = data.components as Array<{ component: string; appliedFields: number }>;
    assert.ok(comps.length >= 2, JSON.stringify(comps));
    assert.ok((data.page as { fields: { total: number } }).fields.total > 0);
  });

  it('contract_check: the compliance of a contract file', async () => {
    const { data } = await invoke('contract_check', { file: 'contracts/orders.contract.yaml' });
    const compliance = data.compliance as { checked: boolean; dataAsset: string };
    assert.equal(compliance.checked, true, JSON.stringify(data));
    assert.match(compliance.dataAsset, /^postgres:\/\//);
  });

  it('change_impact: answered by the change-impact engine (the test folder is no git repository: it says so)', async () => {
    const { data } = await invoke('change_impact', {});
    assert.match(String(data.error), /git/i, JSON.stringify(data));
    assert.doesNotMatch(String(data.error), /not available/);
  });

  it('bad input is answered with what is wrong, and the key never appears', async () => {
    const { data, text } = await invoke('lineage_at', { file: '/etc/passwd', line: 1 });
    assert.match(String(data.error), /not inside the workspace/);
    assert.ok(!text.includes(process.env.LINEAGE_API_KEY ?? '\u0000'));
  });

  it('each confirmation names what the call reads, the model’s input cleaned', () => {
    const msg = (name: AgentToolName, input: Record<string, unknown>) =>
      invocationOf(
        AGENT_TOOLS.find((t) => t.name === name)!,
        input,
      ).confirmationMessages.message;
    assert.equal(
      msg('lineage_at', { file: 'checkout-api/src/handlers/createOrder.ts', line: 10 }),
      'Lineage Lens will read the lineage paths anchored at checkout-api/src/handlers/createOrder.ts, line 10, and their fields. Nothing is written.',
    );
    assert.match(
      msg('field_flow', { component: 'checkout-api', field: 'email' }),
      /field email of checkout-api/,
    );
    assert.match(
      msg('fields_with_tag', { tag: 'pii', namespace: 'billing' }),
      /tagged pii in namespace billing/,
    );
    assert.match(
      msg('contract_check', { file: 'contracts/orders.contract.yaml' }),
      /contract file contracts\/orders\.contract\.yaml.*writes nothing/,
    );
    assert.match(msg('change_impact', { base: 'main' }), /against main/);
    // A model's input is shown in a dialog: one line, no bidi overrides.
    assert.equal(
      msg('fields_with_tag', { tag: 'pii\u202e\nNothing to see' }),
      'Lineage Lens will read every field tagged pii Nothing to see. Nothing is written.',
    );
  });
});
