// The Contracts view: contract ids from the `lineageLens.contracts` setting and contract files found
// in the workspace, with the last compliance result of each file.
import * as vscode from 'vscode';
import { contractIds, SECTION } from '../config';
import { findContractFiles, watchContractFiles } from '../contractFiles';
import type { LineageContext } from '../lineageContext';
import { ContractFileNode, ContractNode, type ComplianceResult } from './contractNodes';
import { errorNode, NodeTreeProvider, type TreeNode } from './treeNode';

export class ContractsView implements vscode.Disposable {
  readonly provider: NodeTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private readonly results = new Map<string, ComplianceResult>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: LineageContext) {
    this.provider = new NodeTreeProvider(() => this.loadRoots());
    this.view = vscode.window.createTreeView('lineageLens.contracts', {
      treeDataProvider: this.provider,
      showCollapseAll: true,
    });
    let lastState = ctx.status.state;
    this.disposables.push(
      this.provider,
      this.view,
      watchContractFiles(() => this.provider.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.contracts`)) this.provider.refresh();
      }),
      ctx.onDidChangeStatus((st) => {
        if (st.state !== lastState) this.provider.refresh();
        lastState = st.state;
      }),
    );
  }

  setResult(uri: vscode.Uri, result: ComplianceResult): void {
    this.results.set(uri.toString(), result);
    this.provider.refresh();
  }

  private async loadRoots(): Promise<TreeNode[]> {
    const nodes: TreeNode[] = contractIds().map((id) => new ContractNode(this.ctx, id));
    try {
      for (const uri of await findContractFiles())
        nodes.push(new ContractFileNode(uri, this.results.get(uri.toString())));
    } catch (err) {
      nodes.push(errorNode(vscode.l10n.t('Could not search the workspace for contract files'), err));
    }
    return nodes;
  }

  dispose(): void {
    this.disposables.splice(0).forEach((d) => d.dispose());
  }
}
