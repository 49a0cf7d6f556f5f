// The Change Impact view: what the working tree's change breaks. Contracts at risk and breaking
// contract-file changes first, then each touched path with what lies downstream. A row opens the
// changed code (its diff against the base), the graph centred on the path's field,
// or the contract file. The server recomputes after typing, saves and git; the view asks again when
// told (lineageLens/changeImpactChanged). The base (HEAD or the branch's merge-base) is kept per
// workspace.
import * as vscode from 'vscode';
import { Commands } from '../../../common/src/commands.generated';
import type { ChangeImpactReport, TouchedPath } from '../../../common/src/changeImpact';
import {
  ChangeImpactRequest,
  type ChangeImpactBase,
  type ChangeImpactResult,
} from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import type { BaseDiffTarget } from './baseDiff';
import { count } from '../counts';
import { safeText } from '../serviceErrors';
import { MessageNode, NodeTreeProvider, TreeNode, errorNode } from '../views/treeNode';

const BASE_KEY = 'lineageLens.changeImpact.base';

interface FolderReport {
  root: vscode.Uri;
  /** The folder as the server names it (what the base-diff request is keyed by). */
  folderUri: string;
  report: ChangeImpactReport;
}

/** A row's command: the file's changes since the base, at a line. */
const openChanges = (folderUri: string, file: string, line: number): vscode.Command => ({
  command: Commands.openChangeImpactDiff,
  title: vscode.l10n.t('Open Changes'),
  arguments: [{ folderUri, file, line } satisfies BaseDiffTarget],
});

const fileIn = (root: vscode.Uri, file: string) => vscode.Uri.joinPath(root, ...file.split('/'));

