// The lineage graph panel and the Impact view in the real extension host: the panel opens from the
// command and from the hover's link, and its webview reports that it has drawn; Show Impact fills the
// Impact view from the hover's link and from the code lens on anchored code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LineageLensApi } from '../../../client/src/api';
import type { ImpactResult } from '../../../common/src/protocol';
import { COMMANDS } from '../../../common/src/protocol';
import {
  componentLabel,
  demoDataset,
  hoversAtFirstDemoAnchor,
  inState,
  labelOf,
  lineageApi,
  logText,
  signIn,
  waitForLogLine,
  waitForStatus,
} from './helpers';
import { nextEvent } from '../../helpers/nextEvent';
import { onePrompt, scriptDialogs, skipWhenInstalledFromVsix } from './support/scriptedDialogs';

/** The next event, or a failure after timeoutMs (a bound on waiting, not a sleep). */
function next<T>(event: vscode.Event<T>, what: string, timeoutMs = 30_000): Promise<T> {
  return nextEvent(event, () => true, { timeoutMs, what });
}

/** The `command:` links of a Markdown text with their JSON arguments. */
function commandLinks(markdown: string): Array<{ command: string; args: unknown[] }> {
  return [...markdown.matchAll(/\]\(command:([\w.]+)\?([^)\s]*)/g)].map((m) => ({
    command: m[1]!,
    args: JSON.parse(decodeURIComponent(m[2]!)) as unknown[],
  }));
}

/** The `command:` links of hovers' Markdown. */
function hoverLinks(hovers: vscode.Hover[]): Array<{ command: string; args: unknown[] }> {
  const text = hovers
    .flatMap((h) => h.contents)
    .map((c) => (c instanceof vscode.MarkdownString ? c.value : ''))
    .join('\n');
  return commandLinks(text);
}

