// The Impact view: what depends on a field (or on what a path writes), by component then field, with
// the contracts reached; every entry opens its anchor, its path document or its contract file.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { type ImpactComponent, type ImpactField, type ImpactResult } from '../../../common/src/protocol';
import { hopCount } from '../../../common/src/tagWords';
import { safeText } from '../serviceErrors';
import { MessageNode, NodeTreeProvider, TreeNode } from '../views/treeNode';

const hops = hopCount;

class SummaryNode extends TreeNode {
  constructor(private readonly r: ImpactResult) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const c = this.r.counts;
    const item = new vscode.TreeItem(safeText(this.r.label, 120), vscode.TreeItemCollapsibleState.None);
    item.description = vscode.l10n.t(
      '{0} downstream fields · {1} components · {2} data stores · {3} contracts',
      c.fields,
      c.components,
      c.dataStores,
      c.contracts,
    );
    item.iconPath = new vscode.ThemeIcon('target');
    item.contextValue = 'impactRoot';
    return item;
  }
}

class ComponentImpactNode extends TreeNode {
  constructor(readonly c: ImpactComponent) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(safeText(this.c.label, 120), vscode.TreeItemCollapsibleState.Expanded);
    item.id = `impact:${this.c.id}`;
    item.description = `${safeText(this.c.namespace, 40)} · ${hops(this.c.hops)} · ${this.c.fields.length}`;
    item.iconPath = new vscode.ThemeIcon(this.c.type === 'DATA_STORE' ? 'database' : 'symbol-class');
    item.contextValue = 'impactComponent';
    return item;
  }
  override children(): TreeNode[] {
    return this.c.fields.map((f) => new FieldImpactNode(f));
  }
}

class FieldImpactNode extends TreeNode {
  constructor(readonly f: ImpactField) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const f = this.f;
    const item = new vscode.TreeItem(safeText(f.field, 120), vscode.TreeItemCollapsibleState.None);
    item.description = [safeText(f.boundaryLabel, 40), hops(f.hops), f.kinds.join(' → ')]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.tooltip = safeText(
      `${f.field} on ${f.boundaryLabel}\n${hops(f.hops)}; via ${f.kinds.join(', ') || 'crossings only'}`,
    );
    item.contextValue = 'impactField';
    if (f.anchor) {
      const a = f.anchor;
      item.command = {
        command: 'vscode.open',
        title: vscode.l10n.t('Open Source'),
        arguments: [
          vscode.Uri.parse(a.uri),
          {
            selection: new vscode.Range(
              a.range.start.line,
              a.range.start.character,
              a.range.end.line,
              a.range.end.character,
            ),
          },
        ],
      };
    } else if (f.path) {
      item.command = {
        command: Commands.editPath,
        title: vscode.l10n.t('Open Path Document'),
        arguments: [f.path],
      };
    }
    return item;
  }
}

class ContractsNode extends TreeNode {
  constructor(private readonly r: ImpactResult) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Contracts'), vscode.TreeItemCollapsibleState.Expanded);
    item.description = String(this.r.contracts.length);
    item.iconPath = new vscode.ThemeIcon('law');
    return item;
  }
  override children(): TreeNode[] {
    if (!this.r.contracts.length)
      return [new MessageNode(vscode.l10n.t('No workspace contract is on a data store reached'))];
    return this.r.contracts.map((c) => new ContractImpactNode(c));
  }
}

class ContractImpactNode extends TreeNode {
  constructor(private readonly c: ImpactResult['contracts'][number]) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const c = this.c;
    const item = new vscode.TreeItem(safeText(c.name, 120), vscode.TreeItemCollapsibleState.None);
    item.description = `${safeText(c.storeLabel, 60)} · ${hops(c.hops)} · ${c.fields.map((f) => safeText(f, 40)).join(', ')}`;
    item.tooltip = safeText(c.darn, 300);
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.contextValue = 'impactContract';
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open Contract'),
      arguments: [vscode.Uri.parse(c.uri)],
    };
    return item;
  }
}

class RootNode extends TreeNode {
  result: ImpactResult | undefined;
  treeItem(): vscode.TreeItem {
    return new vscode.TreeItem('');
  }
  override children(): TreeNode[] {
    const r = this.result;
    if (!r) return [];
    if (r.counts.fields === 0)
      return [new SummaryNode(r), new MessageNode(vscode.l10n.t('Nothing downstream depends on this.'))];
    return [new SummaryNode(r), ...r.components.map((c) => new ComponentImpactNode(c)), new ContractsNode(r)];
  }
}

export class ImpactView implements vscode.Disposable {
  private readonly root = new RootNode();
  readonly provider = new NodeTreeProvider(async () => this.root.children());
  readonly view: vscode.TreeView<TreeNode>;

  constructor() {
    this.view = vscode.window.createTreeView('lineageLens.impact', {
      treeDataProvider: this.provider,
      showCollapseAll: true,
    });
  }

  get result(): ImpactResult | undefined {
    return this.root.result;
  }

  async show(result: ImpactResult): Promise<void> {
    this.root.result = result;
    // Only the nearest fields are listed when very many depend on the change (the counts are exact).
    this.view.message = result.truncated;
    this.provider.refresh();
    await vscode.commands.executeCommand('lineageLens.impact.focus');
  }

  dispose(): void {
    this.view.dispose();
  }
}
