// The Contracts view for contract ids from the settings (by the name of the file that is that contract), and the Service view (API keys masked, edges,
// history filters), each compared with what the service itself answers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ViolationStatus } from '../../../common/src/api';
import { componentLabel, demoDataset, labelOf, lineageApi, serviceGet, signIn } from './helpers';

describe('Contracts and Service views', () => {
  before(async () => signIn(await lineageApi()));
  after(async () =>
    vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('contracts', undefined, vscode.ConfigurationTarget.Workspace),
  );

  it('shows a contract id from the settings by its file, with its violation state', async () => {
    const api = await lineageApi();
    const contract = demoDataset().contracts?.[0];
    assert.ok(contract, 'the demo has contracts');
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('contracts', [contract.id], vscode.ConfigurationTarget.Workspace);
    const tree = api.trees.contracts;
    const roots = await tree.getChildren();
    const node = roots.find((n) => tree.getTreeItem(n).contextValue === 'contract');
    assert.ok(node, 'the contract id is listed');
    // contracts/orders.contract.yaml declares no id; its data asset's contract is this one: the row
    // reads as that file's row does, the id beside it, the file in the tooltip.
    const fileRow = roots
      .map((n) => tree.getTreeItem(n))
      .find(
        (i) => i.contextValue === 'contractFile' && i.resourceUri?.path.endsWith('/orders.contract.yaml'),
      );
    assert.ok(fileRow, 'orders.contract.yaml is in the view');
    const item = tree.getTreeItem(node);
    assert.equal(labelOf(item), labelOf(fileRow));
    assert.notEqual(labelOf(item), contract.id);
    assert.equal(item.description, contract.id);
    assert.match(
      String(item.tooltip),
      /contracts\/orders\.contract\.yaml \(the contract of its data asset\)/,
    );
    const [state, file] = await tree.getChildren(node);
    assert.ok(file, 'a row opens the file');
    assert.equal(tree.getTreeItem(file).command?.command, 'vscode.open');
    assert.match(
      String((tree.getTreeItem(file).command?.arguments?.[0] as vscode.Uri).path),
      /\/orders\.contract\.yaml$/,
    );
    assert.ok(state);
    const expected = await serviceGet<ViolationStatus>(
      `/v0/contract/${encodeURIComponent(contract.id)}/violation-status`,
    );
    assert.equal(labelOf(tree.getTreeItem(state)), expected.violation_state);
    // The count in words and the check time in the one date format (common/src/moments.ts).
    const n = expected.violations.length;
    const iso = new Date(expected.checkedAt).toISOString();
    assert.equal(
      tree.getTreeItem(state).description,
      `${n} ${n === 1 ? 'violation' : 'violations'} · checked ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`,
    );
    assert.equal((await tree.getChildren(state)).length, expected.violations.length);
  });

  it('names a contract id by the file that declares it, and says when no file names one', async () => {
    const api = await lineageApi();
    // contracts/payment-settled.yaml declares this id in its file form.
    const declared = '9a1c4e7b-2d5f-4b8a-8c3e-6f0d2b9a1e57';
    const nowhere = '00000000-0000-4000-8000-0000000000aa';
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('contracts', [declared, nowhere], vscode.ConfigurationTarget.Workspace);
    const tree = api.trees.contracts;
    const rows = (await tree.getChildren())
      .map((n) => tree.getTreeItem(n))
      .filter((i) => i.contextValue === 'contract')
      .map((i) => [labelOf(i), i.description, String(i.tooltip).split('\n').at(-1)]);
    assert.deepEqual(rows, [
      ['Payment settled for billing', declared, 'contracts/payment-settled.yaml (declares this id)'],
      [
        nowhere,
        'contract id — no contract file in this workspace names it',
        'No contract file in this workspace declares this id, nor covers a data asset whose contract it is.',
      ],
    ]);
  });

  it('lists API keys with masked values, and the edges of the service', async () => {
    const api = await lineageApi();
    const tree = api.trees.service;
    const groups = await tree.getChildren();
    const group = (cv: string) => groups.find((g) => tree.getTreeItem(g).contextValue === cv)!;
    const keys = await tree.getChildren(group('apiKeys'));
    const expectedKeys = await serviceGet<Array<{ name: string; value: string }>>('/v0/api-keys');
    assert.equal(keys.length, expectedKeys.length);
    for (const k of keys) {
      const item = tree.getTreeItem(k);
      const rec = expectedKeys.find((r) => r.name === labelOf(item));
      assert.ok(rec, `${labelOf(item)} is a key of the service`);
      assert.ok(
        !String(item.description).includes(rec.value) && !String(item.tooltip).includes(rec.value),
        'the value is masked',
      );
      // Masked but for its last four characters, by which keys are told apart.
      assert.equal(item.description, `••••••••${rec.value.length > 8 ? rec.value.slice(-4) : ''}`);
      // Read out in words, not as a run of bullets.
      assert.equal(
        item.accessibilityInformation?.label,
        rec.value.length > 8
          ? `API key ${rec.name}, ending in ${rec.value.slice(-4)}`
          : `API key ${rec.name}`,
      );
    }
    const edges = await tree.getChildren(group('edges'));
    const namespace = vscode.workspace.getConfiguration('lineageLens', null).get<string>('namespace');
    const expectedEdges = await serviceGet<{
      edges: Array<{ id: string; sourceComponentId: string; destinationComponentId: string }>;
    }>(`/v0/experimental/edges${namespace ? `?namespace=${encodeURIComponent(namespace)}` : ''}`);
    const edgeItems = edges.map((e) => tree.getTreeItem(e)).filter((i) => i.contextValue === 'edge');
    assert.equal(edgeItems.length, expectedEdges.edges.length);
    // Rows read as component names; the ids are in the tooltip.
    const nameOf = (id: string) => componentLabel(demoDataset().components.find((c) => c.id === id)!);
    for (const e of expectedEdges.edges) {
      const label = `${nameOf(e.sourceComponentId)} → ${nameOf(e.destinationComponentId)}`;
      const item = edgeItems.find((i) => labelOf(i) === label);
      assert.ok(item, `an edge row reads "${label}": ${edgeItems.map(labelOf).join(' | ')}`);
      assert.ok(String(item.tooltip).includes(e.sourceComponentId), 'the tooltip has the source id');
      assert.ok(
        String(item.tooltip).includes(e.destinationComponentId),
        'the tooltip has the destination id',
      );
      // A click draws the graph around the edge's source, where the edge is.
      assert.deepEqual(
        [item.command?.command, item.command?.arguments],
        ['lineageLens.showGraph', [{ componentId: e.sourceComponentId }]],
      );
    }
    const filters = await tree.getChildren(group('historyFilters'));
    assert.equal(filters.length, 4, 'component names, branches, namespaces, job triggers');
  });

  it("leads from the history filters' values: a component to its versions, a namespace to its graph", async () => {
    const api = await lineageApi();
    const tree = api.trees.service;
    const groups = await tree.getChildren();
    const filtersGroup = groups.find((g) => tree.getTreeItem(g).contextValue === 'historyFilters')!;
    const filters = await tree.getChildren(filtersGroup);
    const rowsOf = async (cv: string) => {
      const g = filters.find((f) => tree.getTreeItem(f).contextValue === cv);
      assert.ok(g, `a ${cv} group`);
      return (await tree.getChildren(g)).map((n) => ({ node: n, item: tree.getTreeItem(n) }));
    };
    const expected = await serviceGet<{ componentNames: string[]; namespaces: string[] }>(
      '/v0/components/history/filters',
    );
    const names = await rowsOf('history.componentNames');
    assert.ok(expected.componentNames.length > 0, 'the demo has history');
    for (const name of expected.componentNames) {
      const demo = demoDataset().components.filter((c) => c.name === name);
      // Named as in the Components view, the filter's value beside it when it differs.
      const rows = names.filter((r) =>
        demo.length
          ? demo.some(
              (c) =>
                labelOf(r.item) === componentLabel(c) &&
                String(r.item.description).startsWith(componentLabel(c) === name ? '' : name),
            )
          : labelOf(r.item) === name,
      );
      assert.equal(rows.length, Math.max(demo.length, 1), `one row per component named ${name}`);
      for (const r of rows) {
        if (!demo.length) {
          assert.equal(r.item.command, undefined, `${name} is not loaded: nothing to open`);
          continue;
        }
        assert.equal(r.item.contextValue, 'historyComponent');
        assert.equal(r.item.command?.command, 'lineageLens.showVersions');
        const id = (r.item.command?.arguments?.[0] as { componentId: string }).componentId;
        assert.ok(
          demo.some((c) => c.id === id),
          `${name}'s row opens the versions of a component of that name`,
        );
      }
    }
    const namespaces = await rowsOf('history.namespaces');
    assert.deepEqual(
      namespaces.map((r): unknown[] => [
        labelOf(r.item),
        r.item.command?.command,
        r.item.command?.arguments?.[0] as unknown,
      ]),
      expected.namespaces.map((n) => [n, 'lineageLens.showNamespaceGraph', { name: n }]),
    );
    // Copy ID on a component row copies that component's id.
    const first = names.find((r) => r.item.contextValue === 'historyComponent');
    assert.ok(first, 'a component row');
    await vscode.commands.executeCommand('lineageLens.copyId', first.node);
    assert.equal(
      await vscode.env.clipboard.readText(),
      (first.item.command?.arguments?.[0] as { componentId: string }).componentId,
    );
  });

  it("lists again when Refresh is run (the view's title button)", async () => {
    const api = await lineageApi();
    const tree = api.trees.service;
    assert.ok(tree.onDidChangeTreeData, 'the Service view can change');
    await tree.getChildren();
    const listsAgain = new Promise<void>((resolve) => {
      const sub = tree.onDidChangeTreeData!(() => {
        sub.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('lineageLens.refresh');
    await listsAgain;
  });
});