class ContractRiskNode extends TreeNode {
  constructor(
    private readonly c: TouchedPath['contracts'][number],
    private readonly paths: string[],
    private readonly root: vscode.Uri,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const c = this.c;
    // A contract without a name reads as the data store it covers, its file beside it (as in the
    // Contracts and Impact views).
    const item = new vscode.TreeItem(
      safeText(c.unnamed ? c.storeName : c.name, 120),
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = [
      c.violationState,
      safeText(c.unnamed ? c.name : c.storeName, 60),
      this.paths.map((p) => safeText(p, 80)).join(', '),
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = safeText(`${c.darn}\nReached fields: ${c.fields.join(', ')}`, 2000);
    item.iconPath = new vscode.ThemeIcon('law', new vscode.ThemeColor('list.warningForeground'));
    item.contextValue = 'changeImpactContract';
    if (c.file)
      item.command = {
        command: 'vscode.open',
        title: vscode.l10n.t('Open Contract'),
        arguments: [fileIn(this.root, c.file)],
      };
    return item;
  }
}

class ContractChangeNode extends TreeNode {
  constructor(
    private readonly c: ChangeImpactReport['contractChanges'][number],
    private readonly x: ChangeImpactReport['contractChanges'][number]['changes'][number],
    private readonly folderUri: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const { c, x } = this;
    const item = new vscode.TreeItem(
      `${safeText(c.name, 80)}${x.field ? ` · ${safeText(x.field, 80)}` : ''}`,
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = `${x.kind}${x.breaking ? ` · ${vscode.l10n.t('breaking')}` : ''}`;
    item.tooltip = safeText(x.detail, 2000);
    item.iconPath = new vscode.ThemeIcon(x.breaking ? 'error' : 'info');
    item.contextValue = 'changeImpactContractChange';
    item.command = openChanges(this.folderUri, c.file, x.line ?? 1);
    return item;
  }
}

class TouchedNode extends TreeNode {
  constructor(
    readonly t: TouchedPath,
    private readonly root: vscode.Uri,
    private readonly folderUri: string,
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const t = this.t;
    const item = new vscode.TreeItem(safeText(t.path.label, 120), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `changeImpact:${t.component.id}:${t.path.id}:${t.anchor.id}`;
    const d = t.downstreamCounts;
    item.description = [
      t.change,
      safeText(t.component.name, 60),
      d.fields ? count(d.fields, 'downstreamField') : undefined,
      t.contracts.length ? count(t.contracts.length, 'contract') : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = safeText(`${t.detail}\n${t.anchor.file}:${t.anchor.lineStart}`, 2000);
    item.iconPath = new vscode.ThemeIcon(
      t.change === 'deleted' ? 'diff-removed' : t.change === 'moved' ? 'diff-renamed' : 'diff-modified',
    );
    item.contextValue = 'changeImpactPath';
    // Where the definition is now (moved) or was (deleted): that file's changes since the base.
    const place = t.movedTo ?? t.anchor;
    item.command = openChanges(this.folderUri, place.file, place.lineStart);
    return item;
  }
  override children(): TreeNode[] {
    const t = this.t;
    const out: TreeNode[] = [];
    const field = t.egress[0];
    out.push(
      new MessageNode(vscode.l10n.t('Show in Lineage Graph'), 'type-hierarchy', {
        command: Commands.showGraph,
        title: vscode.l10n.t('Show Lineage Graph'),
        arguments: [
          t.egressBoundary && field
            ? { kind: 'field', field: { boundaryId: t.egressBoundary, field } }
            : { componentId: t.component.id, pathId: t.path.id },
        ],
      }),
    );
    for (const c of t.contracts) out.push(new ContractRiskNode(c, [], this.root));
    const byComponent = new Map<string, { name: string; type: string; hops: number; fields: string[] }>();
    for (const d of t.downstream) {
      const e = byComponent.get(d.component.id) ?? {
        name: d.component.name,
        type: d.component.type,
        hops: d.hops,
        fields: [],
      };
      e.fields.push(d.field);
      e.hops = Math.min(e.hops, d.hops);
      byComponent.set(d.component.id, e);
    }
    for (const [id, e] of byComponent)
      out.push(
        new MessageNode(
          `${safeText(e.name, 80)} · ${e.hops} ${e.hops === 1 ? 'hop' : 'hops'} · ${e.fields.map((f) => safeText(f, 40)).join(', ')}`,
          e.type === 'DATA_STORE' ? 'database' : 'symbol-class',
          {
            command: Commands.showGraph,
            title: vscode.l10n.t('Show Lineage Graph'),
            arguments: [{ componentId: id }],
          },
        ),
      );
    if (!t.downstream.length)
      out.push(new MessageNode(vscode.l10n.t('Nothing downstream depends on this path.')));
    return out;
  }
}

class GroupNode extends TreeNode {
  constructor(
    private readonly label: string,
    private readonly icon: string,
    private readonly items: TreeNode[],
  ) {
    super();
  }
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Expanded);
    item.description = String(this.items.length);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }
  override children(): TreeNode[] {
    return this.items;
  }
}

export class ChangeImpactView implements vscode.Disposable {
  readonly provider: NodeTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private result: ChangeImpactResult | undefined;
  private error: unknown;
  private readonly disposables: vscode.Disposable[] = [];
  private loading: Promise<void> | undefined;
  private again = false;

  constructor(private readonly ctx: LineageContext) {
    this.provider = new NodeTreeProvider(async () => this.nodes());
    this.view = vscode.window.createTreeView('lineageLens.changeImpact', {
      treeDataProvider: this.provider,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.view,
      ctx.onDidChangeChangeImpact(() => void this.load()),
      this.view.onDidChangeVisibility((e) => {
        if (e.visible && !this.result) void this.load();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('lineageLens.changeImpact.severity')) void this.load();
      }),
      vscode.commands.registerCommand(Commands.showChangeImpact, async () => {
        await vscode.commands.executeCommand('lineageLens.changeImpact.focus');
        await this.load();
      }),
      vscode.commands.registerCommand(Commands.refreshChangeImpact, () => this.load()),
      vscode.commands.registerCommand(Commands.chooseChangeImpactBase, () => this.chooseBase()),
    );
    // Diagnostics on changed code are wanted from the start: asked once the server runs (started by
    // what needs it — a sign-in, a configured component, a lineage document — never by this view alone).
    void ctx.whenServerStarted().then(
      () => this.load(),
      () => undefined,
    );
  }

  get base(): ChangeImpactBase {
    return this.ctx.extension.workspaceState.get<ChangeImpactBase>(BASE_KEY) === 'branch' ? 'branch' : 'HEAD';
  }

  /** The last result (tests). */
  get current(): ChangeImpactResult | undefined {
    return this.result;
  }

  async chooseBase(): Promise<void> {
    const items: Array<vscode.QuickPickItem & { base: ChangeImpactBase }> = [
      { label: 'HEAD', description: vscode.l10n.t('uncommitted changes'), base: 'HEAD' },
      {
        label: vscode.l10n.t('Branch'),
        description: vscode.l10n.t('everything since the merge-base with the upstream or default branch'),
        base: 'branch',
      },
    ];
    const pick = await vscode.window.showQuickPick(items, {
      placeHolder: vscode.l10n.t('Compare the working tree with…'),
    });
    if (!pick) return;
    await this.ctx.extension.workspaceState.update(BASE_KEY, pick.base);
    await this.load();
  }

  /** Asks the server for the report (one request at a time; a change meanwhile asks once more). */
  load(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        // Window-scoped, in a section with resource-scoped members: read for any resource (null).
        const severity = vscode.workspace
          .getConfiguration('lineageLens', null)
          .get<string>('changeImpact.severity');
        this.result = await this.ctx.request(ChangeImpactRequest, {
          base: this.base,
          severity: severity === 'warning' ? 'warning' : 'information',
        });
        this.error = undefined;
      } catch (err) {
        this.error = err;
      } finally {
        this.loading = undefined;
      }
      this.update();
      if (this.again) {
        this.again = false;
        await this.load();
      }
    })();
    return this.loading;
  }

