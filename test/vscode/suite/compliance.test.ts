// Check Compliance on a contract file of the demo workspace: the result's violations appear as
// diagnostics on the offending field lines, and the Contracts view shows the count.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ComplianceResponse } from '../../../common/src/api';
import { labelOf, lineageApi, signIn, waitForDiagnostics } from './helpers';

describe('contract compliance', () => {
  before(async () => signIn(await lineageApi()));

  it('publishes violations as diagnostics on the field lines of a contract file', async () => {
    const files = await vscode.workspace.findFiles('**/*.contract.{yaml,yml,json}');
    assert.ok(files.length > 0, 'the demo workspace has contract files');
    let checked = 0;
    const counts = new Set<'one' | 'more'>();
    for (const uri of files) {
      const doc = await vscode.workspace.openTextDocument(uri);
      const result = await vscode.commands.executeCommand<
        (ComplianceResponse & { darn: string }) | undefined
      >('lineageLens.checkCompliance', uri);
      assert.ok(result, `compliance of ${uri.path} was checked`);
      if (result.violations.length === 0) continue;
      const diagnostics = await waitForDiagnostics(uri);
      for (const v of result.violations.filter((x) => x.field)) {
        const leaf = v.field!.split('.').pop()!;
        assert.ok(
          diagnostics.some((d) => doc.lineAt(d.range.start.line).text.includes(leaf)),
          `a diagnostic for ${v.field} sits on a line naming it (${diagnostics.map((d) => `${d.range.start.line}:${d.message}`).join('; ')})`,
        );
      }
      const api = await lineageApi();
      const nodes = await api.trees.contracts.getChildren();
      const fileItem = nodes
        .map((n) => api.trees.contracts.getTreeItem(n))
        .find((i) => i.resourceUri?.toString() === uri.toString());
      assert.ok(fileItem, `${labelOf(fileItem ?? {})} is in the Contracts view`);
      // The count in words, singular and plural.
      const n = result.violations.length;
      assert.equal(fileItem.description, `${n} ${n === 1 ? 'violation' : 'violations'}`);
      counts.add(n === 1 ? 'one' : 'more');
      checked++;
    }
    assert.ok(checked > 0, 'at least one demo contract has violations');
    assert.deepEqual(
      [...counts].sort(),
      ['more', 'one'],
      'the demo has a contract with one violation and one with more',
    );
  });
});
