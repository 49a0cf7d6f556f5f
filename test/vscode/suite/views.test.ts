// The Contracts view for contract ids from the settings, and the Service view (API keys masked, edges,
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

  it('shows the violation state of a contract id from the settings', async () => {
    const api = await lineageApi();
    const contract = demoDataset().contracts?.[0];
    assert.ok(contract, 'the demo has contracts');
    await vscode.workspace
      .getConfiguration('lineageLens', null)
      .update('contracts', [contract.id], vscode.ConfigurationTarget.Workspace);
    const tree = api.trees.contracts;
    const node = (await tree.getChildren()).find((n) => tree.getTreeItem(n).contextValue === 'contract');
    assert.ok(node, 'the contract id is listed');
    assert.equal(labelOf(tree.getTreeItem(node)), contract.id);
    const [state] = await tree.getChildren(node);
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
    }
    const filters = await tree.getChildren(group('historyFilters'));
    assert.equal(filters.length, 4, 'component names, branches, namespaces, job triggers');
  });
});
