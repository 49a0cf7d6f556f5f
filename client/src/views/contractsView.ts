// The Contracts view: contract ids from the `lineageLens.contracts` setting and contract files found
// in the workspace, with the last compliance result of each file.
import * as vscode from 'vscode';
import { ContractFilesRequest } from '../../../common/src/protocol';
import { contractIds, SECTION } from '../config';
import { findContractFiles, watchContractFiles } from '../contractFiles';
import type { LineageContext } from '../lineageContext';
import { ContractFileNode, ContractNode, contractRowLabel, type ComplianceResult } from './contractNodes';
import { errorNode, NodeTreeProvider, type TreeNode } from './treeNode';
import { disposeAll } from '../disposeAll';
import { compareText } from '../../../common/src/textOrder';

export class ContractsView implements vscode.Disposable {
  readonly provider: NodeTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private readonly results = new Map<string, ComplianceResult>();
  /** DARN → the name of the workspace's contract file for it (as its row in this view reads). */
  private readonly namesByDarn = new Map<string, string>();
  private readonly disposables: vscode.Disposable[] = [];
  /** The last list was empty (its welcome shows). */
  private none = false;

  constructor(private readonly ctx: LineageContext) {
    this.provider = new NodeTreeProvider(() => this.loadRoots());
    this.view = vscode.window.createTreeView('lineageLens.contracts', {
      treeDataProvider: this.provider,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.provider,
      this.view,
      watchContractFiles(() => this.provider.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.contracts`)) this.provider.refresh();
      }),
      ctx.onDidCheckCompliance((r) =>
        this.setResult(vscode.Uri.parse(r.uri), {
          darn: r.darn,
          violations: r.violations,
          checkedAt: new Date().toISOString(),
        }),
      ),
      // A contract without a name is named after its data store once the lineage holds that store.
      ctx.onDidChangeData(() => this.provider.refresh()),
      ctx.onDidChangeState(() => this.provider.refresh()),
    );
  }

  /** The name the workspace gives the contract of a data asset, if a contract file describes it. */
  contractName(darn: string): string | undefined {
    return this.namesByDarn.get(darn);
  }

  setResult(uri: vscode.Uri, result: ComplianceResult): void {
    this.results.set(uri.toString(), result);
    this.provider.refresh();
  }

  private async loadRoots(): Promise<TreeNode[]> {
    const ids = contractIds();
    const nodes: TreeNode[] = [];
    try {
      const { named, candidates } = await findContractFiles();
      // The server says which files hold a contract (by content) and their names; files it does not
      // recognise (e.g. a registration file under contracts/) are left out. Without it (not started
      // yet, or failing), the files named as contracts are listed as they are.
      const summaries = await this.ctx
        .request(ContractFilesRequest, {
          uris: [...named, ...candidates].map((u) => u.toString()),
          contractIds: ids,
        })
        .catch(() => undefined);
      const byUri = new Map(summaries?.map((s) => [s.uri, s]));
      this.namesByDarn.clear();
      for (const s of summaries ?? []) {
        if (s.darn && !this.namesByDarn.has(s.darn))
          this.namesByDarn.set(s.darn, contractRowLabel(vscode.Uri.parse(s.uri).path, s));
      }
      // A configured id by the file that is that contract: one that declares it before one whose data
      // asset has it, then by path.
      const files = [...(summaries ?? [])].sort(
        (a, b) =>
          Number(a.contractIdFrom === 'dataAsset') - Number(b.contractIdFrom === 'dataAsset') ||
          compareText(a.uri, b.uri),
      );
      for (const id of ids)
        nodes.push(
          new ContractNode(
            this.ctx,
            id,
            files.find((f) => f.contractId === id),
            !!summaries,
          ),
        );
      const listed = summaries ? [...named, ...candidates].filter((u) => byUri.has(u.toString())) : named;
      for (const uri of listed.sort((a, b) => compareText(a.path, b.path)))
        nodes.push(new ContractFileNode(uri, this.results.get(uri.toString()), byUri.get(uri.toString())));
    } catch (err) {
      if (nodes.length === 0)
        nodes.push(...ids.map((id) => new ContractNode(this.ctx, id, undefined, false)));
      nodes.push(errorNode(vscode.l10n.t('Could not search the workspace for contract files'), err));
    }
    // VS Code shows an empty view's welcome while its first children load too: "No contracts yet" is
    // for a workspace searched and found without any, never a flash before its contracts appear.
    const none = nodes.length === 0;
    if (none !== this.none) {
      this.none = none;
      await vscode.commands.executeCommand('setContext', 'lineageLens.noContracts', none);
    }
    return nodes;
  }

  dispose(): void {
    disposeAll(this.disposables.splice(0));
  }
}
