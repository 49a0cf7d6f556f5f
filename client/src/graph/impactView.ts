// The Impact view: what depends on a field (or on what a path writes). What breaks leads: the contracts
// at risk, each with its fields the change reaches; then the components, nearest first, collapsed, with
// their counts; a legend says what "via crossings only" means when a field is reached that way. Every
// entry opens its anchor, its path document or its contract file. It lives in the panel, where it has
// room, and takes the focus when it is filled.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  type ImpactComponent,
  type ImpactField,
  type ImpactResult,
  type ImpactTarget,
  type PathRef,
  type ServiceStatus,
} from '../../../common/src/protocol';
import { hopCount } from '../../../common/src/tagWords';
import { count } from '../counts';
import type { PathSaved } from '../lineageContext';
import type { SafeLog } from '../logging';
import { describeError, safeText } from '../serviceErrors';
import { MessageNode, NodeTreeProvider, TreeNode } from '../views/treeNode';

const hops = hopCount;
/** The mapping kinds on the way, or that only crossings between components led there. */
const via = (f: ImpactField) => (f.kinds.length ? f.kinds.join(' → ') : vscode.l10n.t('via crossings only'));

class SummaryNode extends TreeNode {
  constructor(private readonly r: ImpactResult) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const c = this.r.counts;
    const item = new vscode.TreeItem(safeText(this.r.label, 120), vscode.TreeItemCollapsibleState.None);
    // Services and data stores reached are counted apart (the Components list below holds both); a
    // kind none of is reached is left out rather than read as "0 components" above a list of one.
    item.description = [
      count(c.fields, 'downstreamField'),
      c.components ? count(c.components, 'component') : undefined,
      c.dataStores ? count(c.dataStores, 'dataStore') : undefined,
      count(c.contracts, 'contract'),
    ]
      .filter(Boolean)
      .join(' · ');
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
    const item = new vscode.TreeItem(safeText(this.c.label, 120), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `impact:${this.c.id}`;
    item.description = `${hops(this.c.hops)} · ${count(this.c.fieldCount, 'field')} · ${safeText(this.c.namespace, 40)}`;
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
    item.description = [safeText(f.boundaryLabel, 40), hops(f.hops), via(f)].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.tooltip = safeText(`${f.field} on ${f.boundaryLabel}\n${hops(f.hops)} · ${via(f)}`);
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
    const n = this.r.contracts.length;
    const item = new vscode.TreeItem(
      vscode.l10n.t('Contracts at risk'),
      n ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = 'impact:contracts';
    item.description = n
      ? String(n)
      : vscode.l10n.t('none: no workspace contract is on a data store reached');
    item.iconPath = new vscode.ThemeIcon(n ? 'warning' : 'law');
    return item;
  }
  override children(): TreeNode[] {
    return this.r.contracts.map((c) => new ContractImpactNode(c));
  }
}

class ContractImpactNode extends TreeNode {
  constructor(private readonly c: ImpactResult['contracts'][number]) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const c = this.c;
    // The fields reached are named on the row (the first few): what breaks, at a glance.
    // A contract without a name reads as the data store it covers, as in the Contracts view.
    const item = new vscode.TreeItem(
      safeText(c.unnamed ? c.storeLabel : c.name, 120),
      c.fields.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    // Two contract files can name one data asset (a YAML and a JSON form): the file tells them apart.
    item.id = `impact:contract:${c.uri}:${c.darn}`;
    const named = c.fields.slice(0, 3).map((f) => safeText(f, 40));
    const more = c.fields.length - named.length;
    item.description = [
      more > 0 ? vscode.l10n.t('{0} and {1} more', named.join(', '), more) : named.join(', '),
      safeText(c.unnamed ? c.name : c.storeLabel, 60),
      hops(c.hops),
    ].join(' · ');
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
  override children(): TreeNode[] {
    return this.c.fields.map((f) => new ContractFieldNode(this.c, f));
  }
}

/** A field of a contract's data store that the change reaches: what the contract may no longer hold. */
class ContractFieldNode extends TreeNode {
  constructor(
    private readonly c: ImpactResult['contracts'][number],
    private readonly field: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(safeText(this.field, 120), vscode.TreeItemCollapsibleState.None);
    item.description = safeText(this.c.storeLabel, 60);
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.contextValue = 'impactContractField';
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open Contract'),
      arguments: [vscode.Uri.parse(this.c.uri)],
    };
    return item;
  }
}

class ComponentsNode extends TreeNode {
  constructor(private readonly r: ImpactResult) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Components'), vscode.TreeItemCollapsibleState.Expanded);
    item.id = 'impact:components';
    item.description = vscode.l10n.t('{0}, nearest first', this.r.components.length);
    item.iconPath = new vscode.ThemeIcon('symbol-class');
    return item;
  }
  override children(): TreeNode[] {
    return this.r.components.map((c) => new ComponentImpactNode(c));
  }
}

/** Explains "via crossings only" when a field listed is reached that way. */
class LegendNode extends TreeNode {
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('“via crossings only”'),
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = vscode.l10n.t(
      'reached where components meet (the service’s edges between them), with no field mapping inside a component on the way',
    );
    item.tooltip = item.description;
    item.iconPath = new vscode.ThemeIcon('info');
    return item;
  }
}