  private reports(): FolderReport[] {
    return (this.result?.folders ?? []).map((f) => ({
      root: vscode.Uri.parse(f.uri),
      folderUri: f.uri,
      report: f.report,
    }));
  }

  private update(): void {
    const reports = this.reports();
    const atRisk = new Set(
      reports.flatMap((r) => r.report.touched.flatMap((t) => t.contracts.map((c) => c.darn))),
    );
    const breaking = reports.reduce((n, r) => n + r.report.summary.breakingChanges, 0);
    const touched = reports.reduce((n, r) => n + r.report.summary.touched, 0);
    const total = atRisk.size + breaking + touched;
    this.view.badge = total
      ? {
          value: total,
          tooltip: [
            count(atRisk.size, 'contractAtRisk'),
            count(breaking, 'breakingChange'),
            count(touched, 'touchedPath'),
          ].join(', '),
        }
      : undefined;
    const r = reports[0]?.report;
    this.view.description = r
      ? this.base === 'branch'
        ? vscode.l10n.t('vs {0}', r.base.ref)
        : 'vs HEAD'
      : undefined;
    this.provider.refresh();
  }

  private nodes(): TreeNode[] {
    if (this.error) return [errorNode(vscode.l10n.t('Change impact'), this.error)];
    if (!this.result) return [new MessageNode(vscode.l10n.t('Computing the change impact…'), 'loading~spin')];
    const out: TreeNode[] = [];
    const risk: TreeNode[] = [];
    const changes: TreeNode[] = [];
    const touched: TreeNode[] = [];
    for (const { root, folderUri, report } of this.reports()) {
      const seen = new Map<string, { c: TouchedPath['contracts'][number]; paths: string[] }>();
      for (const t of report.touched)
        for (const c of t.contracts) {
          const e = seen.get(c.darn) ?? { c, paths: [] };
          e.paths.push(t.path.label);
          seen.set(c.darn, e);
        }
      for (const { c, paths } of seen.values()) risk.push(new ContractRiskNode(c, paths, root));
      for (const c of report.contractChanges)
        for (const x of c.changes) changes.push(new ContractChangeNode(c, x, folderUri));
      for (const t of report.touched) touched.push(new TouchedNode(t, root, folderUri));
    }
    if (risk.length) out.push(new GroupNode(vscode.l10n.t('Contracts at risk'), 'law', risk));
    if (changes.length) out.push(new GroupNode(vscode.l10n.t('Contract changes'), 'diff', changes));
    if (touched.length) out.push(new GroupNode(vscode.l10n.t('Touched paths'), 'git-compare', touched));
    for (const p of this.result.problems) out.push(new MessageNode(safeText(p, 300), 'warning'));
    if (!out.length)
      out.push(new MessageNode(vscode.l10n.t('The change touches no lineage path or contract.'), 'pass'));
    return out;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
