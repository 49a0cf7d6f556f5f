// The Components view: its tree provider, the projection toggle, and refreshing on data changes. The
// projection has one source, the setting lineageLens.projection: the toggle writes it, the tree and
// the language server (hovers, lenses) both read it, so they cannot disagree.
import * as vscode from 'vscode';
import { ComponentTreeRequest } from '../../../common/src/protocol';
import type { Projection } from '../../../common/src/api';
import { lineageSettings, SECTION, setProjection } from '../config';
import type { LineageContext } from '../lineageContext';
import { serviceErrorData } from '../serviceErrors';
import { ComponentNode, FieldNode, NamespaceNode, PathNode, type PathTarget } from './componentNodes';
import { errorNode, NodeTreeProvider, type TreeNode } from './treeNode';
import { disposeAll } from '../disposeAll';

/** Whether the graph is offered for `node` (package.json's menus for lineageLens.showGraph). */
const offersGraph = (node: TreeNode): boolean =>
  node instanceof ComponentNode || node instanceof PathNode || node instanceof FieldNode;

export class ComponentsView implements vscode.Disposable {
  readonly provider: NodeTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: LineageContext) {
    void this.setProjectionContext();
    this.provider = new NodeTreeProvider(() => this.loadRoots());
    this.view = vscode.window.createTreeView('lineageLens.components', {
      treeDataProvider: this.provider,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.provider,
      this.view,
      ctx.onDidChangeData(() => this.provider.refresh()),
      ctx.onDidChangeAnchorDrift((ids) => this.refreshComponents(ids)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(`${SECTION}.projection`)) return;
        void this.setProjectionContext();
        this.provider.refresh();
      }),
      // An item the graph can be shown for, selected: its inline graph action may be next.
      this.view.onDidChangeSelection((e) => {
        const item = e.selection.find(offersGraph);
        if (item) ctx.offerGraph(item);
      }),
      ctx.onDidChangeState(() => this.provider.refresh()),
    );
  }

  get projection(): Projection {
    return lineageSettings().projection;
  }

  /** Writes the setting; the change (seen above) refreshes the tree, and the server reloads with it. */
  async setProjection(p: Projection): Promise<void> {
    if (p === this.projection) return;
    await setProjection(p);
    // Also done by the change event; here so the menus are right once the command settles.
    await this.setProjectionContext();
    this.provider.refresh();
  }

  private setProjectionContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', 'lineageLens.projection', this.projection);
  }

  private async loadRoots(): Promise<TreeNode[]> {
    try {
      const { namespaces, status } = await this.ctx.request(ComponentTreeRequest);
      // Signed out or nothing configured: an empty tree lets the view's welcome content say what to do.
      if (status.state === 'signedOut') return [];
      return namespaces.map(
        (ns) =>
          new NamespaceNode(
            ns.name,
            ns.components.map((c) => new ComponentNode(this.ctx, c, () => this.projection)),
          ),
      );
    } catch (err) {
      if (serviceErrorData(err)?.kind === 'signedOut') return [];
      this.ctx.log.error('Loading the components tree', err);
      return [errorNode(vscode.l10n.t('Could not load components'), err)];
    }
  }

  /** Reloads the loaded rows of these components (their drift markers and repair actions changed). */
  private refreshComponents(ids: readonly string[]): void {
    const wanted = new Set(ids);
    for (const ns of this.provider.loadedRoots())
      for (const comp of ns instanceof NamespaceNode ? ns.components : [])
        if (wanted.has(comp.id)) {
          comp.reset();
          this.provider.refresh(comp);
        }
  }

  /** Finds the tree node of a component, for reveal (e.g. from the lineage graph). */
  async findComponent(componentId: string): Promise<ComponentNode | undefined> {
    for (const ns of await this.provider.getChildren())
      for (const comp of await this.provider.getChildren(ns))
        if (comp instanceof ComponentNode && comp.id === componentId) return comp;
    return undefined;
  }

  /** Finds the tree node of a path (loading its component), for reveal. */
  async findPath(target: PathTarget): Promise<PathNode | undefined> {
    for (const ns of await this.provider.getChildren()) {
      for (const comp of await this.provider.getChildren(ns)) {
        if (!(comp instanceof ComponentNode) || comp.id !== target.componentId) continue;
        for (const child of await this.provider.getChildren(comp)) {
          if (child instanceof PathNode && child.pathId === target.pathId) return child;
        }
      }
    }
    return undefined;
  }

  dispose(): void {
    disposeAll(this.disposables.splice(0));
  }
}
