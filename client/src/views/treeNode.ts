// A small node-based TreeDataProvider shared by the four views: each node makes its own TreeItem and
// children; loading failures become a message node that says what to do.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { needsSignIn } from '../../../common/src/serviceErrors';
import { describeError, safeText, serviceErrorData } from '../serviceErrors';

export abstract class TreeNode {
  parent: TreeNode | undefined;
  abstract treeItem(): vscode.TreeItem;
  children(): Promise<TreeNode[]> | TreeNode[] {
    return [];
  }
}

/** A leaf with a message (empty state, error, hint), optionally running a command when clicked. */
export class MessageNode extends TreeNode {
  constructor(
    private readonly label: string,
    private readonly icon = 'info',
    private readonly command?: vscode.Command,
    private readonly tooltip?: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.command = this.command;
    item.tooltip = this.tooltip;
    item.contextValue = 'message';
    return item;
  }
}

/** A label/value leaf (details of a record). */
export class ValueNode extends TreeNode {
  constructor(
    private readonly label: string,
    private readonly value: string,
    private readonly icon?: string,
    private readonly tooltip?: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.description = safeText(this.value, 200);
    item.tooltip = safeText(this.tooltip ?? this.value, 2000);
    if (this.icon) item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'value';
    return item;
  }
}

/** The message node for a failed load: sign-in errors offer Sign In, others Show Output. */
export function errorNode(what: string, err: unknown): MessageNode {
  const data = serviceErrorData(err);
  const signIn = needsSignIn(data);
  return new MessageNode(
    `${what}: ${describeError(err)}`,
    'error',
    signIn
      ? { command: Commands.signIn, title: vscode.l10n.t('Sign In') }
      : { command: Commands.showOutput, title: vscode.l10n.t('Show Output') },
    signIn ? vscode.l10n.t('Click to sign in') : vscode.l10n.t('Click to show the output'),
  );
}

export class NodeTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private rootsCache: TreeNode[] | undefined;

  constructor(private readonly loadRoots: () => Promise<TreeNode[]>) {}

  /** Reloads the whole view, or one node. */
  refresh(node?: TreeNode): void {
    if (!node) this.rootsCache = undefined;
    this.changed.fire(node);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.treeItem();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const children = node ? await node.children() : await this.roots();
    for (const c of children) c.parent = node;
    return children;
  }

  /** The root nodes (loaded once per refresh). */
  async roots(): Promise<TreeNode[]> {
    if (!this.rootsCache) {
      const roots = await this.loadRoots();
      this.rootsCache = roots;
    }
    return this.rootsCache;
  }

  /** The root nodes if the view has loaded them (nothing is requested). */
  loadedRoots(): readonly TreeNode[] {
    return this.rootsCache ?? [];
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
