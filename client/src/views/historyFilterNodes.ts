// The values of the Service view's history filters, each leading where a user looking at history goes
// next: a component name to its versions, a namespace to its graph. Branches and job triggers are shown
// as they are (nothing in the editor is keyed by them).
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import type { HistoryFilters } from '../../../common/src/api';
import type { ComponentSummary } from '../../../common/src/protocol';
import { summaryLabel } from '../../../common/src/componentLabel';
import { safeText } from '../serviceErrors';
import { MessageNode, TreeNode, ValueNode } from './treeNode';

/** A component the history names, loaded here: a click shows its versions. */
export class HistoryComponentNode extends TreeNode {
  constructor(
    private readonly summary: ComponentSummary,
    /** Another component has the same name: the namespace tells them apart. */
    private readonly sharedName: boolean,
  ) {
    super();
  }
  get componentId(): string {
    return this.summary.id;
  }
  treeItem(): vscode.TreeItem {
    const s = this.summary;
    // Named as everywhere else in the views; the filter's value (its name) beside it when it differs.
    const label = summaryLabel(s);
    const item = new vscode.TreeItem(safeText(label, 100), vscode.TreeItemCollapsibleState.None);
    item.description = [label !== s.name ? s.name : '', this.sharedName ? s.namespace : '']
      .filter(Boolean)
      .map((t) => safeText(t, 60))
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(s.type === 'DATA_STORE' ? 'database' : 'symbol-class');
    item.tooltip = vscode.l10n.t(
      'Click to show the versions of {0} ({1}).',
      safeText(label, 100),
      safeText(s.namespace, 60),
    );
    item.command = { command: Commands.showVersions, title: '', arguments: [{ componentId: s.id }] };
    item.contextValue = 'historyComponent';
    return item;
  }
}

/** A namespace the history names: a click opens its graph. */
export class HistoryNamespaceNode extends TreeNode {
  constructor(readonly name: string) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(safeText(this.name, 100), vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.tooltip = vscode.l10n.t(
      'Click to show the lineage graph of namespace {0}.',
      safeText(this.name, 100),
    );
    item.command = { command: Commands.showNamespaceGraph, title: '', arguments: [{ name: this.name }] };
    item.contextValue = 'historyNamespace';
    return item;
  }
}

function plainValue(v: string, tooltip?: string): TreeNode {
  return new ValueNode(safeText(v, 100), '', 'circle-small', tooltip);
}

/** The four groups' rows; `components`: the components loaded here, to find a name's. */
export function historyFilterRows(
  f: HistoryFilters,
  components: readonly ComponentSummary[],
): Record<keyof HistoryFilters, TreeNode[]> {
  const byName = new Map<string, ComponentSummary[]>();
  for (const c of components) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  const orNone = (rows: TreeNode[]) => (rows.length ? rows : [new MessageNode(vscode.l10n.t('None'))]);
  return {
    componentNames: orNone(
      f.componentNames.flatMap((name) => {
        const found = byName.get(name) ?? [];
        if (!found.length)
          return [plainValue(name, vscode.l10n.t('{0} is not among the components loaded here.', name))];
        return found.map((s) => new HistoryComponentNode(s, found.length > 1));
      }),
    ),
    branches: orNone(f.branches.map((v) => plainValue(v))),
    namespaces: orNone(f.namespaces.map((v) => new HistoryNamespaceNode(v))),
    jobTriggers: orNone(f.jobTriggers.map((v) => plainValue(v))),
  };
}
