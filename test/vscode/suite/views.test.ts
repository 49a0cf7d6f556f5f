// The Contracts view for contract ids from the settings, and the Service view (API keys masked, edges,
// history filters), each compared with what the service itself answers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ViolationStatus } from '../../../common/src/api';
import { demoDataset, labelOf, lineageApi, serviceGet, signIn } from './helpers';

describe('Contracts and Service views', () => {
  before(async () => signIn(await lineageApi()));
  after(async () =>
    vscode.workspace
      .getConfiguration('lineageLens')
      .update('contracts', undefined, vscode.ConfigurationTarget.Workspace),
  );

  it('shows the violation state of a contract id from the settings', async () => {
    const api = await lineageApi();
    const contract = demoDataset().contracts?.[0];
    assert.ok(contract, 'the demo has contracts');
    await vscode.workspace
      .getConfiguration('lineageLens')
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
    const namespace = vscode.workspace.getConfiguration('lineageLens').get<string>('namespace');
    const expectedEdges = await serviceGet<{ edges: unknown[] }>(
      `/v0/experimental/edges${namespace ? `?namespace=${encodeURIComponent(namespace)}` : ''}`,
    );
    assert.equal(
      edges.filter((e) => tree.getTreeItem(e).contextValue === 'edge').length,
      expectedEdges.edges.length,
    );
    const filters = await tree.getChildren(group('historyFilters'));
    assert.equal(filters.length, 4, 'component names, branches, namespaces, job triggers');
  });
});