class RootNode extends TreeNode {
  result: ImpactResult | undefined;
  /** Why the last result could not be asked for again (its field or path left the lineage). */
  gone: string | undefined;
  treeItem(): vscode.TreeItem {
    return new vscode.TreeItem('');
  }
  override children(): TreeNode[] {
    if (this.gone) return [new MessageNode(this.gone, 'warning')];
    const r = this.result;
    if (!r) return [];
    if (r.counts.fields === 0)
      return [new SummaryNode(r), new MessageNode(vscode.l10n.t('Nothing downstream depends on this.'))];
    const crossingsOnly = r.components.some((c) => c.fields.some((f) => f.kinds.length === 0));
    return [
      new SummaryNode(r),
      new ContractsNode(r),
      new ComponentsNode(r),
      ...(crossingsOnly ? [new LegendNode()] : []),
    ];
  }
}

/**
 * Shows one impact and keeps it current: when the lineage data or the workspace's contract files change,
 * the same field or path is asked for again (at once while the view is visible, else when it is next
 * shown), so a contract deleted on disk or a mapping saved elsewhere does not linger as it was.
 */
export class ImpactView implements vscode.Disposable {
  private readonly root = new RootNode();
  readonly provider = new NodeTreeProvider(async () => this.root.children());
  readonly view: vscode.TreeView<TreeNode>;
  private readonly disposables: vscode.Disposable[] = [];
  /** The data changed since the result shown was computed. */
  private stale = false;
  /** Counts the results asked for, so an older answer never replaces a newer one. */
  private asked = 0;
  /** The request under way, and whether a change came while it was. */
  private asking: Promise<void> | undefined;
  private askAfter = false;
  private readonly updated = new vscode.EventEmitter<ImpactResult | undefined>();
  /** Fires when the view shows a result asked for again (undefined: its target left the lineage). */
  readonly onDidUpdate = this.updated.event;

  constructor(
    private readonly ask: (target: ImpactTarget) => Promise<ImpactResult>,
    changes: ReadonlyArray<vscode.Event<unknown>>,
    private readonly log: Pick<SafeLog, 'warn'>,
    private readonly status: () => ServiceStatus,
    saves: vscode.Event<PathSaved>,
  ) {
    this.view = vscode.window.createTreeView('lineageLens.impact', {
      treeDataProvider: this.provider,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.view,
      this.updated,
      ...changes.map((event) => event(() => this.outdated())),
      saves((saved) => this.follow(saved)),
      this.view.onDidChangeVisibility((e) => {
        if (e.visible && this.stale) this.askAgain();
      }),
    );
  }

  get result(): ImpactResult | undefined {
    return this.root.gone ? undefined : this.root.result;
  }

  async show(result: ImpactResult): Promise<void> {
    this.asked++;
    this.stale = false;
    this.render(result);
    await vscode.commands.executeCommand('lineageLens.impact.focus');
  }

  private render(result: ImpactResult): void {
    this.root.result = result;
    this.root.gone = undefined;
    // Only the nearest fields are listed when very many depend on the change (the counts are exact).
    this.view.message = result.truncated;
    this.provider.refresh();
  }

  /** A path shown was saved under a new id: the view follows it there. */
  private follow(saved: PathSaved): void {
    const r = this.root.result;
    if (!r) return;
    const moved = (p: PathRef): PathRef =>
      p.componentId === saved.componentId && p.pathId === saved.fromPathId
        ? { ...p, pathId: saved.toPathId }
        : p;
    const t = r.target;
    const target: ImpactTarget | undefined =
      t.kind === 'path' && moved(t) !== t
        ? { ...t, pathId: saved.toPathId }
        : t.kind === 'paths' && t.paths.some((p) => moved(p) !== p)
          ? { kind: 'paths', paths: t.paths.map(moved) }
          : undefined;
    if (!target) return;
    this.root.result = { ...r, target };
    this.outdated();
  }

  private outdated(): void {
    if (!this.root.result) return;
    this.stale = true;
    if (this.view.visible) this.askAgain();
  }

  /**
   * One request at a time: changes that come while one is answered (contract files written during a
   * reload, a sign-in and its load) make one more request after it, not one each.
   */
  private askAgain(): void {
    if (this.asking) {
      this.askAfter = true;
      return;
    }
    this.asking = this.askOnce().finally(() => {
      this.asking = undefined;
      if (!this.askAfter) return;
      this.askAfter = false;
      this.askAgain();
    });
  }

  private async askOnce(): Promise<void> {
    const shown = this.root.result;
    if (!shown) return;
    const mine = ++this.asked;
    this.stale = false;
    try {
      const result = await this.ask(shown.target);
      if (mine !== this.asked) return;
      this.render(result);
      this.updated.fire(result);
    } catch (err) {
      if (mine !== this.asked) return;
      // The field or path is no longer in the lineage (renamed, deleted, saved under a new id), or the
      // server could not answer: say so in place of a list that may no longer hold.
      const why = describeError(err);
      this.log.warn(`The Impact view could not be brought up to date: ${why}`);
      const status = this.status();
      const label = safeText(shown.label, 120);
      this.root.gone =
        status.state === 'connected' || status.state === 'stale'
          ? vscode.l10n.t('{0} could not be shown again: {1}', label, why)
          : vscode.l10n.t('{0} is shown again once connected: {1}', label, safeText(status.message, 200));
      this.view.message = undefined;
      this.provider.refresh();
      this.updated.fire(undefined);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
