// The lineage graph panel and the Impact view in the real extension host: the panel opens from the
// command and from the hover's link, and its webview reports that it has drawn; Show Impact fills the
// Impact view from the hover's link and from the code lens on anchored code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LineageLensApi } from '../../../client/src/api';
import { COMMANDS } from '../../../common/src/protocol';
import { demoDataset, hoversAtFirstDemoAnchor, inState, lineageApi, signIn, waitForStatus } from './helpers';

/** The next event, or a failure after timeoutMs (a bound on waiting, not a sleep). */
function next<T>(event: vscode.Event<T>, what: string, timeoutMs = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`${what} did not happen within ${timeoutMs} ms`));
    }, timeoutMs);
    const sub = event((e) => {
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

/** The `command:` links of a Markdown text with their JSON arguments. */
function commandLinks(markdown: string): Array<{ command: string; args: unknown[] }> {
  return [...markdown.matchAll(/\]\(command:([\w.]+)\?([^)\s]*)/g)].map((m) => ({
    command: m[1]!,
    args: JSON.parse(decodeURIComponent(m[2]!)) as unknown[],
  }));
}

async function hoverLinksAtFirstAnchor(): Promise<Array<{ command: string; args: unknown[] }>> {
  const hovers = await hoversAtFirstDemoAnchor();
  const text = hovers
    .flatMap((h) => h.contents)
    .map((c) => (c instanceof vscode.MarkdownString ? c.value : ''))
    .join('\n');
  return commandLinks(text);
}

describe('lineage graph and impact', () => {
  let api: LineageLensApi;
  before(async () => {
    api = await lineageApi();
    await signIn(api);
    await waitForStatus(api, inState('connected'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the panel from the command on a component, and the webview reports it has drawn', async () => {
    const checkout = demoDataset().components.find((c) => c.name === 'checkout-api')!;
    const rendered = next(api.graph.onDidRender, 'the graph being drawn');
    await vscode.commands.executeCommand(COMMANDS.showGraph, { componentId: checkout.id });
    const r = await rendered;
    assert.ok(api.graph.visible(), 'the panel is open');
    // checkout-api writes to the orders table and the order-created topic and calls billing.
    assert.ok(r.nodes >= 4, `the neighbourhood is drawn (${r.nodes} components)`);
    assert.ok(r.edges > 0);
  });

  it('opens the panel from the hover link, and Show Impact from the hover fills the Impact view', async () => {
    const links = await hoverLinksAtFirstAnchor();
    const graph = links.find((l) => l.command === COMMANDS.showGraph);
    assert.ok(graph, 'the hover links to the lineage graph');
    const rendered = next(api.graph.onDidRender, 'the graph being drawn from the hover link');
    await vscode.commands.executeCommand(graph.command, ...graph.args);
    assert.ok((await rendered).nodes > 0);

    const impact = links.find((l) => l.command === COMMANDS.showImpact);
    assert.ok(impact, 'the hover links to the impact');
    await vscode.commands.executeCommand(impact.command, ...impact.args);
    const result = api.graph.impact();
    assert.ok(result && result.counts.fields > 0, 'something downstream depends on the anchored path');
    const rows = await api.trees.impact.getChildren();
    const labels = rows.map((n) => String(n.treeItem().label));
    assert.equal(
      rows.length,
      result.components.length + 2,
      'a summary, one row per component, the contracts',
    );
    for (const c of result.components) assert.ok(labels.includes(c.label), `${c.label} is listed`);
  });
});