async function hoverLinksAtFirstAnchor(): Promise<Array<{ command: string; args: unknown[] }>> {
  return hoverLinks(await hoversAtFirstDemoAnchor());
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

  it('selecting a component in the Components view readies the layout process (the client tells the server)', async () => {
    const cfg = vscode.workspace.getConfiguration('lineageLens', null);
    const trace = cfg.inspect('trace.server')?.globalValue;
    await cfg.update('trace.server', 'messages', vscode.ConfigurationTarget.Global);
    try {
      const dir = api.logUri.fsPath;
      const tree = api.trees.components;
      const checkout = demoDataset().components.find((c) => c.name === 'checkout-api')!;
      // The view may still be refilling after the sign-in (a row read before that is gone from it, and
      // selecting it selects nothing): each attempt reads the rows afresh; three fail the test.
      for (let attempt = 1; ; attempt++) {
        const nodes = (
          await Promise.all((await tree.getChildren()).map((ns) => tree.getChildren(ns)))
        ).flat();
        const row = nodes.find((n) => {
          const l = tree.getTreeItem(n).label;
          return (typeof l === 'string' ? l : l?.label) === componentLabel(checkout);
        });
        assert.ok(row, 'checkout-api is in the Components view');
        // One of its own paths first: checkout-api may be selected already, and selecting it again would
        // change nothing (no selection event, nothing offered). Not another component: its graph, laid
        // out ahead, would be one the next test expects to lay out itself.
        const [ownPath] = await tree.getChildren(row);
        assert.ok(ownPath, 'checkout-api has paths');
        await api.treeViews.components.reveal(ownPath, { select: true, focus: true });
        const from = logText(dir).length;
        await api.treeViews.components.reveal(row, { select: true, focus: true });
        const offered = waitForLogLine(
          dir,
          /Sending notification 'lineageLens\/warmGraphLayout'/,
          from,
          10_000,
        );
        if (attempt === 3) {
          await offered;
          break;
        }
        if (
          await offered.then(
            () => true,
            () => false,
          )
        )
          break;
      }
    } finally {
      await cfg.update('trace.server', trace, vscode.ConfigurationTarget.Global);
    }
  });

  it('a hover offering the graph has it laid out ahead of the click, which then takes that layout', async () => {
    // billing-worker's graph (checkout-api's is laid out by the other tests): the panel open or not.
    const dir = api.logUri.fsPath;
    const from = logText(dir).length;
    const graph = hoverLinks(await hoversAtFirstDemoAnchor('billing-worker')).find(
      (l) => l.command === COMMANDS.showGraph,
    );
    assert.ok(graph, 'the hover links to the lineage graph');
    // The client told the server which graph the link opens, as the panel will ask for it.
    await waitForLogLine(dir, /Lineage graph: \d+ components laid out ahead/, from);
    const rendered = next(api.graph.onDidRender, 'the graph being drawn from the hover link');
    await vscode.commands.executeCommand(graph.command, ...graph.args);
    assert.ok((await rendered).nodes > 0);
    const request = await waitForLogLine(
      dir,
      /Lineage graph: \d+ components, \d+ edges in \d+ ms \(.*\)\./,
      from,
    );
    assert.match(request, /laid out ahead of the click|on the kept layout/, 'no second layout');
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

  it('from the palette with no editor open, asks which component or namespace to centre on', async function () {
    skipWhenInstalledFromVsix(this);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(vscode.window.activeTextEditor, undefined);
    const billing = demoDataset().components.find((c) => c.name === 'billing-worker')!;
    const row = `$(symbol-class) ${componentLabel(billing)}`;
    const dialogs = scriptDialogs().answer('quickPick', row, /Show Lineage Graph/);
    try {
      const rendered = next(api.graph.onDidRender, 'the graph of the picked component');
      await vscode.commands.executeCommand(COMMANDS.showGraph);
      const pick = onePrompt(dialogs, 'quickPick', /Show Lineage Graph/);
      // Every namespace (whole, collapsed) and every loaded component, by name.
      for (const ns of new Set(demoDataset().components.map((c) => c.namespace)))
        assert.ok(pick.choices.includes(`$(symbol-namespace) ${ns}`), `${ns}: ${pick.choices.join(' | ')}`);
      for (const c of demoDataset().components)
        assert.ok(
          pick.choices.some((l) => l.endsWith(` ${componentLabel(c)}`)),
          `${c.name}: ${pick.choices.join(' | ')}`,
        );
      const r = await rendered;
      assert.ok(api.graph.visible(), 'the panel is open');
      assert.ok(r.nodes > 1, `billing-worker and its neighbours are drawn (${r.nodes})`);
    } finally {
      dialogs.restore();
    }
  });

  it('Show Impact from the palette with no editor open says where to start instead of nothing', async function () {
    skipWhenInstalledFromVsix(this);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const dialogs = scriptDialogs().answer('information', undefined);
    try {
      await vscode.commands.executeCommand(COMMANDS.showImpact);
      onePrompt(dialogs, 'information', /^Put the cursor on anchored code or a field name/);
    } finally {
      dialogs.restore();
    }
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
    const tree = api.trees.impact;
    const rows = await tree.getChildren();
    const labelOf = (n: (typeof rows)[number]) => {
      const l = n.treeItem().label;
      return typeof l === 'string' ? l : (l?.label ?? '');
    };
    // What breaks leads: the summary, the contracts at risk, then the components; a legend when needed.
    assert.deepEqual(rows.slice(0, 3).map(labelOf), [result.label, 'Contracts at risk', 'Components']);
    const contracts = await tree.getChildren(rows[1]);
    // A contract whose file gives no name reads as the data store it covers (as the Contracts view does).
    assert.deepEqual(
      contracts.map(labelOf),
      result.contracts.map((c) => (c.unnamed ? c.storeLabel : c.name)),
    );
    assert.ok(
      result.contracts.some((c) => c.unnamed && c.name === 'orders.contract.yaml'),
      'the demo has a contract file without a name of its own',
    );
    for (const [i, c] of result.contracts.entries()) {
      const fields = await tree.getChildren(contracts[i]);
      assert.deepEqual(fields.map(labelOf), c.fields, `the fields of ${c.name} the change reaches`);
      assert.ok(
        String(contracts[i]!.treeItem().description).startsWith(c.fields.slice(0, 3).join(', ')),
        'the fields reached are named on the contract row',
      );
    }
    const components = await tree.getChildren(rows[2]);
    assert.deepEqual(
      components.map(labelOf),
      result.components.map((c) => c.label),
      'every component, in the server order',
    );
    const hopsListed = result.components.map((c) => c.hops);
    assert.deepEqual(
      hopsListed,
      [...hopsListed].sort((a, b) => a - b),
      'nearest first',
    );
    for (const [i, c] of result.components.entries()) {
      const item = components[i]!.treeItem();
      assert.equal(
        item.collapsibleState,
        vscode.TreeItemCollapsibleState.Collapsed,
        `${c.label} is collapsed`,
      );
      assert.match(String(item.description), new RegExp(`${c.fieldCount} fields?`), 'with its count');
    }
    const crossingsOnly = result.components.some((c) => c.fields.some((f) => f.kinds.length === 0));
    assert.equal(
      rows.length,
      crossingsOnly ? 4 : 3,
      'a legend exactly when a field is reached by crossings only',
    );
    if (crossingsOnly) assert.equal(labelOf(rows[3]!), '“via crossings only”');
    // The view has the focus (in the panel, where it has room).
    const view = api.treeViews.impact;
    if (!view.visible)
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the Impact view was not shown')), 20_000);
        const sub = view.onDidChangeVisibility((e) => {
          if (!e.visible) return;
          clearTimeout(timer);
          sub.dispose();
          resolve();
        });
      });
  });
  /** Show Impact from the hover on the demo's first anchor: the Impact view shows its path. */
  async function showFirstAnchorsImpact(): Promise<ImpactResult> {
    const impact = (await hoverLinksAtFirstAnchor()).find((l) => l.command === COMMANDS.showImpact);
    assert.ok(impact, 'the hover links to the impact');
    await vscode.commands.executeCommand(impact.command, ...impact.args);
    const shown = api.graph.impact();
    assert.ok(shown, 'the Impact view shows the anchored path');
    return shown;
  }

  it('keeps the Impact view current: a contract file added on disk joins it, and leaves it when deleted', async () => {
    const before = await showFirstAnchorsImpact();
    const store = before.contracts[0];
    assert.ok(store, 'a workspace contract is on a data store the path reaches');
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const file = vscode.Uri.joinPath(folder, 'contracts', 'late-deliveries.contract.yaml');
    const named = (r: ImpactResult | undefined) => r?.contracts.some((c) => c.name === 'Late deliveries');
    const rowsNamed = async () => {
      const [, contractsRow] = await api.trees.impact.getChildren();
      const rows = contractsRow ? await api.trees.impact.getChildren(contractsRow) : [];
      return rows.map((r) => labelOf(r.treeItem()));
    };
    const joined = nextEvent(api.graph.onDidUpdateImpact, (r) => named(r) === true, {
      timeoutMs: 30_000,
      what: 'the Impact view asking again after a contract file was added',
    });
    await vscode.workspace.fs.writeFile(
      file,
      Buffer.from(`name: Late deliveries\ndataAssetResourceName: ${store.darn}\ncontractSchema: []\n`),
    );
    try {
      const after = await joined;
      assert.equal(after!.counts.contracts, before.counts.contracts + 1);
      assert.ok((await rowsNamed()).includes('Late deliveries'), 'the new contract is a row of the view');
    } finally {
      const left = nextEvent(api.graph.onDidUpdateImpact, (r) => named(r) === false, {
        timeoutMs: 30_000,
        what: 'the Impact view asking again after the contract file was deleted',
      });
      await vscode.workspace.fs.delete(file);
      await left;
    }
    assert.deepEqual(
      api.graph.impact()?.contracts.map((c) => c.name),
      before.contracts.map((c) => c.name),
      'the contract deleted on disk is gone from the view',
    );
    assert.ok(!(await rowsNamed()).includes('Late deliveries'));
  });

  it('asks for its impact again after a data refresh, as it is', async () => {
    const before = await showFirstAnchorsImpact();
    const again = nextEvent(api.graph.onDidUpdateImpact, () => true, {
      timeoutMs: 30_000,
      what: 'the Impact view asking again after a refresh',
    });
    await vscode.commands.executeCommand('lineageLens.refresh');
    const after = await again;
    assert.deepEqual(after?.target, before.target);
    assert.deepEqual(after?.counts, before.counts, 'nothing changed on the service');
  });

  it('says so in place of the impact when it cannot be asked for again (signed out), and comes back after', async () => {
    const before = await showFirstAnchorsImpact();
    const gone = nextEvent(api.graph.onDidUpdateImpact, (r) => r === undefined, {
      timeoutMs: 30_000,
      what: 'the Impact view failing to ask again once signed out',
    });
    await vscode.commands.executeCommand('lineageLens.signOut');
    await gone;
    const rows = await api.trees.impact.getChildren();
    assert.equal(rows.length, 1);
    const message = labelOf(rows[0]!.treeItem());
    // Signed out, the lineage is gone with the key: the view says when it comes back.
    assert.equal(message, `${before.label} is shown again once connected: ${api.status().message}`);
    const back = nextEvent(api.graph.onDidUpdateImpact, (r) => r !== undefined, {
      timeoutMs: 30_000,
      what: 'the Impact view asking again once signed in',
    });
    await signIn(api);
    assert.deepEqual((await back)?.counts, before.counts);
  });
});
